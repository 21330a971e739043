/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: per-CPU variables (cpu_current_top_of_stack,
 * current_task) are ordinary globals of the test program.
 */
#define PER_CPU_VAR(var)	var(%rip)
