// SPDX-License-Identifier: GPL-2.0
/*
 * stackleak-plant: does a secret that one system call left on the kernel
 * stack come out of an uninitialised buffer of the next one?
 *
 * Usage: stackleak-plant SHAPE ENTRY ROUNDS
 *
 * Each round writes SECRET to test_stackleak/secret_SHAPE (lib/test_stackleak.c:
 * "chain", 32 small frames nobody tracks; "leaf", the bottom 16 words of a leaf
 * function's 328-byte frame) with one raw write() that enters and leaves the
 * kernel by ENTRY, then reads 256 bytes of test_stackleak/leak_deep, an
 * uninitialised buffer in the middle of that stack, with pread(). ENTRY:
 *   64-bit build: syscall (SYSCALL, SYSRET exit), int80 (int $0x80 from
 *                 64-bit code: an i386 syscall, IRET exit)
 *   32-bit build: int80, syscall, sysenter (the compat entries; on a 32-bit
 *                 kernel the native ones)
 *   x32 build:    x32 (SYSCALL with the x32 bit)
 *   arm64 and its AArch32 build, 32-bit arm, s390x: svc; riscv64: ecall
 *                 (rawsys.h's RAW_ENTRY)
 * Prints "plant SHAPE ENTRY: rounds=N leaked=K bytes=B max=M poison=P":
 * K rounds in which secret bytes came out, B of them in all, at most M in
 * one round, P poison words seen. Exit 0; 3 with "unavailable ENTRY: why"
 * when the CPU or kernel cannot take ENTRY; 1 on an error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rawsys.h"
#include "poison.h"

#define D "/sys/kernel/debug/test_stackleak/"
#define LEAK_BYTES 256
/* Four distinct words, none of them poison, zero or a kernel address. */
static const char secret[32] = "S3cr3t#1S3cr3t#2S3cr3t#3S3cr3t#4";

/* One kernel entry by the chosen instruction; the result as the kernel returned it. */
static long planted_write(const char *entry, int fd)
{
#ifdef __x86_64__
#ifndef __ILP32__
	if (!strcmp(entry, "int80"))
		return int80(4 /* i386 write */, fd, (long)secret, sizeof(secret), 0, 0);
#endif
	return sys(SYS_write, fd, (long)secret, sizeof(secret), 0);
#else
	(void)entry;
	return sys(SYS_write, fd, (long)secret, sizeof(secret), 0);
#endif
}

/* Which entries this build can use; sets up the 32-bit stubs. 0 if usable. */
static int pick_entry(const char *entry)
{
#if defined(__x86_64__) && defined(__ILP32__)
	if (strcmp(entry, "x32"))
		return -1;
#elif defined(__x86_64__)
	if (strcmp(entry, "syscall") && strcmp(entry, "int80"))
		return -1;
#elif !defined(__i386__)
	/* arm64, arm, riscv64, s390x: one entry instruction. */
	if (strcmp(entry, RAW_ENTRY))
		return -1;
#else
	if (!strcmp(entry, "int80"))
		return 0;
	if (!strcmp(entry, "syscall")) {
		/* Only where the kernel set up 32-bit SYSCALL: see exitpath.c. */
		if (strcmp(vsyscall_insn(), "syscall")) {
			printf("unavailable %s: no 32-bit SYSCALL on this CPU vendor (vDSO uses %s)\n",
			       entry, vsyscall_insn());
			return 3;
		}
		entry_insn = ENTRY_SYSCALL;
	} else if (!strcmp(entry, "sysenter")) {
		entry_insn = ENTRY_SYSENTER;
	} else {
		return -1;
	}
	if (!entry_works(entry_insn)) {
		printf("unavailable %s: it faults in compat mode on this CPU\n", entry);
		entry_insn = ENTRY_INT80;
		return 3;
	}
#endif
	return 0;
}

/* Bytes of buf that lie in a copy of one of the secret's words. */
static int secret_bytes(const unsigned char *buf, size_t n)
{
	unsigned char seen[LEAK_BYTES] = { 0 };
	size_t i, w;
	int count = 0;

	for (i = 0; i + 8 <= n; i++)
		for (w = 0; w < sizeof(secret); w += 8)
			if (!memcmp(buf + i, secret + w, 8))
				memset(seen + i, 1, 8);
	for (i = 0; i < n; i++)
		count += seen[i];
	return count;
}

int main(int argc, char **argv)
{
	unsigned char buf[LEAK_BYTES];
	int rounds, r, wfd, rfd, rc, leaked = 0, bytes = 0, max = 0, pois = 0;
	unsigned char poison[8];
	size_t pw;
	char path[128];
	long ret;

	if (argc != 4 || (strcmp(argv[1], "chain") && strcmp(argv[1], "leaf")) ||
	    (rounds = atoi(argv[3])) <= 0) {
		fprintf(stderr, "usage: %s chain|leaf ENTRY ROUNDS\n", argv[0]);
		return 1;
	}
	rc = pick_entry(argv[2]);
	if (rc < 0) {
		fprintf(stderr, "%s: entry %s is not one of this build's\n", argv[0], argv[2]);
		return 1;
	}
	if (rc)
		return rc;
	pw = load_poison(poison);
	snprintf(path, sizeof(path), D "secret_%s", argv[1]);
	wfd = open(path, O_WRONLY);
	rfd = open(D "leak_deep", O_RDONLY);
	if (wfd < 0 || rfd < 0) {
		printf("error: open %s, " D "leak_deep: %s\n", path, strerror(errno));
		return 1;
	}
	for (r = 0; r < rounds; r++) {
		int n;
		ssize_t got;
		size_t i;

		/* The write, then at once the read: no other kernel entry between. */
		ret = planted_write(argv[2], wfd);
		got = pread(rfd, buf, sizeof(buf), 0);
		if (ret == -ENOSYS && !strcmp(argv[2], "x32")) {
			printf("unavailable x32: the kernel has no x32 ABI (CONFIG_X86_X32_ABI)\n");
			return 3;
		}
		if (ret != (long)sizeof(secret) || got != (ssize_t)sizeof(buf)) {
			printf("error: round %d: write returned %ld, read %zd (%s)\n", r, ret,
			       got, strerror(errno));
			return 1;
		}
		n = secret_bytes(buf, sizeof(buf));
		leaked += n > 0;
		bytes += n;
		if (n > max)
			max = n;
		for (i = 0; i + pw <= sizeof(buf); i += pw)
			pois += !memcmp(buf + i, poison, pw);
	}
	printf("plant %s %s: rounds=%d leaked=%d bytes=%d max=%d poison=%d\n", argv[1],
	       argv[2], rounds, leaked, bytes, max, pois);
	return 0;
}
