// SPDX-License-Identifier: GPL-2.0
/*
 * Throughput of the real erase routine (arch/x86/entry/erase.S, assembled
 * unchanged with the shim headers in include/) against glibc memset() and
 * a bare "rep stosq" of the same size, in user space. Run by
 * harness/bench/erase.sh.
 *
 * For a size S the fake 16 KiB task stack is poisoned, the mark is
 * top - PTREGS_SIZE - S and each call does what the erase does per
 * syscall: a short search (the run right below the mark) and a fill of S
 * bytes. memset() and rep stosq write the same S bytes of the same buffer;
 * rep stosq alone separates the call and search overhead from the fill.
 *
 *   erase-bench [--reps N] [--ir FILE]   time: TSV on stdout, table on stderr
 *   erase-bench --count N                run each op N times per size with
 *                                        callgrind dumps around each (run
 *                                        under valgrind --tool=callgrind)
 *
 * --ir FILE adds instruction counts per call from lines
 * "size erase_ir memset_ir repstos_ir" (harness/bench/erase.sh makes them).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAVE_CALLGRIND 1
#endif
#endif
#ifndef HAVE_CALLGRIND
#define HAVE_CALLGRIND 0
#define CALLGRIND_ZERO_STATS do { } while (0)
#define CALLGRIND_DUMP_STATS_AT(s) do { (void)(s); } while (0)
#endif

/* From erase-glue.S: the values erase.S was assembled with. */
extern const unsigned long erase_user_poison, erase_user_ptregs_size;
extern const unsigned long erase_user_thread_size, erase_user_task_stack;
/* Preserves every general purpose register: callable from C. */
void stackleak_erase(void);

/* Read by erase.S through PER_CPU_VAR(). */
unsigned long cpu_current_top_of_stack;
unsigned long *current_task;
/*
 * Word 0 is lowest_stack; with CONFIG_STACKLEAK_METRICS prev_lowest_stack
 * (asm-offsets.h shim) starts at the top as in a new task.
 */
static unsigned long fake_task[8];
/* Read by erase.S with CONFIG_STACKLEAK_RUNTIME_DISABLE: erasing stays on. */
bool stackleak_erase_off;

static unsigned long top, low, high, POISON;

#define NSIZES 7
static unsigned long sizes[NSIZES] = { 256, 512, 1024, 2048, 4096, 8192, 0 /* whole */ };

static void poison_stack(void)
{
	for (unsigned long *p = (unsigned long *)low; p < (unsigned long *)high; p++)
		*p = POISON;
}

#define barrier() __asm__ __volatile__("" ::: "memory")

static __attribute__((noinline)) void op_erase(unsigned long s)
{
	fake_task[0] = high - s;
	stackleak_erase();
	barrier();
}

static __attribute__((noinline)) void op_memset(unsigned long s)
{
	memset((void *)(high - s), 0x5a, s);
	barrier();
}

static __attribute__((noinline)) void op_repstos(unsigned long s)
{
	void *d = (void *)(high - s);
	unsigned long n = s / 8;

	__asm__ __volatile__("rep stosq" : "+D"(d), "+c"(n) : "a"(POISON) : "memory");
}

