// SPDX-License-Identifier: GPL-2.0
/*
 * Replay captured kernel stacks (harness/bench/capture.sh) through two
 * erase routines on this CPU:
 *   ours      arch/x86/entry/erase.S, assembled unchanged with the shim
 *             headers of harness/host/erase-user/include/;
 *   upstream  Linux 6.1's erase logic, written here from its description:
 *             from lowest_stack, scan down one word at a time until 16
 *             poison words in a row (STACKLEAK_SEARCH_DEPTH, 128 bytes) or
 *             the stack's bottom, then store poison one word at a time from
 *             the last non-poison word up to the top of the dead area.
 * Both run on the same copy of each captured stack, with its recorded
 * mark; the erase is called as on the 64-bit exits, off the task stack.
 *
 *   replay --count ours|upstream|nop CAPTURE.bin   under valgrind
 *     --tool=callgrind --collect-atstart=no: that routine runs once on each
 *     system call's stack with collection on, and the instructions of each
 *     phase (operation) are dumped as "phase-N" (rep iterations count one by
 *     one); "nop" counts the collection switch alone, to subtract
 *   replay CAPTURE.bin REPS   one TSV line per captured erase on stdout:
 *     phase nr dirty_bytes used_bytes ours_read ours_written up_read
 *     up_written ours_cycles up_cycles
 *   dirty: bytes below pt_regs that are not poison; used: from the lowest
 *   of them to pt_regs; read/written: bytes each routine reads in its
 *   search and writes in its fill; cycles: median TSC ticks of REPS calls,
 *   less the median of an empty function's, timed the same way (about 38
 *   ticks on the Xeon of BENCHMARKS.md: the fences and TSC reads).
 *
 * ours_written comes from a model of erase.S's search; after each call of
 * the real routine the program checks that the model's fill range is all
 * poison and the words below it are untouched, and fails if not.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>
#include <valgrind/callgrind.h>

#define THREAD_SIZE 16384
#define WORDS (THREAD_SIZE / 8)

/* From erase-glue.S: the values erase.S was assembled with. */
extern const unsigned long erase_user_poison, erase_user_ptregs_size;
extern const unsigned long erase_user_run_words, erase_user_task_stack;
void stackleak_erase(void);

/* Read by erase.S through PER_CPU_VAR(). */
unsigned long cpu_current_top_of_stack;
unsigned long *current_task;
static unsigned long fake_task[8];
bool stackleak_erase_off;

struct header {
	uint64_t phase, nr, task, stack, lowest, rsp, poison, top;
};

static unsigned long stack[WORDS] __attribute__((aligned(THREAD_SIZE)));
static unsigned long image[WORDS];

/*
 * Upstream 6.1's search: where its fill starts; *read, when given, counts
 * the words it loads. Inlined with read NULL into upstream_erase(), so the
 * routine that is timed and counted carries no counter.
 */
static inline __attribute__((always_inline))
unsigned long *upstream_search(unsigned long *low, unsigned long *lowest,
			       unsigned long poison, long *read)
{
	unsigned long *p = lowest, *from = lowest;
	unsigned int run = 0;

	for (; p > low && run < 16; p--) {
		if (read)
			++*read;
		if (p[-1] != poison) {
			run = 0;
			from = p - 1;
		} else {
			run++;
		}
	}
	return from;
}

/*
 * Upstream 6.1's routine, off the task stack. Plain loops, as that kernel
 * has them; no builtins, so the compiler keeps them loops.
 */
static __attribute__((noinline, optimize("no-tree-loop-distribute-patterns", "no-tree-vectorize")))
void upstream_erase(unsigned long *low, unsigned long *lowest, unsigned long *high,
		    unsigned long poison)
{
	unsigned long *from = upstream_search(low, lowest, poison, NULL);

	for (; from < high; from++)
		*from = poison;
	__asm__ __volatile__("" ::: "memory");
}

/*
 * erase.S's search: from the mark (at most the top, at least the bottom)
 * down to the first run of RUN_WORDS poison words; the fill starts above
 * the run, or at the bottom if there is none.
 */
