/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Glue between the C drivers (erase-test.c, erase-bench.c) and the real
 * arch/x86/entry/erase.S assembled with the shim headers in include/.
 *
 * The constants are exported from here, preprocessed with the same headers
 * and -D options as erase.S, so the C side never restates the poison, the
 * run length or the fake task's layout; prev_lowest_stack, which needs
 * CONFIG_STACKLEAK_METRICS, is exported as offset -1 without it, and
 * erase_user_runtime_disable says whether erase.S tests the
 * kernel.stack_erasing flag (CONFIG_STACKLEAK_RUNTIME_DISABLE).
 *
 * erase_call() loads every general purpose register from *in, optionally
 * switches to another stack (as the compat exit path runs the erase on the
 * task stack), calls stackleak_erase, and stores every register, %rsp right
 * after the call and RFLAGS into *out.
 */

#include <linux/stackleak.h>
#include <asm/asm-offsets.h>
#include <asm/page_types.h>

	.section .rodata
	.p2align 3
	.globl	erase_user_poison, erase_user_run_words, erase_user_min_size
	.globl	erase_user_ptregs_size, erase_user_thread_size
erase_user_poison:	.quad	STACKLEAK_POISON
erase_user_run_words:	.quad	STACKLEAK_RUN_WORDS
erase_user_min_size:	.quad	CONFIG_STACKLEAK_TRACK_MIN_SIZE
erase_user_ptregs_size:	.quad	PTREGS_SIZE
erase_user_thread_size:	.quad	THREAD_SIZE

	.globl	erase_user_task_lowest_stack, erase_user_task_prev_lowest_stack
	.globl	erase_user_runtime_disable, erase_user_task_stack
erase_user_task_lowest_stack:	.quad	TASK_lowest_stack
erase_user_task_stack:	.quad	TASK_stack
erase_user_task_prev_lowest_stack:
#ifdef CONFIG_STACKLEAK_METRICS
	.quad	TASK_prev_lowest_stack
#else
	.quad	-1
#endif
erase_user_runtime_disable:
#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
	.quad	1
#else
	.quad	0
#endif

	.bss
	.p2align 3
	.globl	erase_call_saved_rsp
erase_call_saved_rsp:	/* %rsp at the call when no stack is given */
saved_rsp:	.quad	0
out_ptr:	.quad	0
tmp_rdi:	.quad	0

/* struct erase_regs in erase-test.c: word offsets. */
#define R_RAX	0
#define R_RBX	8
#define R_RCX	16
#define R_RDX	24
#define R_RSI	32
#define R_RDI	40
#define R_RBP	48
#define R_R8	56
#define R_R9	64
#define R_R10	72
#define R_R11	80
#define R_R12	88
#define R_R13	96
#define R_R14	104
#define R_R15	112
#define R_FLAGS	120
#define R_RSP	128

	.text
/* void erase_call(const struct erase_regs *in, struct erase_regs *out, void *stack) */
	.globl	erase_call
	.type	erase_call, @function
erase_call:
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, saved_rsp(%rip)
	movq	%rsi, out_ptr(%rip)
	testq	%rdx, %rdx
	jz	1f
	movq	%rdx, %rsp
1:	movq	R_RAX(%rdi), %rax
	movq	R_RBX(%rdi), %rbx
	movq	R_RCX(%rdi), %rcx
	movq	R_RDX(%rdi), %rdx
	movq	R_RSI(%rdi), %rsi
	movq	R_RBP(%rdi), %rbp
	movq	R_R8(%rdi), %r8
	movq	R_R9(%rdi), %r9
	movq	R_R10(%rdi), %r10
	movq	R_R11(%rdi), %r11
	movq	R_R12(%rdi), %r12
	movq	R_R13(%rdi), %r13
	movq	R_R14(%rdi), %r14
	movq	R_R15(%rdi), %r15
	movq	R_RDI(%rdi), %rdi
	call	stackleak_erase
	/* Only MOVs until PUSHF: they leave RFLAGS as the erase left it. */
	movq	%rdi, tmp_rdi(%rip)
	movq	out_ptr(%rip), %rdi
	movq	%rsp, R_RSP(%rdi)
	movq	%rax, R_RAX(%rdi)
	movq	%rbx, R_RBX(%rdi)
	movq	%rcx, R_RCX(%rdi)
	movq	%rdx, R_RDX(%rdi)
	movq	%rsi, R_RSI(%rdi)
	movq	%rbp, R_RBP(%rdi)
	movq	%r8, R_R8(%rdi)
	movq	%r9, R_R9(%rdi)
	movq	%r10, R_R10(%rdi)
	movq	%r11, R_R11(%rdi)
	movq	%r12, R_R12(%rdi)
	movq	%r13, R_R13(%rdi)
	movq	%r14, R_R14(%rdi)
	movq	%r15, R_R15(%rdi)
	movq	tmp_rdi(%rip), %rax
	movq	%rax, R_RDI(%rdi)
	movq	saved_rsp(%rip), %rsp
	pushfq
	popq	%rax
	movq	%rax, R_FLAGS(%rdi)
	cld			/* in case the erase left DF set: C must not see it */
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
	.size	erase_call, . - erase_call

	.section .note.GNU-stack, "", @progbits
