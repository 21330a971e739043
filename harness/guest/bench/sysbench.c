// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall microbenchmarks for the guest side of `make bench`.
 *
 *   sysbench OP N     run OP N times after a warm-up of N/10, print ns per OP
 *   sysbench onoff OP N  the same with kernel.stack_erasing on and off in
 *                     turns: CHUNKS runs of N/CHUNKS, on off off on on off
 *                     ..., the sysctl written between the timed runs;
 *                     print ns per OP with erasing on, then off. Slow drift
 *                     (an allocator whose free lists change over a long
 *                     run) lands in both modes alike
 *   sysbench depth OP print the stack depth (bytes) of OP's syscall, read
 *                     from /proc/self/stack_depth right after it (median
 *                     of 31 tries)
 *   sysbench capture N OP...  run each OP N times between two marker
 *                     syscalls, write(-1, NULL, CAPTURE_MARK + index of
 *                     the OP) before and write(-1, NULL, CAPTURE_OP_END)
 *                     after, then write(-1, NULL, CAPTURE_END):
 *                     harness/bench/capture-gdb.py, stopped at every
 *                     erase, tells the operations' exits apart by them
 *
 * OP: getppid, stat (/proc/self), read4k (from /dev/zero), openclose
 * (/dev/null), pipe (1-byte ping-pong with a child: one round trip),
 * fork (fork + child _exit + waitpid).
 *
 * Under QEMU's -icount shift=0 guest time advances 1 ns per guest
 * instruction, so the result is then instructions per OP.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int zero_fd = -1;
static int ping[2], pong[2];

