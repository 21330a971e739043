// SPDX-License-Identifier: GPL-2.0
/*
 * STACKLEAK leak detector: report stack memory that reaches user space
 * while it still holds the poison of the last erase.
 *
 * After an exit to user space, everything the task's kernel stack held is
 * STACKLEAK_POISON. A byte of a stack object that still holds the poison
 * when the object is copied to user space was never written during this
 * system call: an uninitialised variable or field, or padding. The hook in
 * instrument_copy_to_user() looks for it in every copy whose source lies
 * on the current task's stack.
 */

#define pr_fmt(fmt) "stackleak: " fmt

#include <linux/bitops.h>
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/ratelimit.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/stackleak.h>
#include <linux/stackleak-checks.h>
#include <linux/sysctl.h>

int stackleak_leak_mode __read_mostly = STACKLEAK_LEAK_REPORT;

/*
 * A written word can hold some of the poison's bytes by chance. Such bytes
 * count only in runs of at least this many, at their positions in the
 * poison: 4 bytes of padding after a u32 are found, a 1 in 2^32 match of
 * data is not. A whole poison word counts in any case.
 */
#define STACKLEAK_LEAK_MIN_RUN	4

/* Call sites seen so far; later sites are only counted together. */
#define STACKLEAK_LEAK_SITES	64

struct stackleak_leak_site {
	unsigned long caller;
	unsigned long hits;
};

static struct stackleak_leak_site leak_sites[STACKLEAK_LEAK_SITES];
static unsigned int nr_leak_sites;	/* entries are only appended */
static unsigned long leak_hits_untracked;
static DEFINE_RAW_SPINLOCK(leak_sites_lock);
static DEFINE_RATELIMIT_STATE(leak_untracked_rs, 5 * HZ, 1);

/* Runs of at least STACKLEAK_LEAK_MIN_RUN set bits in @bits (8 bits). */
static unsigned int long_runs(unsigned int bits)
{
	unsigned int runs = 0, run = 0, i;

	for (i = 0; i <= sizeof(long); i++) {
		if (i < sizeof(long) && (bits & BIT(i))) {
			run |= BIT(i);
			continue;
		}
		if (hweight8(run) >= STACKLEAK_LEAK_MIN_RUN)
			runs |= run;
		run = 0;
	}
	return runs;
}

/*
 * The bytes of an aligned stack word that are uninitialised, as a mask of
 * byte positions among those in @in (the object's part of the word).
 * @diff is the word XOR the poison: a zero byte is a poison byte.
 */
static unsigned int poison_bytes(unsigned long diff, unsigned int in)
{
	unsigned int same = 0, i;

	if (!diff)
		return in;
	for (i = 0; i < sizeof(diff); i++) {
		if (!((diff >> (8 * i)) & 0xff))
			same |= BIT(i);
	}
	return long_runs(same & in);
}

static void stackleak_leak_found(unsigned long caller, unsigned long size,
				 unsigned long offset, unsigned long count,
				 int mode)
{
	bool report = false;
	unsigned long flags;
	unsigned int i, nr;

	raw_spin_lock_irqsave(&leak_sites_lock, flags);
	nr = nr_leak_sites;
	for (i = 0; i < nr && leak_sites[i].caller != caller; i++)
		;
	if (i < nr) {
		WRITE_ONCE(leak_sites[i].hits, leak_sites[i].hits + 1);
	} else if (nr < STACKLEAK_LEAK_SITES) {
		leak_sites[nr].caller = caller;
		leak_sites[nr].hits = 1;
		/* Readers take the count first, then the entries below it. */
		smp_store_release(&nr_leak_sites, nr + 1);
		report = true;
	} else {
		WRITE_ONCE(leak_hits_untracked, leak_hits_untracked + 1);
	}
	raw_spin_unlock_irqrestore(&leak_sites_lock, flags);

	/* Once per call site; past the table, at most one per 5 s. */
	if (!report && (i < nr || !__ratelimit(&leak_untracked_rs)))
		return;
	pr_warn("uninitialised stack copied to user space by %pS: %lu of %lu bytes are poison, the first at offset %lu; task %s[%d]%s\n",
		(void *)caller, count, size, offset, current->comm,
		task_pid_nr(current), mode == STACKLEAK_LEAK_ZERO ? "; zeroed" : "");
	dump_stack();
}

