/* SPDX-License-Identifier: GPL-2.0 */
/* Built without the plugin: bookkeeping for runtime.c and check-alloca.c. */
#include <stdint.h>

extern uintptr_t tracker_lowest_sp;
extern unsigned long tracker_calls;
uintptr_t frame_lowest = UINTPTR_MAX;

void note(volatile void *p)
{
	if ((uintptr_t)p < frame_lowest)
		frame_lowest = (uintptr_t)p;
}

void reset(void)
{
	tracker_lowest_sp = UINTPTR_MAX;
	tracker_calls = 0;
	frame_lowest = UINTPTR_MAX;
}

unsigned long checked_sizes[16];
int nr_checked;

void stackleak_check_alloca(unsigned long size)
{
	if (nr_checked < 16)
		checked_sizes[nr_checked++] = size;
}

int ext(int x)
{
	return x + 1;
}
