// SPDX-License-Identifier: GPL-2.0
/*
 * Two versions of arch/x86/entry/erase.S side by side on this CPU (run by
 * harness/bench/erase-ab.sh, which assembles them as erase_a and erase_b).
 *
 * Each shape is the state a system call leaves on the fake 16 KiB task
 * stack: DEPTH bytes below pt_regs were written, the mark lies FRAMES bytes
 * above the lowest of them (untracked frames below the mark, with a 24-byte
 * hole of unwritten words in each 64 bytes), and the rest of the stack is
 * poison. Before every call the stack is copied back from the shape; the
 * call alone is timed (lfence; rdtsc around it), A and B alternate, and the
 * median of REPS calls less the median of an empty call's is printed:
 *
 *   depth frames a_ticks b_ticks b/a
 *
 * After each call the program checks that both routines left the same
 * stack, so the figures compare two erases that do the same work.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

/* From erase-glue.S: the values both routines were assembled with. */
extern const unsigned long erase_user_poison, erase_user_ptregs_size;
extern const unsigned long erase_user_thread_size, erase_user_task_stack;
void erase_a(void);
void erase_b(void);
void erase_nop(void);

/* Read by the routines through PER_CPU_VAR(). */
unsigned long cpu_current_top_of_stack;
unsigned long *current_task;
bool stackleak_erase_off;
static unsigned long fake_task[8];

#define THREAD	16384UL
static unsigned long stack[THREAD / 8] __attribute__((aligned(16384)));
static unsigned long shape[THREAD / 8], after_a[THREAD / 8];

static unsigned long timed(void (*fn)(void), unsigned long mark)
{
	unsigned long t0, t1;

	memcpy(stack, shape, sizeof(stack));
	fake_task[0] = mark;
	_mm_lfence();
	t0 = __rdtsc();
	_mm_lfence();
	fn();
	_mm_lfence();
	t1 = __rdtsc();
	return t1 - t0;
}

static int cmp(const void *x, const void *y)
{
	unsigned long a = *(const unsigned long *)x, b = *(const unsigned long *)y;

	return a < b ? -1 : a > b;
}

int main(int argc, char **argv)
{
	static const unsigned long depths[] = { 128, 256, 512, 1024, 2048, 4096 };
	static const unsigned long frames[] = { 0, 64, 192 };
	int reps = argc > 1 ? atoi(argv[1]) : 2001;
	unsigned long *ta = calloc(reps, sizeof(*ta)), *tb = calloc(reps, sizeof(*tb));
	unsigned long *tn = calloc(reps, sizeof(*tn));
	unsigned long base = (unsigned long)stack, high, poison = erase_user_poison;

	if (!ta || !tb || !tn || reps < 1)
		return 2;
	if (erase_user_thread_size != THREAD) {
		fprintf(stderr, "erase-ab: THREAD_SIZE is %lu, this program's stack %lu\n",
			erase_user_thread_size, THREAD);
		return 2;
	}
	/* task->stack at its offset in the fake task; the shim's layout. */
	*(unsigned long *)((char *)fake_task + erase_user_task_stack) = base;
	current_task = fake_task;
	cpu_current_top_of_stack = base + THREAD;
	high = cpu_current_top_of_stack - erase_user_ptregs_size;
	printf("depth\tframes\ta_ticks\tb_ticks\tb/a\n");
	for (unsigned int d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
		for (unsigned int f = 0; f < sizeof(frames) / sizeof(frames[0]); f++) {
			unsigned long low = high - depths[d], mark = low + frames[f];
			unsigned long ma, mb, mn;

			shape[0] = 0x57ac6e9d;	/* STACK_END_MAGIC, never written */
			for (unsigned long i = 1; i < THREAD / 8; i++) {
				unsigned long a = base + i * 8;

				shape[i] = a < low || a >= high ? poison : 0x1111 * i;
				/* Holes in the untracked frames below the mark. */
				if (a >= low && a < mark && (a - low) % 64 >= 40)
					shape[i] = poison;
			}
			for (int r = 0; r < reps; r++) {
				ta[r] = timed(erase_a, mark);
				memcpy(after_a, stack, sizeof(stack));
				tb[r] = timed(erase_b, mark);
				if (memcmp(after_a, stack, sizeof(stack))) {
					fprintf(stderr, "erase-ab: depth %lu frames %lu: A and B leave different stacks\n",
						depths[d], frames[f]);
					return 1;
				}
				tn[r] = timed(erase_nop, mark);
			}
			qsort(ta, reps, sizeof(*ta), cmp);
			qsort(tb, reps, sizeof(*tb), cmp);
			qsort(tn, reps, sizeof(*tn), cmp);
			mn = tn[reps / 2];
			ma = ta[reps / 2] - mn;
			mb = tb[reps / 2] - mn;
			printf("%lu\t%lu\t%lu\t%lu\t%.2f\n", depths[d], frames[f], ma, mb,
			       ma ? (double)mb / ma : 0);
		}
	}
	return 0;
}
