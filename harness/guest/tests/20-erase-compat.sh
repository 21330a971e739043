# erase-compat: a 32-bit static program triggers STACKLEAK_ERASING through the compat syscall path
# (on arm64 an AArch32 one, through svc).
. /lib/harness.sh
N=10
if compat_absent; then
	result erase-compat SKIP "$WHY (erase-cpu*)"
	exit 0
fi
require_stackleak erase-compat
dmesg -c >/dev/null
out=$(/bin/lkdtm-write32 $N 2>&1) || { result erase-compat FAIL "lkdtm-write32 failed: $out"; exit 0; }
log=$(dmesg -c)
ok=$(echo "$log" | grep -c "$OKMSG")
fail=$(echo "$log" | grep -c 'FAIL: ')
case $out in *"32-bit"*) ;; *) result erase-compat FAIL "helper is not 32-bit: $out"; exit 0 ;; esac
if [ "$ok" = $N ] && [ "$fail" = 0 ]; then result erase-compat PASS "$ok/$N OK from a 32-bit process"
else result erase-compat FAIL "$ok/$N OK, $fail FAIL: $(echo "$log" | grep -o 'FAIL: .*' | head -1)"
fi
