# Crash test (own boot, crashtest=stackleak-alloca-panic): the alloca check's oops takes the
# kernel's oops path, so with kernel.panic_on_oops=1 LKDTM STACKLEAK_ALLOCA panics the
# kernel instead of killing the task; this script must not get past the trigger.
# Expectations: harness/guest/crash/stackleak-alloca-panic.expect (judged on the host).
. /lib/harness.sh
T=STACKLEAK_ALLOCA
if [ ! -w "$DIRECT" ]; then echo "CRASHTEST-SKIP: no $DIRECT (LKDTM or debugfs missing)"; exit 0; fi
if ! grep -qx "$T" "$DIRECT"; then echo "CRASHTEST-SKIP: LKDTM has no $T"; exit 0; fi
echo 1 > /proc/sys/kernel/panic_on_oops
echo "CRASHTEST: kernel.panic_on_oops=$(cat /proc/sys/kernel/panic_on_oops), triggering $T"
dmesg -c >/dev/null
echo $T > "$DIRECT"
# Without the alloca check (Clang), LKDTM says XFAIL and makes no large alloca.
dmesg | grep -q 'XFAIL: ' || echo "CRASHTEST: still running after $T"
