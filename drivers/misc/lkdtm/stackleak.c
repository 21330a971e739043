// SPDX-License-Identifier: GPL-2.0
/*
 * STACKLEAK_ERASING: check that the last return to user space poisoned the
 * stack this task is not using now.
 *
 * Right after an erase, the task stack below pt_regs holds nothing but
 * the poison (stackleak_poison_value()). The current syscall then wrote its frames from the top
 * down, at most a little below the lowest point it is known to have reached
 * (the tracked mark, or our own stack pointer): untracked small frames and
 * interrupt entry may go slightly deeper. So the first word that is not
 * poison, looking up from the bottom of the stack, must lie within
 * STACKLEAK_TEST_SLACK bytes below that point. Data left by an earlier,
 * deeper syscall that was not erased lies further down and fails the test,
 * which is why this also fails with kernel.stack_erasing=0. The exit does
 * not reset the mark then: it may be an earlier syscall's, and only our own
 * stack pointer is known to be this one's.
 */
#include "lkdtm.h"
#include <linux/stackleak.h>

#ifdef CONFIG_STACKLEAK

/*
 * How far below the lowest known point this syscall may have written:
 * an interrupt entry (pt_regs plus a few frames) or untracked functions,
 * whose frames grow with CONFIG_STACKLEAK_TRACK_MIN_SIZE like the erase
 * routine's search run does. 512 bytes with the default size.
 */
#define STACKLEAK_TEST_SLACK	(384 + STACKLEAK_RUN_WORDS * (int)sizeof(long))

struct stackleak_scan {
	unsigned long low;	/* lowest word erase may write */
	unsigned long high;	/* pt_regs */
	unsigned long sp;
	unsigned long lowest;	/* current->lowest_stack */
	unsigned long start;	/* lowest point known to be this syscall's */
	unsigned long used;	/* lowest word that is not poison */
	bool erasing;		/* kernel.stack_erasing */
};

/*
 * Interrupts stay off and nothing is called while the stack is read, so
 * nothing writes below our stack pointer meanwhile.
 */
static noinline void stackleak_scan_stack(struct stackleak_scan *s)
{
	unsigned long flags, addr;

	raw_local_irq_save(flags);
	s->sp = current_stack_pointer;
	s->lowest = current->lowest_stack;
	s->start = min(s->sp, s->lowest);
	if (!s->erasing)
		s->start = s->sp;
	if (s->start < s->low || s->start >= s->high) {
		s->used = s->start;
		goto out;
	}
	for (addr = s->low; addr < s->start; addr += sizeof(unsigned long)) {
		if (*(unsigned long *)addr != stackleak_poison_value())
			break;
	}
	s->used = addr;
out:
	raw_local_irq_restore(flags);
}

static void lkdtm_STACKLEAK_ERASING(void)
{
	struct stackleak_scan s = {
		.low = stackleak_task_low_bound(current),
		.high = stackleak_task_high_bound(current),
		.erasing = stackleak_erasing(),
	};
	unsigned long depth;

	stackleak_scan_stack(&s);

	if (s.sp < s.low || s.sp >= s.high) {
		pr_err("FAIL: stack pointer 0x%lx outside the task stack [0x%lx, 0x%lx)\n",
		       s.sp, s.low, s.high);
		return;
	}
	if (s.lowest < s.low || s.lowest > s.high) {
		pr_err("FAIL: lowest_stack 0x%lx outside the task stack [0x%lx, 0x%lx]\n",
		       s.lowest, s.low, s.high);
		return;
	}

	depth = s.high - s.start;
	pr_info("stack depth %lu bytes, written down to %lu bytes (slack %d)\n",
		depth, s.high - s.used, STACKLEAK_TEST_SLACK);
	if (s.start - s.used > STACKLEAK_TEST_SLACK) {
		pr_err("FAIL: stale data 0x%lx at depth %lu bytes, %lu bytes below the lowest point of this syscall\n",
		       *(unsigned long *)s.used, s.high - s.used, s.start - s.used);
		return;
	}

	pr_info("OK: the rest of the thread stack is properly erased\n");
}

