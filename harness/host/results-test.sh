#!/bin/bash
# The README's generated blocks (results, upstream-fixes) say what RESULTS.md says: both
# come from harness/pipeline/results.sh (make results); an edit by hand to one of them, or
# a new RESULTS.md without the README's blocks, is a FAIL.
set -eu
. "$(dirname "$0")/../lib.sh"
[ -f "$ROOT/RESULTS.md" ] || { echo "FAIL: results: no RESULTS.md (make results)"; exit 1; }
block() { awk -v n="$1" '$0 ~ "^<!-- " n ": end" { p = 0 } p { print } $0 ~ "^<!-- " n ": begin" { p = 1 }' "$ROOT/README.md"; }
fail=0
# RESULTS.md: the first table; the upstream fixes' section after its heading.
want=$(awk '/^\|/ { print; t = 1; next } t { exit }' "$ROOT/RESULTS.md")
if [ -n "$want" ] && [ "$(block results)" = "$want" ]; then
	echo "PASS: results-block: README's results table is RESULTS.md's ($(( $(grep -c '^|' <<< "$want") - 2 )) rows)"
else
	echo "FAIL: results-block: README's results table differs from RESULTS.md (run make results)"; fail=1
fi
want=$(awk '/^## Fixes for the in-tree STACKLEAK/ { p = 1; getline; next } p { print }' "$ROOT/RESULTS.md")
if [ "$(block upstream-fixes)" = "$want" ]; then
	echo "PASS: results-upstream-fixes: README's block is RESULTS.md's"
else
	echo "FAIL: results-upstream-fixes: README's upstream-fixes block differs from RESULTS.md (run make results)"; fail=1
fi
[ $fail = 0 ]
