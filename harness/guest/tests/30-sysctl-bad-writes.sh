# sysctl-bad-writes: only 0 and 1 may be written to kernel.stack_erasing; bad writes fail
# and change nothing. Every write goes through sysctl-write (one write() per part, prints
# what each returned: a byte count or the errno name), then the value is read back and
# the kernel log checked: no splat, and an "stack erasing enabled/DISABLED" line exactly
# when the value changed (a rejected write must not touch the flag). The "32-bit" writes
# are sysctl-write32's (the compat ABI), on a 32-bit kernel (i386, arm) the native
# sysctl-write's; riscv64 and s390x run no 32-bit program (no compat ABI): none there.
# sysctl-partial-writes: writes in parts and at offsets, as kernel/sysctl.c handles them
# with kernel.sysctl_writes_strict=1 (the default): a numeric write at a non-zero file
# position is ignored but reported as written; one write() must hold the whole value.
# sysctl-unprivileged: the file is 0600 root, so opening it as another user fails with
# EACCES (not EPERM); a writer that opened it as root and then dropped to another uid
# gets EPERM from the sysctl layer's own check at write time.
. /lib/harness.sh
T=sysctl-bad-writes
require_stackleak $T
[ -f $SYSCTL ] || { result $T FAIL "$SYSCTL missing (CONFIG_STACKLEAK_RUNTIME_DISABLE?)"; exit 0; }
W=sysctl-write
SPLAT='Oops|BUG:|WARNING:|Call Trace|general protection|Kernel panic|refcount_t|sysctl table check'
errs=

# set V: put the sysctl at V (a plain echo, checked).
set_to() {
	echo "$1" > $SYSCTL 2>/dev/null || errs="$errs; setting $1 failed"
	dmesg -c >/dev/null
}

# try DESC WANT WANTVAL [sysctl-write options] PART...: from the current value, the
# helper must print WANT and the value must then be WANTVAL.
try() {
	desc=$1 want=$2 wantv=$3
	shift 3
	before=$(cat $SYSCTL)
	dmesg -c >/dev/null
	got=$($W "$@" 2>&1)
	now=$(cat $SYSCTL)
	log=$(dmesg -c)
	[ "$got" = "$want" ] || errs="$errs; $desc: got '$got', want '$want'"
	[ "$now" = "$wantv" ] || errs="$errs; $desc: value $before->$now, want $wantv"
	if echo "$log" | grep -qE "$SPLAT"; then
		errs="$errs; $desc: kernel log: $(echo "$log" | grep -E "$SPLAT" | head -1)"
	fi
	n=$(echo "$log" | grep -c 'stack erasing \(enabled\|DISABLED\) by')
	if [ "$before" = "$now" ] && [ "$n" != 0 ]; then
		errs="$errs; $desc: value kept but the log says: $(echo "$log" | grep 'stack erasing' | head -1)"
	elif [ "$before" != "$now" ] && [ "$n" != 1 ]; then
		errs="$errs; $desc: value changed with $n log lines"
	fi
}

# report NAME DETAIL: one RESULT line for the section, then a fresh error list.
report() {
	if [ -z "$errs" ]; then result "$1" PASS "$2"
	else result "$1" FAIL "${errs#; }"
	fi
	errs=
}

# Bad values, from both states; each must fail with EINVAL and keep the value. The
# numbers above INT_MAX (4294967296 = 2^32 would wrap to 0, 2^32+1 to 1) must not wrap.
BAD='2 -1 -0x1 4294967296 4294967297 -4294967295 99999999999999999999 000000000000000000001
abc 1x 0x +1 - 1.0 0\0 \n \t\n'
nbad=0
for base in 1 0; do
	set_to $base
	for v in $BAD; do
		try "'$v' from $base" EINVAL $base $SYSCTL "$v\\n"
		[ $base = 0 ] || nbad=$((nbad + 1))
	done
	try "'   ' from $base" EINVAL $base $SYSCTL '   \n'
	try "'1x' without newline from $base" EINVAL $base $SYSCTL 1x
	try "empty write from $base" 0 $base $SYSCTL ''
	try "unmapped buffer from $base" EFAULT $base -F $SYSCTL
	if W=$(bin32 sysctl-write); then
		try "32-bit '2' from $base" EINVAL $base $SYSCTL '2\n'
		try "32-bit 'abc' from $base" EINVAL $base $SYSCTL 'abc\n'
	fi
	W=sysctl-write
