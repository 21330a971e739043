#!/bin/sh
# Guest side of `make demo` (harness/suites/demo.sh), run by /init with demo=1 on the kernel
# command line: one write() leaves a secret deep in the kernel stack, the next read()
# copies out an uninitialised buffer at that depth (test_stackleak's secret and leak).
# Once per leak-check mode this kernel has (0 1 2; "-" without the detector):
#   DEMO-BEGIN MODE, stackleak-leak's counts and dump, DEMO-REPORT lines (the detector's
#   report from the kernel log), DEMO-END; DEMO-DONE last.
. /lib/harness.sh
SECRET=${1:-hunter2-is-my-password}
CHECK=/proc/sys/kernel/stack_leak_check
if [ -e $CHECK ]; then modes="0 1 2"; else modes=-; fi
# The detector's report goes to the kernel log only (read below), not into the dumps.
dmesg -n 1
for m in $modes; do
	[ "$m" = - ] || echo "$m" > $CHECK
	dmesg -c >/dev/null
	echo "DEMO-BEGIN $m"
	stackleak-leak demo "$SECRET"
	dmesg -c | grep 'stackleak: uninitialised stack' | sed 's/.*stackleak: /DEMO-REPORT /'
	echo "DEMO-END"
done
# The planted uninitialised stack pointer (test_stackleak_uninit), aimed by a spray from
# an unprivileged process: DEMO-ATTACK lines. Root calibrates first, nothing erased.
D=test_stackleak_uninit
[ ! -e $SYSCTL ] || echo 0 > $SYSCTL
spray=$(uninit_spray)
echo "DEMO-ATTACK spray: ${spray:-none reaches the pointer}"
attack() { echo "DEMO-ATTACK $1: $(stackleak-uninit "$2" "$3" attack)"; }
if [ -n "$spray" ] && [ -e $SYSCTL ]; then
	attack "erasing off" $D $spray
	echo 1 > $SYSCTL
	attack "same syscall" $D same
	attack "STACKLEAK" $D $spray
elif [ -n "$spray" ]; then
	attack "no STACKLEAK" $D $spray
	attack "zero-init" ${D}_zero $spray
fi
echo DEMO-DONE
