// SPDX-License-Identifier: GPL-2.0
/*
 * STACKLEAK runtime: the stack depth tracker that the compiler's
 * instrumentation calls, the kernel.stack_erasing sysctl, and the erase
 * that runs on the way out to user space on architectures that do not
 * select HAVE_ARCH_STACKLEAK_ERASE.
 *
 * With STACKLEAK_ALLOCA_CHECK, also the check that the GCC plugin calls
 * before every alloca().
 */

#define pr_fmt(fmt) "stackleak: " fmt

#include <linux/build_bug.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/sched/task.h>
#include <linux/stackleak.h>
#include <linux/sysctl.h>
#include <linux/uaccess.h>
#include <asm/stacktrace.h>

#ifndef CONFIG_HAVE_ARCH_STACKLEAK_TRACK

/* The plugin's tracking asm relies on it; Kconfig hides STACKLEAK without it. */
#if !__has_attribute(__no_caller_saved_registers__)
#error "STACKLEAK needs the no_caller_saved_registers function attribute"
#endif

/**
 * stackleak_track_stack() - record how deep the current task's stack went
 *
 * The plugin inserts the call as an inline asm that tells the compiler no
 * register changes, so it costs nothing in the functions where it is
 * removed again. Hence no_caller_saved_registers: the function saves any
 * register it uses. Only the task stack is tracked; a call made on an IRQ
 * or exception stack is ignored.
 */
noinstr __no_caller_saved_registers void stackleak_track_stack(void)
{
	unsigned long sp = current_stack_pointer & ~(sizeof(unsigned long) - 1);

	if (sp < current->lowest_stack && sp >= stackleak_task_low_bound(current))
		current->lowest_stack = sp;
}
EXPORT_SYMBOL(stackleak_track_stack);

#endif /* !CONFIG_HAVE_ARCH_STACKLEAK_TRACK */

#ifdef CONFIG_CLANG_STACKLEAK
/*
 * Clang's stack depth instrumentation calls this name, as a plain C call,
 * after the prologue of functions with large fixed locals and after every
 * alloca(). It is the tracker under the name Clang chooses, not a copy:
 * both compilers' calls run the code above.
 */
void __alias(stackleak_track_stack) __sanitizer_cov_stack_depth(void);
EXPORT_SYMBOL(__sanitizer_cov_stack_depth);
#endif

#ifdef CONFIG_STACKLEAK_ALLOCA_CHECK
/**
 * stackleak_check_alloca() - stop an alloca() that would overflow the stack
 * @size: bytes about to be allocated
 *
 * The plugin calls this right before every alloca() and VLA. An allocation
 * that would leave less than STACKLEAK_ALLOCA_MARGIN bytes of the current
 * stack (task, IRQ or exception stack) is an oops, before any byte below the
 * stack is written: the same steps as an architecture's oops_end(), on the
 * stack the allocation would have taken. The kmsg dumpers see it, the
 * kernel is tainted, panic_on_oops and interrupt context panic, and
 * make_task_dead() counts the oops and kills the task.
 */
void stackleak_check_alloca(unsigned long size)
{
	unsigned long sp = current_stack_pointer;
	struct stack_info info;
	unsigned long left;

	/* Not on a stack the unwinder knows: nothing to measure against. */
	if (!get_stack_info_noinstr((unsigned long *)sp, current, &info))
		return;

	left = sp - (unsigned long)info.begin;
	if (likely(left >= STACKLEAK_ALLOCA_MARGIN &&
		   size <= left - STACKLEAK_ALLOCA_MARGIN))
		return;

	oops_enter();
	pr_emerg("alloca overflow: %lu bytes requested with %lu bytes of the %s stack left in %s[%d]\n",
		 size, left, stack_type_name(info.type), current->comm,
		 task_pid_nr(current));
	dump_stack();
	add_taint(TAINT_DIE, LOCKDEP_NOW_UNRELIABLE);
	oops_exit();
	if (in_interrupt())
		panic("Fatal exception in interrupt");
	if (panic_on_oops)
		panic("Fatal exception");
	make_task_dead(SIGKILL);
}
EXPORT_SYMBOL(stackleak_check_alloca);
#endif /* CONFIG_STACKLEAK_ALLOCA_CHECK */

