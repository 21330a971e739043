#!/bin/bash
# make demo: a planted uninitialised-stack leak (test_stackleak) on two kernels, the
# leaked bytes side by side. One write() leaves a secret deep in the kernel stack, the
# next read() copies an uninitialised buffer from that depth to user space:
#   no STACKLEAK        build/obj-demo-none: our series with STACKLEAK off (+ test_stackleak)
#   STACKLEAK           build/obj (the `make test` kernel), kernel.stack_leak_check=0
#   + leak detector     the same, =1: the leak is reported
#   + detector, zero    the same, =2: the user gets zeros
# Then the planted uninitialised stack pointer (test_stackleak_uninit), aimed from user space:
# the write lands without STACKLEAK and with erasing off, faults on the poison with it,
# hits NULL in the zero-initialised build of the bug (-ftrivial-auto-var-init=zero, what
# INIT_STACK_ALL_ZERO does), and lands when the spray is in the same syscall.
# Logs: build/qemu-demo-{none,ours}.log.
# Exit 1 when a kernel does not behave as its column says (e.g. no secret without
# STACKLEAK: the demo shows nothing then).
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
SECRET=hunter2-is-my-password
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# boot_demo NAME: boot $OBJ with demo=1, log build/qemu-demo-NAME.log.
boot_demo() {
	local log=$B/qemu-demo-$1.log
	LOG=$log EXTRA_APPEND="demo=1" BOOT_TIMEOUT=300 "$H/pipeline/boot.sh" > /dev/null 2>&1 || true
	tr -d '\r' < "$log" > "$TMP/$1.log"
	grep -q '^DEMO-DONE' "$TMP/$1.log" || die "$1 kernel: the demo did not finish, see $log"
}
# section NAME MODE: the lines between "DEMO-BEGIN MODE" and "DEMO-END" of that boot.
section() {
	awk -v m="$2" '$0 == "DEMO-BEGIN " m { on = 1; next } /^DEMO-END/ { on = 0 } on' "$TMP/$1.log"
}

echo "demo: kernel without STACKLEAK (our series, plugin off, test_stackleak on)"
SRC=$B/linux OBJ=$B/obj-demo-none FRAGS="minimal bench/none demo" \
	"$H/pipeline/config.sh"
SRC=$B/linux OBJ=$B/obj-demo-none "$H/pipeline/build.sh" | grep -E '^build:' || die "build failed: $B/obj-demo-none/build.log"
echo "demo: booting it"
OBJ=$B/obj-demo-none boot_demo none
echo "demo: booting the STACKLEAK kernel (build/obj)"
OBJ=$B/obj boot_demo ours

section none - > "$TMP/c1"
section ours 0 > "$TMP/c2"
section ours 1 > "$TMP/c3"
section ours 2 > "$TMP/c4"
for c in c1 c2 c3 c4; do
	grep -m1 '^secret=' "$TMP/$c" > "$TMP/$c.counts" || die "no counts in column $c (see the logs)"
	grep -E '^[0-9a-f]{2} ' "$TMP/$c" > "$TMP/$c.dump" || true
	[ -s "$TMP/$c.dump" ] || die "no dump in column $c (see the logs)"
done
echo
echo "secret written by the previous syscall: \"$SECRET\"; 256 bytes read from an uninitialised buffer:"
printf '%-34s   %-34s   %-34s   %s\n' "no STACKLEAK" "STACKLEAK" "STACKLEAK + leak detector" "detector, zero mode"
paste "$TMP"/c{1,2,3,4}.dump | sed 's/\t/   /g'
echo
fail=0
# verdict COLUMN OK-TEXT BAD-TEXT COND: one line per column.
verdict() {
	if eval "$4"; then echo "DEMO: $1: $2 ($(cat "$TMP/$5.counts"))"
	else echo "DEMO: $1: FAIL $3 ($(cat "$TMP/$5.counts"))"; fail=1
	fi
}
has() { grep -q "$2" "$TMP/$1.counts"; }
verdict "no STACKLEAK" "the secret comes out" "the secret did not come out" \
	"! has c1 '^secret=0 '" c1
verdict "STACKLEAK" "only poison comes out" "not only poison" \
	"has c2 '^secret=0 poison=32 '" c2
verdict "STACKLEAK + detector" "poison, and the leak is reported" "no report" \
	"has c3 '^secret=0 poison=32 ' && grep -q '^DEMO-REPORT' $TMP/c3" c3
verdict "detector, zero mode" "zeros come out" "not only zeros" \
	"has c4 '^secret=0 poison=0 zero=32 '" c4
grep '^DEMO-REPORT' "$TMP/c3" | sed 's/^DEMO-REPORT /detector: /'

# The planted uninitialised stack pointer (test_stackleak_uninit), aimed by an unprivileged
# spray: attack KERNEL LABEL RE, the outcome that KERNEL's LABEL line must match.
echo
echo "an unprivileged process sprays the target's address, then triggers the planted bug:"
attack() {
	local line
	line=$(grep -m1 "^DEMO-ATTACK $2: " "$TMP/$1.log" | sed 's/^DEMO-ATTACK //') || true
	if [ -n "$line" ] && echo "$line" | grep -qE "$3"; then echo "DEMO: kernel $1: $line"
	else echo "DEMO: kernel $1: $2: FAIL expected /$3/: ${line:-no line}"; fail=1
	fi
}
attack none spray '(poll|select|sendmsg)$'
attack none "no STACKLEAK" 'child=exit 0 target=written'
attack none "zero-init" 'child=signal (9|11) target=unchanged'
attack ours "erasing off" 'child=exit 0 target=written'
attack ours "STACKLEAK" 'child=signal (9|11) target=unchanged'
attack ours "same syscall" 'child=exit 0 target=written'
[ $fail = 0 ]
