/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exitpath-exec for 32-bit arm: harness/arch/x86_64/exitpath-exec.S in A32
 * (EABI), the program harness/guest/helpers/exitpath execve()s for the exec
 * path. Its first system call is the probe, so the exit before it is
 * execve()'s own:
 *
 *   no argument: pread64(3, buf, 127, 0) on the inherited stack_depth fd,
 *                then write(1, buf, n) and exit(0)
 *   any argument: write(3, "STACKLEAK_ERASING", 17) on the inherited LKDTM
 *                DIRECT fd, exit(0) if all 17 bytes went through
 *
 * No C runtime and no page fault before the probe: linked with -N, code,
 * data and bss share one RWX segment within one page, which the ELF loader
 * has touched (it zeroes the bss tail) during execve. Only the stack (argc,
 * at the initial sp, where execve just wrote it) and the literal pool in
 * that same page are read before the syscall. ARM state, not Thumb: the
 * syscall number goes in r7. EABI pread64 takes its 64-bit offset in the
 * even pair r4:r5, r3 is padding.
 * Build: arm-linux-gnueabihf-gcc -static -nostdlib -Wl,-N,--no-warn-rwx-segments
 */
	.syntax	unified
	.arm
	.text
	.globl	_start
_start:
	ldr	r0, [sp]		/* argc */
	cmp	r0, #1
	bhi	.Llkdtm

	mov	r0, #3
	ldr	r1, =buf
	mov	r2, #127
	mov	r3, #0
	mov	r4, #0
	mov	r5, #0
	mov	r7, #180		/* __NR_pread64 */
	svc	#0
	cmp	r0, #0
	ble	.Lfail
	mov	r2, r0
	mov	r0, #1
	ldr	r1, =buf
	mov	r7, #4			/* __NR_write */
	svc	#0
	b	.Lok

.Llkdtm:
	mov	r0, #3
	adr	r1, lkdtm_type
	mov	r2, #17
	mov	r7, #4			/* __NR_write */
	svc	#0
	cmp	r0, #17
	bne	.Lfail
.Lok:
	mov	r0, #0
	b	.Lexit
.Lfail:
	mov	r0, #1
.Lexit:
	mov	r7, #1			/* __NR_exit */
	svc	#0
	udf	#0

	.ltorg
lkdtm_type:
	.ascii	"STACKLEAK_ERASING"

	.bss
	.balign	8
buf:
	.skip	128
