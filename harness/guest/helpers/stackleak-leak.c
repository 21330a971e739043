// SPDX-License-Identifier: GPL-2.0
/*
 * Trigger the planted stack leaks (test_stackleak) and the reintroduced
 * CVE-2009-2847, and print what reached user space, in hex:
 *
 *   stackleak-leak record   "pad1=HEX reserved=HEX pad2=HEX" of the
 *                           test_stackleak record: bytes 4-7, 16-23, 26-31
 *   stackleak-leak sigaltstack  "flags=N pad=HEX": sigaltstack(NULL, &old),
 *                           the 4 bytes of padding after old.ss_flags
 *   stackleak-leak sigaltstack-autodisarm  the same as uid 65534 after
 *                           setting an alternate stack with SS_AUTODISARM:
 *                           ss_flags then holds 2^31 beside the padding
 *   stackleak-leak sigaltstack-traced  the same in a child stopped by
 *                           PTRACE_SYSCALL at each syscall entry and exit:
 *                           the stop's entry work (ptrace_notify(),
 *                           schedule()) runs where the syscall's frame goes
 *   stackleak-leak demo S   write S to test_stackleak/secret, then read
 *                           test_stackleak/leak: "secret=N poison=N zero=N
 *                           other=N" (words of the 256 bytes that hold S,
 *                           the poison, zeros, anything else) and a dump of
 *                           them, 8 bytes a line
 * The poison is this boot's (poison.h).
 * Exit status 1 when a step fails (its errno is printed).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include "poison.h"

#define D "/sys/kernel/debug/test_stackleak/"

static void die(const char *what)
{
	printf("error: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void hex(const char *name, const unsigned char *p, size_t n)
{
	size_t i;

	printf("%s=", name);
	for (i = 0; i < n; i++)
		printf("%02x", p[i]);
}

static size_t read_file(const char *path, unsigned char *buf, size_t n)
{
	int fd = open(path, O_RDONLY);
	ssize_t got;

	if (fd < 0)
		die(path);
	got = read(fd, buf, n);
	if (got < 0)
		die(path);
	close(fd);
	return got;
}

static int record(void)
{
	unsigned char r[32];

	if (read_file(D "record", r, sizeof(r)) != sizeof(r)) {
		printf("error: short read of " D "record\n");
		return 1;
	}
	hex("pad1", r + 4, 4);
	hex(" reserved", r + 16, 8);
	hex(" pad2", r + 26, 6);
	printf("\n");
	return 0;
}

static int altstack(void)
{
	unsigned char old[24];

	/* The 64-bit stack_t: ss_sp, ss_flags, 4 bytes of padding, ss_size. */
	if (sizeof(stack_t) != sizeof(old)) {
		printf("error: stack_t has no padding here (%zu bytes)\n", sizeof(stack_t));
		return 1;
	}
	memset(old, 0x55, sizeof(old));
	if (sigaltstack(NULL, (stack_t *)old))
		die("sigaltstack");
	printf("flags=%d ", ((stack_t *)old)->ss_flags);
	hex("pad", old + 12, 4);
	printf("\n");
	return 0;
}

/* include/uapi/linux/signal.h; glibc 2.36 does not define it. */
#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)
#endif

static int altstack_autodisarm(void)
{
	static char area[1 << 16];
	stack_t ss = { .ss_sp = area, .ss_size = sizeof(area), .ss_flags = SS_AUTODISARM };

	if (setgid(65534) || setuid(65534))
		die("setuid 65534");
	if (sigaltstack(&ss, NULL))
		die("sigaltstack SS_AUTODISARM");
	return altstack();
}

static int altstack_traced(void)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL))
			die("PTRACE_TRACEME");
		raise(SIGSTOP);
		exit(altstack());
	}
	for (;;) {
		if (waitpid(pid, &status, 0) != pid)
			die("waitpid");
		if (WIFEXITED(status))
			return WEXITSTATUS(status);
		if (!WIFSTOPPED(status)) {
			printf("error: child ended with status %#x\n", status);
			return 1;
		}
		if (ptrace(PTRACE_SYSCALL, pid, NULL, NULL))
			die("PTRACE_SYSCALL");
	}
}

static int demo(const char *secret)
{
	unsigned char leak[256];
	unsigned char poison[8];
	char line[9];
	size_t n, i, j, s = strlen(secret);
	int words[4] = { 0 }; /* secret, poison, zero, other */
	int fd = open(D "secret", O_WRONLY), lfd = open(D "leak", O_RDONLY);
	ssize_t got;

	if (fd < 0 || lfd < 0)
		die("open " D "secret, leak");
	/* write() then read(): no other syscall of this task in between. */
	if (!s || write(fd, secret, s) != (ssize_t)s)
		die(D "secret");
	got = read(lfd, leak, sizeof(leak));
	if (got < 0)
		die(D "leak");
	n = got;
	close(fd);
	close(lfd);
	/* A 32-bit kernel's poison is 4 bytes: an 8-byte word of it holds two. */
	if (load_poison(poison) == 4)
		memcpy(poison + 4, poison, 4);
	for (i = 0; i + 8 <= n; i += 8) {
		const unsigned char *w = leak + i;
		int k = 3;

		if (!memcmp(w, poison, 8))
			k = 1;
		else if (!memcmp(w, "\0\0\0\0\0\0\0\0", 8))
			k = 2;
		/* 8 bytes in a row of the secret, repeated: it survived. */
		for (j = 0; j < s && k == 3; j++) {
			size_t b;

			for (b = 0; b < 8 && w[b] == (unsigned char)secret[(j + b) % s]; b++)
				;
			if (b == 8)
				k = 0;
		}
		words[k]++;
	}
	printf("secret=%d poison=%d zero=%d other=%d\n", words[0], words[1],
	       words[2], words[3]);
	/* 8 bytes a line, so dumps of several kernels fit side by side. */
	for (i = 0; i < n; i += 8) {
		for (j = 0; j < 8 && i + j < n; j++) {
			printf("%02x ", leak[i + j]);
			line[j] = leak[i + j] >= 32 && leak[i + j] < 127 ? leak[i + j] : '.';
		}
		line[j] = 0;
		printf("|%s|\n", line);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "record"))
		return record();
	if (argc == 2 && !strcmp(argv[1], "sigaltstack"))
		return altstack();
	if (argc == 2 && !strcmp(argv[1], "sigaltstack-autodisarm"))
		return altstack_autodisarm();
	if (argc == 2 && !strcmp(argv[1], "sigaltstack-traced"))
		return altstack_traced();
	if (argc == 3 && !strcmp(argv[1], "demo"))
		return demo(argv[2]);
	fprintf(stderr, "usage: %s record | sigaltstack | sigaltstack-autodisarm | sigaltstack-traced | demo SECRET\n", argv[0]);
	return 2;
}
