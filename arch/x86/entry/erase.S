/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STACKLEAK erase routine for x86-64.
 *
 * Called on every return to user space, with interrupts off, either from
 * the entry trampoline stack (64-bit SYSRET and IRET paths: the whole task
 * stack below pt_regs is dead) or from the task stack itself (compat
 * SYSRET, Xen PV: everything below the current stack pointer is dead).
 *
 * The task stack is known to be poisoned below some boundary since the
 * previous erase. The search for that boundary starts at the lowest point
 * the tracker recorded, goes down to the first run of STACKLEAK_RUN_WORDS
 * poison words, and everything from the run up to the dead area's top is
 * filled with poison. The mark is then reset to the top of the dead area.
 *
 * All general purpose registers are preserved, so the exit paths may call
 * this with user register values already loaded. Flags are clobbered.
 */

#include <linux/linkage.h>
#include <linux/stackleak.h>
#include <asm/asm.h>
#include <asm/asm-offsets.h>
#include <asm/nops.h>
#include <asm/page_types.h>
#include <asm/percpu.h>

	.pushsection .noinstr.text, "ax"

SYM_FUNC_START(stackleak_erase)
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi

#if defined(CONFIG_STACKLEAK_RUNTIME_DISABLE) && defined(CONFIG_JUMP_LABEL)
	/* static_branch_unlikely(&stackleak_erase_off): a NOP until set. */
1:	.byte	BYTES_NOP5
	.pushsection __jump_table, "aw"
	_ASM_ALIGN
	.long	1b - .
	.long	.Lreset_mark - .
	_ASM_PTR stackleak_erase_off - .
	.popsection
#elif defined(CONFIG_STACKLEAK_RUNTIME_DISABLE)
	/* Without jump labels a static key is a counter: test it. */
	cmpl	$0, stackleak_erase_off(%rip)
	jg	.Lreset_mark
#endif

	/* %rdx: lowest word we may write, above STACK_END_MAGIC. */
	movq	PER_CPU_VAR(cpu_current_top_of_stack), %rsi
	leaq	-THREAD_SIZE+8(%rsi), %rdx

	/* %rsi: end of the dead area, pt_regs or our own frame. */
	subq	$PTREGS_SIZE, %rsi
	movq	%rsp, %rax
	subq	%rdx, %rax
	cmpq	$THREAD_SIZE-8, %rax
	jae	.Loff_task_stack
	cmpq	%rsi, %rsp
	cmovbq	%rsp, %rsi
.Loff_task_stack:

	/* %rdi: where the search starts, the recorded mark or lower. */
	movq	PER_CPU_VAR(current_task), %rdi
	movq	TASK_lowest_stack(%rdi), %rdi
	cmpq	%rsi, %rdi
	cmovaq	%rsi, %rdi
	cmpq	%rdx, %rdi
	cmovbq	%rdx, %rdi

	/*
	 * Search downwards with string instructions: REPNE SCASQ finds the
	 * next poison word, REPE SCASQ checks that the run is long enough.
	 * Both stop at %rdx: below it there is nothing left to find.
	 */
	movq	$STACKLEAK_POISON, %rax
	std
	subq	$8, %rdi
.Lfind_poison:
	cmpq	%rdx, %rdi
	jb	.Lfill_from_bottom
	movq	%rdi, %rcx
	subq	%rdx, %rcx
	shrq	$3, %rcx
	incq	%rcx
	repne scasq
	jne	.Lfill_from_bottom

	/*
	 * One poison word found: are the next RUN_WORDS - 1 poison too?
	 * Too close to the bottom to tell: filling from the bottom is safe.
	 */
	leaq	8(%rdi), %rcx
	subq	%rdx, %rcx
	cmpq	$(STACKLEAK_RUN_WORDS-1)*8, %rcx
	jb	.Lfill_from_bottom
	movl	$STACKLEAK_RUN_WORDS-1, %ecx
	repe scasq
	jne	.Lfind_poison

	/* The run is poisoned already: fill from its top word up. */
	leaq	STACKLEAK_RUN_WORDS*8(%rdi), %rdi
	jmp	.Lfill

.Lfill_from_bottom:
	movq	%rdx, %rdi
.Lfill:
	cld
	movq	%rsi, %rcx
	subq	%rdi, %rcx
	jbe	.Lreset_mark
	shrq	$3, %rcx
	rep stosq

.Lreset_mark:
	movq	PER_CPU_VAR(current_task), %rdi
#ifdef CONFIG_STACKLEAK_METRICS
	/* Keep this syscall's depth for /proc/<pid>/stack_depth. */
	movq	TASK_lowest_stack(%rdi), %rcx
	movq	%rcx, TASK_prev_lowest_stack(%rdi)
#endif
	/* The next search starts at the top unless the tracker sees deeper. */
	movq	PER_CPU_VAR(cpu_current_top_of_stack), %rsi
	subq	$PTREGS_SIZE, %rsi
	movq	%rsi, TASK_lowest_stack(%rdi)

	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rax
	RET
SYM_FUNC_END(stackleak_erase)

	.popsection
