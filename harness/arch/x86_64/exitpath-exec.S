/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exitpath-exec: the program harness/guest/helpers/exitpath execve()s for the exec
 * path. Its first instruction makes the probe syscall, so the exit before
 * that syscall is execve()'s own:
 *
 *   no argument: pread64(3, buf, 127, 0) on the inherited stack_depth fd,
 *                then write(1, buf, n) and exit(0)
 *   any argument: write(3, "STACKLEAK_ERASING", 17) on the inherited LKDTM
 *                DIRECT fd, exit(0) if all 17 bytes went through
 *
 * No C runtime (it would make syscalls first) and no page fault before the
 * probe: linked with -N, code, data and bss share one RWX segment within
 * one page, and the ELF loader zeroes that page's bss tail during execve,
 * so the page is present when the first instruction is fetched. Only the
 * stack is read before the syscall, at the initial %rsp, where execve just
 * wrote argc. Build: gcc -static -nostdlib -Wl,-N,--no-warn-rwx-segments
 */
	.text
	.globl	_start
_start:
	cmpq	$1, (%rsp)		/* argc */
	ja	.Llkdtm

	movl	$17, %eax		/* __NR_pread64 */
	movl	$3, %edi
	leaq	buf(%rip), %rsi
	movl	$127, %edx
	xorl	%r10d, %r10d
	syscall
	testq	%rax, %rax
	jle	.Lfail
	movq	%rax, %rdx
	movl	$1, %eax		/* __NR_write */
	movl	$1, %edi
	leaq	buf(%rip), %rsi
	syscall
	jmp	.Lok

.Llkdtm:
	movl	$1, %eax		/* __NR_write */
	movl	$3, %edi
	leaq	lkdtm_type(%rip), %rsi
	movl	$17, %edx
	syscall
	cmpq	$17, %rax
	jne	.Lfail
.Lok:
	xorl	%edi, %edi
	jmp	.Lexit
.Lfail:
	movl	$1, %edi
.Lexit:
	movl	$60, %eax		/* __NR_exit */
	syscall
	ud2

lkdtm_type:
	.ascii	"STACKLEAK_ERASING"

	.bss
buf:
	.skip	128
