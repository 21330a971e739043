# exit-PATH: every kind of return to user space erases. For each, exitpath
# (harness/guest/helpers/exitpath.c) makes the last kernel exit before a probe syscall go
# through it. Depth probe: /proc/self/stack_depth must show that exit's depth, not
# the baseline syscall's before it (only the erase routine updates it, so a missing
# erase call leaves the baseline). LKDTM probe: STACKLEAK_ERASING right after the
# same exit must be OK. PASS needs both in every round (LKDTM alone with
# harness.depth_probe=off on the command line: see depth_probe_off in lib.sh). 6.1 exits: SYSRET64
# (syscall_return_via_sysret), IRET (swapgs_restore_regs_and_return_to_usermode),
# compat SYSRETL (sysret32_from_system_call). 32-bit SYSCALL exists only where the kernel
# set it up (AMD-vendor CPUs, e.g. QEMU's default qemu64), SYSENTER on Intel-vendor ones
# (QEMU_EXTRA="-cpu qemu64,vendor=GenuineIntel"); TCG also runs SYSENTER on qemu64. Where
# the CPU cannot take one, its result is XFAIL with the reason.
# arm64 returns to EL0 through ret_to_user alone: the same events (svc instead of SYSCALL,
# udf and brk for ud2 and int3), and svc from AArch32 (exit-compat-svc). A 32-bit kernel
# (i386) enters by int $0x80 or SYSENTER and returns by IRET or SYSEXIT. riscv64 returns
# through ret_from_exception alone (ecall, unimp and ebreak for SYSCALL, ud2 and int3);
# 32-bit arm through ret_to_user/ret_to_user_from_irq (svc, udf #0, and udf #16, its
# ptrace breakpoint); s390x through the exits of system_call (svc, signals, ptrace,
# exec), pgm_check_handler (page fault, invalid opcode) and the interrupt handlers (the
# timer's external interrupt), with no user breakpoint outside ptrace. The x86-64 cases
# the architecture has no instruction for are SKIPs with the reason.
. /lib/harness.sh
N=${EXIT_ROUNDS:-5}
case $GUEST_ARCH in
aarch64 | arm | s390x) first=exit-svc ;;
riscv64) first=exit-ecall ;;
i386) first=exit-int80 ;;
*) first=exit-sysret64 ;;
esac
require_stackleak $first
if [ ! -e /proc/self/stack_depth ]; then
	result $first FAIL "no /proc/self/stack_depth (CONFIG_STACKLEAK_METRICS?)"; exit 0
fi

probe=1
! depth_probe_off || probe=

# check NAME BINARY PATH HOW: HOW says which exit and event, for the detail.
check() {
	name=$1 bin=$2 path=$3 how=$4 out= rc=0
	if [ -n "$probe" ]; then
		out=$($bin "$path" depth "$N" 2>&1)
		rc=$?
	fi
	case $out in *unavailable*)
		result "$name" XFAIL "$how: $(echo "$out" | sed -n 's/^unavailable [^:]*: //p')"; return ;;
	esac
	sum=$(echo "$out" | grep "^depth $path ")
	ok=$(echo "$sum" | sed -n 's/.* ok=\([^ ]*\).*/\1/p')
	base=$(echo "$sum" | sed -n 's/.* base=\([^ ]*\).*/\1/p')
	seen=$(echo "$sum" | sed -n 's/.* seen=\([^ ]*\).*/\1/p')
	retries=$(echo "$sum" | sed -n 's/.* retries=\([^ ]*\).*/\1/p')
	bad=$(echo "$out" | grep -m1 '^round ')
	dmesg -c >/dev/null
	lout=$($bin "$path" lkdtm "$N" 2>&1)
	lrc=$?
	log=$(dmesg -c)
	lok=$(echo "$log" | grep -c "$OKMSG")
	lfail=$(echo "$log" | grep -c 'FAIL: ')
	writes=$((N + 1))        # a warm-up round, then N
	detail="$how: depth ${seen:-?} vs baseline ${base:-?} bytes in ${ok:-?} rounds (${retries:-?} retries); LKDTM $lok/$writes OK"
	[ -n "$probe" ] || detail="$how: LKDTM $lok/$writes OK; no depth probe (harness.depth_probe=off)"
	if [ $rc = 0 ] && [ $lrc = 0 ] && [ "$lok" = $writes ] && [ "$lfail" = 0 ]; then
		result "$name" PASS "$detail"
	else
		[ $rc = 0 ] || detail="$detail; depth probe: ${bad:-$(echo "$out" | tail -1)}"
		[ $lrc = 0 ] || detail="$detail; lkdtm run: $(echo "$lout" | tail -1)"
		[ "$lfail" = 0 ] || detail="$detail; $(echo "$log" | grep -o 'FAIL: .*' | head -1)"
		result "$name" FAIL "$detail"
	fi
}

