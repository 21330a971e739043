# negative-control: with kernel.stack_erasing=0 the stack is left dirty, so STACKLEAK_ERASING
# must report FAIL (PASS here = the FAIL was seen). Then erasing is restored and must pass again.
# Known: upstream 6.1's LKDTM test still prints OK with erasing off, so this fails on pristine.
. /lib/harness.sh
T=negative-control
require_stackleak $T
[ -f $SYSCTL ] || { result $T FAIL "$SYSCTL missing (CONFIG_STACKLEAK_RUNTIME_DISABLE?)"; exit 0; }

# LKDTM inspects the stack of the task that writes DIRECT. A child started
# with erasing on (so its stack is clean) turns erasing off, then execs twice
# before writing DIRECT: execve keeps the task and its kernel stack, and the
# exec path goes deeper than the write path, so its data must be found.
dmesg -c >/dev/null
sh -c "echo 0 > $SYSCTL; exec sh -c 'exec lkdtm-write 1' >/dev/null"
LAST_DMESG=$(dmesg -c)
ERASE=$(erase_verdict "$LAST_DMESG")
off=$ERASE offmsg=$(echo "$LAST_DMESG" | grep -o 'FAIL: .*' | head -1)
echo 1 > $SYSCTL
tries=0
while [ $tries -lt 5 ]; do
	tries=$((tries + 1))
	erase_once
	[ "$ERASE" = OK ] && break
done
on=$ERASE
if [ "$off" = FAIL ] && [ "$on" = OK ]; then
	result $T PASS "erasing off: FAIL seen ($offmsg); restored: OK after $tries try(ies) (max 5)"
else
	result $T FAIL "erasing off: expected FAIL, got $off; restored: $on after $tries try(ies) (max 5)"
fi
