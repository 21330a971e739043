// SPDX-License-Identifier: GPL-2.0
/*
 * exitpath: show that one kind of return to user space erased the stack.
 *
 * Usage: exitpath PATH depth|lkdtm [ROUNDS]
 *        exitpath measure            (depth of a few syscalls, for tuning)
 *
 * Every exit to user space calls the STACKLEAK erase routine, which also
 * copies the task's lowest tracked stack point into prev_lowest_stack:
 * /proc/self/stack_depth ("previous stack depth") shows the depth of the
 * last kernel entry whose exit ran the erase. An exit path that lost its
 * erase call also leaves that value alone. So each round does:
 *
 *   control: twice a baseline syscall and the probe    -> value B
 *   attempt: the baseline syscall, then the event whose exit goes through
 *            PATH, then the probe as the very next kernel entry -> value S
 *
 * The probe is a pread() of the already open stack_depth file: it reports
 * the previous exit's depth before its own exit runs. If PATH erased, S is
 * the event's depth; if not, S is still the baseline's, exactly: S == B.
 * The event is chosen so that its depth differs from the baseline's (deeper,
 * or for "irq" shallower: there the baseline is a deep syscall, because an
 * interrupt may call no tracked function at all). Only S != B is required:
 * with RANDOMIZE_KSTACK_OFFSET a syscall's depth varies by up to 1 KiB, so
 * the baseline may even be deeper than an exception's fixed depth. A round
 * passes if one of ATTEMPTS attempts shows the difference: an interrupt
 * between the event and the probe, or a random offset that happens to land
 * on the event's depth, can hide one attempt, but a missing erase call
 * shows S == B every time.
 *
 * Baseline and probe take the same exit as the event (64-bit IRET paths:
 * int $0x80), so each test depends on its own path's erase call only, and
 * a failure names the call that is missing.
 *
 * The LKDTM check (STACKLEAK_ERASING) cannot see a missing erase on its
 * own: without the erase the tracked mark stays deep and the check only
 * looks below it. In "lkdtm" mode the probe is a write of STACKLEAK_ERASING
 * to the already open LKDTM DIRECT file, right after the same event; the
 * verdict is in the kernel log, which the calling script reads.
 *
 * All syscalls between the baseline and the probe are raw (inline asm), so
 * exactly one kernel entry happens for each; the stack is prefaulted and
 * a warm-up round runs first, so no page fault gets in between either.
 *
 * 64-bit paths: sysret64, signal, ptrace, ptrace-sysret, exec, pagefault,
 * ud, int3, irq. 32-bit build (-m32): compat-int80, compat-syscall,
 * compat-sysenter (on a 32-bit kernel, its native entries), signal, ptrace,
 * exec, pagefault, ud, int3, irq. arm64, where every return to EL0 takes
 * ret_to_user: svc, signal, ptrace, exec, pagefault, ud (udf), int3 (brk),
 * irq; its AArch32 build: compat-svc, signal, pagefault (the test runs no
 * other path of it on arm64). 32-bit arm (the same build, on a 32-bit
 * kernel): svc, signal, ptrace, exec, pagefault, ud (udf #0), int3 (udf #16,
 * the kernel's ARM breakpoint), irq. riscv64: ecall, signal, ptrace, exec,
 * pagefault, ud (unimp), int3 (ebreak), irq. s390x: svc, signal, ptrace,
 * exec, pagefault, ud (an invalid opcode), irq; no int3: its breakpoint
 * (0x0001) raises SIGILL unless the task is traced.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif
#ifdef __x86_64__
#include <sys/user.h>
#endif
#include "rawsys.h"

/*
 * The exceptions of the ud and int3 paths and their instructions' lengths.
 * The signal handler steps over the instruction when the kernel reports the
 * exception at it (x86's #UD, arm64, arm, riscv64: the PC is si_addr), not
 * when the saved PC is already past it (x86's #BP, s390x's suppressed
 * operation exception).
 */
