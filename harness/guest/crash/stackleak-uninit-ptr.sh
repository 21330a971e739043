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
spray=$(uninit_spray)
[ -n "$spray" ] || { echo "CRASHTEST: no spray reaches the pointer"; spray=select; }
echo 1 > $SYSCTL
echo "CRASHTEST: poison $(poison_value)"
crash_begin
stackleak-uninit $D $spray attack | sed 's/^/CRASHTEST: /'
crash_aftermath
