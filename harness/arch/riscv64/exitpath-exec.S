/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exitpath-exec for riscv64: harness/arch/x86_64/exitpath-exec.S in RV64, the
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
 * before the syscall, at the initial sp, where execve just wrote argc. No
 * gp-relative relaxation either: -nostdlib leaves __global_pointer$ undefined,
 * and gp is not set up, so every address is pc-relative (auipc).
 * Build: riscv64-linux-gnu-gcc -static -nostdlib -Wl,-N,--no-warn-rwx-segments
 */
	.option	norelax
	.text
	.globl	_start
_start:
	ld	t0, 0(sp)		/* argc */
	li	t1, 1
	bgtu	t0, t1, .Llkdtm

	li	a0, 3
	lla	a1, buf
	li	a2, 127
	li	a3, 0
	li	a7, 67			/* __NR_pread64 */
	ecall
	blez	a0, .Lfail
	mv	a2, a0
	li	a0, 1
	lla	a1, buf
	li	a7, 64			/* __NR_write */
	ecall
	j	.Lok

.Llkdtm:
	li	a0, 3
	lla	a1, lkdtm_type
	li	a2, 17
	li	a7, 64			/* __NR_write */
	ecall
	li	t0, 17
	bne	a0, t0, .Lfail
.Lok:
	li	a0, 0
	j	.Lexit
.Lfail:
	li	a0, 1
.Lexit:
	li	a7, 93			/* __NR_exit */
	ecall
	unimp

lkdtm_type:
	.ascii	"STACKLEAK_ERASING"

	.bss
	.balign	8
buf:
	.skip	128
