// SPDX-License-Identifier: GPL-2.0
/*
 * Planted kernel stack leaks: test cases for the STACKLEAK leak detector
 * (CONFIG_STACKLEAK_LEAK_CHECK) and a demonstration of what STACKLEAK's
 * erase does to such a leak. Never build this into a production kernel:
 * its debugfs files (root only) hand kernel stack contents to the reader.
 *
 * /sys/kernel/debug/test_stackleak/
 *   record  read: a 32-byte struct with padding and a field never written
 *   secret  write: the data stays behind in a dead stack buffer
 *   leak    read: an uninitialised buffer, at the depth "secret" used
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/compiler.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/uaccess.h>

/*
 * The buffers live this far below the handlers' frames: below the stack
 * the read and write paths used before calling the handlers in this
 * system call, so they hold what earlier system calls left there, or the
 * poison of STACKLEAK's last erase.
 */
#define TEST_STACKLEAK_GAP	512
/*
 * With the STACKLEAK plugin, below_gap() calls the depth tracker right
 * after its alloca(): the call leaves a few words just below the gap,
 * where the next frame starts. The buffers that show old stack contents
 * keep this much above them unused.
 */
#define TEST_STACKLEAK_SPACER	64
#define TEST_STACKLEAK_SECRET	1024
#define TEST_STACKLEAK_LEAK	256

struct test_stackleak_record {
	u32 id;
	/* 4 bytes of padding */
	u64 cookie;
	u64 reserved;	/* the planted bug: never written */
	u16 flags;
	/* 6 bytes of padding */
};

typedef ssize_t (*test_stackleak_fn)(char __user *buf, size_t count);

/* Call @fn with TEST_STACKLEAK_GAP bytes of unwritten stack above it. */
static noinline ssize_t below_gap(test_stackleak_fn fn, char __user *buf,
				  size_t count)
{
	void *gap = __builtin_alloca(TEST_STACKLEAK_GAP);

	OPTIMIZER_HIDE_VAR(gap);
	return fn(buf, count);
}

static noinline ssize_t record_copy(char __user *buf, size_t count)
{
	struct {
		struct test_stackleak_record r;	/* the lower addresses */
		u8 spacer[TEST_STACKLEAK_SPACER];
	} s;

	s.r.id = 1;
	s.r.cookie = 0x0123456789abcdefULL;
	s.r.flags = 0x5a5a;
	if (copy_to_user(buf, &s.r, sizeof(s.r)))
		return -EFAULT;
	return sizeof(s.r);
}

static noinline ssize_t secret_store(char __user *buf, size_t count)
{
	char secret[TEST_STACKLEAK_SECRET];
	size_t len = min(count, sizeof(secret)), i;

	if (copy_from_user(secret, buf, len))
		return -EFAULT;
	/* Repeat it over the whole buffer: a later read at about this depth lands in it. */
	for (i = len; i < sizeof(secret); i++)
		secret[i] = secret[i % len];
	/* Dead from here on: keep the compiler from dropping the stores. */
	barrier_data(secret);
	return count;
}

static noinline ssize_t leak_copy(char __user *buf, size_t count)
{
	struct {
		char leak[TEST_STACKLEAK_LEAK];
		u8 spacer[TEST_STACKLEAK_SPACER];
	} s;
	size_t len = min(count, sizeof(s.leak));

	if (copy_to_user(buf, s.leak, len))
		return -EFAULT;
	return len;
}

static ssize_t record_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	ssize_t ret;

	if (*ppos)
		return 0;
	if (count < sizeof(struct test_stackleak_record))
		return -EINVAL;
	ret = below_gap(record_copy, buf, count);
	if (ret > 0)
		*ppos += ret;
	return ret;
}

static ssize_t secret_write(struct file *file, const char __user *buf,
			    size_t count, loff_t *ppos)
{
	if (!count)
		return 0;
	return below_gap(secret_store, (char __user *)buf, count);
}

static ssize_t leak_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	ssize_t ret;

	if (*ppos)
		return 0;
	ret = below_gap(leak_copy, buf, count);
	if (ret > 0)
		*ppos += ret;
	return ret;
}

static const struct file_operations record_fops = {
	.read	= record_read,
	.llseek	= default_llseek,
};

static const struct file_operations secret_fops = {
	.write	= secret_write,
	.llseek	= noop_llseek,
};

static const struct file_operations leak_fops = {
	.read	= leak_read,
	.llseek	= default_llseek,
};

static struct dentry *test_stackleak_dir;

static int __init test_stackleak_init(void)
{
	test_stackleak_dir = debugfs_create_dir("test_stackleak", NULL);
	debugfs_create_file("record", 0400, test_stackleak_dir, NULL, &record_fops);
	debugfs_create_file("secret", 0200, test_stackleak_dir, NULL, &secret_fops);
	debugfs_create_file("leak", 0400, test_stackleak_dir, NULL, &leak_fops);
	pr_warn("planted stack leaks in debugfs test_stackleak/: for testing only\n");
	return 0;
}

static void __exit test_stackleak_exit(void)
{
	debugfs_remove_recursive(test_stackleak_dir);
}

module_init(test_stackleak_init);
module_exit(test_stackleak_exit);
MODULE_DESCRIPTION("Planted kernel stack leaks for the STACKLEAK leak detector");
MODULE_LICENSE("GPL");