#define STACKLEAK_RECURSION_FRAME	512

/* Every level has a frame the plugin tracks; the mark must follow it down. */
static noinline int stackleak_recurse(unsigned long level)
{
	char frame[STACKLEAK_RECURSION_FRAME];
	unsigned long lowest = READ_ONCE(current->lowest_stack);

	/* Keep the frame on the stack: its address escapes. */
	frame[0] = level;
	barrier_data(frame);
	if (lowest > (unsigned long)frame) {
		pr_err("FAIL: level %lu frame at 0x%lx is below the tracked 0x%lx\n",
		       level, (unsigned long)frame, lowest);
		return -1;
	}
	return stackleak_recurse(level + 1) + frame[0];
}

static void lkdtm_STACKLEAK_DEEP_RECURSION(void)
{
	if (!IS_ENABLED(CONFIG_VMAP_STACK)) {
		pr_err("XFAIL: without CONFIG_VMAP_STACK this would corrupt memory\n");
		return;
	}
	pr_info("STACKLEAK_DEEP_RECURSION: recursing through %d-byte frames\n",
		STACKLEAK_RECURSION_FRAME);
	stackleak_recurse(0);
	pr_err("FAIL: the recursion stopped before the guard page\n");
}

#else /* !CONFIG_STACKLEAK */

static void lkdtm_STACKLEAK_ERASING(void)
{
	if (IS_ENABLED(CONFIG_HAVE_ARCH_STACKLEAK))
		pr_err("XFAIL: stack erasing is off in this kernel (CONFIG_STACKLEAK=n)\n");
	else
		pr_err("XFAIL: stack erasing is not available on this architecture\n");
}

static void lkdtm_STACKLEAK_DEEP_RECURSION(void)
{
	pr_err("XFAIL: this kernel is built without CONFIG_STACKLEAK\n");
}

#endif /* CONFIG_STACKLEAK */

#ifdef CONFIG_STACKLEAK_ALLOCA_CHECK
/* The plugin tracks the stack pointer right after the allocation. */
static noinline bool stackleak_small_alloca_tracked(void)
{
	unsigned long size = 256;
	char *buf;

	OPTIMIZER_HIDE_VAR(size);
	buf = __builtin_alloca(size);
	OPTIMIZER_HIDE_VAR(buf);
	return current->lowest_stack <= (unsigned long)buf;
}

static noinline void stackleak_huge_alloca(unsigned long size)
{
	char *buf;

	OPTIMIZER_HIDE_VAR(size);
	buf = __builtin_alloca(size);
	OPTIMIZER_HIDE_VAR(buf);
	/* Only reached if the check missed: this write corrupts memory. */
	buf[0] = 1;
	pr_err("FAIL: an alloca of %lu bytes was not stopped\n", size);
}

static void lkdtm_STACKLEAK_ALLOCA(void)
{
	unsigned long left;

	if (!stackleak_small_alloca_tracked()) {
		pr_err("FAIL: a small alloca is not tracked\n");
		return;
	}
	pr_info("OK: small alloca is tracked\n");

	/* One page more than the stack has left: must end this task. */
	left = current_stack_pointer - (unsigned long)task_stack_page(current);
	stackleak_huge_alloca(left + PAGE_SIZE);
}
#else
static void lkdtm_STACKLEAK_ALLOCA(void)
{
	pr_err("XFAIL: this kernel is built without CONFIG_STACKLEAK_ALLOCA_CHECK\n");
}
#endif /* CONFIG_STACKLEAK_ALLOCA_CHECK */

static struct crashtype crashtypes[] = {
	CRASHTYPE(STACKLEAK_ERASING),
	CRASHTYPE(STACKLEAK_ALLOCA),
	CRASHTYPE(STACKLEAK_DEEP_RECURSION),
};

struct crashtype_category stackleak_crashtypes = {
	.crashtypes = crashtypes,
	.len	    = ARRAY_SIZE(crashtypes),
};
