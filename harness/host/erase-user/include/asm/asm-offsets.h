/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: the fake task (current_task) is a plain array of words,
 * fake_task[] in erase-test.c, with the STACKLEAK fields at fixed offsets
 * whatever the configuration. As in the kernel's
 * asm-offsets.c, a field's offset is only defined when its option is set,
 * so erase.S cannot use a field outside its #ifdef. TASK_stack is
 * task->stack, the stack's lowest address. The options come from
 * -D on the command line (harness/host/erase-test.sh). pt_regs is 21 words as
 * on x86-64.
 */
#define TASK_lowest_stack		0
#define TASK_stack			24
#ifdef CONFIG_STACKLEAK_METRICS
#define TASK_prev_lowest_stack		8
#endif
#define PTREGS_SIZE		168