#if defined(__x86_64__) || defined(__i386__)
#define UD_INSN		"ud2"
#define UD_LEN		2
#define BRK_INSN	"int3"
#define BRK_LEN		1
#elif defined(__aarch64__)
#define UD_INSN		"udf #0"
#define UD_LEN		4
#define BRK_INSN	"brk #0"
#define BRK_LEN		4
#elif defined(__arm__)
/* ARM state: udf #16 (0xe7f001f0) is the breakpoint arch/arm/kernel/ptrace.c hooks. */
#define UD_INSN		"udf #0"
#define UD_LEN		4
#define BRK_INSN	"udf #16"
#define BRK_LEN		4
#elif defined(__riscv)
/* The 4-byte encodings, which the C extension would otherwise compress. */
#define UD_INSN		".option push\n.option norvc\nunimp\n.option pop"
#define UD_LEN		4
#define BRK_INSN	".option push\n.option norvc\nebreak\n.option pop"
#define BRK_LEN		4
#elif defined(__s390x__)
/* Opcode 0x00 is invalid: SIGILL (0x0001, ptrace's breakpoint, is too, untraced). */
#define UD_INSN		".short 0"
#define UD_LEN		2
#endif

#ifdef __x86_64__
#define UC_PC(uc)	((uc)->uc_mcontext.gregs[REG_RIP])
#elif defined(__i386__)
#define UC_PC(uc)	((uc)->uc_mcontext.gregs[REG_EIP])
#elif defined(__aarch64__)
#define UC_PC(uc)	((uc)->uc_mcontext.pc)
#elif defined(__arm__)
#define UC_PC(uc)	((uc)->uc_mcontext.arm_pc)
#elif defined(__riscv)
#define UC_PC(uc)	((uc)->uc_mcontext.__gregs[REG_PC])
#elif defined(__s390x__)
#define UC_PC(uc)	((uc)->uc_mcontext.psw.addr)
#endif

#define DEPTH_FILE	"/proc/self/stack_depth"
#define DIRECT_FILE	"/sys/kernel/debug/provoke-crash/DIRECT"
#define LKDTM_TYPE	"STACKLEAK_ERASING"
#define ATTEMPTS	3
#define SPIN_MS		40	/* user-mode spin for "irq": ten ticks at HZ=250 */
#define EXEC_HELPER	"/bin/exitpath-exec"

static int lkdtm_mode;		/* probe = LKDTM write instead of pread */
static int depth_fd = -1, direct_fd = -1;
static char probe_buf[128];
static volatile long probe_ret;
static pid_t self_pid;

struct path {
	const char *name;
	void (*event)(void);
	int shallower;		/* the event is shallower than the baseline */
	int iret;		/* 64-bit: baseline and probe use int $0x80 */
};

static const struct path *cur_path;

/* The probe: must be the first kernel entry after the event. */
static void probe(void)
{
#ifdef __x86_64__
	if (cur_path && cur_path->iret) {
		if (lkdtm_mode)
			probe_ret = int80(NR32_WRITE, direct_fd, (long)LKDTM_TYPE,
					  strlen(LKDTM_TYPE), 0, 0);
		else	/* the offset is two words, both zero */
			probe_ret = int80(NR32_PREAD64, depth_fd, (long)probe_buf,
					  sizeof(probe_buf) - 1, 0, 0);
		return;
	}
#endif
	if (lkdtm_mode)
		probe_ret = sys(SYS_write, direct_fd, (long)LKDTM_TYPE,
				strlen(LKDTM_TYPE), 0);
	else	/* pread64; on i386 (and AArch32) the offset is two words, both zero */
		probe_ret = sys(SYS_pread64, depth_fd, (long)probe_buf,
				sizeof(probe_buf) - 1, 0);
}

/* "previous stack depth" from the last probe, -1 if it failed. */
static long probe_depth(void)
{
	long depth;

	if (probe_ret <= 0)
		return -1;
	probe_buf[probe_ret] = 0;
	if (sscanf(probe_buf, "previous stack depth: %ld", &depth) != 1)
		return -1;
	return depth;
}

