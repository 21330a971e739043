/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The poison the erase writes, as bytes in memory: this boot's random one
 * where the leak detector is built in (root reads it in debugfs), else
 * STACKLEAK_POISON. Shared by the guest helpers.
 */
#ifndef HELPERS_POISON_H
#define HELPERS_POISON_H

#include <stdio.h>
#include <string.h>

#define POISON_FILE "/sys/kernel/debug/stackleak/poison"
#define STACKLEAK_POISON 0xdbf1a98dc7b5e391ULL

static inline void load_poison(unsigned char p[8])
{
	unsigned long long v = STACKLEAK_POISON;
	FILE *f = fopen(POISON_FILE, "r");
	int i;

	if (f) {
		if (fscanf(f, "%llx", &v) != 1)
			v = STACKLEAK_POISON;
		fclose(f);
	}
	for (i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

#endif
