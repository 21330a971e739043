/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The poison the erase writes, as bytes in memory: this boot's random one
 * where the leak detector is built in (root reads it in debugfs), else
 * STACKLEAK_POISON. Shared by the guest helpers.
 */
#ifndef HELPERS_POISON_H
#define HELPERS_POISON_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#define POISON_FILE "/sys/kernel/debug/stackleak/poison"
#define STACKLEAK_POISON 0xdbf1a98dc7b5e391ULL
/*
 * A 32-bit kernel's STACKLEAK_POISON (i386, arm), in the fixmap's I/O APIC
 * slots on i386; it must be the one of include/linux/stackleak.h.
 */
#define STACKLEAK_POISON_32 0xfffd95c3ULL

/*
 * Fills p with the poison, in memory order (big-endian on s390x); returns
 * its size, the kernel's word: 4 under a 32-bit kernel (uname -m i386 to
 * i686, or armv*: a 32-bit arm kernel; arm64's says aarch64), else 8,
 * whatever this program's own word size (a compat program under a 64-bit
 * kernel meets 8-byte poison).
 */
static inline size_t load_poison(unsigned char p[8])
{
	unsigned long long v = STACKLEAK_POISON;
	FILE *f = fopen(POISON_FILE, "r");
	struct utsname u;
	size_t n = 8;

	if (!uname(&u) && ((u.machine[0] == 'i' && !strcmp(u.machine + 2, "86")) ||
			   !strncmp(u.machine, "armv", 4))) {
		n = 4;
		v = STACKLEAK_POISON_32;
	}
	if (f) {
		if (fscanf(f, "%llx", &v) != 1)
			v = n == 4 ? STACKLEAK_POISON_32 : STACKLEAK_POISON;
		fclose(f);
	}
	if (n == 4) {
		uint32_t w = v;

		memcpy(p, &w, n);
	} else {
		uint64_t w = v;

		memcpy(p, &w, n);
	}
	return n;
}

#endif
