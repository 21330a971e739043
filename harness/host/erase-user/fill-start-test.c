// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the C erase's search: stackleak_fill_start() of
 * kernel/stackleak.c, the erase of arm64 and 32-bit x86, copied unchanged
 * into fill-start.inc by harness/host/c-erase-test.sh. On random stacks it
 * must give what the design's rule gives: the fill starts right above the
 * highest run of STACKLEAK_RUN_WORDS poison words below the mark, or at the
 * bottom if there is none. Dirty words and holes of every length from 1 to
 * three runs, marks anywhere from the bottom to the top. Built for the
 * compiler's word size (the run is 16 words of 8 bytes or 32 of 4).
 * Prints "PASS: NAME: N stacks" or "FAIL: NAME: ..."; exit status 1 on a
 * failure.
 */
#include <stdio.h>
#include <stdlib.h>

/* STACKLEAK_RUN_WORDS and the poison, from the real header (macros only). */
#define __ASSEMBLY__
#include <linux/stackleak.h>
#undef __ASSEMBLY__

#undef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#define BUILD_BUG_ON(cond) _Static_assert(!(cond), #cond)
#include "fill-start.inc"

#define WORDS	4096
#define STACKS	100000
#define POISON	((unsigned long)STACKLEAK_POISON)

static unsigned long stack[WORDS];
static unsigned int rnd_state = 2463534242u;

static unsigned long rnd(unsigned long n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state % n;
}

static unsigned long *model(unsigned long *low, unsigned long *mark)
{
	unsigned long n = 0;

	for (unsigned long *w = mark; w > low; ) {
		n = *--w == POISON ? n + 1 : 0;
		if (n == STACKLEAK_RUN_WORDS)
			return w + n;
	}
	return low;
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "fill-start";
	unsigned long *low = stack + 1, *high = stack + WORDS;

	for (unsigned long i = 0; i < STACKS; i++) {
		unsigned long *clean = low + rnd(high - low + 1), *w = clean, *mark, *want, *got;

		for (unsigned long *p = low; p < high; p++)
			*p = POISON;
		while (w < high) {
			unsigned long n = 1 + rnd(rnd(4) ? 24 : 3 * STACKLEAK_RUN_WORDS);
			int dirty = rnd(3);

			for (; n && w < high; n--, w++)
				if (dirty)
					*w = i;
		}
		mark = rnd(2) ? low + rnd(high - low + 1) : clean + rnd(64);
		if (mark > high)
			mark = high;
		want = model(low, mark);
		got = (unsigned long *)stackleak_fill_start((unsigned long)low,
							    (unsigned long)mark, POISON);
		if (got != want) {
			printf("FAIL: %s: stack %lu (%u-byte words, run %u): mark at word %ld, clean from %ld: fill from word %ld, expected %ld\n",
			       name, i, (unsigned int)sizeof(long), (unsigned int)STACKLEAK_RUN_WORDS,
			       (long)(mark - low), (long)(clean - low), (long)(got - low),
			       (long)(want - low));
			return 1;
		}
	}
	printf("PASS: %s: %d stacks (%u-byte words, run of %u)\n", name, STACKS,
	       (unsigned int)sizeof(long), (unsigned int)STACKLEAK_RUN_WORDS);
	return 0;
}
