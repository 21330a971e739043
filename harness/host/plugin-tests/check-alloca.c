/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check-alloca: stackleak_check_alloca(size) must run before each dynamic
 * allocation with the allocation size in bytes.  Compiled with the plugin
 * and -fplugin-arg-stackleak_plugin-check-alloca.
 */
#include <stdint.h>
#include <stdio.h>

#define noinline __attribute__((noinline, noclone))

extern unsigned long checked_sizes[16];
extern int nr_checked;
extern uintptr_t frame_lowest;
void note(volatile void *p);

noinline void dyn(unsigned long n)
{
	volatile char *p = __builtin_alloca(n);

	p[0] = 1;
	note(p);
}

noinline void vla_int(int n)
{
	volatile int buf[n];

	buf[0] = 1;
	note(buf);
}

int main(void)
{
	static const unsigned long want[] = { 1234, 777, 400 };
	int i;

	dyn(1234);
	dyn(777);
	vla_int(100);

	if (nr_checked != 3) {
		printf("%d checks, expected 3\n", nr_checked);
		return 1;
	}
	for (i = 0; i < 3; i++) {
		if (checked_sizes[i] != want[i]) {
			printf("check %d: size %lu, expected %lu\n", i,
			       checked_sizes[i], want[i]);
			return 1;
		}
	}
	printf("ok\n");
	return 0;
}
