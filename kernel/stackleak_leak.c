// SPDX-License-Identifier: GPL-2.0
/*
 * STACKLEAK leak detector: report stack memory that reaches user space
 * while it still holds the poison of the last erase.
 *
 * After an exit to user space, everything the task's kernel stack held is
 * poison. A byte of a stack object that still holds the poison when the
 * object is copied to user space was never written during this system
 * call: an uninitialised variable or field, or padding. The hook in
 * instrument_copy_to_user() looks for it in every copy whose source lies
 * on the current task's stack.
 *
 * The detector decides by value, so the poison must be a value that data
 * does not hold: with the detector built in, it is chosen at boot, and user
 * space cannot aim data at it. Random data still matches by chance; the
 * rule in poison_bytes() makes that negligible.
 */

#define pr_fmt(fmt) "stackleak: " fmt

#include <linux/bitops.h>
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/random.h>
#include <linux/ratelimit.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/stackleak.h>
#include <linux/stackleak-checks.h>
#include <linux/sysctl.h>

int stackleak_leak_mode __read_mostly = STACKLEAK_LEAK_REPORT;

/* Until stackleak_poison_init() runs: no task has returned to user space. */
unsigned long stackleak_poison __ro_after_init = STACKLEAK_POISON;
EXPORT_SYMBOL(stackleak_poison);

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

/*
 * The bytes of an aligned stack word that were never written, as a mask of
 * byte positions, judged by the rule below. Data matches a random poison
 * only by chance, and each accepted shape has a chance of at most 2^-48 for
 * a random word, about 2^-45 for all: 8 GiB of random data copied from the
 * stack (2^30 words) makes a false report with odds of 1 in 40,000.
 *
 * - The whole word is poison.
 * - 6 or 7 poison bytes at one end: padding beside a u8 or u16, or such a
 *   field never written beside one that was.
 * - 4 or 5 poison bytes at one end, if the other bytes hold a value below
 *   2^16: padding beside a u32 holding a small number (flags, a count), as
 *   in the CVE-2009-2847 sigaltstack leak. Any 4 bytes would match random
 *   data with a chance of 2^-32: such a hole beside a larger value is not
 *   reported.
 */
static unsigned int poison_bytes(unsigned long word, unsigned long poison)
{
	unsigned long diff = word ^ poison, rest;
	unsigned int top, bottom, run, mask;

	if (!diff)
		return GENMASK(sizeof(long) - 1, 0);
	/* Poison bytes in a row from the most and the least significant end. */
	top = (BITS_PER_LONG - 1 - __fls(diff)) / 8;
	bottom = __ffs(diff) / 8;
	run = max(top, bottom);
	if (run < 4)
		return 0;
	if (top >= bottom) {
		mask = GENMASK(sizeof(long) - 1, sizeof(long) - top);
		rest = word & GENMASK(8 * (sizeof(long) - top) - 1, 0);
	} else {
		mask = GENMASK(bottom - 1, 0);
		rest = word >> (8 * bottom);
	}
	return run >= 6 || rest < BIT(16) ? mask : 0;
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
 * zeros instead. Written bytes are changed only where they match the
 * secret poison by the chance poison_bytes() describes.
 */
void stackleak_check_copy_to_user(const void *from, unsigned long n,
				  unsigned long caller)
{
	unsigned long start = (unsigned long)from, first = 0, count = 0;
	unsigned long stack = (unsigned long)task_stack_page(current);
	int mode = READ_ONCE(stackleak_leak_mode);
	unsigned long poison = stackleak_poison_value();
	unsigned long end, w;

	if (mode == STACKLEAK_LEAK_OFF || !n || start - stack >= THREAD_SIZE)
		return;
	end = start + min(n, stack + THREAD_SIZE - start);

	for (w = ALIGN_DOWN(start, sizeof(long)); w < end; w += sizeof(long)) {
		/* The whole word, also bytes outside the object: not a KASAN report. */
		unsigned long word = READ_ONCE_NOCHECK(*(unsigned long *)w);
		unsigned long diff = word ^ poison;
		unsigned int lo, hi, hits, i;

		/* Most words: neither end byte is the poison's. */
		if ((diff >> (BITS_PER_LONG - 8)) && (diff & 0xff))
			continue;
		lo = max(start, w) - w;
		hi = min(end, w + sizeof(long)) - w;
		hits = poison_bytes(word, poison) & GENMASK(hi - 1, lo);
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

static bool __init has_zero_byte(unsigned long v)
{
	return (v - REPEAT_BYTE(0x01)) & ~v & REPEAT_BYTE(0x80);
}

/*
 * Choose the poison before user space runs: random, so user space cannot
 * aim data at it, and a non-canonical address with 4- and 5-level paging
 * (bits 63 to 56 not all equal), so a pointer read from erased stack
 * still faults. No byte is zero, so the whole poison passes where a
 * string goes (a test names a thread with it).
 */
static int __init stackleak_poison_init(void)
{
	unsigned long poison;

	do {
		poison = get_random_long();
	} while (!(poison >> 56) || (poison >> 56) == 0xff ||
		 has_zero_byte(poison));
	stackleak_poison = poison;
	return 0;
}
early_initcall(stackleak_poison_init);

/* For tests run by root: what a leak of this boot's poison looks like. */
static int stackleak_poison_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%016lx\n", stackleak_poison);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stackleak_poison);

static int __init stackleak_leak_init(void)
{
	struct dentry *dir = debugfs_create_dir("stackleak", NULL);

	debugfs_create_file("leaks", 0400, dir, NULL, &stackleak_leaks_fops);
	debugfs_create_file("poison", 0400, dir, NULL, &stackleak_poison_fops);
	register_sysctl_init("kernel", stackleak_leak_sysctls);
	return 0;
}
late_initcall(stackleak_leak_init);
