// SPDX-License-Identifier: GPL-2.0
/*
 * Read /proc/<pid>/stack_depth around known syscalls. Prints
 * "getppid <depth>" and "stat <depth>": the previous-syscall depth right
 * after each, read with one pread() so nothing else runs in between; the
 * least of ROUNDS tries, since RANDOMIZE_KSTACK_OFFSET moves each
 * syscall's frames down by up to 1 KiB (the least of 16 is within 640
 * bytes of the unmoved depth but for a chance of 0.375^16).
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

#define ROUNDS 16

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

int main(int argc, char **argv)
{
	long depth, least[2];
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
		depth = previous_depth(fd);
		if (!i || depth < least[0])
			least[0] = depth;
		stat("/proc/self/status", &st);
		depth = previous_depth(fd);
		if (!i || depth < least[1])
			least[1] = depth;
	}
	printf("getppid %ld\nstat %ld\n", least[0], least[1]);
	return 0;
}
