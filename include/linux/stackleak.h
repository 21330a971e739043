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
 * The poison is a non-canonical address on x86-64 (4- and 5-level paging),
 * so a pointer read from erased stack faults instead of pointing into
 * memory. Each of its bytes is distinct, and none is 0x00, 0xff or ASCII,
 * so part of a word still holding it is recognisable too: the leak
 * detector finds 4 bytes of padding after a u32 (upstream's -0xBEEF has
 * six 0xff bytes, which look like -1).
 */
#define STACKLEAK_POISON	_AC(0xdbf1a98dc7b5e391, UL)

#ifdef CONFIG_STACKLEAK

/*
 * Functions whose frame is smaller than CONFIG_STACKLEAK_TRACK_MIN_SIZE are
 * not tracked, so the stack may have been written a little below
 * lowest_stack, with holes no larger than such a frame. A run of poison
 * longer than that hole (at least 128 bytes) marks the start of the area
 * that is still poisoned from the previous erase.
 */
#if CONFIG_STACKLEAK_TRACK_MIN_SIZE > 120
#define STACKLEAK_RUN_WORDS	(CONFIG_STACKLEAK_TRACK_MIN_SIZE / 8 + 1)
#else
#define STACKLEAK_RUN_WORDS	16
#endif

#ifdef CONFIG_CLANG_STACKLEAK
/*
 * Clang's instrumentation skips leaf functions whatever their frame. A
 * leaf that writes only the bottom of a large local leaves a poison hole
 * above what it wrote, inside its own frame, up to the unwritten bottom of
 * an untracked caller: the search may stop in that hole. The erase fills
 * this much below the boundary it found as well. No frame is larger than
 * CONFIG_FRAME_WARN bytes without a compiler warning; without that limit
 * the erase fills the whole stack.
 */
#if CONFIG_FRAME_WARN > 0
#define STACKLEAK_LEAF_FILL	((CONFIG_FRAME_WARN + 2 * CONFIG_STACKLEAK_TRACK_MIN_SIZE + 7) & ~7)
#else
#define STACKLEAK_LEAF_FILL	THREAD_SIZE
#endif
#endif

#ifndef __ASSEMBLY__

#include <linux/sched.h>
#include <linux/sched/task_stack.h>

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
/* Set by the kernel.stack_erasing sysctl to skip the erase. */
extern bool stackleak_erase_off;
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
 * A new task has not used its stack yet: start the first scan at the top,
 * so the first erase covers whatever the stack held before.
 */
static inline void stackleak_task_init(struct task_struct *tsk)
{
	unsigned long unused_below = stackleak_task_high_bound(tsk);

	tsk->lowest_stack = unused_below;
#ifdef CONFIG_STACKLEAK_METRICS
	tsk->prev_lowest_stack = unused_below;
#endif
#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
	tsk->lowest_stack_unerased = unused_below;
#endif
}

/**
 * stackleak_track_sp() - record the stack pointer where no tracker runs
 *
 * For code that moves the stack pointer down by a variable amount with no
 * tracking call of either compiler, such as the random kstack offset that
 * noinstr syscall entry code applies: the syscall's frames all lie below
 * it, and the unwritten gap above them would stop the erase's search.
 * Inline and callable from noinstr code; only ever on the task stack.
 */
static __always_inline void stackleak_track_sp(void)
{
	unsigned long sp = current_stack_pointer & ~(sizeof(unsigned long) - 1);

	if (sp < current->lowest_stack)
		current->lowest_stack = sp;
}

/* It preserves every register: the plugin's call may clobber none. */
__no_caller_saved_registers void stackleak_track_stack(void);
#ifdef CONFIG_CLANG_STACKLEAK
void __sanitizer_cov_stack_depth(void);
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
#endif

#endif /* CONFIG_STACKLEAK */

#endif /* _LINUX_STACKLEAK_H */
