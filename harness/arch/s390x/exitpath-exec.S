/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exitpath-exec for s390x: harness/arch/x86_64/exitpath-exec.S in z/Architecture,
 * the program harness/guest/helpers/exitpath execve()s for the exec path. Its
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
 * before the syscall, at the initial %r15, where execve just wrote argc.
 * Arguments in %r2-%r6, the number in the svc immediate (all below 256).
 * Build: s390x-linux-gnu-gcc -static -nostdlib -Wl,-N,--no-warn-rwx-segments
 */
	.text
	.globl	_start
_start:
	lg	%r0, 0(%r15)		/* argc */
	clgfi	%r0, 1
	jh	.Llkdtm

	lghi	%r2, 3
	larl	%r3, buf
	lghi	%r4, 127
	lghi	%r5, 0
	svc	180			/* __NR_pread64 */
	ltgr	%r2, %r2
	jnh	.Lfail
	lgr	%r4, %r2
	lghi	%r2, 1
	larl	%r3, buf
	svc	4			/* __NR_write */
	j	.Lok

.Llkdtm:
	lghi	%r2, 3
	larl	%r3, lkdtm_type
	lghi	%r4, 17
	svc	4			/* __NR_write */
	cghi	%r2, 17
	jne	.Lfail
.Lok:
	lghi	%r2, 0
	j	.Lexit
.Lfail:
	lghi	%r2, 1
.Lexit:
	svc	1			/* __NR_exit */
	.word	0			/* illegal opcode: never reached */

	.balign	2
lkdtm_type:
	.ascii	"STACKLEAK_ERASING"

	.bss
	.balign	8
buf:
	.skip	128
