// SPDX-License-Identifier: GPL-2.0
/*
 * User-chosen bytes through stack buffers of the kernel and back, and random
 * data by the gigabyte, for the leak detector's false-report tests:
 *   stackleak-echo name HEX    as uid 65534: prctl(PR_SET_NAME) to the bytes
 *                              HEX (up to 15), then PR_GET_NAME
 *   stackleak-echo uname HEX   sethostname() to the bytes HEX (root), then, as
 *                              uid 65534, uname(): its nodename
 *   stackleak-echo adjtimex HEX  as uid 65534: adjtimex() with modes 0 (reads the
 *                              clock; glibc calls clock_adjtime()), HEX (8 bytes)
 *                              in the last word of the struct's padding, which
 *                              the kernel copies back
 *   stackleak-echo getrandom MIB   as uid 65534: MIB MiB from getrandom()
 *   stackleak-echo urandom MIB     as uid 65534: MIB MiB read from /dev/urandom
 * Prints "same" when the bytes came back unchanged, else "changed: HEX";
 * for getrandom and urandom "read N MiB". Exit 1 when a step fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/timex.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#define NOBODY 65534

static void die(const char *what)
{
	printf("error: %s: %s\n", what, strerror(errno));
	exit(1);
}

static size_t unhex(const char *hex, unsigned char *out, size_t max)
{
	size_t n = strlen(hex) / 2, i;

	if (strlen(hex) % 2 || n > max) {
		printf("error: HEX must be an even number of digits, at most %zu bytes\n", max);
		exit(1);
	}
	for (i = 0; i < n; i++)
		if (sscanf(hex + 2 * i, "%2hhx", &out[i]) != 1) {
			printf("error: bad hex digits at %zu\n", 2 * i);
			exit(1);
		}
	return n;
}

static void drop(void)
{
	if (setgid(NOBODY) || setuid(NOBODY))
		die("setuid 65534");
}

static void compare(const unsigned char *want, const unsigned char *got, size_t n)
{
	size_t i;

	if (!memcmp(want, got, n)) {
		printf("same\n");
		return;
	}
	printf("changed: ");
	for (i = 0; i < n; i++)
		printf("%02x", got[i]);
	printf("\n");
}

static void bulk(int urandom, long mib)
{
	static unsigned char buf[1 << 20];
	int fd = -1;
	long i;

	drop();
	if (urandom && (fd = open("/dev/urandom", O_RDONLY)) < 0)
		die("open /dev/urandom");
	for (i = 0; i < mib; i++) {
		size_t done = 0;

		while (done < sizeof(buf)) {
			ssize_t n = urandom ? read(fd, buf + done, sizeof(buf) - done) :
					      getrandom(buf + done, sizeof(buf) - done, 0);
			if (n <= 0)
				die(urandom ? "read /dev/urandom" : "getrandom");
			done += n;
		}
	}
	printf("read %ld MiB\n", mib);
}

static int usage(const char *prog)
{
	fprintf(stderr, "usage: %s name|uname|adjtimex HEX | getrandom|urandom MIB\n", prog);
	return 1;
}

int main(int argc, char **argv)
{
	unsigned char want[65] = { 0 }, got[65] = { 0 };
	size_t n;

	if (argc != 3) {
		return usage(argv[0]);
	}
	if (!strcmp(argv[1], "name")) {
		n = unhex(argv[2], want, 15);
		drop();
		if (prctl(PR_SET_NAME, want) || prctl(PR_GET_NAME, got))
			die("prctl");
		compare(want, got, n + 1);
	} else if (!strcmp(argv[1], "uname")) {
		struct utsname u;

		n = unhex(argv[2], want, 64);
		if (sethostname((char *)want, n))
			die("sethostname");
		drop();
		if (uname(&u))
			die("uname");
		memcpy(got, u.nodename, n + 1);
		compare(want, got, n + 1);
	} else if (!strcmp(argv[1], "adjtimex")) {
		/* The 11 unnamed ints at the end of struct timex: the last 8 bytes. */
		unsigned char tx[sizeof(struct timex)] __attribute__((aligned(8))) = { 0 };
		size_t at = sizeof(tx) - 8;

		if (unhex(argv[2], want, 8) != 8) {
			printf("error: adjtimex takes 8 bytes\n");
			return 1;
		}
		memcpy(tx + at, want, 8);
		drop();
		if (adjtimex((struct timex *)tx) < 0)
			die("adjtimex");
		compare(want, tx + at, 8);
	} else if (!strcmp(argv[1], "getrandom") || !strcmp(argv[1], "urandom")) {
		bulk(argv[1][0] == 'u', atol(argv[2]));
	} else {
		return usage(argv[0]);
	}
	return 0;
}
