/* SPDX-License-Identifier: GPL-2.0 */
/* Static instrumentation cases; the harness inspects the assembly per function. */
#define noinline __attribute__((noinline, noclone))

void use(char *p);
int ext(int x);

/* 512-byte frame: above the 100-byte threshold used by the harness. */
noinline void big(void)
{
	char buf[512];

	use(buf);
}

/* No frame at all. */
noinline int small(int a, int b)
{
	return a * b + 3;
}

/* Small frame (16 bytes) below the threshold. */
noinline void smallbuf(void)
{
	char buf[16];

	use(buf);
}

/* Non-tail recursion through a large frame. */
noinline int recurse(int n)
{
	char buf[256];

	use(buf);
	if (n <= 0)
		return buf[0];
	return recurse(n - 1) + buf[1];
}

/* Recursion in tail position through a large frame (see also loop.c). */
noinline void tailrec(int n)
{
	char buf[300];

	use(buf);
	if (n > 0)
		tailrec(n - 1);
}

/*
 * Shrink-wrapping candidate: the fast path needs no frame, so without the
 * stack pointer input the prologue could move below the tracking call.
 */
noinline int wrapped(int x)
{
	char buf[400];

	if (x < 0)
		return -1;
	use(buf);
	return buf[3];
}

/* A large-frame callee inlined into a large-frame caller: one call total. */
static inline __attribute__((always_inline)) void inner(void)
{
	char buf[200];

	use(buf);
}

noinline void outer(void)
{
	char buf[200];

	use(buf);
	inner();
}

/*
 * A 64-byte aligned local: a 64-byte frame plus up to 48 bytes of
 * realignment padding (above the 16-byte incoming alignment) that may stay
 * unwritten beside it. Tracked at 100 bytes only if the padding counts;
 * unaligned40 is the same without the alignment, and stays untracked.
 */
noinline void realigned(void)
{
	char buf[40] __attribute__((aligned(64)));

	use(buf);
}

noinline void unaligned40(void)
{
	char buf[40];

	use(buf);
}