static void __attribute__((noreturn)) die(const char *what)
{
	fprintf(stderr, "sysbench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Not libc's getppid(): always one real syscall. */
static void op_getppid(void)
{
	syscall(SYS_getppid);
}

static void op_stat(void)
{
	struct stat st;

	if (stat("/proc/self", &st))
		die("stat /proc/self");
}

static void op_read4k(void)
{
	static char buf[4096];

	if (read(zero_fd, buf, sizeof(buf)) != sizeof(buf))
		die("read /dev/zero");
}

static void op_openclose(void)
{
	int fd = open("/dev/null", O_RDONLY);

	if (fd < 0)
		die("open /dev/null");
	close(fd);
}

static void op_pipe(void)
{
	char c = 0;

	if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
		die("pipe round trip");
}

static void op_fork(void)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (!pid)
		_exit(0);
	if (waitpid(pid, NULL, 0) != pid)
		die("waitpid");
}

/* The other end of op_pipe(): echo each byte back until the parent closes ping. */
static void start_echo(void)
{
	char c;

	if (pipe(ping) || pipe(pong))
		die("pipe");
	switch (fork()) {
	case -1:
		die("fork");
	case 0:
		close(ping[1]);
		close(pong[0]);
		while (read(ping[0], &c, 1) == 1)
			if (write(pong[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	close(ping[0]);
	close(pong[1]);
}

static void stop_echo(void)
{
	close(ping[1]);
	wait(NULL);
}

static const struct {
	const char *name;
	void (*fn)(void);
} ops[] = {
	{ "getppid", op_getppid },
	{ "stat", op_stat },
	{ "read4k", op_read4k },
	{ "openclose", op_openclose },
	{ "pipe", op_pipe },
	{ "fork", op_fork },
};

/* The function of the op called NAME, NULL if there is none. */
static void (*find_op(const char *name))(void)
{
	size_t k;

	for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
		if (!strcmp(name, ops[k].name))
			return ops[k].fn;
	return NULL;
}

static long read_depth(int fd)
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

/*
 * The file shows the depth of the syscall before the pread() that reads it,
 * so read it right after the syscall of interest.
 */
static long depth_once(const char *name, int fd)
{
	struct stat st;
	char buf[4096];
	long open_depth, close_depth;
	int f;

	if (!strcmp(name, "getppid")) {
		syscall(SYS_getppid);
	} else if (!strcmp(name, "stat")) {
		stat("/proc/self", &st);
	} else if (!strcmp(name, "read4k")) {
		if (read(zero_fd, buf, sizeof(buf)) != sizeof(buf))
			die("read /dev/zero");
	} else if (!strcmp(name, "openclose")) {
		/* Two syscalls: report the deeper one. */
		f = open("/dev/null", O_RDONLY);
		open_depth = read_depth(fd);
		close(f);
		close_depth = read_depth(fd);
		return open_depth > close_depth ? open_depth : close_depth;
	} else {
		fprintf(stderr, "sysbench: no depth for %s\n", name);
		exit(2);
	}
	return read_depth(fd);
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/*
 * Median of DEPTH_TRIES tries: with RANDOMIZE_KSTACK_OFFSET each try starts
 * at another depth, and an interrupt during one only makes that one deeper.
 */
#define DEPTH_TRIES 31
static long depth_of(const char *name)
{
	int fd = open("/proc/self/stack_depth", O_RDONLY);
	long d[DEPTH_TRIES];
	int i;

	if (fd < 0)
		die("/proc/self/stack_depth");
	for (i = 0; i < DEPTH_TRIES; i++) {
		d[i] = depth_once(name, fd);
		if (d[i] < 0) {
			fprintf(stderr, "sysbench: cannot parse /proc/self/stack_depth\n");
			exit(1);
		}
	}
	qsort(d, DEPTH_TRIES, sizeof(d[0]), cmp_long);
	return d[DEPTH_TRIES / 2];
}

#define CAPTURE_MARK 0x5eed0000L
#define CAPTURE_OP_END (CAPTURE_MARK + 0xfffe)
#define CAPTURE_END (CAPTURE_MARK + 0xffff)

/* One write() that fails at once (EBADF): its registers say which OP follows. */
static void capture_mark(long what)
{
	syscall(SYS_write, -1, NULL, what);
}

static int capture(long n, int nops, char **names)
{
	void (*fn)(void);
	long i;
	int k;

	for (k = 0; k < nops; k++) {
		fn = find_op(names[k]);
		if (!fn) {
			fprintf(stderr, "sysbench: unknown op %s\n", names[k]);
			return 2;
		}
		if (fn == op_pipe)
			start_echo();
		fn();
		capture_mark(CAPTURE_MARK + k);
		for (i = 0; i < n; i++)
			fn();
		capture_mark(CAPTURE_OP_END);
		if (fn == op_pipe)
			stop_echo();
	}
	capture_mark(CAPTURE_END);
	return 0;
}

#define CHUNKS 20

static void set_erasing(bool on)
{
	int fd = open("/proc/sys/kernel/stack_erasing", O_WRONLY);

	if (fd < 0 || write(fd, on ? "1\n" : "0\n", 2) != 2)
		die("write /proc/sys/kernel/stack_erasing");
	close(fd);
}

/* Run FN N times, CHUNKS runs alternating erasing on and off; ns per FN in each mode. */
static void onoff(void (*fn)(void), long n, double *on_ns, double *off_ns)
{
	unsigned long long t[2] = { 0, 0 }, t0;
	long runs[2] = { 0, 0 }, i;
	int c;

	for (i = 0; i < n / 10; i++)
		fn();
	for (c = 0; c < CHUNKS; c++) {
		/* on off off on on off ...: a linear drift adds the same to both. */
		bool on = ((c + 1) / 2) % 2 == 0;

		set_erasing(on);
		t0 = now_ns();
		for (i = 0; i < n / CHUNKS; i++)
			fn();
		t[on] += now_ns() - t0;
		runs[on] += n / CHUNKS;
	}
	set_erasing(true);
	*on_ns = (double)t[1] / runs[1];
	*off_ns = (double)t[0] / runs[0];
}

int main(int argc, char **argv)
{
	unsigned long long t0, t1;
	bool capturing = argc >= 4 && !strcmp(argv[1], "capture");
	void (*fn)(void);
	long i, n;

	bool both = argc == 4 && !strcmp(argv[1], "onoff");
	double on_ns, off_ns;

	if (argc != 3 && !capturing && !both) {
		fprintf(stderr, "usage: sysbench OP N | sysbench onoff OP N | sysbench depth OP | sysbench capture N OP...\n");
		return 2;
	}
	zero_fd = open("/dev/zero", O_RDONLY);
	if (zero_fd < 0)
		die("/dev/zero");
	if (capturing)
		return capture(atol(argv[2]), argc - 3, argv + 3);
	if (!strcmp(argv[1], "depth")) {
		printf("%ld\n", depth_of(argv[2]));
		return 0;
	}
	fn = find_op(argv[1 + both]);
	n = atol(argv[2 + both]);
	if (!fn || n < (both ? CHUNKS : 1)) {
		fprintf(stderr, "sysbench: unknown op %s or bad N %s\n", argv[1 + both], argv[2 + both]);
		return 2;
	}
	if (fn == op_pipe)
		start_echo();
	if (both) {
		onoff(fn, n, &on_ns, &off_ns);
		if (fn == op_pipe)
			stop_echo();
		printf("%.1f %.1f\n", on_ns, off_ns);
		return 0;
	}
	for (i = 0; i < n / 10; i++)
		fn();
	t0 = now_ns();
	for (i = 0; i < n; i++)
		fn();
	t1 = now_ns();
	if (fn == op_pipe)
		stop_echo();
	printf("%.1f\n", (double)(t1 - t0) / n);
	return 0;
}
