# metrics: /proc/<pid>/stack_depth shows a deeper previous syscall after stat()
# than after getppid() (the median of 31 tries each: RANDOMIZE_KSTACK_OFFSET varies them,
# and an interrupt's return to user space in between spoils a try);
# other users' tasks are not readable, one's own is.
. /lib/harness.sh
T=metrics
if [ ! -e /proc/self/stack_depth ]; then
	result $T FAIL "no /proc/self/stack_depth (CONFIG_STACKLEAK_METRICS?)"; exit 0
fi
if depth_probe_off; then
	result $T XFAIL "harness.depth_probe=off: no frame of getppid() or stat() is tracked"
elif ! out=$(stack-depth); then
	result $T FAIL "stack-depth failed: $out"
else
	g=$(echo "$out" | sed -n 's/^getppid //p') s=$(echo "$out" | sed -n 's/^stat //p')
	if [ "${g:--1}" -gt 0 ] && [ "${s:--1}" -gt "$g" ]; then
		result $T PASS "previous stack depth, median of 31: getppid $g bytes, stat $s bytes"
	else
		result $T FAIL "expected stat deeper than getppid > 0: getppid ${g:-?}, stat ${s:-?}"
	fi
fi

T=metrics-access
out=$(stack-depth other 1)
other=$(echo "$out" | sed -n 's/^other //p') self=$(echo "$out" | sed -n 's/^self //p')
if [ "$other" = "Permission denied" ] && [ "$self" = OK ]; then
	result $T PASS "uid 65534: /proc/1/stack_depth $other, own file readable"
else
	result $T FAIL "uid 65534: /proc/1/stack_depth '${other:-?}' (want Permission denied), own '${self:-?}' (want OK)"
fi