/**
 * stackleak_check_copy_to_user() - look for poison in a copy to user space
 * @from: kernel source of the copy
 * @n: number of bytes
 * @caller: the code that copies, reported and counted per call site
 *
 * Called by instrument_copy_to_user() before the copy. Only a source on
 * the current task's stack is examined. When kernel.stack_leak_check is 2,
 * the poison bytes found are cleared in the source, so the user receives
 * zeros instead; they were never written, so nothing the kernel meant to
 * copy changes.
 */
void stackleak_check_copy_to_user(const void *from, unsigned long n,
				  unsigned long caller)
{
	unsigned long start = (unsigned long)from, first = 0, count = 0;
	unsigned long stack = (unsigned long)task_stack_page(current);
	int mode = READ_ONCE(stackleak_leak_mode);
	unsigned long end, w;

	if (mode == STACKLEAK_LEAK_OFF || !n || start - stack >= THREAD_SIZE)
		return;
	end = start + min(n, stack + THREAD_SIZE - start);

	for (w = ALIGN_DOWN(start, sizeof(long)); w < end; w += sizeof(long)) {
		/* The whole word, also bytes outside the object: not a KASAN report. */
		unsigned long diff = READ_ONCE_NOCHECK(*(unsigned long *)w) ^
				     (unsigned long)STACKLEAK_POISON;
		unsigned int lo, hi, hits, i;

		/* Most words: no byte equals the poison's byte at its place. */
		if (diff && !((diff - REPEAT_BYTE(0x01)) & ~diff & REPEAT_BYTE(0x80)))
			continue;
		lo = max(start, w) - w;
		hi = min(end, w + sizeof(long)) - w;
		hits = poison_bytes(diff, GENMASK(hi - 1, lo));
		if (!hits)
			continue;
		if (!count)
			first = w + __ffs(hits) - start;
		count += hweight8(hits);
		if (mode != STACKLEAK_LEAK_ZERO)
			continue;
		for (i = lo; i < hi; i++) {
			if (hits & BIT(i))
				((u8 *)w)[i] = 0;
		}
	}
	if (count)
		stackleak_leak_found(caller, n, first, count, mode);
}
EXPORT_SYMBOL(stackleak_check_copy_to_user);

static int stackleak_leaks_show(struct seq_file *m, void *v)
{
	unsigned long untracked = READ_ONCE(leak_hits_untracked);
	/* Pairs with the release in stackleak_leak_found(): entries below nr are set. */
	unsigned int i, nr = smp_load_acquire(&nr_leak_sites);

	for (i = 0; i < nr; i++)
		seq_printf(m, "%lu %pS\n", READ_ONCE(leak_sites[i].hits),
			   (void *)leak_sites[i].caller);
	if (untracked)
		seq_printf(m, "%lu (call sites beyond the first %d)\n", untracked,
			   STACKLEAK_LEAK_SITES);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stackleak_leaks);

static int stack_leak_check_sysctl(struct ctl_table *table, int write,
				   void *buffer, size_t *lenp, loff_t *ppos)
{
	int mode = READ_ONCE(stackleak_leak_mode);
	struct ctl_table tmp = {
		.data	= &mode,
		.maxlen	= sizeof(mode),
		.mode	= table->mode,
		.extra1	= SYSCTL_ZERO,
		.extra2	= SYSCTL_TWO,
	};
	int ret;

	/* Values outside 0..2 fail with -EINVAL and change nothing. */
	ret = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
	if (ret || !write || mode == READ_ONCE(stackleak_leak_mode))
		return ret;

	WRITE_ONCE(stackleak_leak_mode, mode);
	pr_info("leak check set to %s by %s[%d]\n",
		mode == STACKLEAK_LEAK_OFF ? "off" :
		mode == STACKLEAK_LEAK_REPORT ? "report" : "report and zero",
		current->comm, task_pid_nr(current));
	return 0;
}

static struct ctl_table stackleak_leak_sysctls[] = {
	{
		.procname	= "stack_leak_check",
		.maxlen		= sizeof(int),
		.mode		= 0600,
		.proc_handler	= stack_leak_check_sysctl,
	},
	{ }
};

static int __init stackleak_leak_init(void)
{
	struct dentry *dir = debugfs_create_dir("stackleak", NULL);

	debugfs_create_file("leaks", 0400, dir, NULL, &stackleak_leaks_fops);
	register_sysctl_init("kernel", stackleak_leak_sysctls);
	return 0;
}
late_initcall(stackleak_leak_init);
