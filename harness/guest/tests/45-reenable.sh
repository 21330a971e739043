# reenable: the first erase after kernel.stack_erasing goes 0 -> 1 must clean what the task
# left on its stack while erasing was off. One task (a shell that execs, keeping its kernel
# stack): erasing off, a deep execve, erasing on, STACKLEAK_ERASING at once. Every round
# must be OK: the sysctl write's own exit is the only erase in between.
. /lib/harness.sh
T=reenable
N=${REENABLE_RUNS:-20}
require_stackleak $T
[ -f $SYSCTL ] || { result $T FAIL "$SYSCTL missing (CONFIG_STACKLEAK_RUNTIME_DISABLE?)"; exit 0; }
ok=0 i=0 first=
while [ $i -lt "$N" ]; do
	i=$((i + 1))
	dmesg -c >/dev/null
	# echo and the DIRECT write are builtins of the exec'd shell: no exec after "on".
	sh -c "echo 0 > $SYSCTL; exec sh -c 'echo 1 > $SYSCTL; echo STACKLEAK_ERASING > $DIRECT'"
	LAST_DMESG=$(dmesg -c)
	ERASE=$(erase_verdict "$LAST_DMESG")
	if [ "$ERASE" = OK ]; then ok=$((ok + 1))
	elif [ -z "$first" ]; then first="round $i: $ERASE $(echo "$LAST_DMESG" | grep -o 'FAIL: .*' | head -1)"
	fi
done
echo 1 > $SYSCTL
if [ $ok = "$N" ]; then result $T PASS "$ok/$N OK at the first check after re-enabling"
else result $T FAIL "$ok/$N OK at the first check after re-enabling; first failure $first"
fi
