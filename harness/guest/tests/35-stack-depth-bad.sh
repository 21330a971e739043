# Bad input to /proc/<pid>/stack_depth: tasks that are gone or going, other misuse (the
# unprivileged open of another user's file is metrics-access in 50-metrics.sh).
# stack-depth-gone: a zombie (exited, not reaped) has no stack left: the open works, the
# read fails with ESRCH; the same fd after the reap: ESRCH; a new open: ENOENT. A
# process whose main thread exited while another thread runs: the leader is a zombie
# (ESRCH, also under task/), the live thread reads fine. A pid that cannot exist: ENOENT.
# stack-depth-exit-race: a reader loops over the newest child's file while children
# exit and are reaped: only OK, ESRCH (read) or ENOENT (open), no splat.
# stack-depth-misuse: an fd opened by root and read after dropping to uid 65534 gets
# EPERM (the ptrace check runs at read time); a write (root may open the 0400 file for
# writing) gets EINVAL (no write method); a kernel thread's file reads fine.
. /lib/harness.sh
SPLAT='Oops|BUG:|WARNING:|Call Trace|general protection|Kernel panic|refcount_t|use-after-free'
if [ ! -e /proc/self/stack_depth ]; then
	for t in stack-depth-gone stack-depth-exit-race stack-depth-misuse; do
		result $t FAIL "no /proc/self/stack_depth (CONFIG_STACKLEAK_METRICS?)"
	done
	exit 0
fi
errs=
# check DESC GOT WANT
check() { [ "$2" = "$3" ] || errs="$errs; $1: got '$2', want '$3'"; }
# splat: the kernel log since the last call must be clean.
splat() {
	log=$(dmesg -c)
	if echo "$log" | grep -qE "$SPLAT"; then
		errs="$errs; kernel log: $(echo "$log" | grep -E "$SPLAT" | head -1)"
	fi
}
report() {
	splat
	if [ -z "$errs" ]; then result "$1" PASS "$2"
	else result "$1" FAIL "${errs#; }"
	fi
	errs=
}
dmesg -c >/dev/null

T=stack-depth-gone
check zombie "$(stack-depth-bad zombie)" \
	"state=Z open=OK read=ESRCH reaped-read=ESRCH reaped-open=open:ENOENT"
check "exited main thread" "$(stack-depth-bad leader)" \
	"state=Z leader=ESRCH leader-task=ESRCH thread=OK"
# The same from a 32-bit reader (none where the guest runs no 32-bit program).
no32="; no 32-bit reader (no 32-bit ABI on $GUEST_ARCH)"
if W=$(bin32 stack-depth-bad); then
	no32=
	check "zombie (32-bit reader)" "$($W zombie)" \
		"state=Z open=OK read=ESRCH reaped-read=ESRCH reaped-open=open:ENOENT"
fi
# pid_max is at most 4194304 (PID_MAX_LIMIT), so that pid never exists.
check "pid 4194304" "$(stack-depth-bad read /proc/4194304/stack_depth)" open:ENOENT
check "tid 4194304" "$(stack-depth-bad read /proc/self/task/4194304/stack_depth)" open:ENOENT
check "pid 0" "$(stack-depth-bad read /proc/0/stack_depth)" open:ENOENT
check "pid -1" "$(stack-depth-bad read /proc/-1/stack_depth)" open:ENOENT
report $T "zombie: open OK, read ESRCH, after reap: old fd ESRCH, open ENOENT; exited main thread: ESRCH, live thread OK; no such pid/tid: ENOENT$no32"

T=stack-depth-exit-race
out=$(stack-depth-bad race ${STACK_DEPTH_RACE_SECONDS:-5})
ch=$(echo "$out" | sed -n 's/.*children=\([0-9]*\).*/\1/p')
reads=$(echo "$out" | sed -n 's/.*reads=\([0-9]*\).*/\1/p')
other=$(echo "$out" | sed -n 's/.*other=\([0-9]*\).*/\1/p')
[ "${ch:-0}" -gt 0 ] && [ "${reads:-0}" -gt 0 ] || errs="$errs; no children or no reads: '$out'"
[ "${other:-1}" = 0 ] || errs="$errs; unexpected outcomes: $out"
report $T "$out"

T=stack-depth-misuse
check "root fd read as uid 65534 (/proc/1)" "$(stack-depth-bad dropread /proc/1/stack_depth 65534)" EPERM
check "root fd read as uid 65534 (self)" "$(stack-depth-bad dropread /proc/self/stack_depth 65534)" OK
check "write as root" "$(sysctl-write /proc/self/stack_depth '0\n')" EINVAL
check "write as uid 65534 (own file)" "$(sysctl-write -u 65534 /proc/self/stack_depth '0\n')" open:EACCES
check "kernel thread (pid 2)" "$(stack-depth-bad read /proc/2/stack_depth)" OK
report $T "fd opened by root, read as uid 65534: EPERM for /proc/1, OK for itself; write: EINVAL as root, open EACCES as uid 65534; kthreadd readable"
