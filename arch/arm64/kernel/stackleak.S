/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STACKLEAK's stack depth tracker for arm64.
 *
 * The GCC plugin calls it from its tracking template (see
 * scripts/gcc-plugins/stackleak_plugin.c), which saves the link register
 * itself and tells the compiler that only x16, x17 and the flags change:
 * GCC has no no_caller_saved_registers attribute for arm64, so the
 * tracker is written here with those two registers alone. It records the
 * caller's stack pointer in current->lowest_stack when it lies deeper on
 * the task stack; a call on an IRQ, overflow or SDEI stack is ignored.
 */

#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/assembler.h>

	.pushsection .noinstr.text, "ax"

SYM_FUNC_START(stackleak_track_stack)
	get_current_task x16
	/* The lowest word the erase writes, above STACK_END_MAGIC. */
	ldr	x17, [x16, #TSK_STACK]
	add	x17, x17, #8
	cmp	sp, x17
	b.lo	1f
	ldr	x17, [x16, #TSK_LOWEST_STACK]
	cmp	sp, x17
	b.hs	1f
	mov	x17, sp
	str	x17, [x16, #TSK_LOWEST_STACK]
1:	ret
SYM_FUNC_END(stackleak_track_stack)
EXPORT_SYMBOL(stackleak_track_stack)

	.popsection
