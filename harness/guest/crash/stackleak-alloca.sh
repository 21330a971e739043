# Crash test (own boot, crashtest=stackleak-alloca): LKDTM STACKLEAK_ALLOCA checks that a
# small alloca is tracked, then makes an alloca larger than the remaining stack. The alloca
# check must report it ("stackleak: alloca overflow") and kill the writing task through
# the oops path (end marker, TAINT_DIE) before memory is touched; the kernel keeps
# running, so this script goes on and reports.
# Expectations: harness/guest/crash/stackleak-alloca.expect (judged on the host).
. /lib/harness.sh
T=STACKLEAK_ALLOCA
if [ ! -w "$DIRECT" ]; then echo "CRASHTEST-SKIP: no $DIRECT (LKDTM or debugfs missing)"; exit 0; fi
if ! grep -qx "$T" "$DIRECT"; then echo "CRASHTEST-SKIP: LKDTM has no $T"; exit 0; fi
crash_begin
echo "CRASHTEST: triggering $T from a child shell"
rc=0
sh -c "echo $T > $DIRECT" || rc=$?
# ash reports a child killed by signal N as 128+N.
if [ $rc -gt 128 ]; then echo "CRASHTEST: child killed (exit status $rc, signal $((rc - 128)))"
else echo "CRASHTEST: child not killed (exit status $rc)"
fi
crash_aftermath
