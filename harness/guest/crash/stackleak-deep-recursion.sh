# Crash test (own boot, crashtest=stackleak-deep-recursion): LKDTM STACKLEAK_DEEP_RECURSION
# recurses through large frames, checking at each level that the lowest stack point is
# tracked ("FAIL: ..." if not), until it hits the VMAP_STACK guard page: x86 (6.1) reports
# "BUG: TASK stack guard page was hit" and panics, and QEMU exits (-no-reboot, panic=-1).
# Nothing comes back; the lines after the trigger only appear if the kernel survived.
# Expectations: harness/guest/crash/stackleak-deep-recursion.expect (judged on the host).
. /lib/harness.sh
T=STACKLEAK_DEEP_RECURSION
if [ ! -w "$DIRECT" ]; then echo "CRASHTEST-SKIP: no $DIRECT (LKDTM or debugfs missing)"; exit 0; fi
if ! grep -qx "$T" "$DIRECT"; then echo "CRASHTEST-SKIP: LKDTM has no $T"; exit 0; fi
echo "CRASHTEST: triggering $T from a child shell (the kernel should panic)"
rc=0
sh -c "echo $T > $DIRECT" || rc=$?
echo "CRASHTEST: child returned, exit status $rc: the kernel survived the recursion"
