# Crash test (own boot): the attack of /tests/62-uninit-ptr.sh with erasing on. Root finds
# a spray that reaches the planted pointer (erasing off), turns erasing on; an unprivileged
# child sprays the target's address and triggers the bug. The pointer is the poison, a
# non-canonical address: a general protection fault, the child killed through the oops
# path, the target unchanged, the kernel up.
# Expectations: harness/guest/crash/stackleak-uninit-ptr.expect (judged on the host).
. /lib/harness.sh
D=test_stackleak_uninit
[ -c /dev/$D ] || echo "CRASHTEST: no /dev/$D"
echo 0 > $SYSCTL
spray=
for s in poll select sendmsg; do
	if stackleak-uninit $D $s peek; then spray=$s; break; fi
done
[ -n "$spray" ] || { echo "CRASHTEST: no spray reaches the pointer"; spray=poll; }
echo 1 > $SYSCTL
echo "CRASHTEST: poison $(cat /sys/kernel/debug/stackleak/poison 2>/dev/null || echo dbf1a98dc7b5e391)"
dmesg -c >/dev/null
stackleak-uninit $D $spray attack | sed 's/^/CRASHTEST: /'
t=$(cat /proc/sys/kernel/tainted)
if [ $((t & 128)) != 0 ]; then echo "CRASHTEST: TAINT_DIE set (tainted $t)"
else echo "CRASHTEST: TAINT_DIE not set (tainted $t)"
fi
echo "CRASHTEST: dmesg since the trigger:"
dmesg -c | sed 's/^/dmesg: /'