static __attribute__((noinline)) void op_nop(unsigned long s)
{
	(void)s;
	barrier();
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* ns per call of op(s) over iters calls. */
static double time_op(void (*op)(unsigned long), unsigned long s, unsigned long iters)
{
	double t0 = now_ns();

	for (unsigned long i = 0; i < iters; i++)
		op(s);
	return (now_ns() - t0) / iters;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Median over reps repetitions; the erase needs a poisoned stack. */
static double median_ns(void (*op)(unsigned long), unsigned long s, unsigned long iters, int reps)
{
	double t[64];

	if (reps > 64)
		reps = 64;
	for (int r = 0; r < reps; r++) {
		poison_stack();
		t[r] = time_op(op, s, iters);
	}
	qsort(t, reps, sizeof(t[0]), cmp_double);
	return reps % 2 ? t[reps / 2] : (t[reps / 2 - 1] + t[reps / 2]) / 2;
}

static void count_mode(unsigned long n)
{
	static const struct { const char *name; void (*op)(unsigned long); } ops[] = {
		{ "nop", op_nop }, { "erase", op_erase },
		{ "memset", op_memset }, { "repstos", op_repstos },
	};
	char label[64];

	for (int i = 0; i < NSIZES; i++) {
		for (unsigned j = 0; j < sizeof(ops) / sizeof(ops[0]); j++) {
			poison_stack();
			ops[j].op(sizes[i]);	/* warm: lazy binding, ifunc */
			poison_stack();
			snprintf(label, sizeof(label), "%s-%lu-%lu", ops[j].name, sizes[i], n);
			CALLGRIND_ZERO_STATS;
			for (unsigned long k = 0; k < n; k++)
				ops[j].op(sizes[i]);
			CALLGRIND_DUMP_STATS_AT(label);
		}
	}
}

int main(int argc, char **argv)
{
	unsigned long ir[NSIZES][3] = { { 0 } };
	const char *irfile = NULL;
	int reps = 9, have_ir = 0;
	void *stack;

	POISON = erase_user_poison;
	stack = aligned_alloc(erase_user_thread_size, erase_user_thread_size);
	if (!stack) {
		perror("aligned_alloc");
		return 2;
	}
	top = (unsigned long)stack + erase_user_thread_size;
	low = (unsigned long)stack + 8;
	high = top - erase_user_ptregs_size;
	cpu_current_top_of_stack = top;
	current_task = fake_task;
	for (int i = 0; i < 8; i++)
		fake_task[i] = high;
	fake_task[erase_user_task_stack / 8] = (unsigned long)stack;
	*(unsigned long *)stack = 0x57AC6E9DUL;	/* STACK_END_MAGIC */
	sizes[NSIZES - 1] = high - low;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--count") && i + 1 < argc) {
			if (!HAVE_CALLGRIND) {
				fprintf(stderr, "erase-bench: built without valgrind/callgrind.h\n");
				return 77;
			}
			count_mode(strtoul(argv[++i], NULL, 0));
			return 0;
		} else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
			reps = atoi(argv[++i]);
		} else if (!strcmp(argv[i], "--ir") && i + 1 < argc) {
			irfile = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--reps N] [--ir FILE] | --count N\n", argv[0]);
			return 2;
		}
	}
	if (reps < 1)
		reps = 1;
	/* Measure the real thing: each size is filled and the mark reset. */
	for (int i = 0; i < NSIZES; i++) {
		poison_stack();
		memset((void *)(high - sizes[i]), 0x5a, sizes[i]);
		op_erase(sizes[i]);
		for (unsigned long a = low; a < high; a += 8)
			if (*(unsigned long *)a != POISON) {
				fprintf(stderr, "erase-bench: size %lu: word at top-%#lx not erased\n",
					sizes[i], top - a);
				return 1;
			}
		if (fake_task[0] != high) {
			fprintf(stderr, "erase-bench: mark not reset\n");
			return 1;
		}
	}
	if (irfile) {
		FILE *f = fopen(irfile, "r");
		unsigned long s, e, m, r;

		if (!f) {
			perror(irfile);
			return 2;
		}
		while (fscanf(f, "%lu %lu %lu %lu", &s, &e, &m, &r) == 4)
			for (int i = 0; i < NSIZES; i++)
				if (sizes[i] == s) {
					ir[i][0] = e, ir[i][1] = m, ir[i][2] = r;
					have_ir = 1;
				}
		fclose(f);
	}

	printf("size\terase_ns\tmemset_ns\trepstos_ns\tratio%s\n",
	       have_ir ? "\terase_ir\tmemset_ir\trepstos_ir" : "");
	fprintf(stderr, "%6s %10s %8s %10s %8s %10s %8s %7s%s\n", "size", "erase ns", "GB/s",
		"memset ns", "GB/s", "repstos ns", "GB/s", "ratio",
		have_ir ? "  instructions/call: erase memset repstos" : "");
	for (int i = 0; i < NSIZES; i++) {
		unsigned long s = sizes[i], iters = 1000;
		double e, m, r;

		/* About 5 ms per repetition, at least 1000 calls. */
		poison_stack();
		while (time_op(op_repstos, s, iters) * iters < 5e6 && iters < (1UL << 30))
			iters *= 2;
		median_ns(op_erase, s, iters, 1);	/* warm-up */
		e = median_ns(op_erase, s, iters, reps);
		m = median_ns(op_memset, s, iters, reps);
		r = median_ns(op_repstos, s, iters, reps);
		printf("%lu\t%.1f\t%.1f\t%.1f\t%.3f", s, e, m, r, m / e);
		if (have_ir)
			printf("\t%lu\t%lu\t%lu", ir[i][0], ir[i][1], ir[i][2]);
		printf("\n");
		/* bytes per ns = GB/s */
		fprintf(stderr, "%6lu %10.1f %8.2f %10.1f %8.2f %10.1f %8.2f %7.3f", s,
			e, s / e, m, s / m, r, s / r, m / e);
		if (have_ir)
			fprintf(stderr, "  %lu %lu %lu", ir[i][0], ir[i][1], ir[i][2]);
		fprintf(stderr, "\n");
	}
	fprintf(stderr, "ratio = erase throughput / memset throughput (memset_ns / erase_ns);"
		" median of %d repetitions\n", reps);
	return 0;
}
