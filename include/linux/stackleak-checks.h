/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_STACKLEAK_CHECKS_H
#define _LINUX_STACKLEAK_CHECKS_H

/*
 * The STACKLEAK leak detector's hook in the copy-to-user paths
 * (instrument_copy_to_user()). Kept apart from <linux/stackleak.h>, which
 * needs <linux/sched.h>: this header is included from low-level headers.
 */

#ifdef CONFIG_STACKLEAK_LEAK_CHECK
enum stackleak_leak_mode {
	STACKLEAK_LEAK_OFF,
	STACKLEAK_LEAK_REPORT,
	STACKLEAK_LEAK_ZERO,	/* report and clear the poison before the copy */
};

/* kernel.stack_leak_check; the syscall entry reads it too. */
extern int stackleak_leak_mode;

void stackleak_check_copy_to_user(const void *from, unsigned long n,
				  unsigned long caller);
#else
static inline void stackleak_check_copy_to_user(const void *from,
						unsigned long n,
						unsigned long caller) { }
#endif

/*
 * Nothing to check: arm64's _RET_IP_, the caller argument, needs
 * vabits_actual, which not every file including this header has
 * (kernel/bounds.c), so it must not even be evaluated there.
 */
#if !defined(CONFIG_STACKLEAK_LEAK_CHECK) && defined(CONFIG_ARM64)
#define stackleak_check_copy_to_user(from, n, caller) do { } while (0)
#endif

#endif /* _LINUX_STACKLEAK_CHECKS_H */