static unsigned long *ours_model(unsigned long *low, unsigned long *mark,
				 unsigned long poison, long *read)
{
	unsigned long run = erase_user_run_words, n = 0;
	unsigned long *p = mark;

	*read = 0;
	while (p > low) {
		p--;
		++*read;
		if (*p != poison) {
			n = 0;
			continue;
		}
		if (++n == run)
			return p + run;
	}
	return low;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The empty call whose ticks are subtracted: what timing one call costs. */
static __attribute__((noinline)) void erase_nop(void)
{
	asm volatile("" ::: "memory");
}

/* The median of a routine's ticks less the empty call's, not below zero. */
static uint64_t net(uint64_t t, uint64_t empty)
{
	return t > empty ? t - empty : 0;
}

static inline uint64_t ticks(void)
{
	_mm_lfence();
	return __rdtsc();
}

static uint64_t median(uint64_t *t, int n)
{
	qsort(t, n, sizeof(*t), cmp_u64);
	return t[n / 2];
}

int main(int argc, char **argv)
{
	unsigned long ptregs_words = erase_user_ptregs_size / 8;
	unsigned long *low = stack + 1, *high = stack + WORDS - ptregs_words;
	struct header h;
	uint64_t *tours, *tup, *tnop;
	int reps, r;
	FILE *f;

	bool count = argc == 4 && !strcmp(argv[1], "--count");
	bool count_ours = count && !strcmp(argv[2], "ours");
	bool count_nop = count && !strcmp(argv[2], "nop");
	long phase = -1;
	char name[32];

	if (count) {
		if (!count_ours && !count_nop && strcmp(argv[2], "upstream")) {
			fprintf(stderr, "replay: --count ours, upstream or nop\n");
			return 2;
		}
		argv += 2;
		reps = 0;
	} else if (argc != 3 || (reps = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: replay CAPTURE.bin REPS | replay --count ours|upstream|nop CAPTURE.bin\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	tours = calloc(reps + 1, sizeof(*tours));
	tup = calloc(reps + 1, sizeof(*tup));
	tnop = calloc(reps + 1, sizeof(*tnop));
	current_task = fake_task;
	fake_task[erase_user_task_stack / 8] = (unsigned long)stack;
	cpu_current_top_of_stack = (unsigned long)(stack + WORDS);
	/* The erase is called on the trampoline stack: all of the task stack below pt_regs is dead. */
	while (fread(&h, sizeof(h), 1, f) == 1) {
		unsigned long poison = h.poison, *mark, *ours_from, *up_from, *p;
		long dirty = 0, ours_read, up_read;
		unsigned long *lowest_dirty = high;

		if (fread(image, sizeof(image), 1, f) != 1) {
			fprintf(stderr, "replay: %s: truncated record\n", argv[1]);
			return 1;
		}
		if (poison != erase_user_poison) {
			/* A random poison (leak detector): erase.S was assembled with the fixed one. */
			fprintf(stderr, "replay: capture poison %#lx, erase.S assembled with %#lx\n",
				poison, erase_user_poison);
			return 1;
		}
		if (h.lowest < h.stack || h.lowest > h.top) {
			fprintf(stderr, "replay: mark %#lx outside the stack %#lx\n",
				(unsigned long)h.lowest, (unsigned long)h.stack);
			return 1;
		}
		mark = stack + (h.lowest - h.stack) / 8;
		if (mark > high)
			mark = high;
		if (count) {
			/* System calls only, as replay.sh counts them. */
			if ((long)h.nr < 0)
				continue;
			if ((long)h.phase != phase) {
				if (phase >= 0) {
					snprintf(name, sizeof(name), "phase-%ld", phase);
					CALLGRIND_DUMP_STATS_AT(name);
				}
				CALLGRIND_ZERO_STATS;
				phase = h.phase;
			}
			memcpy(stack, image, sizeof(image));
			fake_task[0] = (unsigned long)mark;
			CALLGRIND_TOGGLE_COLLECT;
			if (count_ours)
				stackleak_erase();
			else if (!count_nop)
				upstream_erase(low, mark, high, poison);
			CALLGRIND_TOGGLE_COLLECT;
			continue;
		}
		for (p = low; p < high; p++) {
			if (image[p - stack] != poison) {
				dirty++;
				if (p < lowest_dirty)
					lowest_dirty = p;
			}
		}
		memcpy(stack, image, sizeof(image));
		ours_from = ours_model(low, mark, poison, &ours_read);
		up_read = 0;
		up_from = upstream_search(low, mark, poison, &up_read);
		for (r = 0; r < reps; r++) {
			uint64_t t0;

			memcpy(stack, image, sizeof(image));
			fake_task[0] = (unsigned long)mark;
			t0 = ticks();
			stackleak_erase();
			tours[r] = ticks() - t0;
			memcpy(stack, image, sizeof(image));
			t0 = ticks();
			upstream_erase(low, mark, high, poison);
			tup[r] = ticks() - t0;
			memcpy(stack, image, sizeof(image));
			t0 = ticks();
			erase_nop();
			tnop[r] = ticks() - t0;
		}
		/* Check the model against the real routine. */
		memcpy(stack, image, sizeof(image));
		fake_task[0] = (unsigned long)mark;
		stackleak_erase();
		for (p = low; p < high; p++) {
			unsigned long want = p >= ours_from ? poison : image[p - stack];

			if (*p != want) {
				fprintf(stderr, "replay: erase.S and its model differ at word %ld (fill from %ld)\n",
					(long)(p - stack), (long)(ours_from - stack));
				return 1;
			}
		}
		printf("%lu\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%lu\t%lu\n",
		       (unsigned long)h.phase, (long)h.nr, dirty * 8, (long)(high - lowest_dirty) * 8,
		       ours_read * 8, (long)(high - ours_from) * 8, up_read * 8,
		       (long)(high - up_from) * 8,
		       (unsigned long)net(median(tours, reps), median(tnop, reps)),
		       (unsigned long)net(median(tup, reps), median(tnop, reps)));
	}
	if (count && phase >= 0) {
		snprintf(name, sizeof(name), "phase-%ld", phase);
		CALLGRIND_DUMP_STATS_AT(name);
	}
	return 0;
}
