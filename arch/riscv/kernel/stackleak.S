/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STACKLEAK's stack depth tracker for RISC-V.
 *
 * The GCC plugin calls it from its tracking template (see
 * scripts/gcc-plugins/stackleak_plugin.c), which keeps ra in t0 across the
 * call and tells the compiler that only t0 and t1 change: GCC has no
 * no_caller_saved_registers attribute for RISC-V, so the tracker is
 * written here with t1 alone. It records the caller's stack pointer in
 * current->lowest_stack (tp holds current) when it lies deeper on the task
 * stack; a call on an IRQ or overflow stack is ignored.
 */

#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/asm-offsets.h>

	.pushsection .noinstr.text, "ax"

SYM_CODE_START(stackleak_track_stack)
	/* The lowest word the erase writes, above STACK_END_MAGIC. */
	REG_L	t1, TASK_STACK(tp)
	addi	t1, t1, SZREG
	bltu	sp, t1, 1f
	/*
	 * lowest_stack lies beyond a load's 12-bit offset from tp: its
	 * address is computed again for the store, t1 being the only
	 * register to spare.
	 */
	li	t1, TASK_LOWEST_STACK
	add	t1, t1, tp
	REG_L	t1, 0(t1)
	bgeu	sp, t1, 1f
	li	t1, TASK_LOWEST_STACK
	add	t1, t1, tp
	REG_S	sp, 0(t1)
1:	ret
SYM_CODE_END(stackleak_track_stack)
EXPORT_SYMBOL(stackleak_track_stack)

	.popsection
