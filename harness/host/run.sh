#!/bin/bash
# Run every harness/host/*-test.sh and turn its outcome into RESULT lines (also saved to
# build/host-results.log, for another ARCH= build/host-results-ARCH.log, for the combined
# verdict). A test's own "PASS: name[: why]" / "FAIL: ..." / "SKIP: ..." lines each count
# as one result; a script that prints none counts as one result from its exit status (0
# PASS, 77 SKIP, else FAIL). Tests of x86-64 code SKIP themselves for another ARCH=.
set -eu
. "$(dirname "$0")/../lib.sh"
OUT=$B/host-results$ASUF.log
mkdir -p "$B/host-tests$ASUF" && : > "$OUT"
for t in "$H"/host/*-test.sh; do
	[ -f "$t" ] || continue
	name=$(basename "$t" .sh)
	log=$B/host-tests$ASUF/$name.log
	echo "--- host/$name"
	rc=0
	bash "$t" > "$log" 2>&1 </dev/null || rc=$?
	sed 's/^/    /' "$log"
	res=$(grep -aE '^(PASS|FAIL|SKIP|XFAIL): ' "$log" | awk -v t="host/$name/" '{
		st = substr($0, 1, index($0, ":") - 1); rest = substr($0, length(st) + 3)
		i = index(rest, ": "); n = i ? substr(rest, 1, i - 1) : rest; d = i ? substr(rest, i + 2) : ""
		gsub(/[ \t]+/, "_", n); print "RESULT: " t n " " st (d == "" ? "" : " " d) }' || true)
	if [ -z "$res" ]; then
		case $rc in 0) st=PASS ;; 77) st=SKIP ;; *) st=FAIL ;; esac
		res="RESULT: host/$name $st exit $rc: $(grep -av '^[[:space:]]*$' "$log" | tail -n1 | cut -c1-100)"
	elif [ $rc != 0 ] && [ $rc != 77 ] && ! grep -q ' FAIL' <<< "$res"; then
		res="$res
RESULT: host/$name FAIL exit $rc without a FAIL line"
	fi
	echo "$res" | tee -a "$OUT"
done
pass=$(grep -c ' PASS' "$OUT" || true) fail=$(grep -c ' FAIL' "$OUT" || true)
echo "host: $pass passed, $fail failed"
[ "$fail" = 0 ]
