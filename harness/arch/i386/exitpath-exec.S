/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exitpath-exec for i386: harness/arch/x86_64/exitpath-exec.S with the
 * native 32-bit ABI (int $0x80), the program harness/guest/helpers/exitpath
 * execve()s for the exec path. Its first system call is the probe, so the
 * exit before it is execve()'s own:
 *
 *   no argument: pread64(3, buf, 127, 0) on the inherited stack_depth fd,
 *                then write(1, buf, n) and exit(0)
 *   any argument: write(3, "STACKLEAK_ERASING", 17) on the inherited LKDTM
 *                DIRECT fd, exit(0) if all 17 bytes went through
 *
 * No C runtime and no page fault before the probe: linked with -N, code,
 * data and bss share one RWX segment within one page, which the ELF loader
 * has touched (it zeroes the bss tail) during execve. Only the stack is read
 * before the syscall, at the initial %esp, where execve just wrote argc.
 * Build: gcc -m32 -static -nostdlib -Wl,-N,--no-warn-rwx-segments
 */
	.text
	.globl	_start
_start:
	cmpl	$1, (%esp)		/* argc */
	ja	.Llkdtm

	movl	$180, %eax		/* __NR_pread64 */
	movl	$3, %ebx
	movl	$buf, %ecx
	movl	$127, %edx
	xorl	%esi, %esi		/* the offset: low word */
	xorl	%edi, %edi		/* and high word */
	int	$0x80
	testl	%eax, %eax
	jle	.Lfail
	movl	%eax, %edx
	movl	$4, %eax		/* __NR_write */
	movl	$1, %ebx
	movl	$buf, %ecx
	int	$0x80
	jmp	.Lok

.Llkdtm:
	movl	$4, %eax		/* __NR_write */
	movl	$3, %ebx
	movl	$lkdtm_type, %ecx
	movl	$17, %edx
	int	$0x80
	cmpl	$17, %eax
	jne	.Lfail
.Lok:
	xorl	%ebx, %ebx
	jmp	.Lexit
.Lfail:
	movl	$1, %ebx
.Lexit:
	movl	$1, %eax		/* __NR_exit */
	int	$0x80
	ud2

lkdtm_type:
	.ascii	"STACKLEAK_ERASING"

	.bss
buf:
	.skip	128
