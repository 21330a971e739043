/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw system calls for the guest helpers, one kernel entry each, by the
 * entry the test names: SYSCALL on x86-64; on i386 int $0x80, or SYSCALL or
 * SYSENTER through stubs (entry_insn); int $0x80 from 64-bit code too;
 * svc on arm64, in its compat (AArch32) programs, on 32-bit arm and on
 * s390x; ecall on riscv64. Where there is one entry instruction, RAW_ENTRY
 * names it (the ENTRY of stackleak-plant).
 * Included by exitpath.c and stackleak-plant.c.
 */
#ifndef GUEST_RAWSYS_H
#define GUEST_RAWSYS_H

#include <signal.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/wait.h>

/*
 * Raw syscalls: one kernel entry each, nothing else (no errno, no
 * cancellation checks). The 32-bit build picks the entry instruction:
 * int $0x80 or, through stubs that follow __kernel_vsyscall's convention,
 * SYSCALL or SYSENTER.
 */
#ifdef __x86_64__
static inline long sys(long nr, long a, long b, long c, long d)
{
	register long r10 asm("r10") = d;
	long ret;

	asm volatile("syscall"
		     : "=a"(ret)
		     : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
		     : "rcx", "r11", "memory", "cc");
	return ret;
}
#elif defined(__aarch64__)
#define RAW_ENTRY	"svc"
static inline long sys(long nr, long a, long b, long c, long d)
{
	register long x8 asm("x8") = nr;
	register long x0 asm("x0") = a;
	register long x1 asm("x1") = b;
	register long x2 asm("x2") = c;
	register long x3 asm("x3") = d;

	asm volatile("svc #0"
		     : "+r"(x0)
		     : "r"(x8), "r"(x1), "r"(x2), "r"(x3)
		     : "memory", "cc");
	return x0;
}
#elif defined(__arm__)
/*
 * EABI, built in ARM state, where r7 is not the frame pointer
 * (harness/arch/arm64/arch.sh, harness/arch/arm/arch.sh): AArch32 programs
 * on arm64 and a 32-bit arm kernel's native ones. r4 and r5 are zero:
 * pread64()'s offset, which the EABI passes there (an even register pair,
 * after a pad in r3).
 */
#define RAW_ENTRY	"svc"
static inline long sys(long nr, long a, long b, long c, long d)
{
	register long r7 asm("r7") = nr;
	register long r0 asm("r0") = a;
	register long r1 asm("r1") = b;
	register long r2 asm("r2") = c;
	register long r3 asm("r3") = d;
	register long r4 asm("r4") = 0;
	register long r5 asm("r5") = 0;

	asm volatile("svc #0"
		     : "+r"(r0)
		     : "r"(r7), "r"(r1), "r"(r2), "r"(r3), "r"(r4), "r"(r5)
		     : "memory", "cc");
	return r0;
}
#elif defined(__riscv) && __riscv_xlen == 64
#define RAW_ENTRY	"ecall"
static inline long sys(long nr, long a, long b, long c, long d)
{
	register long a7 asm("a7") = nr;
	register long a0 asm("a0") = a;
	register long a1 asm("a1") = b;
	register long a2 asm("a2") = c;
	register long a3 asm("a3") = d;

	asm volatile("ecall"
		     : "+r"(a0)
		     : "r"(a7), "r"(a1), "r"(a2), "r"(a3)
		     : "memory");
	return a0;
}
#elif defined(__s390x__)
/*
 * svc 0 takes the number from r1 (any number; svc NR only below 256), the
 * arguments in r2-r5, the result in r2.
 */
#define RAW_ENTRY	"svc"
static inline long sys(long nr, long a, long b, long c, long d)
{
	register long r1 asm("r1") = nr;
	register long r2 asm("r2") = a;
	register long r3 asm("r3") = b;
	register long r4 asm("r4") = c;
	register long r5 asm("r5") = d;

	asm volatile("svc 0"
		     : "+d"(r2)
		     : "d"(r1), "d"(r3), "d"(r4), "d"(r5)
		     : "memory", "cc");
	return r2;
}
#elif defined(__i386__)
enum { ENTRY_INT80, ENTRY_SYSCALL, ENTRY_SYSENTER };
static int entry_insn = ENTRY_INT80;

