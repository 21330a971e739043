# sysctl-bad-writes: only 0 and 1 may be written to kernel.stack_erasing; bad writes change nothing.
. /lib/harness.sh
T=sysctl-bad-writes
require_stackleak $T
[ -f $SYSCTL ] || { result $T FAIL "$SYSCTL missing (CONFIG_STACKLEAK_RUNTIME_DISABLE?)"; exit 0; }
errs=
before=$(cat $SYSCTL)
for v in 2 -1 abc; do
	if (echo "$v" > $SYSCTL) 2>/dev/null; then errs="$errs; write '$v' succeeded"; fi
	now=$(cat $SYSCTL)
	[ "$now" = "$before" ] || errs="$errs; '$v' changed value $before->$now"
done
for v in 0 1; do
	(echo $v > $SYSCTL) 2>/dev/null || errs="$errs; write '$v' failed"
	now=$(cat $SYSCTL)
	[ "$now" = $v ] || errs="$errs; wrote $v, read back '$now'"
done
echo 1 > $SYSCTL 2>/dev/null
if [ -z "$errs" ]; then result $T PASS "2,-1,abc rejected and value kept; 0,1 accepted and read back"
else result $T FAIL "${errs#; }"
fi
