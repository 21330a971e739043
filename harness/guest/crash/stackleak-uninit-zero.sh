# Crash test (own boot): the same attack, erasing off, on the build of the planted bug
# with zero-initialised stack variables (as INIT_STACK_ALL_ZERO): the pointer is NULL
# whatever the spray left, a NULL pointer dereference kills the child, the target keeps
# its value. For comparison with crash/stackleak-uninit-ptr.
# Expectations: harness/guest/crash/stackleak-uninit-zero.expect (judged on the host).
. /lib/harness.sh
D=test_stackleak_uninit
[ -c /dev/${D}_zero ] || echo "CRASHTEST: no /dev/${D}_zero"
echo 0 > $SYSCTL
# The spray that reaches the pointer in the build without zeroing: the same code.
spray=$(uninit_spray)
[ -n "$spray" ] || { echo "CRASHTEST: no spray reaches the pointer"; spray=select; }
crash_begin
stackleak-uninit ${D}_zero $spray attack | sed 's/^/CRASHTEST: /'
crash_aftermath
echo 1 > $SYSCTL