#ifndef CONFIG_HAVE_ARCH_STACKLEAK_ERASE
/*
 * Where the fill starts: right above the highest run of STACKLEAK_RUN_WORDS
 * poison words below @mark, or @low if there is none. A run is 128 bytes or
 * longer, so it contains one of every STACKLEAK_STRIDE_WORDS-th word counted
 * down from @mark: while those are dirty, the words between them are not
 * read. From one that is poison the search reads up to the top of the
 * poison (fewer than a stride of words), then up from where a run with that
 * top would start: a dirty word there is where the search goes on. x86-64's
 * erase.S implements the same search.
 */
#define STACKLEAK_STRIDE_WORDS	(128 / sizeof(unsigned long))

static __always_inline unsigned long
stackleak_fill_start(unsigned long low, unsigned long mark,
		     unsigned long poison)
{
	const unsigned long *bottom = (const unsigned long *)low;
	const unsigned long *first = (const unsigned long *)mark - 1;
	const unsigned long *w, *top, *p;

	BUILD_BUG_ON(STACKLEAK_RUN_WORDS < STACKLEAK_STRIDE_WORDS);
	for (w = first; w >= bottom; w -= STACKLEAK_STRIDE_WORDS) {
		if (*w != poison)
			continue;
		/*
		 * Up to the top of the poison. The search moves on from a
		 * dirty word only, the stride above: it ends this loop, with
		 * no bound to compare. The first word has none above it: it
		 * is the top, and the fill starts at the mark at the latest.
		 */
		top = w;
		if (w != first) {
			while (top[1] == poison)
				top++;
		}
		/* A run would reach below the bottom: filling from it is safe. */
		if (top - bottom < STACKLEAK_RUN_WORDS - 1)
			return low;
		for (p = top - (STACKLEAK_RUN_WORDS - 1); p < w; p++) {
			if (*p != poison)
				break;
		}
		if (p == w)
			return (unsigned long)(top + 1);
		/*
		 * Dirty: no run ends above it (the poison above is shorter),
		 * and one below it holds a stride word counted down from it.
		 */
		w = p;
	}
	return low;
}

/**
 * stackleak_erase() - fill the stack the task used since its last exit
 *
 * The erase of architectures that do not select HAVE_ARCH_STACKLEAK_ERASE,
 * with the contract every erase has: called on every return to user space
 * with interrupts off, after the last C code of the exit, on the task stack
 * (everything below the stack pointer is dead) or off it (everything below
 * pt_regs is). It searches down from the mark for the first run of
 * STACKLEAK_RUN_WORDS poison words, resets the mark, and fills from the
 * run up to the dead area's top. It calls nothing, and its own frame lies
 * above the fill: the saved frame pointer and return address are all it
 * leaves, and they are no secret. The compiler may clobber the caller-saved
 * registers; the call sites allow that.
 */
