#!/bin/bash
# Judge a QEMU serial log (default build/qemu.log; for another ARCH=, build/qemu-ARCH.log)
# plus optional extra RESULT files (host tests). Exit 1 on any FAIL, missing GUEST-DONE,
# timeout, or kernel splat.
# With VERDICT_NAME set, its counts go to a summary file too (see the end).
set -eu
. "$(dirname "$0")/../lib.sh"
LOG=${1:-$B/qemu$ASUF.log}
shift || true
[ -f "$LOG" ] || die "no log $LOG"
clean=$(tr -d '\r' < "$LOG")
results=$( { cat "$@" 2>/dev/null || true; echo "$clean"; } | grep -o 'RESULT: .*' || true)
pass=0 fail=0 skip=0 failed= why=
while read -r _ name status detail; do
	[ -n "${name:-}" ] || continue
	case $status in
	PASS) pass=$((pass + 1)) ;;
	XFAIL|SKIP) skip=$((skip + 1)) ;;
	*) fail=$((fail + 1)); failed="$failed $name"
	   why="$why  $name $status ${detail:0:400}"$'\n' ;;
	esac
	printf '  %-22s %-5s %s\n' "$name" "$status" "$detail"
done <<< "$results"
problems=
grep -q 'GUEST-DONE' <<< "$clean" || problems="$problems, no GUEST-DONE (missing results)"
grep -q '^HARNESS: TIMEOUT' <<< "$clean" && problems="$problems, timeout"
[ -n "$results" ] || problems="$problems, no RESULT lines"
for pat in 'Oops' 'BUG:' 'WARNING:' 'Kernel panic' 'general protection'; do
	grep -q -- "$pat" <<< "$clean" && problems="$problems, '$pat' in log"
done
[ -z "$problems" ] || fail=$((fail + 1))   # the run itself counts as one failure
if [ $fail -gt 0 ]; then
	echo "--- last 40 lines of $LOG"
	tail -n 40 <<< "$clean"
	echo "---"
	# After the log tail, so the last lines of a CI run (all it shows) name what failed, and why.
	[ -z "$why" ] || printf 'why:\n%s' "$why"
	[ -z "$failed" ] || echo "failed:$failed"
	[ -z "$problems" ] || echo "verdict: ${problems#, }"
fi
counts="$pass passed, $fail failed"
[ $skip = 0 ] || counts="$counts, $skip skipped"
echo "$counts"
# VERDICT_NAME: also add "NAME: counts" (and what failed) to $VERDICTS for summary.sh, with
# each failure's detail indented below it: CI shows only the last lines of the run.
if [ -n "${VERDICT_NAME:-}" ]; then
	{
		echo "$VERDICT_NAME: $counts${failed:+ (failed:$failed)}${problems:+ (${problems#, })}"
		[ -z "$why" ] || printf '%s' "$why" | sed 's/^ */    /'
	} >> "${VERDICTS:-$B/verdicts.log}"
fi
[ $fail = 0 ]