static void shallow(void)
{
	sys(SYS_getppid, 0, 0, 0, 0);
}

/* Static: below 4 GiB, so int $0x80 from 64-bit code can take it too. */
static struct pollfd poll_fd = { .events = POLLIN };

/*
 * A syscall much deeper than getppid(): do_sys_poll() keeps its poll table
 * on the stack, a frame the plugin tracks.
 */
static void deep(void)
{
	poll_fd.fd = depth_fd;
#ifdef SYS_poll
	sys(SYS_poll, (long)&poll_fd, 1, 0, 0);
#else
	/* arm64 has no poll(): ppoll() with a zero timeout, the same do_sys_poll(). */
	static const struct timespec zero;

	sys(SYS_ppoll, (long)&poll_fd, 1, (long)&zero, 0);
#endif
}

/* Signal handlers: their first syscall is the probe. */
static void on_signal(int sig, siginfo_t *si, void *uc)
{
	probe();
}

/*
 * SIGILL of ud, SIGTRAP of int3: step over the instruction if the kernel
 * reported the exception at it (x86's int3 reports none: si_addr is 0).
 */
static void on_fault(int sig, siginfo_t *si, void *ucp)
{
	ucontext_t *uc = ucp;

	probe();
	if ((unsigned long)UC_PC(uc) == (unsigned long)si->si_addr)
#ifdef BRK_INSN
		UC_PC(uc) += sig == SIGILL ? UD_LEN : BRK_LEN;
#else
		UC_PC(uc) += UD_LEN;
#endif
}

static void handle(int sig, void (*fn)(int, siginfo_t *, void *))
{
	struct sigaction sa = { .sa_sigaction = fn, .sa_flags = SA_SIGINFO };

	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL)) {
		perror("sigaction");
		exit(2);
	}
}

/*
 * A counter user mode reads without a syscall: the TSC on x86, the virtual
 * count of the generic timer on arm64 and arm (the arch timer driver lets
 * user mode read it), the time CSR on riscv64 (the vDSO reads it too), the
 * TOD clock on s390x (STORE CLOCK is unprivileged).
 */
static inline unsigned long long ticks(void)
{
	unsigned long long t;

#ifdef __aarch64__
	asm volatile("isb; mrs %0, cntvct_el0" : "=r"(t) :: "memory");
#elif defined(__arm__)
	asm volatile("isb; mrrc p15, 1, %Q0, %R0, c14" : "=r"(t) :: "memory");
#elif defined(__riscv)
	asm volatile("rdtime %0" : "=r"(t) :: "memory");
#elif defined(__s390x__)
	asm volatile("stck %0" : "=Q"(t) :: "memory", "cc");
#else
	t = __rdtsc();
#endif
	return t;
}

/* TSC ticks per millisecond, measured once outside any experiment. */
static unsigned long long tsc_per_ms;

static void calibrate_tsc(void)
{
	struct timespec a, b;
	unsigned long long t0, t1;
	long ns;

	clock_gettime(CLOCK_MONOTONIC, &a);
	t0 = ticks();
	do {
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns = (b.tv_sec - a.tv_sec) * 1000000000L + b.tv_nsec - a.tv_nsec;
	} while (ns < 20000000L);
	t1 = ticks();
	tsc_per_ms = (t1 - t0) * 1000000ULL / ns;
	if (!tsc_per_ms)
		tsc_per_ms = 1;
}

/*
 * Stay in user mode, making no syscall, long enough for several timer
 * interrupts: the last exit before the probe is then an interrupt's.
 * rdtsc, not clock_gettime(): the vDSO falls back to a syscall when the
 * clocksource is not TSC (and AArch32 programs on arm64 may have no vDSO).
 */
static void spin(void)
{
	unsigned long long end = ticks() + SPIN_MS * tsc_per_ms;

	while (ticks() < end)
		asm volatile("" ::: "memory");
}

