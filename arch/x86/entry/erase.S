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

/*
 * Fills up to this many bytes use plain stores, longer ones rep stosq:
 * timed with the TSC on a Xeon (Cascade Lake) guest, 64 stores take 16
 * ticks, rep stosq 24.
 */
	.set	.Lshort_fill, 64 * 8

/* The search reads every 16th word while they are dirty (see below). */
	.set	.Lstride, 16 * 8
	.if	STACKLEAK_RUN_WORDS < 16
	.error	"runs must be 16 words or longer: the search skips 15 words at a time"
	.endif

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
	 * A run is 16 words or longer (include/linux/stackleak.h), so it
	 * holds one of the words 1, 17, 33, ... below the start: while those
	 * are dirty, the 15 between them need not be read. Where one is
	 * poison, the words around it tell whether it lies in a run. Plain
	 * compares, no string instructions: a backward scan needs the
	 * direction flag set and cleared, which costs more on current CPUs
	 * than the few words this search reads. Below %rdx there is nothing
	 * left to find.
	 */
#ifdef CONFIG_STACKLEAK_LEAK_CHECK
	movq	stackleak_poison(%rip), %rax
#else
	movabsq	$STACKLEAK_POISON, %rax
#endif
	/*
	 * The word right below the start: a run here ends below the start,
	 * whatever lies above it, so the fill starts at the start.
	 */
	subq	$8, %rdi
	cmpq	%rdx, %rdi
	jb	.Lfill_from_bottom
	cmpq	%rax, (%rdi)
	jne	.Lnext
	leaq	-(STACKLEAK_RUN_WORDS - 1) * 8(%rdi), %rcx
	cmpq	%rdx, %rcx
	jb	.Lfill_from_bottom
	.set	.Lword, 1
	.rept	STACKLEAK_RUN_WORDS - 1
	cmpq	%rax, -8 * .Lword(%rdi)
	jne	.Lnext
	.set	.Lword, .Lword + 1
	.endr
	addq	$8, %rdi
	jmp	.Lfill

.Lnext:
	subq	$.Lstride, %rdi
	jmp	.Lstride_check
.Lstride_4:
	cmpq	%rax, (%rdi)
	je	.Lhit
	cmpq	%rax, -.Lstride(%rdi)
	je	.Lhit_1
	cmpq	%rax, -2 * .Lstride(%rdi)
	je	.Lhit_2
	cmpq	%rax, -3 * .Lstride(%rdi)
	je	.Lhit_3
	subq	$4 * .Lstride, %rdi
.Lstride_check:
	/* Four at a time while they all lie above the bottom. */
	leaq	-3 * .Lstride(%rdi), %rcx
	cmpq	%rdx, %rcx
	jae	.Lstride_4
.Lstride_1:
	cmpq	%rdx, %rdi
	jb	.Lfill_from_bottom
	cmpq	%rax, (%rdi)
	je	.Lhit
	subq	$.Lstride, %rdi
	jmp	.Lstride_1
.Lhit_3:
	subq	$.Lstride, %rdi
.Lhit_2:
	subq	$.Lstride, %rdi
.Lhit_1:
	subq	$.Lstride, %rdi
.Lhit:
	/*
	 * %rdi: poison, 16 words below a word that was dirty or in a hole
	 * shorter than a run. Usually a run goes down from here.
	 */
	leaq	-(STACKLEAK_RUN_WORDS - 1) * 8(%rdi), %rcx
	cmpq	%rdx, %rcx
	jb	.Lhole
.Lrun_top:
	/*
	 * Up to the run's top, at most 15 words: a dirty word there ends it
	 * sooner. Without one (a hole at the start, longer than 16 words but
	 * shorter than a run) the fill rewrites some poison. With the K words
	 * above %rdi poison, the 16 - K below it must be too, and then the
	 * rest of the run below them: one compare per word in all.
	 */
	.irp	k, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	cmpq	%rax, 8 * \k(%rdi)
	jne	.Ltop_\k
	.endr
	leaq	.Lstride(%rdi), %rcx
	jmp	.Lbelow_16
	.irp	k, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Ltop_\k:
	leaq	8 * \k(%rdi), %rcx
	jmp	.Lbelow_\k
	.endr
	.irp	k, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lbelow_\k:
	cmpq	%rax, -.Lstride + 8 * \k(%rdi)
	jne	.Lhole
	.endr
.Lbelow_16:
	/* %rcx: the fill's start; a longer run goes further down. */
	.set	.Lword, 17
	.rept	STACKLEAK_RUN_WORDS - 16
	cmpq	%rax, -8 * .Lword(%rcx)
	jne	.Lhole
	.set	.Lword, .Lword + 1
	.endr
	/* The run is poisoned already: fill from the word above it. */
	movq	%rcx, %rdi
	jmp	.Lfill

	/*
	 * %rdi lies in a hole that ends less than a run below it, or near the
	 * bottom: the hole is a run only if it reaches a run's length up from
	 * its bottom, and it ends below the 16th word above %rdi, which was
	 * dirty or in a hole of its own.
	 */
.Lhole:
	movq	%rdi, %rcx
1:	subq	$8, %rcx
	cmpq	%rdx, %rcx
	jb	2f
	cmpq	%rax, (%rcx)
	je	1b
2:
	/* %rcx: the dirty word (or the bottom) below; a run needs up to here. */
	addq	$STACKLEAK_RUN_WORDS * 8, %rcx
	subq	%rdi, %rcx
	cmpq	$.Lstride, %rcx
	jae	.Lnext
	addq	%rdi, %rcx
3:	cmpq	%rax, (%rcx)
	jne	.Lnext
	subq	$8, %rcx
	cmpq	%rdi, %rcx
	ja	3b
	jmp	.Lrun_top

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
	/*
	 * A short fill takes plain stores, two words at a time, up from
	 * %rdi: rep stosq's start-up costs more than a few dozen stores.
	 * Below, %rdi is the fill's end and %rcx minus the bytes left; an
	 * odd word goes first.
	 */
	cmpq	$.Lshort_fill, %rcx
	ja	.Lrep_fill
	addq	%rcx, %rdi
	negq	%rcx
	testb	$8, %cl
	jz	1f
	movq	%rax, (%rdi, %rcx)
	addq	$8, %rcx
	jz	.Lerased
1:	movq	%rax, (%rdi, %rcx)
	movq	%rax, 8(%rdi, %rcx)
	addq	$16, %rcx
	jnz	1b
	jmp	.Lerased
.Lrep_fill:
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
