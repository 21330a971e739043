#!/bin/bash
# The stack each benchmark operation leaves for the erase, captured from a real guest:
# boot a bench kernel stopped (-S) with QEMU's gdbstub, and let gdb
# (harness/bench/capture-gdb.py) stop at every call of stackleak_erase while the guest
# runs each operation N times (sysbench capture). Writes build/bench/capture-SET-KERNEL.bin
# for harness/bench/replay.sh (nokaslr: gdb takes the addresses from vmlinux). Only
# kernels with our erase.S (ours, clang). Plain TCG, not -icount: with sleep=off a guest
# that idles while gdb holds it deadlocks QEMU ("no active timers"). So timer interrupts
# come between the operation's syscalls more often than in a free run: replay.sh leaves
# their returns out, but what their frames left lies below the next syscall's.
# Usage: harness/bench/capture.sh SET KERNEL [N] [EXTRA_APPEND...]   e.g. distro ours 50
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
. "$H/bench/kernels.sh"
[ $# -ge 2 ] || die "usage: $0 SET KERNEL [N] [kernel command line words...]"
set_=$1 k=$2 n=${3:-50}
shift $(( $# < 3 ? $# : 3 ))
case $n in '' | *[!0-9]*) die "N must be a number, not '$n'" ;; esac
bench_kernel "$set_" "$k"
command -v gdb >/dev/null || die "no gdb: apt-get install gdb"
[ -f "$OBJ/vmlinux" ] || die "no $OBJ/vmlinux: run harness/bench/build.sh"
grep -q ' stackleak_erase$' <(nm "$OBJ/vmlinux") || die "$set_/$k has no stackleak_erase"
off() {
	sed -n "s/^#define $1 \([0-9]*\) .*/\1/p" "$OBJ/include/generated/asm-offsets.h"
}
TASK_STACK=$(off TASK_stack) TASK_LOWEST_STACK=$(off TASK_lowest_stack)
[ -n "$TASK_STACK" ] && [ -n "$TASK_LOWEST_STACK" ] || die "no TASK_stack/TASK_lowest_stack in $OBJ's asm-offsets.h"
out=$B/bench/capture-$set_-$k.bin log=$B/bench/logs/capture-$set_-$k.log
mkdir -p "$B/bench/logs"
port=$(( 20000 + $$ % 10000 ))
echo "capture: $set_/$k, $n of each operation, gdbstub port $port, log $log"
KERNEL=$OBJ/$KIMAGE LOG=$log SMP=1 QEMU_EXTRA="-S -gdb tcp::$port" BOOT_TIMEOUT=${CAPTURE_TIMEOUT:-1800} \
	EXTRA_APPEND="bench=1 benchcapture=$n nokaslr $(bench_append "$set_" "$k" | tr '\n' ' ')$*" \
	"$H/pipeline/boot.sh" > /dev/null 2>&1 &
qemu=$!
sleep 2
rc=0
CAPTURE_PORT=$port CAPTURE_OUT=$out TASK_STACK=$TASK_STACK TASK_LOWEST_STACK=$TASK_LOWEST_STACK \
	gdb -q -batch -nx -x "$H/bench/capture-gdb.py" "$OBJ/vmlinux" 2>&1 | grep -vE '^(\[|Breakpoint|$)' || rc=$?
wait $qemu || true
tr -d '\r' < "$log" | grep -q '^CAPTURE-DONE' || die "the guest did not finish its capture run (rc $rc): see $log"
[ -s "$out" ] || die "gdb wrote no capture (rc $rc)"
# "N OP...": the guest ran each OP N times, in this order (phase i is OP i); replay.sh reads it.
tr -d '\r' < "$log" | sed -n 's/^CAPTURE-OPS //p' > "${out%.bin}.ops"
echo "capture: $(( $(stat -c %s "$out") / (64 + 16384) )) erases in $out"
