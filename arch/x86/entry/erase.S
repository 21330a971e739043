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
 * The search is the C erase's, stackleak_fill_start() in kernel/stackleak.c,
 * step by step: that function is the reference for the code below.
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

/* Fills of up to this many words use a store loop, longer ones rep stosq. */
	.set	.Lshort_fill, 64

/* The search reads every 16th word while they are dirty. */
	.set	.Lstride, 16 * 8
	.if	STACKLEAK_RUN_WORDS < 16
	.error	"runs must be 16 words or longer: the search skips 15 words at a time"
	.endif

	.pushsection .noinstr.text, "ax"

/*
 * Registers, each with one meaning:
 *   %rax  the poison
 *   %rbx  current
 *   %rdx  the lowest word the erase may write, above STACK_END_MAGIC
 *   %rsi  the end of the fill: pt_regs, or this routine's frame
 *   %r8   the word the search reads, every 16th one
 *   %rdi  the start of the fill: right above the poison around %r8
 *   %r9   the word the run check reads
 *   %rcx  scratch
 */
SYM_FUNC_START(stackleak_erase)
#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
	/* Erasing off: four instructions in all, with the call and the RET. */
	cmpb	$0, stackleak_erase_off(%rip)
	jne	.Lerase_off
#endif
	pushq	%rax
	pushq	%rbx
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%r8
	pushq	%r9

	/*
	 * The bounds are the ones the rest of the kernel uses: the stack
	 * starts at task->stack (end_of_stack(), STACK_END_MAGIC in its
	 * first word) and pt_regs end at cpu_current_top_of_stack
	 * (task_top_of_stack()). asm-offsets.c asserts the layout at build
	 * time.
	 */
	movq	PER_CPU_VAR(current_task), %rbx
	movq	TASK_stack(%rbx), %rdx
	addq	$8, %rdx
	movq	PER_CPU_VAR(cpu_current_top_of_stack), %rsi
	subq	$PTREGS_SIZE, %rsi
	/* On the task stack, this routine's frame is above %rsp: keep it. */
	cmpq	%rdx, %rsp
	jb	.Loff_task_stack
	cmpq	%rsi, %rsp
	jae	.Loff_task_stack
	movq	%rsp, %rsi
.Loff_task_stack:

	/* The first word the search reads: right below the mark. */
	movq	TASK_lowest_stack(%rbx), %r8
	cmpq	%rsi, %r8
	cmovaq	%rsi, %r8
	cmpq	%rdx, %r8
	cmovbq	%rdx, %r8
	subq	$8, %r8

#ifdef CONFIG_STACKLEAK_LEAK_CHECK
	movq	stackleak_poison(%rip), %rax
#else
	movabsq	$STACKLEAK_POISON, %rax
#endif

	/*
	 * The first word has nothing known above it: if it is poison, it is
	 * the top, and the fill starts at the mark at the latest.
	 */
	cmpq	%rdx, %r8
	jb	.Lfill_from_bottom
	cmpq	%rax, (%r8)
	jne	.Lnext
	leaq	8(%r8), %rdi
	jmp	.Lrun_check

	/* Down a stride at a time to a poison word. Below %rdx, nothing. */
.Lnext:
	subq	$.Lstride, %r8
	cmpq	%rdx, %r8
	jb	.Lfill_from_bottom
	cmpq	%rax, (%r8)
	jne	.Lnext

	/*
	 * Up to the top of the poison. Above %r8 lies a dirty word, a stride
	 * up at the most, which ends the loop.
	 */
	leaq	8(%r8), %rdi
1:	cmpq	%rax, (%rdi)
	jne	.Lrun_check
	addq	$8, %rdi
	jmp	1b

.Lrun_check:
	/*
	 * The lowest word of a run right below %rdi. Below the bottom,
	 * filling from the bottom is safe.
	 */
	leaq	-STACKLEAK_RUN_WORDS * 8(%rdi), %r9
	cmpq	%rdx, %r9
	jb	.Lfill_from_bottom
	/*
	 * Up to %r8, which is poison like the words above it, and is
	 * reached: %rdi lies less than a stride above it.
	 */
2:	cmpq	%rax, (%r9)
	jne	.Ldirty
	addq	$8, %r9
	cmpq	%r8, %r9
	jbe	2b
	jmp	.Lfill
.Ldirty:
	/*
	 * No run ends above %r9 (the poison above it is shorter than a run),
	 * and one below it holds a stride word counted down from it.
	 */
	movq	%r9, %r8
	jmp	.Lnext

.Lfill_from_bottom:
	movq	%rdx, %rdi
.Lfill:
#ifdef CONFIG_CLANG_STACKLEAK
	/* Below a hole that an untracked leaf function may have left, too. */
	movl	stackleak_leaf_fill(%rip), %ecx
	subq	%rcx, %rdi
	cmpq	%rdx, %rdi
	cmovbq	%rdx, %rdi
#endif
	/*
	 * Reset the mark before the fill, not after: an NMI or #MC that
	 * interrupts the fill on this stack (Xen PV has no IST) and runs
	 * tracked code lowers it again, and the next erase covers what
	 * that handler left below the fill.
	 */
#ifdef CONFIG_STACKLEAK_METRICS
	/* Keep this syscall's depth for /proc/<pid>/stack_depth. */
	movq	TASK_lowest_stack(%rbx), %rcx
	movq	%rcx, TASK_prev_lowest_stack(%rbx)
#endif
	movq	PER_CPU_VAR(cpu_current_top_of_stack), %rcx
	subq	$PTREGS_SIZE, %rcx
	movq	%rcx, TASK_lowest_stack(%rbx)

	/*
	 * Short fills take a store loop, two words at a time after an odd
	 * one: rep stosq's start-up costs more than dozens of stores.
	 */
	movq	%rsi, %rcx
	subq	%rdi, %rcx
	shrq	$3, %rcx
	jz	.Lerased
	cmpq	$.Lshort_fill, %rcx
	ja	.Lrep_fill
	testb	$1, %cl
	jz	3f
	movq	%rax, (%rdi)
	addq	$8, %rdi
	decq	%rcx
	jz	.Lerased
3:	movq	%rax, (%rdi)
	movq	%rax, 8(%rdi)
	addq	$16, %rdi
	subq	$2, %rcx
	jnz	3b
	jmp	.Lerased
.Lrep_fill:
	/* The kernel runs with the direction flag clear: this goes up. */
	rep stosq

.Lerased:
	popq	%r9
	popq	%r8
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rbx
	popq	%rax
	RET

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
.Lerase_off:
	RET
#endif
SYM_FUNC_END(stackleak_erase)

	.popsection