/*
 * SYSCALL and SYSENTER from 32-bit code must follow __kernel_vsyscall's
 * convention: SYSCALL clobbers ECX and SYSENTER loses ESP, so that value
 * travels in EBP, and the real EBP (the sixth argument) is on the user
 * stack, where the kernel fetches it. The kernel then always returns to
 * the vDSO's int80_landing_pad, which pops EBP, EDX, ECX and returns.
 * These stubs push the same three words, so it returns to our call.
 */
asm(".pushsection .text\n"
	"ep_syscall32:\n"
	"	pushl	%ecx\n"
	"	pushl	%edx\n"
	"	pushl	%ebp\n"
	"	movl	%ecx, %ebp\n"
	"	syscall\n"
	"	ud2\n"
	"ep_sysenter32:\n"
	"	pushl	%ecx\n"
	"	pushl	%edx\n"
	"	pushl	%ebp\n"
	"	movl	%esp, %ebp\n"
	"	sysenter\n"
	"	ud2\n"
	".popsection\n");

static inline long sys5(long nr, long a, long b, long c, long d, long e)
{
	long ret;

	switch (entry_insn) {
	case ENTRY_SYSCALL:
		asm volatile("call ep_syscall32"
			     : "=a"(ret)
			     : "0"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			     : "memory", "cc");
		break;
	case ENTRY_SYSENTER:
		asm volatile("call ep_sysenter32"
			     : "=a"(ret)
			     : "0"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			     : "memory", "cc");
		break;
	default:
		asm volatile("int $0x80"
			     : "=a"(ret)
			     : "0"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			     : "memory", "cc");
	}
	return ret;
}

static inline long sys(long nr, long a, long b, long c, long d)
{
	return sys5(nr, a, b, c, d, 0);
}
#else
#error "rawsys.h: no raw system call for this architecture"
#endif

#ifdef __x86_64__
/* i386 syscall numbers, for int $0x80 from 64-bit code. */
#define NR32_WRITE	4
#define NR32_GETPPID	64
#define NR32_POLL	168
#define NR32_PREAD64	180

/*
 * int $0x80 from 64-bit code: an i386 syscall, whose exit takes the IRET
 * path. The tests of IRET exits make their baseline syscalls and probes
 * this way, so that they depend on that one erase call only: without the
 * SYSRET erase the tracked mark would not be reset after a 64-bit probe,
 * and the next IRET exit would report the probe's depth as its own.
 * Pointers must be below 4 GiB: this binary is static and not PIE.
 */
static inline long int80(long nr, long a, long b, long c, long d, long e)
{
	long ret;

	asm volatile("int $0x80"
		     : "=a"(ret)
		     : "0"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
		     : "r8", "r9", "r10", "r11", "memory", "cc");
	return ret;
}
#endif

#ifdef __i386__
/* Can this CPU run the given fast entry in compat mode? Try in a child. */
static inline int entry_works(int insn)
{
	int status;
	pid_t pid = fork();

	if (!pid) {
		/* A #UD must kill the child, not reach the ud test's handler. */
		signal(SIGILL, SIG_DFL);
		entry_insn = insn;
		_exit(sys(SYS_getppid, 0, 0, 0, 0) == getppid() ? 0 : 1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 0;
	return WIFEXITED(status) && !WEXITSTATUS(status);
}

/* Which instruction the vDSO's __kernel_vsyscall uses on this CPU. */
static inline const char *vsyscall_insn(void)
{
	const unsigned char *p = (const unsigned char *)getauxval(AT_SYSINFO);

	/* push %ecx; push %edx; push %ebp; then the patched alternative. */
	if (!p)
		return "none";
	for (int i = 3; i < 12; i++) {
		if (p[i] == 0x0f && p[i + 1] == 0x05)
			return "syscall";
		if (p[i] == 0x0f && p[i + 1] == 0x34)
			return "sysenter";
		if (p[i] == 0xcd && p[i + 1] == 0x80)
			return "int80";
	}
	return "unknown";
}
#endif

#endif /* GUEST_RAWSYS_H */
