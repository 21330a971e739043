/* SPDX-License-Identifier: GPL-2.0 */
/* Dynamic allocations: each must be followed by a tracking call. */
#define noinline __attribute__((noinline, noclone))

void use(char *p);

/* Two alloca()s (randomize_kstack_offset style) in a small-frame function. */
noinline void two_allocas(unsigned long n)
{
	char *p = __builtin_alloca(n);

	use(p);
	p = __builtin_alloca(n * 2);
	use(p);
}

/* A variable length array. */
noinline void vla(int n)
{
	char buf[n];

	use(buf);
}

/* Over-aligned alloca (__builtin_alloca_with_align). */
noinline void aligned(unsigned long n)
{
	char *p = __builtin_alloca_with_align(n, 512);

	use(p);
}

/* Over-aligned VLA with a bound (__builtin_alloca_with_align_and_max). */
noinline void aligned_max(unsigned long n)
{
	char *p = __builtin_alloca_with_align_and_max(n, 256, 4096);

	use(p);
}
