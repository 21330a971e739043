/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test tracker with the kernel runtime's calling contract: preserves every
 * general purpose register, may clobber only the flags.  Records the lowest
 * stack pointer seen at a tracking point and counts the calls.
 */
	.text
	.globl	stackleak_track_stack
	.type	stackleak_track_stack, @function
stackleak_track_stack:
	pushq	%rax
	/* The caller's stack pointer at the tracking point (before "call"). */
	leaq	16(%rsp), %rax
	cmpq	tracker_lowest_sp(%rip), %rax
	jae	1f
	movq	%rax, tracker_lowest_sp(%rip)
1:	incq	tracker_calls(%rip)
	popq	%rax
	ret
	.size	stackleak_track_stack, .-stackleak_track_stack

	.data
	.globl	tracker_lowest_sp
	.globl	tracker_calls
	.p2align 3
tracker_lowest_sp:
	.quad	-1
tracker_calls:
	.quad	0

	.section .note.GNU-stack,"",@progbits
