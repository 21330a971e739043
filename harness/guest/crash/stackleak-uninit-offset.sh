# Crash test (own boot, randomize_kstack_offset=on, the default of distribution kernels):
# the attack of stackleak-uninit-ptr, 20 times, with erasing on. Each system call now
# starts up to 1 KiB deeper, at random, so where the spray lands and where the planted
# pointer lies differ from call to call: whatever the pointer meets, it must be poison.
# No calibration (it needs the offset off); the select() and sendmsg() sprays in turn.
# Erasing off is not tried here: the pointer would then be whatever the stack held, and
# the write would land anywhere. Expectations: stackleak-uninit-offset.expect.
. /lib/harness.sh
D=test_stackleak_uninit
[ -c /dev/$D ] || echo "CRASHTEST: no /dev/$D"
[ "$(kstack_offset)" = on ] || echo "CRASHTEST: no randomize_kstack_offset=on on the command line"
# The oops reports go to the kernel log only; the summary below is the evidence.
crash_begin
echo 1 > $SYSCTL
p=$(poison_value)
f=$(poison_fault "$p")
faulted=0 gp=0 other=
i=0
while [ $i -lt 20 ]; do
	case $((i % 2)) in 0) s=select ;; *) s=sendmsg ;; esac
	dmesg -c >/dev/null
	out=$(stackleak-uninit $D $s attack)
	case $out in
	*"child=signal 11 target=unchanged") faulted=$((faulted + 1)) ;;
	*) other="$other; $out" ;;
	esac
	log=$(dmesg)
	if echo "$log" | grep -q "$f"; then gp=$((gp + 1))
	else
		# What it faulted on instead, for the log: the oops's first line.
		echo "CRASHTEST: attack $i ($s) did not fault on the poison: $(echo "$log" |
			grep -m1 -E 'Unable to handle|BUG:|general protection' || echo 'no oops')"
	fi
	i=$((i + 1))
done
echo "CRASHTEST: $faulted of 20 attacks faulted, target unchanged${other:+, others$other}"
echo "CRASHTEST: faults on the poison 0x$p: $gp"
