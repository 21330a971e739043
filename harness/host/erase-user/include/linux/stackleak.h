/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: the configuration the kernel would get from Kconfig,
 * then the real include/linux/stackleak.h, so STACKLEAK_POISON and
 * STACKLEAK_RUN_WORDS are exactly the kernel's.  The real header only
 * defines macros when __ASSEMBLY__ is set.  -D overrides the defaults.
 */
#ifndef _ERASE_USER_LINUX_STACKLEAK_H
#define _ERASE_USER_LINUX_STACKLEAK_H

/* The word size of the compiler's target: x86-64 for erase.S. */
#ifdef __x86_64__
#define CONFIG_64BIT 1
#define CONFIG_X86_64 1
#endif
#define CONFIG_STACKLEAK 1
#define CONFIG_GCC_PLUGIN_STACKLEAK 1
#ifndef CONFIG_STACKLEAK_TRACK_MIN_SIZE
#define CONFIG_STACKLEAK_TRACK_MIN_SIZE 100
#endif
/*
 * CONFIG_STACKLEAK_RUNTIME_DISABLE and CONFIG_STACKLEAK_METRICS are off
 * unless given with -D, the same for erase.S and erase-glue.S. The fields
 * they add are in the fake task (asm/asm-offsets.h); the kernel.stack_erasing
 * flag, bool stackleak_erase_off, is a global of the C program.
 */

#include "../../../../../include/linux/stackleak.h"

#endif