static char *fault_pages;
static long fault_next, fault_count;

/* The events: each ends with the probe as the first kernel entry after it. */
static void ev_syscall(void)
{
	deep();
	probe();
}

static void ev_signal(void)
{
	/* kill() returns with SIGUSR1 pending: delivered on this exit. */
	sys(SYS_kill, self_pid, SIGUSR1, 0, 0);
}

static void ev_pagefault(void)
{
	if (fault_next >= fault_count) {
		fprintf(stderr, "out of fresh pages\n");
		exit(2);
	}
	/* First write to a fresh anonymous page: a user-mode #PF. */
	*(volatile char *)(fault_pages + fault_next++ * 4096) = 1;
	probe();
}

static void ev_ud(void)
{
	asm volatile(UD_INSN ::: "memory");
}

#ifdef BRK_INSN
static void ev_int3(void)
{
	asm volatile(BRK_INSN ::: "memory");
}
#endif

static void ev_irq(void)
{
	spin();
	probe();
}

static void ev_exec(void);

static const struct path paths[] = {
#ifdef __x86_64__
	{ "sysret64", ev_syscall },
	{ "ptrace", ev_syscall, 0, 1 },
	{ "ptrace-sysret", ev_syscall },
	{ "exec", ev_exec, 0, 1 },
#elif defined(__i386__)
	/* Baseline, event and probe all use the path's entry instruction. */
	{ "compat-int80", ev_syscall },
	{ "compat-syscall", ev_syscall },
	{ "compat-sysenter", ev_syscall },
	/* On a 32-bit kernel: int $0x80 with PTRACE_SYSCALL stops, and execve(). */
	{ "ptrace", ev_syscall },
	{ "exec", ev_exec },
#elif defined(__aarch64__)
	/* Every path returns to EL0 through ret_to_user. */
	{ "svc", ev_syscall },
	{ "ptrace", ev_syscall },
	{ "exec", ev_exec },
#elif defined(__arm__)
	/* A 32-bit arm kernel's svc; AArch32 on arm64: its compat syscall path. */
	{ "svc", ev_syscall },
	{ "compat-svc", ev_syscall },
	{ "ptrace", ev_syscall },
	{ "exec", ev_exec },
#elif defined(__riscv)
	/* Every path returns to user mode through ret_from_exception. */
	{ "ecall", ev_syscall },
	{ "ptrace", ev_syscall },
	{ "exec", ev_exec },
#elif defined(__s390x__)
	/* The exits of system_call, pgm_check_handler and the interrupt handlers. */
	{ "svc", ev_syscall },
	{ "ptrace", ev_syscall },
	{ "exec", ev_exec },
#endif
	/* In the 32-bit build these exits go through the same IRET code. */
	{ "signal", ev_signal, 0, 1 },
	{ "pagefault", ev_pagefault, 0, 1 },
	{ "ud", ev_ud, 0, 1 },
#ifdef BRK_INSN
	{ "int3", ev_int3, 0, 1 },
#endif
	{ "irq", ev_irq, 1, 1 },
	{ NULL }
};

static void baseline(const struct path *p)
{
#ifdef __x86_64__
	if (p->iret) {
		poll_fd.fd = depth_fd;
		if (p->shallower)
			int80(NR32_POLL, (long)&poll_fd, 1, 0, 0, 0);
		else
			int80(NR32_GETPPID, 0, 0, 0, 0, 0);
		return;
	}
#endif
	if (p->shallower)
		deep();
	else
		shallow();
}

static int round_ok(const struct path *p, long b, long s)
{
	if (b < 0 || s < 0)
		return 0;
	return s != b;
}

static void open_files(void)
{
	if (lkdtm_mode) {
		direct_fd = open(DIRECT_FILE, O_WRONLY);
		if (direct_fd < 0) {
			perror(DIRECT_FILE);
			exit(2);
		}
	}
	/* Opened by the task that probes: /proc/self is resolved at open. */
	depth_fd = open(DEPTH_FILE, O_RDONLY);
	if (depth_fd < 0) {
		perror(DEPTH_FILE);
		exit(2);
	}
}

