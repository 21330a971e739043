// SPDX-License-Identifier: GPL-2.0
/*
 * STACKLEAK runtime: the stack depth tracker and the alloca check that the
 * GCC plugin calls (Clang calls the tracker only), and the
 * kernel.stack_erasing sysctl. The erase itself runs on the way out to user
 * space, in arch code (arch/x86/entry/erase.S).
 */

#define pr_fmt(fmt) "stackleak: " fmt

#include <linux/export.h>
#include <linux/init.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/sched/task.h>
#include <linux/stackleak.h>
#include <linux/sysctl.h>
#include <asm/stacktrace.h>

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

#ifdef CONFIG_STACKLEAK_RUNTIME_DISABLE

/*
 * Read by stackleak_erase() on every exit: one compare of a read-mostly
 * byte. A plain flag rather than a static key keeps the asm routine free
 * of code patching.
 */
bool stackleak_erase_off __read_mostly;

static int stack_erasing_sysctl(struct ctl_table *table, int write,
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

static struct ctl_table stackleak_sysctls[] = {
	{
		.procname	= "stack_erasing",
		.maxlen		= sizeof(int),
		.mode		= 0600,
		.proc_handler	= stack_erasing_sysctl,
	},
	{ }
};

static int __init stackleak_sysctl_init(void)
{
	register_sysctl_init("kernel", stackleak_sysctls);
	return 0;
}
late_initcall(stackleak_sysctl_init);

#endif /* CONFIG_STACKLEAK_RUNTIME_DISABLE */
