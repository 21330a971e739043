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
/*
 * A macro, so the arguments are not even evaluated: the caller argument is
 * _RET_IP_, which on arm64 needs vabits_actual, and not every file that
 * includes this header has it (kernel/bounds.c).
 */
#define stackleak_check_copy_to_user(from, n, caller) do { } while (0)
#endif

#endif /* _LINUX_STACKLEAK_CHECKS_H */