noinstr void stackleak_erase(void)
{
	struct task_struct *tsk = current;
	unsigned long low, high, top, sp, mark, poison, start;
	unsigned long *w, *end;

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE
	/*
	 * Erasing off: leave the mark alone. It keeps the lowest point since
	 * the last erase, where the first erase after erasing is turned back
	 * on starts its search.
	 */
	if (READ_ONCE(stackleak_erase_off))
		return;
#endif

	low = stackleak_task_low_bound(tsk);
	high = stackleak_task_high_bound(tsk);
	top = high;
	sp = current_stack_pointer;
	mark = tsk->lowest_stack;

	/* On the task stack, this function's frame is above sp: keep it. */
	if (sp >= low && sp < top)
		top = sp;
	if (mark > top)
		mark = top;
	if (mark < low)
		mark = low;

	poison = stackleak_poison_value();
	start = stackleak_fill_start(low, mark, poison);
#ifdef CONFIG_CLANG_STACKLEAK
	/* Below a hole that an untracked leaf function may have left, too. */
	start = start - low > stackleak_leaf_fill ? start - stackleak_leaf_fill : low;
#endif

	/*
	 * Reset the mark before the fill: a handler that interrupts the fill
	 * on this stack (an NMI on 32-bit x86) and runs tracked code lowers it
	 * again, and the next erase covers what it left below the fill.
	 */
#ifdef CONFIG_STACKLEAK_METRICS
	tsk->prev_lowest_stack = tsk->lowest_stack;
#endif
	tsk->lowest_stack = high;
	barrier();

	/*
	 * Volatile stores: no memset() call, which would be instrumentable.
	 * Four per loop, or the loop's own compare and branch cost more than
	 * the stores.
	 */
	w = (unsigned long *)start;
	end = (unsigned long *)top;
	for (; end - w >= 4; w += 4) {
		WRITE_ONCE(w[0], poison);
		WRITE_ONCE(w[1], poison);
		WRITE_ONCE(w[2], poison);
		WRITE_ONCE(w[3], poison);
	}
	for (; w < end; w++)
		WRITE_ONCE(*w, poison);
}
#endif /* !CONFIG_HAVE_ARCH_STACKLEAK_ERASE */

/*
 * The poison must fault as a pointer (see STACKLEAK_POISON). Where the
 * address space cannot promise it, 32-bit x86 above all, say so loudly
 * rather than let an uninitialised pointer reach real memory unnoticed.
 */
static int __init stackleak_poison_check(void)
{
	unsigned long poison = stackleak_poison_value();
	unsigned long word;

	if (!get_kernel_nofault(word, (unsigned long *)poison)) {
		pr_err("the poison 0x%lx is a readable kernel address: uninitialised pointers on an erased stack point to memory\n",
		       poison);
		add_taint(TAINT_WARN, LOCKDEP_STILL_OK);
	}
	return 0;
}
late_initcall(stackleak_poison_check);

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE

/*
 * Read by stackleak_erase() on every exit: one compare of a read-mostly
 * byte. A plain flag rather than a static key keeps the asm routine free
 * of code patching. Not exported: modules may ask, not switch.
 */
bool stackleak_erase_off __read_mostly;

/**
 * stackleak_erasing() - whether returns to user space erase the stack
 *
 * For tests such as LKDTM's: with erasing off, the mark is not reset on
 * the way out, so it may hold an earlier system call's depth.
 *
 * Return: false while kernel.stack_erasing is 0.
 */
bool stackleak_erasing(void)
{
	return !READ_ONCE(stackleak_erase_off);
}
EXPORT_SYMBOL_GPL(stackleak_erasing);

static int stackleak_erasing_handler(struct ctl_table *table, int write,
				     void *buffer, size_t *lenp, loff_t *ppos)
{
	int enabled = !READ_ONCE(stackleak_erase_off);
	struct ctl_table tmp = {
		.data	= &enabled,
		.maxlen	= sizeof(enabled),
		.mode	= table->mode,
		.extra1	= SYSCTL_ZERO,
		.extra2	= SYSCTL_ONE,
	};
	int ret;

	/* Values other than 0 and 1 fail with -EINVAL and change nothing. */
	ret = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
	if (ret || !write || enabled == !READ_ONCE(stackleak_erase_off))
		return ret;

	WRITE_ONCE(stackleak_erase_off, !enabled);
	pr_info("stack erasing %s by %s[%d]\n", enabled ? "enabled" : "DISABLED",
		current->comm, task_pid_nr(current));
	return 0;
}

static struct ctl_table stackleak_ctls[] = {
	{
		.procname	= "stack_erasing",
		.maxlen		= sizeof(int),
		.mode		= 0600,
		.proc_handler	= stackleak_erasing_handler,
	},
	{ }
};

static int __init stackleak_sysctl_init(void)
{
	register_sysctl_init("kernel", stackleak_ctls);
	return 0;
}
late_initcall(stackleak_sysctl_init);

#endif /* CONFIG_STACKLEAK_RUNTIME_DISABLE */