/* Touch stack pages a signal frame and handler may need, in advance. */
static void __attribute__((noinline)) prefault_stack(void)
{
	volatile char pad[128 * 1024];

	for (size_t i = 0; i < sizeof(pad); i += 4096)
		pad[i] = 0;
}

/*
 * The control: baseline, probe, twice. Done once, a lost erase call would
 * leave B at whatever exit last erased before, which depends on what ran
 * earlier; done twice, B and an attempt's S both come from the first
 * probe's exit (or an older one) and are equal.
 */
static long control(const struct path *p)
{
	baseline(p);
	probe();
	baseline(p);
	probe();
	return probe_depth();
}

/*
 * One round in lkdtm mode: baseline, event, LKDTM write. Depth mode: up
 * to ATTEMPTS (control, attempt) pairs until one shows the difference.
 * Returns 1 if the round passed (lkdtm mode: the write went through).
 */
static int run_round(const struct path *p, long *b, long *s, int *tries)
{
	if (lkdtm_mode) {
		baseline(p);
		p->event();
		*tries = 1;
		return probe_ret == (long)strlen(LKDTM_TYPE);
	}
	for (*tries = 1; *tries <= ATTEMPTS; (*tries)++) {
		*b = control(p);
		baseline(p);
		p->event();
		*s = probe_depth();
		if (round_ok(p, *b, *s))
			return 1;
	}
	*tries = ATTEMPTS;
	return 0;
}

/* "MIN" or "MIN-MAX" */
static const char *range(char *buf, size_t len, long min, long max)
{
	if (min == max)
		snprintf(buf, len, "%ld", min);
	else
		snprintf(buf, len, "%ld-%ld", min, max);
	return buf;
}

static int report(const struct path *p, int rounds, int ok, long bmin, long bmax,
		  long smin, long smax, int retries)
{
	char base[48], seen[48];

	if (lkdtm_mode)
		printf("lkdtm %s writes=%d/%d\n", p->name, ok, rounds + 1);
	else
		printf("depth %s ok=%d/%d base=%s seen=%s retries=%d\n",
		       p->name, ok, rounds, range(base, sizeof(base), bmin, bmax),
		       range(seen, sizeof(seen), smin, smax), retries);
	return ok == rounds + lkdtm_mode ? 0 : 1;
}

/* Rounds of one path in this task; round 0 is a warm-up and not counted. */
static int run_rounds(const struct path *p, int rounds)
{
	long b = -1, s = -1, bmin = -1, bmax = -1, smin = -1, smax = -1;
	int ok = 0, retries = 0, tries;

	open_files();
	for (int r = 0; r <= rounds; r++) {
		int pass = run_round(p, &b, &s, &tries);

		/* Every LKDTM write counts: the kernel logs a verdict for each. */
		if (lkdtm_mode) {
			ok += pass;
			continue;
		}
		if (!r)
			continue;
		ok += pass;
		retries += tries - 1;
		if (!pass)
			printf("round %d: base %ld seen %ld\n", r, b, s);
		if (bmin < 0 || b < bmin)
			bmin = b;
		if (b > bmax)
			bmax = b;
		if (smin < 0 || s < smin)
			smin = s;
		if (s > smax)
			smax = s;
	}
	return report(p, rounds, ok, bmin, bmax, smin, smax, retries);
}

