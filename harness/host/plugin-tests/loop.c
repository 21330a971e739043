/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions whose first block is a loop header (do-while at the top, tail
 * recursion turned into a loop).  The entry tracking call must run once per
 * invocation, not once per iteration.  Compiled with track-min-size=0 so
 * every function is tracked.  At -O0 the first block of spin() is the loop
 * header itself; with optimization GCC usually leaves a preheader.
 */
#include <stdio.h>

#define noinline __attribute__((noinline, noclone))

extern unsigned long tracker_calls;
int ext(int x);
void reset(void);

noinline int do_first(int n)
{
	int s = 0;

	do {
		s += ext(n);
	} while (--n > 0);
	return s;
}

/* The loop test involves a call, so it is not copied in front of the loop. */
noinline int spin(int n)
{
	for (;;) {
		n = ext(n);
		if (n > 100)
			return n;
	}
}

/* Real frames of tail(): one if the recursion became a loop. */
static void *tail_frames[16];
static int nr_tail_frames;

noinline int tail(int n, int acc)
{
	void *fp = __builtin_frame_address(0);
	int i;

	for (i = 0; i < nr_tail_frames && tail_frames[i] != fp; i++)
		;
	if (i == nr_tail_frames && i < 16)
		tail_frames[nr_tail_frames++] = fp;
	if (n == 0)
		return acc;
	return tail(n - 1, acc + ext(n));
}

int main(void)
{
	unsigned long a, b, c;

	reset();
	do_first(10);
	a = tracker_calls;
	reset();
	tail(10, 0);
	b = tracker_calls;
	reset();
	spin(1);
	c = tracker_calls;
	if (a != 1 || b != (unsigned long)nr_tail_frames || c != 1) {
		printf("tracking calls: do_first %lu, tail %lu, spin %lu; expected 1, %d, 1\n",
		       a, b, c, nr_tail_frames);
		return 1;
	}
	printf("ok\n");
	return 0;
}
