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
 *   secret_chain  write: the data stays behind in a chain of small frames
 *           that no compiler tracks, right below the handler
 *   secret_leaf  write: the data stays behind in the bottom words of a
 *           leaf function's 328-byte frame, below an unwritten gap
 *   leak_deep  read: an uninitialised buffer in the middle of either
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
/*
 * The chain: frames of a few words each (below any tracking threshold),
 * TEST_STACKLEAK_CHAIN_DEPTH of them, about 2 KiB of stack in all. The
 * deep reader keeps TEST_STACKLEAK_DEEP_SPACER bytes above its buffer, so
 * the buffer lies in the chain's middle, also when the random kstack
 * offsets of the two system calls differ (by at most 1 KiB).
 */
#define TEST_STACKLEAK_CHAIN_WORDS	4
#define TEST_STACKLEAK_CHAIN_DEPTH	32
#define TEST_STACKLEAK_DEEP_SPACER	768
/*
 * The leaf's frame, in words, and how many of them (the bottom) it writes:
 * 328 bytes with its return address, close to the largest frame Clang
 * leaves untracked in a minimal x86-64 kernel (336 bytes), so that its own
 * frame does not set the erase's leaf fill. The unwritten 24 words above
 * are longer than the erase's search run. It runs below a gap that puts
 * the written words in the middle of leak_deep's buffer.
 */
#define TEST_STACKLEAK_LEAF_WORDS	40
#define TEST_STACKLEAK_LEAF_WRITTEN	16
#define TEST_STACKLEAK_LEAF_GAP		640

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

/* What secret_chain and secret_leaf plant: the written data, repeated. */
static u64 test_stackleak_planted[TEST_STACKLEAK_CHAIN_WORDS];

/* A small frame per level: no compiler tracks it, the erase must find it. */
static noinline void chain_store(unsigned int level)
{
	u64 words[TEST_STACKLEAK_CHAIN_WORDS];
	unsigned int i;

	for (i = 0; i < TEST_STACKLEAK_CHAIN_WORDS; i++)
		WRITE_ONCE(words[i], test_stackleak_planted[i]);
	if (level)
		chain_store(level - 1);
	/* After the call: no tail call, every level keeps its frame. */
	barrier_data(words);
}

/*
 * A leaf function: no call at all, not even an inline asm, so Clang's
 * stack depth instrumentation leaves it out whatever its frame (the GCC
 * plugin tracks it). Its frame's unwritten top is a poison hole right
 * above the secret. Volatile stores: no memset() or memcpy() call either.
 */
static noinline void leaf_store(void)
{
	u64 frame[TEST_STACKLEAK_LEAF_WORDS] __uninitialized;
	unsigned int i;

	for (i = 0; i < TEST_STACKLEAK_LEAF_WRITTEN; i++)
		WRITE_ONCE(frame[i], test_stackleak_planted[i % TEST_STACKLEAK_CHAIN_WORDS]);
}

/*
 * leaf_store() below TEST_STACKLEAK_LEAF_GAP bytes that nothing writes, in
 * a frame large enough for both compilers to track.
 */
static noinline void leaf_store_deep(void)
{
	u8 gap[TEST_STACKLEAK_LEAF_GAP] __uninitialized;

	leaf_store();
	/* After the call: no tail call, which would drop the gap. */
	barrier_data(gap);
}

/* Uninitialised also where the compiler would zero it (INIT_STACK_ALL_ZERO). */
static noinline ssize_t leak_deep_copy(char __user *buf, size_t count)
{
	struct {
		char leak[TEST_STACKLEAK_LEAK];
		u8 spacer[TEST_STACKLEAK_DEEP_SPACER];
	} s __uninitialized;
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

/* Take the data to plant from user space, repeated to fill the words. */
static int planted_set(const char __user *buf, size_t count)
{
	u8 *dst = (u8 *)test_stackleak_planted;
	size_t len = min(count, sizeof(test_stackleak_planted)), i;

	if (copy_from_user(dst, buf, len))
		return -EFAULT;
	for (i = len; i < sizeof(test_stackleak_planted); i++)
		dst[i] = dst[i % len];
	return 0;
}

static ssize_t secret_chain_write(struct file *file, const char __user *buf,
				  size_t count, loff_t *ppos)
{
	if (!count)
		return 0;
	if (planted_set(buf, count))
		return -EFAULT;
	chain_store(TEST_STACKLEAK_CHAIN_DEPTH - 1);
	return count;
}

static ssize_t secret_leaf_write(struct file *file, const char __user *buf,
				 size_t count, loff_t *ppos)
{
	if (!count)
		return 0;
	if (planted_set(buf, count))
		return -EFAULT;
	leaf_store_deep();
	return count;
}

static ssize_t leak_deep_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	ssize_t ret;

	if (*ppos)
		return 0;
	ret = leak_deep_copy(buf, count);
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

static const struct file_operations secret_chain_fops = {
	.write	= secret_chain_write,
	.llseek	= noop_llseek,
};

static const struct file_operations secret_leaf_fops = {
	.write	= secret_leaf_write,
	.llseek	= noop_llseek,
};

static const struct file_operations leak_deep_fops = {
	.read	= leak_deep_read,
	.llseek	= default_llseek,
};

static struct dentry *test_stackleak_dir;

static int __init test_stackleak_init(void)
{
	test_stackleak_dir = debugfs_create_dir("test_stackleak", NULL);
	debugfs_create_file("record", 0400, test_stackleak_dir, NULL, &record_fops);
	debugfs_create_file("secret", 0200, test_stackleak_dir, NULL, &secret_fops);
	debugfs_create_file("leak", 0400, test_stackleak_dir, NULL, &leak_fops);
	debugfs_create_file("secret_chain", 0200, test_stackleak_dir, NULL,
			    &secret_chain_fops);
	debugfs_create_file("secret_leaf", 0200, test_stackleak_dir, NULL,
			    &secret_leaf_fops);
	debugfs_create_file("leak_deep", 0400, test_stackleak_dir, NULL,
			    &leak_deep_fops);
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