/*
 * ptrace: the child's syscalls stop at entry and exit (PTRACE_SYSCALL).
 * Baseline and event are both traced; the stops reach no tracked frame
 * (a traced getppid() still shows the bare pt_regs depth), poll() does.
 * For "ptrace", at poll()'s exit stop the tracer changes RCX, which the
 * syscall instruction clobbers anyway: RCX no longer equals RIP, so the
 * exit cannot use SYSRET and takes the IRET path, as after any tracer
 * change of RIP or RFLAGS. "ptrace-sysret" leaves the registers alone:
 * in 6.1 such an exit uses SYSRET (without the SYSRET erase call, only
 * this test and sysret64 fail). Elsewhere (i386, arm64, arm, riscv64,
 * s390x) "ptrace" leaves the registers alone: the exit after the stops is
 * the syscall's own.
 */
static int run_ptrace(const struct path *p, int rounds)
{
#ifdef __x86_64__
	int rewrite = !strcmp(p->name, "ptrace"), rewrites = 0;
#endif
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (!pid) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0)) {
			perror("PTRACE_TRACEME");
			_exit(2);
		}
		raise(SIGSTOP);
		self_pid = getpid();
		_exit(run_rounds(p, rounds));
	}
	if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status)) {
		fprintf(stderr, "child did not stop\n");
		return 2;
	}
	ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL);
	ptrace(PTRACE_SYSCALL, pid, 0, 0);
	for (;;) {
		int sig = 0;

		if (waitpid(pid, &status, 0) != pid)
			return 2;
		if (WIFEXITED(status)) {
#ifdef __x86_64__
			printf("tracer: %d exit stops of poll() got RCX changed\n", rewrites);
#endif
			return WEXITSTATUS(status);
		}
		if (WIFSIGNALED(status)) {
			printf("tracee killed by signal %d\n", WTERMSIG(status));
			return 2;
		}
		if (WSTOPSIG(status) == (SIGTRAP | 0x80)) {
#ifdef __x86_64__
			struct user_regs_struct regs;

			/* At entry stops RAX is -ENOSYS, at exit the result. */
			ptrace(PTRACE_GETREGS, pid, 0, &regs);
			if (rewrite && regs.orig_rax == SYS_poll &&
			    regs.rax != (unsigned long long)-ENOSYS) {
				regs.rcx = 0;
				ptrace(PTRACE_SETREGS, pid, 0, &regs);
				rewrites++;
			}
#endif
		} else {
			sig = WSTOPSIG(status);
		}
		ptrace(PTRACE_SYSCALL, pid, 0, sig);
	}
}

/*
 * exec: a child makes the baseline syscall and execve()s a tiny static
 * program whose first instruction makes the probe syscall on fd 3 (the
 * child's stack_depth or the DIRECT file). Nothing runs in user space
 * between the two: that program lies in one page the ELF loader has
 * already faulted in (see harness/arch/ARCH/exitpath-exec.S), so not even a page fault
 * comes between execve's exit and the probe. It writes what pread()
 * returned to fd 1, a pipe to us; we hand it on as our own probe result.
 */
static void ev_exec(void)
{
	char *const argv_depth[] = { EXEC_HELPER, NULL };
	char *const argv_lkdtm[] = { EXEC_HELPER, "lkdtm", NULL };
	char *const envp[] = { NULL };
	int pfd[2], status;
	ssize_t n;
	pid_t pid;

	probe_ret = -1;
	if (pipe(pfd)) {
		perror("pipe");
		exit(2);
	}
	fflush(stdout);
	pid = fork();
	if (!pid) {
		/* Opened here: /proc/self must be the task that execs. */
		int fd = lkdtm_mode ? open(DIRECT_FILE, O_WRONLY) :
				      open(DEPTH_FILE, O_RDONLY);

		if (fd < 0 || dup2(fd, 3) != 3 || dup2(pfd[1], 1) != 1)
			_exit(2);
		baseline(cur_path);
		sys(SYS_execve, (long)EXEC_HELPER,
		    (long)(lkdtm_mode ? argv_lkdtm : argv_depth), (long)envp, 0);
		_exit(3);
	}
	close(pfd[1]);
	n = read(pfd[0], probe_buf, sizeof(probe_buf) - 1);
	close(pfd[0]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status))
		return;
	probe_ret = lkdtm_mode ? (long)strlen(LKDTM_TYPE) : n;
}