case $GUEST_ARCH in
aarch64)
	R=ret_to_user
	check exit-svc exitpath svc "$R, svc ppoll()"
	skip_cases "x86 entry instruction (SYSRET): arm64 returns to EL0 through ret_to_user only (exit-svc)" \
		exit-sysret64 exit-ptrace-sysret
	check exit-signal exitpath signal "$R, kill() returning with SIGUSR1 pending"
	check exit-ptrace exitpath ptrace "$R, PTRACE_SYSCALL'd ppoll()"
	check exit-exec exitpath exec "$R, execve() of a -nostdlib program"
	check exit-pagefault exitpath pagefault "$R, user data abort on a fresh page"
	check exit-ud exitpath ud "$R, user undefined instruction (udf #0) + SIGILL"
	check exit-int3 exitpath int3 "$R, user breakpoint (brk #0) + SIGTRAP"
	check exit-irq exitpath irq "$R, timer IRQ hit a user-mode spin"
	check exit-compat-svc exitpath32 compat-svc "$R, AArch32 svc poll()"
	skip_cases "x86 entry instruction: arm64's compat (AArch32) syscalls enter by svc (exit-compat-svc)" \
		exit-compat-int80 exit-compat-syscall exit-compat-sysenter ;;
i386)
	# The native build has the 32-bit entries, under their compat names.
	check exit-int80 exitpath compat-int80 "IRET, int \$0x80 poll()"
	check exit-sysenter exitpath compat-sysenter "SYSEXIT, SYSENTER poll()"
	skip_cases "x86-64 only: a 32-bit kernel has no SYSRET (it returns by IRET or SYSEXIT)" \
		exit-sysret64 exit-ptrace-sysret
	check exit-signal exitpath signal "IRET, kill() returning with SIGUSR1 pending"
	check exit-ptrace exitpath ptrace "IRET, PTRACE_SYSCALL'd int \$0x80 poll()"
	check exit-exec exitpath exec "IRET, execve() of a -nostdlib program"
	check exit-pagefault exitpath pagefault "IRET, user #PF on a fresh page"
	check exit-ud exitpath ud "IRET, user #UD (ud2) + SIGILL"
	check exit-int3 exitpath int3 "IRET, user #BP (int3) + SIGTRAP"
	check exit-irq exitpath irq "IRET, timer IRQ hit a user-mode spin"
	skip_cases "no compat ABI: a 32-bit kernel's own entries are exit-int80 and exit-sysenter" \
		exit-compat-int80 exit-compat-sysenter
	skip_cases "x86 entry instruction: 32-bit SYSCALL is a 64-bit kernel's (entry_32.S has int \$0x80 and SYSENTER)" \
		exit-compat-syscall ;;
riscv64)
	R=ret_from_exception
	check exit-ecall exitpath ecall "$R, ecall ppoll()"
	skip_cases "x86 entry instruction (SYSRET): riscv64 returns to user mode through ret_from_exception only (exit-ecall)" \
		exit-sysret64 exit-ptrace-sysret
	check exit-signal exitpath signal "$R, kill() returning with SIGUSR1 pending"
	check exit-ptrace exitpath ptrace "$R, PTRACE_SYSCALL'd ppoll()"
	check exit-exec exitpath exec "$R, execve() of a -nostdlib program"
	check exit-pagefault exitpath pagefault "$R, user store page fault on a fresh page"
	check exit-ud exitpath ud "$R, user illegal instruction (unimp) + SIGILL"
	check exit-int3 exitpath int3 "$R, user breakpoint (ebreak) + SIGTRAP"
	check exit-irq exitpath irq "$R, timer IRQ hit a user-mode spin"
	compat_absent
	skip_cases "$WHY" exit-compat-int80 exit-compat-syscall exit-compat-sysenter ;;
