# toggle-loop: one process flips kernel.stack_erasing 0/1 in a tight loop while workers on
# every CPU fork and exec. No crash or splat (the verdict checks the log), and once the
# toggling stops with erasing on, each worker's first STACKLEAK_ERASING is OK: its previous
# syscall (the test for the stop file) ran with erasing on and erased what the off periods left.
. /lib/harness.sh
T=toggle-loop
N=${TOGGLES:-500}
require_stackleak $T
[ -f $SYSCTL ] || { result $T FAIL "$SYSCTL missing (CONFIG_STACKLEAK_RUNTIME_DISABLE?)"; exit 0; }
rm -f /tmp/toggle-stop /tmp/toggle-worker.*
dmesg -c >/dev/null
w=0
while [ $w -lt "$(nproc)" ]; do
	taskset -c $w sh -c "
		n=0
		while [ ! -f /tmp/toggle-stop ]; do cat /proc/self/stat >/dev/null; n=\$((n + 1)); done
		echo STACKLEAK_ERASING > $DIRECT
		echo \$n > /tmp/toggle-worker.$w" &
	w=$((w + 1))
done
i=0
while [ $i -lt "$N" ]; do
	echo 0 > $SYSCTL
	echo 1 > $SYSCTL
	i=$((i + 1))
done
touch /tmp/toggle-stop
wait
LAST_DMESG=$(dmesg -c)
oks=$(echo "$LAST_DMESG" | grep -c "$OKMSG" || true)
fails=$(echo "$LAST_DMESG" | grep -c 'FAIL: ' || true)
runs=$(cat /tmp/toggle-worker.* 2>/dev/null | tr '\n' ' ')
if [ "$oks" = "$(nproc)" ] && [ "$fails" = 0 ] && [ "$(cat $SYSCTL)" = 1 ]; then
	result $T PASS "$N off/on toggles while $(nproc) workers ran (cat runs: $runs); each worker's first check OK"
else
	result $T FAIL "$N toggles: $oks OK and $fails FAIL from $(nproc) workers, stack_erasing=$(cat $SYSCTL); $(echo "$LAST_DMESG" | grep -o 'FAIL: .*' | head -1)"
fi
