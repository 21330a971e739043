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

# With erasing off nothing resets the mark (Documentation/security/stackleak.rst): the
# previous depth stays as the last erase left it, the current one only grows, and after 31
# stat() calls it is at least stat's median depth from above.
T=metrics-erasing-off
if [ ! -f $SYSCTL ]; then
	result $T FAIL "$SYSCTL missing (CONFIG_STACKLEAK_RUNTIME_DISABLE?)"
elif depth_probe_off; then
	result $T XFAIL "harness.depth_probe=off: no frame of getppid() or stat() is tracked"
elif ! out=$(stack-depth off); then
	echo 1 > $SYSCTL
	result $T FAIL "stack-depth off failed: $out"
else
	# shellcheck disable=SC2086
	set -- $out
	if [ "$1" = off ] && [ "$6" = 0 ] && [ "$7" = 0 ] && [ "$5" -ge "${s:-1}" ]; then
		result $T PASS "31 stat+getppid with erasing off: previous depth stayed $2, depth $4 -> $5 bytes (stat's median $s)"
	else
		result $T FAIL "expected previous depth unchanged, depth never smaller and >= stat's ${s:-?}: previous $2 -> $3 (changed $6 times), depth $4 -> $5 (smaller $7 times)"
	fi
fi
[ "$(cat $SYSCTL 2>/dev/null)" != 0 ] || { echo 1 > $SYSCTL; result $T FAIL "erasing was left off"; }

T=metrics-access
out=$(stack-depth other 1)
other=$(echo "$out" | sed -n 's/^other //p') self=$(echo "$out" | sed -n 's/^self //p')
if [ "$other" = "Permission denied" ] && [ "$self" = OK ]; then
	result $T PASS "uid 65534: /proc/1/stack_depth $other, own file readable"
else
	result $T FAIL "uid 65534: /proc/1/stack_depth '${other:-?}' (want Permission denied), own '${self:-?}' (want OK)"
fi