/* Depth each candidate syscall leaves, for choosing baseline and event. */
static int measure(void)
{
#ifdef __x86_64__
	struct stat st;
#endif

	open_files();
	for (int i = 0; i < 3; i++) {
		shallow();
		probe();
		printf("getppid %ld\n", probe_depth());
		deep();
		probe();
		printf("poll %ld\n", probe_depth());
		sys(SYS_kill, self_pid, 0, 0, 0);
		probe();
		printf("kill0 %ld\n", probe_depth());
#ifdef __x86_64__
		sys(SYS_stat, (long)"/proc/self/status", (long)&st, 0, 0);
		probe();
		printf("stat %ld\n", probe_depth());
#endif
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct path *p;
	int rounds;

	setvbuf(stdout, NULL, _IOLBF, 0);
	self_pid = getpid();
	prefault_stack();
	if (argc == 2 && !strcmp(argv[1], "measure"))
		return measure();
	if (argc < 3) {
		fprintf(stderr, "usage: %s PATH depth|lkdtm [ROUNDS]\n", argv[0]);
		return 2;
	}
	for (p = paths; p->name && strcmp(p->name, argv[1]); p++)
		;
	if (!p->name) {
		fprintf(stderr, "unknown path %s\n", argv[1]);
		return 2;
	}
	cur_path = p;
	lkdtm_mode = !strcmp(argv[2], "lkdtm");
	rounds = argc > 3 ? atoi(argv[3]) : 5;

	/* Before the SIGILL handler: a counter user mode may not read kills us here. */
	calibrate_tsc();
	handle(SIGUSR1, on_signal);
	handle(SIGTRAP, on_fault);
	handle(SIGILL, on_fault);
	fault_count = (rounds + 1) * ATTEMPTS * 2 + 4;
	/*
	 * 32-bit arm's fault path for a private anonymous page reaches no
	 * tracked frame, so its depth would equal the baseline; shmem's does.
	 */
	fault_pages = mmap(NULL, fault_count * 4096, PROT_READ | PROT_WRITE,
#ifdef __arm__
			   MAP_SHARED | MAP_ANONYMOUS,
#else
			   MAP_PRIVATE | MAP_ANONYMOUS,
#endif
			   -1, 0);
	if (fault_pages == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	if (!strncmp(p->name, "ptrace", 6))
		return run_ptrace(p, rounds);
#ifdef __i386__
	/*
	 * int $0x80 unless the path is a fast compat entry. The kernel sets
	 * MSR_CSTAR (32-bit SYSCALL) only on CPUs whose vendor supports it,
	 * and then patches the vDSO to use SYSCALL; Intel CPUs raise #UD
	 * instead, but QEMU's TCG does not: it would enter the kernel at an
	 * unset CSTAR (seen: a double fault). So SYSCALL only if the vDSO
	 * uses it. SYSENTER is always set up by 64-bit kernels; AMD CPUs
	 * raise #UD for it in compat mode (TCG runs it), which the trial in
	 * a child catches.
	 */
	if (!strcmp(p->name, "compat-syscall") && strcmp(vsyscall_insn(), "syscall")) {
		printf("unavailable %s: no 32-bit SYSCALL on this CPU vendor (vDSO uses %s)\n",
		       p->name, vsyscall_insn());
		return 3;
	}
	if (!strcmp(p->name, "compat-syscall") || !strcmp(p->name, "compat-sysenter")) {
		int insn = strcmp(p->name, "compat-syscall") ? ENTRY_SYSENTER : ENTRY_SYSCALL;

		if (!entry_works(insn)) {
			printf("unavailable %s: %s faults in compat mode on this CPU",
			       p->name, p->name + 7);
			printf(" (vDSO uses %s)\n", vsyscall_insn());
			return 3;
		}
		entry_insn = insn;
	}
	printf("vdso %s\n", vsyscall_insn());
#endif
	return run_rounds(p, rounds);
}