arm)
	R=ret_to_user
	check exit-svc exitpath svc "ret_fast_syscall, svc poll()"
	skip_cases "x86 entry instruction (SYSRET): a 32-bit arm kernel enters by svc (exit-svc)" \
		exit-sysret64 exit-ptrace-sysret
	check exit-signal exitpath signal "$R, kill() returning with SIGUSR1 pending"
	check exit-ptrace exitpath ptrace "$R, PTRACE_SYSCALL'd poll()"
	check exit-exec exitpath exec "$R, execve() of a -nostdlib program"
	check exit-pagefault exitpath pagefault "$R, user data abort on a fresh page"
	check exit-ud exitpath ud "$R, user undefined instruction (udf #0) + SIGILL"
	check exit-int3 exitpath int3 "$R, user breakpoint (udf #16, ptrace's) + SIGTRAP"
	check exit-irq exitpath irq "ret_to_user_from_irq, timer IRQ hit a user-mode spin"
	compat_absent
	skip_cases "$WHY (exit-svc)" exit-compat-int80 exit-compat-syscall exit-compat-sysenter ;;
s390x)
	check exit-svc exitpath svc "system_call's exit, svc poll()"
	skip_cases "x86 entry instruction (SYSRET): s390x enters by svc (exit-svc)" \
		exit-sysret64 exit-ptrace-sysret
	check exit-signal exitpath signal "system_call's exit, kill() returning with SIGUSR1 pending"
	check exit-ptrace exitpath ptrace "system_call's exit, PTRACE_SYSCALL'd poll()"
	check exit-exec exitpath exec "system_call's exit, execve() of a -nostdlib program"
	check exit-pagefault exitpath pagefault "pgm_check_handler's exit, user page fault on a fresh page"
	check exit-ud exitpath ud "pgm_check_handler's exit, user operation exception (opcode 0x00) + SIGILL"
	skip_cases "no user breakpoint on s390x: its breakpoint opcode (0x0001) traps as SIGTRAP only under ptrace (exit-ud takes the same program check exit)" \
		exit-int3
	check exit-irq exitpath irq "ext_int_handler's exit, timer (clock comparator) interrupt hit a user-mode spin"
	compat_absent
	skip_cases "$WHY" exit-compat-int80 exit-compat-syscall exit-compat-sysenter ;;
*)
	check exit-sysret64 exitpath sysret64 "SYSRET64 after poll()"
	check exit-signal exitpath signal "IRET, kill() returning with SIGUSR1 pending"
	check exit-ptrace exitpath ptrace "IRET, PTRACE_SYSCALL'd poll(), tracer changed RCX"
	check exit-ptrace-sysret exitpath ptrace-sysret "SYSRET64, PTRACE_SYSCALL'd poll(), regs untouched"
	check exit-exec exitpath exec "IRET, execve() of a -nostdlib program"
	check exit-pagefault exitpath pagefault "IRET, user #PF on a fresh page"
	check exit-ud exitpath ud "IRET, user #UD (ud2) + SIGILL"
	check exit-int3 exitpath int3 "IRET, user #BP (int3) + SIGTRAP"
	check exit-irq exitpath irq "IRET, timer IRQ hit a user-mode spin"
	check exit-compat-int80 exitpath32 compat-int80 "IRET, 32-bit int \$0x80 poll()"
	check exit-compat-syscall exitpath32 compat-syscall "SYSRETL, 32-bit SYSCALL poll()"
	check exit-compat-sysenter exitpath32 compat-sysenter "SYSRETL, 32-bit SYSENTER poll()" ;;
esac
