/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_STACKLEAK_H
#define _LINUX_STACKLEAK_H

/*
 * STACKLEAK fills the part of the kernel stack that a syscall used with
 * STACKLEAK_POISON before the task returns to user space, so stale data
 * cannot leak into, or be consumed by, the uninitialised locals of a later
 * syscall.
 *
 * The GCC plugin makes every function with a large frame (or an alloca)
 * call stackleak_track_stack(), which keeps the lowest stack address the
 * task reached in current->lowest_stack. With Clang, its stack depth
 * instrumentation calls the same code as __sanitizer_cov_stack_depth().
 * On the way out, stackleak_erase() scans down from that mark for the
 * start of the poisoned area and fills everything between it and the live
 * frame.
 *
 * This header is included from assembly too.
 */

#include <linux/const.h>

/*
 * The poison is an address that faults, so a pointer read from erased
 * stack does not point into memory. On x86-64 it is non-canonical (4- and
 * 5-level paging). On arm64 its top byte is neither 0x00 nor 0xff, which
 * no kernel or user address has, and with the top byte ignored (KASAN tag
 * modes) it still lies outside a 48-bit kernel half; only 52-bit virtual
 * addresses with tags would put it in the linear map. Each of its bytes is
 * distinct, and none is 0x00, 0xff or ASCII, so part of a word still
 * holding it is recognisable in a dump (upstream's -0xBEEF has six 0xff
 * bytes, which look like -1).
 *
 * 32-bit x86 has no hole in its address space. Its poison is a kernel
 * address in the fixmap's I/O APIC slots (the 38th page below the top),
 * which stay unmapped unless the machine has more than 32 I/O APICs, and
 * it is not an ERR_PTR(). stackleak_poison_check() says so at boot if it
 * is mapped after all, on every architecture.
 *
 * With CONFIG_STACKLEAK_LEAK_CHECK the erase writes a value chosen at boot
 * instead (stackleak_poison), so that data user space passes in cannot
 * look like it.
 */
#ifdef CONFIG_64BIT
#define STACKLEAK_POISON	_AC(0xdbf1a98dc7b5e391, UL)
#else
#define STACKLEAK_POISON	_AC(0xfffd95c3, UL)
#endif

#ifdef CONFIG_STACKLEAK

/*
 * The erase's search stops at the first run of STACKLEAK_RUN_WORDS poison
 * words below lowest_stack. A tracked function records its stack pointer
 * below its whole frame, so only untracked frames lie below the mark, and
 * a hole of unwritten words there lies inside one of them: each frame's
 * return address is written. The plugin tracks every frame whose locals,
 * spill slots and realignment padding take TRACK_MIN_SIZE bytes or more,
 * so such a hole is at most TRACK_MIN_SIZE - 1 bytes, shorter than the
 * run: 128 bytes, or TRACK_MIN_SIZE + 1 above 127, in whole words (16 or
 * TRACK_MIN_SIZE / 8 + 1 words of 8 bytes, 1032 bytes at the largest).
 * Clang counts its fixed locals only and never tracks a leaf function:
 * where such a frame holds a longer hole, the extra fill below the
 * boundary (stackleak_leaf_fill) covers the rest of that frame.
 */
#if CONFIG_STACKLEAK_TRACK_MIN_SIZE >= 128
#define STACKLEAK_RUN_BYTES	(CONFIG_STACKLEAK_TRACK_MIN_SIZE + 1)
#else
#define STACKLEAK_RUN_BYTES	128
#endif
#define STACKLEAK_RUN_WORDS \
	((STACKLEAK_RUN_BYTES + __SIZEOF_LONG__ - 1) / __SIZEOF_LONG__)

#ifndef __ASSEMBLY__

#include <linux/sched.h>
#include <linux/sched/task_stack.h>

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
/* Set by the kernel.stack_erasing sysctl to skip the erase. */
extern bool stackleak_erase_off;
bool stackleak_erasing(void);
#else
static inline bool stackleak_erasing(void) { return true; }
#endif

