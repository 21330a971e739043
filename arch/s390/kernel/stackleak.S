/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STACKLEAK's stack depth tracker for s390.
 *
 * The GCC plugin calls it from its tracking template (see
 * scripts/gcc-plugins/stackleak_plugin.c), which keeps r14 in r0 across
 * the call and tells the compiler that only r0, r1 and the condition code
 * change: GCC has no no_caller_saved_registers attribute for s390, so the
 * tracker is written here with r1 alone. A module's PLT stub clobbers
 * only r1. It records the caller's stack pointer in
 * current->lowest_stack when it lies deeper on the task stack; a call on
 * an async, machine check or restart stack is ignored.
 */

#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/lowcore.h>
#include <asm/nospec-insn.h>

	GEN_BR_THUNK %r14

	.pushsection .noinstr.text, "ax"

SYM_CODE_START(stackleak_track_stack)
	GET_LC	%r1
	lg	%r1,__LC_CURRENT(%r1)
	/*
	 * The lowest word the erase writes is task->stack + 8, above
	 * STACK_END_MAGIC: r15 is 8-byte aligned, so it lies at or above it
	 * when it is above task->stack.
	 */
	clg	%r15,__TASK_stack(%r1)
	jnh	1f
	clg	%r15,__TASK_lowest_stack(%r1)
	jhe	1f
	stg	%r15,__TASK_lowest_stack(%r1)
1:	BR_EX	%r14
SYM_CODE_END(stackleak_track_stack)
EXPORT_SYMBOL(stackleak_track_stack)

	.popsection
