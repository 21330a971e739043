# Helpers for guest tests (sourced). Each test prints "RESULT: <name> PASS|FAIL|XFAIL <detail>".
DIRECT=/sys/kernel/debug/provoke-crash/DIRECT
SYSCTL=/proc/sys/kernel/stack_erasing
OKMSG='OK: the rest of the thread stack is properly erased'

result() { echo "RESULT: $*"; }

# The guest's architecture, its kernel's `uname -m` (i386 for any i?86, arm for a 32-bit
# arm kernel's armv*; arm64's says aarch64): elsewhere than on x86-64 the cases that need
# an x86 entry instruction, the compat ABI or the x86-64-only leak detector report SKIP or
# XFAIL with the reason.
GUEST_ARCH=$(uname -m)
case $GUEST_ARCH in i?86) GUEST_ARCH=i386 ;; armv*) GUEST_ARCH=arm ;; esac
# GUEST_BITS: the kernel's word size, 32 on i386 and arm (their STACKLEAK_POISON is one
# 32-bit word: guest/helpers/poison.h), else 64. GUEST_COMPAT: 1 where the guest has a
# compat ABI for 32-bit programs (x86-64, arm64: the NAME32 helpers), empty where it has
# none: a 32-bit kernel (its native ABI is the 32-bit one), and riscv64 and s390x, whose
# CONFIG_COMPAT is off (Debian has no rv32 or 31-bit C library to build programs for it).
case $GUEST_ARCH in
i386 | arm) GUEST_BITS=32 GUEST_COMPAT= ;;
riscv64 | s390x) GUEST_BITS=64 GUEST_COMPAT= ;;
*) GUEST_BITS=64 GUEST_COMPAT=1 ;;
esac

# skip_cases WHY NAME...: a SKIP result with the reason WHY for each case NAME that does
# not apply to this architecture (so none vanishes from the results).
skip_cases() {
	why=$1
	shift
	for n; do result "$n" SKIP "$why"; done
}

# bin32 NAME: the helper NAME built for 32-bit user space: NAME32 (the compat ABI), or on
# a 32-bit kernel (i386, arm), whose native ABI is the 32-bit one, NAME itself. Nothing,
# and false, where the guest runs no 32-bit program (riscv64, s390x: no compat ABI).
bin32() {
	if [ "$GUEST_BITS" = 32 ]; then echo "$1"
	elif [ -n "$GUEST_COMPAT" ]; then echo "${1}32"
	else return 1
	fi
}

# compat_absent: true when this kernel has no compat ABI, with the reason in WHY.
compat_absent() {
	[ -z "$GUEST_COMPAT" ] || return 1
	if [ "$GUEST_BITS" = 32 ]; then
		WHY="no compat ABI: a 32-bit kernel's native syscall path is the 32-bit one"
	else
		WHY="no compat ABI on $GUEST_ARCH: CONFIG_COMPAT is off (Debian has no C library for its 32-bit programs)"
	fi
}

# poison_hex: the poison the erase writes, as bytes in memory (hex; little-endian but on
# s390x): this boot's random one where the leak detector is built in (debugfs), else
# STACKLEAK_POISON (a 32-bit kernel's is one word too: guest/helpers/poison.h).
poison_value() {
	cat /sys/kernel/debug/stackleak/poison 2>/dev/null && return
	if [ "$GUEST_BITS" = 32 ]; then echo fffd95c3; else echo dbf1a98dc7b5e391; fi
}
poison_hex() {
	if [ "$GUEST_ARCH" = s390x ]; then poison_value; return; fi
	poison_value | sed 's/../& /g' | awk '{ for (i = NF; i > 0; i--) printf "%s", $i; print "" }'
}

# depth_probe_off: the boot says /proc/<pid>/stack_depth cannot tell syscalls apart
# (harness.depth_probe=off, e.g. with STACKLEAK_TRACK_MIN_SIZE=1024 no frame of the probed
# paths is tracked, so every depth is pt_regs alone); the erase is still checked by LKDTM.
depth_probe_off() { grep -q 'harness.depth_probe=off' /proc/cmdline; }

# erase_once: trigger STACKLEAK_ERASING once from this shell (so from its CPU affinity).
# Sets ERASE to the kernel's verdict: OK, FAIL, XFAIL or NONE, and LAST_DMESG to its lines.
erase_once() {
	dmesg -c >/dev/null
	echo STACKLEAK_ERASING > "$DIRECT"
	LAST_DMESG=$(dmesg -c)
	ERASE=$(erase_verdict "$LAST_DMESG")
}

# erase_verdict TEXT: classify LKDTM output.
erase_verdict() {
	case $1 in
	*"FAIL: "*) case $1 in *"XFAIL: "*) echo XFAIL ;; *) echo FAIL ;; esac ;;
	*"$OKMSG"*) echo OK ;;
	*) echo NONE ;;
	esac
}

# Stop the test early if the kernel has no LKDTM (always a failure) or no STACKLEAK (XFAIL).
# Usage: require_stackleak NAME
require_stackleak() {
	if [ ! -w "$DIRECT" ]; then
		result "$1" FAIL "no $DIRECT (LKDTM or debugfs missing)"; exit 0
	fi
	erase_once
	if [ "$ERASE" = XFAIL ]; then
		result "$1" XFAIL "$(echo "$LAST_DMESG" | grep -o 'XFAIL: .*' | head -1)"; exit 0
	fi
}

