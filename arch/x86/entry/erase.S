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
 * filled with poison. The mark is reset to the top of the dead area first.
 *
 * With kernel.stack_erasing=0 the routine returns at once, before it
 * saves a register: the mark is not reset, so it keeps the lowest point
 * the task reached since its last erase, and the first erase after erasing
 * is turned back on starts its search there.
 *
 * All general purpose registers are preserved, so the exit paths may call
 * this with user register values already loaded. Flags are clobbered.
 *
 * On the task stack, an NMI or #MC can interrupt the erase only under Xen
 * PV: natively both run on IST stacks, and interrupts are off. Such a
 * handler pushes its frames below %rsp and has returned before the erase
 * goes on. The erase writes only below its own frame (%rsi <= %rsp), so
 * it never overwrites a live frame; it may overwrite the handler's dead
 * frames, or leave them below the fill for the next erase (see the mark
 * reset below).
 */

#include <linux/linkage.h>
#include <linux/stackleak.h>
#include <asm/asm-offsets.h>
#include <asm/page_types.h>
#include <asm/percpu.h>

	.pushsection .noinstr.text, "ax"

SYM_FUNC_START(stackleak_erase)
#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
	/* Erasing off: four instructions in all, with the call and the RET. */
	cmpb	$0, stackleak_erase_off(%rip)
	jne	.Lerase_off
#endif
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi

	/*
	 * The bounds are the ones the rest of the kernel uses: the stack
	 * starts at task->stack (end_of_stack(), STACK_END_MAGIC in its
	 * first word) and pt_regs end at cpu_current_top_of_stack
	 * (task_top_of_stack()). asm-offsets.c asserts the layout at build
	 * time.
	 *
	 * %rdx: lowest word we may write, above STACK_END_MAGIC.
	 */
	movq	PER_CPU_VAR(current_task), %rax
	movq	TASK_stack(%rax), %rdx
	addq	$8, %rdx

	/* %rsi: end of the dead area, pt_regs or our own frame. */
	movq	PER_CPU_VAR(cpu_current_top_of_stack), %rsi
	subq	$PTREGS_SIZE, %rsi
	movq	%rsp, %rcx
	subq	%rdx, %rcx
	cmpq	$THREAD_SIZE-8, %rcx
	jae	.Loff_task_stack
	cmpq	%rsi, %rsp
	cmovbq	%rsp, %rsi
.Loff_task_stack:

	/* %rdi: where the search starts, the recorded mark or lower. */
	movq	TASK_lowest_stack(%rax), %rdi
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
#ifdef CONFIG_STACKLEAK_LEAK_CHECK
	movq	stackleak_poison(%rip), %rax
#else
	movabsq	$STACKLEAK_POISON, %rax
#endif
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
	/*
	 * Reset the mark before the fill, not after: an NMI or #MC that
	 * interrupts the fill on this stack (Xen PV has no IST) and runs
	 * tracked code lowers it again, and the next erase covers what
	 * that handler left below the fill.
	 */
	movq	PER_CPU_VAR(current_task), %rdx
#ifdef CONFIG_STACKLEAK_METRICS
	/* Keep this syscall's depth for /proc/<pid>/stack_depth. */
	movq	TASK_lowest_stack(%rdx), %rcx
	movq	%rcx, TASK_prev_lowest_stack(%rdx)
#endif
	movq	%rsi, %rcx
	subq	%rdi, %rcx
	/* Only mov and lea until the jbe: the flags are those of the subq. */
	movq	PER_CPU_VAR(cpu_current_top_of_stack), %rsi
	leaq	-PTREGS_SIZE(%rsi), %rsi
	/* The next search starts at the top unless the tracker sees deeper. */
	movq	%rsi, TASK_lowest_stack(%rdx)
	jbe	.Lerased
	/* The kernel runs with the direction flag clear: this goes up. */
	shrq	$3, %rcx
	rep stosq

.Lerased:
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rax
	RET

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
.Lerase_off:
	RET
#endif
SYM_FUNC_END(stackleak_erase)

	.popsection
