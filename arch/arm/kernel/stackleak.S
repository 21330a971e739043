/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STACKLEAK's stack depth tracker for 32-bit ARM.
 *
 * The GCC plugin calls it from its tracking template (see
 * scripts/gcc-plugins/stackleak_plugin.c), "push {r0, lr}; bl; pop {r0, lr}",
 * which saves the link register and r0 itself, keeps the stack 8-byte
 * aligned, and tells the compiler that only ip and the flags change: GCC
 * has no no_caller_saved_registers attribute for ARM, so the tracker is
 * written here with r0 and ip alone (ip may also be clobbered by a linker
 * veneer). It records its own stack pointer, 8 bytes below the caller's,
 * in current->lowest_stack when it lies deeper on the task stack; a call
 * on an IRQ or overflow stack is ignored.
 */

#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/assembler.h>

	.pushsection .noinstr.text, "ax"

SYM_FUNC_START(stackleak_track_stack)
	get_current r0
	/* The lowest word the erase writes, above STACK_END_MAGIC. */
	ldr	ip, [r0, #TSK_STACK]
	add	ip, ip, #4
	cmp	sp, ip
	blo	1f
	/* Beyond ldr's 12-bit offset in a large configuration: move r0. */
	.if	TSK_LOWEST_STACK > 4095
	add	r0, r0, #(TSK_LOWEST_STACK & ~4095)
	.endif
	ldr	ip, [r0, #(TSK_LOWEST_STACK & 4095)]
	cmp	sp, ip
	bhs	1f
	mov	ip, sp
	str	ip, [r0, #(TSK_LOWEST_STACK & 4095)]
1:	ret	lr
SYM_FUNC_END(stackleak_track_stack)
EXPORT_SYMBOL(stackleak_track_stack)

	.popsection