# leak_check_absent FILE: true when FILE (one of the detector's files) is missing because
# this kernel cannot have the detector, with the reason in WHY: it is x86-64 and GCC only
# (Kconfig), and it needs INIT_STACK_NONE (the boot says harness.init_stack=zero otherwise).
leak_check_absent() {
	[ ! -e "$1" ] || return 1
	if [ "$GUEST_ARCH" != x86_64 ]; then
		WHY="$GUEST_ARCH kernel: CONFIG_STACKLEAK_LEAK_CHECK is x86-64-only"; return 0
	fi
	if grep -q 'clang version' /proc/version; then
		WHY="Clang kernel: CONFIG_STACKLEAK_LEAK_CHECK is GCC-only"; return 0
	fi
	if grep -q 'harness.init_stack=zero' /proc/cmdline; then
		WHY="INIT_STACK_ALL_ZERO kernel: CONFIG_STACKLEAK_LEAK_CHECK needs INIT_STACK_NONE"; return 0
	fi
	return 1
}

# Print the lines of the detector's counts (debugfs stackleak/leaks) at call sites other
# than the leaks the tests plant (test_stackleak's record/leak, the reintroduced
# CVE-2009-2847 in sigaltstack) and the sites a test provoked on purpose (listed, one
# function a line, in $PROVOKED): each is a false report or a real leak.
PROVOKED=/tmp/stackleak-provoked-sites
# leak_count SITE: the detector's hits at the call site SITE (a function name), 0 if none.
leak_count() {
	awk -v f="$1" '$2 ~ "^"f"\\+" { print $1; n = 1 } END { if (!n) print 0 }' \
		/sys/kernel/debug/stackleak/leaks
}
unplanted_leaks() {
	sites="record_copy|leak_copy|__do_sys_sigaltstack"
	[ ! -s $PROVOKED ] || sites="$sites|$(paste -sd'|' $PROVOKED)"
	grep -vE "^[0-9]+ ($sites)\+" /sys/kernel/debug/stackleak/leaks || true
}

# kstack_offset: "on" if the random kstack offset is on in this boot, else "off": the last
# randomize_kstack_offset= on the command line (kstrtobool's spellings), or "off" without
# one (the harness says it whenever the kernel's default is on: DISTRO=1, lib.sh).
kstack_offset() {
	v=off
	for w in $(cat /proc/cmdline); do
		case $w in
		randomize_kstack_offset=[oO][nN] | randomize_kstack_offset=[1yY]*) v=on ;;
		randomize_kstack_offset=*) v=off ;;
		esac
	done
	echo $v
}

# crash_begin: before a trigger that kills a task (not one that panics): empty the kernel
# log and keep the oops off the console. The kernel prints to the serial port from any CPU
# while the guest prints its own lines there, so an oops could land in the middle of a
# CRASHTEST line; crash_aftermath prints it from the log instead. Loglevel 0, because
# oops_begin() raises any other to the maximum (console_verbose()).
crash_begin() {
	dmesg -c >/dev/null
	echo 0 > /proc/sys/kernel/printk
}

# crash_aftermath: a crash test's evidence after its trigger (crash_begin before it):
# TAINT_DIE (set by the oops path) and the kernel log since the trigger.
crash_aftermath() {
	t=$(cat /proc/sys/kernel/tainted)
	if [ $((t & 128)) != 0 ]; then echo "CRASHTEST: TAINT_DIE set (tainted $t)"
	else echo "CRASHTEST: TAINT_DIE not set (tainted $t)"
	fi
	echo "CRASHTEST: dmesg since the trigger:"
	dmesg -c | sed 's/^/dmesg: /'
}

# poison_fault HEX: what the kernel logs when it faults on the address HEX (16 digits, the
# poison): a general protection fault on x86-64, where the poison is non-canonical (the
# address without leading zeros), a paging request on arm64 and riscv64, on s390x the
# failing address of dump_fault_info(), its page (arch/s390/mm/fault.c).
poison_fault() {
	case $GUEST_ARCH in
	aarch64 | riscv64) echo "Unable to handle kernel paging request at virtual address $1" ;;
	s390x) echo "Failing address: $(echo "$1" | sed 's/...$/000/')" ;;
	*) echo "general protection fault, probably for non-canonical address 0x$(echo "$1" | sed 's/^0*//')" ;;
	esac
}

# uninit_spray: the first spray (poll, select, sendmsg) whose data lands on the planted
# pointer of test_stackleak_uninit (guest/helpers/stackleak-uninit.c; root, erasing off,
# offset off); nothing if none does. Up to 8 tries each, as an attacker would retry: an
# interrupt between the spray and the ioctl can run its own frames over the sprayed words
# (arm64 missed with its one spray that lands, sendmsg, once in CI).
uninit_spray() {
	for s in poll select sendmsg; do
		for i in 1 2 3 4 5 6 7 8; do
			if stackleak-uninit test_stackleak_uninit $s peek >/dev/null; then echo $s; return; fi
		done
	done
}
