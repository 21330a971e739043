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