#ifdef CONFIG_STACKLEAK_LEAK_CHECK
/* The leak detector's poison: chosen at boot, unknown to user space. */
extern unsigned long stackleak_poison;
#define stackleak_poison_value()	READ_ONCE(stackleak_poison)
#else
#define stackleak_poison_value()	((unsigned long)STACKLEAK_POISON)
#endif

/* Lowest address the erase routine may write: STACK_END_MAGIC stays intact. */
static __always_inline unsigned long stackleak_task_low_bound(struct task_struct *tsk)
{
	return (unsigned long)end_of_stack(tsk) + sizeof(unsigned long);
}

/* Highest address of the stack a task returning to user space may not need. */
static __always_inline unsigned long stackleak_task_high_bound(struct task_struct *tsk)
{
	return (unsigned long)task_pt_regs(tsk);
}

/*
 * A new task's stack holds no poison yet, whatever it held before: put the
 * mark at the bottom, so its first erase fills the whole stack without
 * first searching it for poison. Its depth so far counts as zero.
 */
static inline void stackleak_task_init(struct task_struct *tsk)
{
	tsk->lowest_stack = stackleak_task_low_bound(tsk);
#ifdef CONFIG_STACKLEAK_METRICS
	tsk->prev_lowest_stack = stackleak_task_high_bound(tsk);
#endif
}

/**
 * stackleak_track_sp() - record the stack pointer where no tracking call runs
 *
 * For a point of the task stack below which lie frames that no tracking
 * call records, or a gap that nothing writes: the erase's search then
 * starts at or below them. Inline, and callable from noinstr code. The
 * caller must be on the task stack; it costs a load, a compare and at most
 * a store.
 */
static __always_inline void stackleak_track_sp(void)
{
	unsigned long sp = current_stack_pointer & ~(sizeof(unsigned long) - 1);

	if (sp < current->lowest_stack)
		current->lowest_stack = sp;
}

/*
 * At an interrupt or exception taken in the kernel: pt_regs and the noinstr
 * entry frames lie below the interrupted code and nothing tracks them, so
 * record how deep they start, when that is on the task stack (a nested
 * entry may run on an IRQ or exception stack).
 */
static __always_inline void stackleak_track_kernel_entry(void)
{
	unsigned long stack = (unsigned long)task_stack_page(current);

	if (current_stack_pointer - stack < THREAD_SIZE)
		stackleak_track_sp();
}

/*
 * It preserves every register the plugin's call does not declare
 * clobbered: none on x86, x16 and x17 on arm64 (its own assembly).
 */
#ifdef CONFIG_HAVE_ARCH_STACKLEAK_TRACK
void stackleak_track_stack(void);
#else
__no_caller_saved_registers void stackleak_track_stack(void);
#endif
/* Called by the architecture's exit to user space, interrupts off. */
void stackleak_erase(void);
#ifdef CONFIG_CLANG_STACKLEAK
void __sanitizer_cov_stack_depth(void);
/*
 * The largest frame, in bytes, of a function Clang left without a tracking
 * call: the erase also fills this much below the boundary it finds. It is
 * measured at link time, by scripts/stackleak_leaf_fill.sh.
 */
extern const unsigned int stackleak_leaf_fill;
#endif

#ifdef CONFIG_STACKLEAK_ALLOCA_CHECK
/* An alloca() must leave at least this much of its stack unused. */
#define STACKLEAK_ALLOCA_MARGIN	256

void stackleak_check_alloca(unsigned long size);
#endif

#endif /* !__ASSEMBLY__ */

#else /* !CONFIG_STACKLEAK */

#ifndef __ASSEMBLY__
struct task_struct;
static inline void stackleak_task_init(struct task_struct *tsk) { }
static __always_inline void stackleak_track_sp(void) { }
static __always_inline void stackleak_track_kernel_entry(void) { }
#endif

#endif /* CONFIG_STACKLEAK */

#endif /* _LINUX_STACKLEAK_H */
