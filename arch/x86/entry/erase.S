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
 * With kernel.stack_erasing=0 the mark is still reset on every exit (so
 * the LKDTM test sees what each syscall left), but the lowest point the
 * task reached while not erasing is kept in lowest_stack_unerased, and the
 * first erase after erasing is turned back on starts its search there.
 *
 * All general purpose registers are preserved, so the exit paths may call
 * this with user register values already loaded. Flags are clobbered.
 */

#include <linux/linkage.h>
#include <linux/stackleak.h>
#include <asm/asm-offsets.h>
#include <asm/page_types.h>
#include <asm/percpu.h>

	.pushsection .noinstr.text, "ax"

SYM_FUNC_START(stackleak_erase)
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
	cmpb	$0, stackleak_erase_off(%rip)
	jne	.Lerase_off
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
	movq	PER_CPU_VAR(current_task), %rax
	movq	TASK_lowest_stack(%rax), %rdi
#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
	cmpq	TASK_lowest_stack_unerased(%rax), %rdi
	cmovaq	TASK_lowest_stack_unerased(%rax), %rdi
#endif
	cmpq	%rsi, %rdi
	cmovaq	%rsi, %rdi
	cmpq	%rdx, %rdi
	cmovbq	%rdx, %rdi

	/*
	 * Search down for the first run of STACKLEAK_RUN_WORDS poison words.
	 * Plain compares, no string instructions: a backward scan needs the
	 * direction flag set and cleared, which costs more on current CPUs
	 * than the few words this search usually reads. Below %rdx there is
	 * nothing left to find.
	 */
	movabsq	$STACKLEAK_POISON, %rax
	jmp	.Lfind_poison
.Lfind_4_words:
	cmpq	%rax, -8(%rdi)
	je	.Lfound_1
	cmpq	%rax, -16(%rdi)
	je	.Lfound_2
	cmpq	%rax, -24(%rdi)
	je	.Lfound_3
	cmpq	%rax, -32(%rdi)
	je	.Lfound_4
	subq	$32, %rdi
.Lfind_poison:
	/* Four words at a time while they all lie above the bottom. */
	leaq	-32(%rdi), %rcx
	cmpq	%rdx, %rcx
	jae	.Lfind_4_words
.Lfind_1_word:
	subq	$8, %rdi
	cmpq	%rdx, %rdi
	jb	.Lfill_from_bottom
	cmpq	%rax, (%rdi)
	jne	.Lfind_1_word
	jmp	.Lfound
.Lfound_4:
	subq	$8, %rdi
.Lfound_3:
	subq	$8, %rdi
.Lfound_2:
	subq	$8, %rdi
.Lfound_1:
	subq	$8, %rdi
.Lfound:

	/*
	 * One poison word found: are the RUN_WORDS - 1 below it poison too?
	 * Usually they are: check them with one compare each. Too close to
	 * the bottom to tell: filling from the bottom is safe.
	 */
	leaq	-(STACKLEAK_RUN_WORDS - 1) * 8(%rdi), %rcx
	cmpq	%rdx, %rcx
	jb	.Lfill_from_bottom
	.set	.Lword, 1
	.rept	STACKLEAK_RUN_WORDS - 1
	cmpq	%rax, -8 * .Lword(%rdi)
	jne	.Lcount_run
	.set	.Lword, .Lword + 1
	.endr

	/* The run is poisoned already: fill from the word above it. */
	addq	$8, %rdi
	jmp	.Lfill

	/*
	 * A hole shorter than a run: go on word by word, so that each word
	 * is read once more at most. %rcx is where the run that started
	 * below the last non-poison word would be complete.
	 */
.Lcount_run:
	subq	$8, %rdi
	cmpq	%rdx, %rdi
	jb	.Lfill_from_bottom
	cmpq	%rax, (%rdi)
	jne	.Lrun_broken
	cmpq	%rcx, %rdi
	ja	.Lcount_run
	leaq	STACKLEAK_RUN_WORDS * 8(%rdi), %rdi
	jmp	.Lfill
.Lrun_broken:
	leaq	-STACKLEAK_RUN_WORDS * 8(%rdi), %rcx
	jmp	.Lcount_run

.Lfill_from_bottom:
	movq	%rdx, %rdi
.Lfill:
#ifdef CONFIG_CLANG_STACKLEAK
	/* Below a hole that an untracked leaf function may have left, too. */
	subq	$STACKLEAK_LEAF_FILL, %rdi
	cmpq	%rdx, %rdi
	cmovbq	%rdx, %rdi
#endif
	/* The kernel runs with the direction flag clear: this goes up. */
	movq	%rsi, %rcx
	subq	%rdi, %rcx
	jbe	.Lerased
	shrq	$3, %rcx
	rep stosq

.Lerased:
	movq	PER_CPU_VAR(current_task), %rdi
	movq	PER_CPU_VAR(cpu_current_top_of_stack), %rsi
	subq	$PTREGS_SIZE, %rsi
#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
	movq	%rsi, TASK_lowest_stack_unerased(%rdi)
#endif
	/* %rdi: current, %rsi: the top of the dead area. */
.Lreset_mark:
#ifdef CONFIG_STACKLEAK_METRICS
	/* Keep this syscall's depth for /proc/<pid>/stack_depth. */
	movq	TASK_lowest_stack(%rdi), %rcx
	movq	%rcx, TASK_prev_lowest_stack(%rdi)
#endif
	/* The next search starts at the top unless the tracker sees deeper. */
	movq	%rsi, TASK_lowest_stack(%rdi)

	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rax
	RET

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
.Lerase_off:
	/* Not erasing: remember how deep the task went, for later. */
	movq	PER_CPU_VAR(current_task), %rdi
	movq	TASK_lowest_stack(%rdi), %rcx
	cmpq	TASK_lowest_stack_unerased(%rdi), %rcx
	jae	.Lkeep_unerased
	movq	%rcx, TASK_lowest_stack_unerased(%rdi)
.Lkeep_unerased:
	movq	PER_CPU_VAR(cpu_current_top_of_stack), %rsi
	subq	$PTREGS_SIZE, %rsi
	jmp	.Lreset_mark
#endif
SYM_FUNC_END(stackleak_erase)

	.popsection
