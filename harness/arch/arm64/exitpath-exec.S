/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exitpath-exec for arm64: harness/arch/x86_64/exitpath-exec.S in A64, the
 * program harness/guest/helpers/exitpath execve()s for the exec path. Its
 * first system call is the probe, so the exit before it is execve()'s own:
 *
 *   no argument: pread64(3, buf, 127, 0) on the inherited stack_depth fd,
 *                then write(1, buf, n) and exit(0)
 *   any argument: write(3, "STACKLEAK_ERASING", 17) on the inherited LKDTM
 *                DIRECT fd, exit(0) if all 17 bytes went through
 *
 * No C runtime and no page fault before the probe: linked with -N, code,
 * data and bss share one RWX segment within one page, which the ELF loader
 * has touched (it zeroes the bss tail) during execve. Only the stack is read
 * before the syscall, at the initial sp, where execve just wrote argc.
 * Build: aarch64-linux-gnu-gcc -static -nostdlib -Wl,-N,--no-warn-rwx-segments
 */
	.text
	.globl	_start
_start:
	ldr	x9, [sp]		/* argc */
	cmp	x9, #1
	b.hi	.Llkdtm

	mov	x0, #3
	adr	x1, buf
	mov	x2, #127
	mov	x3, #0
	mov	x8, #67			/* __NR_pread64 */
	svc	#0
	cmp	x0, #0
	b.le	.Lfail
	mov	x2, x0
	mov	x0, #1
	adr	x1, buf
	mov	x8, #64			/* __NR_write */
	svc	#0
	b	.Lok

.Llkdtm:
	mov	x0, #3
	adr	x1, lkdtm_type
	mov	x2, #17
	mov	x8, #64			/* __NR_write */
	svc	#0
	cmp	x0, #17
	b.ne	.Lfail
.Lok:
	mov	x0, #0
	b	.Lexit
.Lfail:
	mov	x0, #1
.Lexit:
	mov	x8, #93			/* __NR_exit */
	svc	#0
	udf	#0

lkdtm_type:
	.ascii	"STACKLEAK_ERASING"

	.bss
	.balign	8
buf:
	.skip	128