done
# Good values in the forms proc_dointvec_minmax takes (base 0: 0x and 0 prefixes).
try "'1'" 1 1 $SYSCTL 1
try "'0' (no newline)" 1 0 $SYSCTL 0
try "' \\t1 \\n'" 5 1 $SYSCTL ' \t1 \n'
try "'0x0'" 4 0 $SYSCTL '0x0\n'
try "'01'" 3 1 $SYSCTL '01\n'
if W=$(bin32 sysctl-write); then
	try "32-bit '0'" 2 0 $SYSCTL '0\n'
	try "32-bit '1'" 2 1 $SYSCTL '1\n'
fi
W=sysctl-write
# Plain shell writes, as an admin would type them.
for v in 2 -1 abc; do
	(echo "$v" > $SYSCTL) 2>/dev/null && errs="$errs; echo '$v' succeeded"
done
[ "$(cat $SYSCTL)" = 1 ] || errs="$errs; echo of bad values changed the value to $(cat $SYSCTL)"
no32=
bin32 sysctl-write >/dev/null || no32="; no 32-bit writes (no 32-bit ABI on $GUEST_ARCH)"
report $T "$nbad bad values (2,-1,2^32,2^32+1,abc,1x,0x,+1,'0\\0',whitespace...) EINVAL from 1 and 0, value and key kept; empty write 0 bytes; bad buffer EFAULT; 0/1/0x0/01 accepted$no32"

T=sysctl-partial-writes
strict=$(cat /proc/sys/kernel/sysctl_writes_strict 2>/dev/null)
[ "$strict" = 1 ] || errs="$errs; kernel.sysctl_writes_strict is '$strict', expected 1"
set_to 1
# "10" in two write()s: the first applies alone, the second (at offset 1) is ignored.
try "'1'+'0'" "1 1" 1 $SYSCTL 1 0
# "0\n" in two parts: the first part alone is a complete value.
try "'0'+'\\n'" "1 1" 0 $SYSCTL 0 '\n'
set_to 1
# A rejected part does not move the file position: the next part is at offset 0 again.
try "' '+'0\\n'" "EINVAL 2" 0 $SYSCTL ' ' '0\n'
set_to 1
try "'2'+'0\\n'" "EINVAL 2" 0 $SYSCTL 2 '0\n'
set_to 1
# pwrite at a non-zero offset: reported as written, value untouched.
try "pwrite '0' at 1" 2 1 -o 1 $SYSCTL '0\n'
try "pwrite '0' at 4096" 2 1 -o 4096 $SYSCTL '0\n'
try "pwrite '0' at -1" EINVAL 1 -o -1 $SYSCTL '0\n'
try "pwrite '0' at 0" 2 0 -o 0 $SYSCTL '0\n'
set_to 1
# Two numbers in one write: the sysctl holds one int, so only "0 " is consumed (a short
# write) and the rest, retried by the writer at offset 2, is ignored: echo "0 2" sets 0.
try "'0 2'" 2 0 $SYSCTL '0 2\n'
set_to 1
try "echo-like '0 2'" "2 2" 0 $SYSCTL '0 2\n' '2\n'
set_to 1
report $T "strict mode: '1'+'0' keeps 1 (2nd part at offset 1 ignored, returns 1); '0'+'\\n' sets 0; ' '+'0' EINVAL then 0; pwrite at 1/4096 ignored, at -1 EINVAL; '0 2' short write of 2, sets 0"

T=sysctl-unprivileged
for base in 1 0; do
	set_to $base
	try "uid 65534 open from $base" open:EACCES $base -u 65534 $SYSCTL '0\n'
	try "uid 65534 gid 0 open from $base" open:EACCES $base -u 65534:0 $SYSCTL '0\n'
	try "opened as root, written as uid 65534 from $base" EPERM $base -d 65534 $SYSCTL "$((1 - base))\\n"
done
set_to 1
[ "$(stat -c %a:%u $SYSCTL)" = 600:0 ] || errs="$errs; mode/owner $(stat -c %a:%u $SYSCTL), want 600:0"
# After all that, erasing must still work (the flag matches the value 1).
tries=0
while [ $tries -lt 5 ]; do
	tries=$((tries + 1))
	erase_once
	[ "$ERASE" = OK ] && break
done
[ "$ERASE" = OK ] || errs="$errs; value 1 after all the writes above, but STACKLEAK_ERASING says $ERASE"
report $T "uid 65534 (also with gid 0): open EACCES (mode 0600); opened as root then uid 65534: write EPERM; value kept"
