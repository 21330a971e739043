/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Runtime check: drive deep call chains through large frames and dynamic
 * allocations, let every large frame note the lowest address of its own
 * locals, and require the tracker's lowest stack pointer to be at or below
 * all of them.  If a tracking call ran before the prologue allocated the
 * frame, or a frame was not tracked at all, the tracker would stay above.
 * Compiled with the plugin; tracker.S and the helpers below without it.
 */
#include <stdint.h>
#include <stdio.h>

#define noinline __attribute__((noinline, noclone))

extern uintptr_t tracker_lowest_sp;
extern unsigned long tracker_calls;

extern uintptr_t frame_lowest;

void note(volatile void *p);
void reset(void);

noinline int chain_a(int n);

noinline int chain_b(int n)
{
	volatile char buf[700];

	buf[0] = n;
	note(buf);
	return n ? chain_a(n - 1) + buf[0] : 0;
}

noinline int chain_a(int n)
{
	volatile char buf[300];

	buf[0] = n;
	note(buf);
	return n ? chain_b(n - 1) + buf[0] : 0;
}

/* Small frames (not tracked) with a large leaf at the bottom. */
noinline int leaf_big(int n)
{
	volatile char buf[2000];

	buf[n] = 1;
	note(buf);
	return buf[n];
}

noinline int small_step(int n)
{
	return n ? small_step(n - 1) + 1 : leaf_big(5);
}

/* Shrink-wrapping candidate: the frame is only needed on the slow path. */
noinline int wrapped(int x)
{
	char buf[900];

	if (x < 0)
		return -1;
	note(buf);
	return buf[3];
}

noinline int dyn(unsigned long n)
{
	volatile char *p = __builtin_alloca(n);

	p[0] = 1;
	note(p);
	return p[0];
}

noinline int vla_chain(int n)
{
	volatile char buf[64 + n];

	buf[0] = 1;
	note(buf);
	return n ? vla_chain(n - 1) + buf[0] : 0;
}

/*
 * Tail recursion turns into a loop: the entry tracking call must run once
 * per real frame, not once per iteration.  Count the distinct frames.
 */
static uintptr_t tail_frames[64];
static int nr_tail_frames;

noinline void tailrec(int n)
{
	volatile char buf[300];
	uintptr_t a = (uintptr_t)buf;
	int i;

	buf[0] = n;
	note(buf);
	for (i = 0; i < nr_tail_frames && tail_frames[i] != a; i++)
		;
	if (i == nr_tail_frames && i < 64)
		tail_frames[nr_tail_frames++] = a;
	if (n > 0)
		tailrec(n - 1);
}

static int check(const char *what, unsigned long calls)
{
	if (tracker_lowest_sp > frame_lowest) {
		printf("%s: tracked sp %#lx above lowest frame %#lx\n", what,
		       (unsigned long)tracker_lowest_sp,
		       (unsigned long)frame_lowest);
		return 1;
	}
	/* The tracked sp must be a real one, close below the frame. */
	if (frame_lowest - tracker_lowest_sp > 4096) {
		printf("%s: tracked sp %#lx far below lowest frame %#lx\n", what,
		       (unsigned long)tracker_lowest_sp,
		       (unsigned long)frame_lowest);
		return 1;
	}
	if (tracker_calls != calls) {
		printf("%s: %lu tracking calls, expected %lu\n", what,
		       tracker_calls, calls);
		return 1;
	}
	return 0;
}

int main(void)
{
	int bad = 0;

	reset();
	chain_a(64);
	bad |= check("chain", 65);

	reset();
	small_step(40);
	bad |= check("small-steps", 1);

	reset();
	wrapped(1);
	bad |= check("shrink-wrapped", 1);

	reset();
	dyn(3000);
	/* Entry (kept because of alloca) plus one after the allocation. */
	bad |= check("alloca", 2);

	reset();
	vla_chain(30);
	bad |= check("vla", 2 * 31);

	reset();
	tailrec(10);
	bad |= check("tail-recursion", nr_tail_frames);

	if (!bad)
		printf("ok\n");
	return bad;
}
