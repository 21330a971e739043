// SPDX-License-Identifier: GPL-2.0
/*
 * Read /proc/<pid>/stack_depth around known syscalls. Prints
 * "getppid <depth>" and "stat <depth>": the previous-syscall depth right
 * after each, read with one pread(); the median of ROUNDS tries. A try is
 * lost when an interrupt returns to user space between the syscall and the
 * pread(): that return's erase records its own, shallower depth (seen on
 * i386). RANDOMIZE_KSTACK_OFFSET moves each syscall's frames down by up to
 * 1 KiB, the same spread for both: their medians keep stat's deeper frames
 * apart from getppid's.
 * With "other PID" it drops to uid/gid 65534 first and prints the errno
 * name of opening PID's file (OK when it opens).
 * With "off" (root) it turns kernel.stack_erasing off, makes ROUNDS stat()
 * and getppid() calls, reading both lines of its stack_depth after each,
 * and turns erasing back on. Prints "off PREV0 PREV1 CUR0 CUR1 CHANGED
 * SHRANK": the previous depth at the first and last read, the current depth
 * at the first and last read, and how many reads saw the previous depth
 * change or the current one get smaller.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define ROUNDS 31

static long previous_depth(int fd)
{
	char buf[128];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	long depth;

	if (n <= 0)
		return -1;
	buf[n] = 0;
	if (sscanf(buf, "previous stack depth: %ld", &depth) != 1)
		return -1;
	return depth;
}

/* Both lines: the depth before the last erase and the depth since. */
static int both_depths(int fd, long *prev, long *cur)
{
	char buf[128];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return -1;
	buf[n] = 0;
	return sscanf(buf, "previous stack depth: %ld\nstack depth: %ld", prev, cur) == 2 ? 0 : -1;
}

static int set_erasing(const char *v)
{
	int fd = open("/proc/sys/kernel/stack_erasing", O_WRONLY);
	int ok = fd >= 0 && write(fd, v, 1) == 1;

	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

/*
 * Erasing off, nothing resets the mark: the previous depth stays as the
 * last erase left it, the current one only grows.
 */
static int erasing_off(int fd)
{
	long prev0, cur0, prev, cur, last;
	int i, changed = 0, shrank = 0;
	struct stat st;

	if (set_erasing("0"))
		return perror("stack_erasing=0"), 2;
	if (both_depths(fd, &prev0, &cur0))
		return perror("stack_depth"), 2;
	last = cur0;
	prev = prev0;
	for (i = 0; i < ROUNDS; i++) {
		stat("/proc/self/status", &st);
		getppid();
		if (both_depths(fd, &prev, &cur))
			return perror("stack_depth"), 2;
		changed += prev != prev0;
		shrank += cur < last;
		last = cur;
	}
	if (set_erasing("1"))
		return perror("stack_erasing=1"), 2;
	printf("off %ld %ld %ld %ld %d %d\n", prev0, prev, cur0, last, changed, shrank);
	return 0;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	long depth[2][ROUNDS];
	struct stat st;
	char path[64];
	int fd, i;

	if (argc == 3 && !strcmp(argv[1], "other")) {
		if (setgid(65534) || setuid(65534))
			return perror("setuid"), 2;
		prctl(PR_SET_DUMPABLE, 1);
		snprintf(path, sizeof(path), "/proc/%s/stack_depth", argv[2]);
		fd = open(path, O_RDONLY);
		printf("other %s\n", fd >= 0 ? "OK" : strerror(errno));
		fd = open("/proc/self/stack_depth", O_RDONLY);
		printf("self %s\n", fd >= 0 && previous_depth(fd) > 0 ? "OK" : strerror(errno));
		return 0;
	}

	fd = open("/proc/self/stack_depth", O_RDONLY);
	if (fd < 0)
		return perror("/proc/self/stack_depth"), 2;
	if (argc == 2 && !strcmp(argv[1], "off"))
		return erasing_off(fd);
	for (i = 0; i < ROUNDS; i++) {
		getppid();
		depth[0][i] = previous_depth(fd);
		stat("/proc/self/status", &st);
		depth[1][i] = previous_depth(fd);
	}
	qsort(depth[0], ROUNDS, sizeof(long), cmp_long);
	qsort(depth[1], ROUNDS, sizeof(long), cmp_long);
	printf("getppid %ld\nstat %ld\n", depth[0][ROUNDS / 2], depth[1][ROUNDS / 2]);
	return 0;
}
