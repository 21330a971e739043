#!/bin/bash
# The README's generated blocks (results, upstream-fixes[-distro]) say what RESULTS.md says: both
# come from harness/pipeline/results.sh (make results); an edit by hand to one of them, or
# a new RESULTS.md without the README's blocks, is a FAIL.
set -eu
. "$(dirname "$0")/../lib.sh"
[ -f "$ROOT/RESULTS.md" ] || { echo "FAIL: results: no RESULTS.md (make results)"; exit 1; }
block() { awk -v n="$1" '$0 ~ "^<!-- " n ": end" { p = 0 } p { print } $0 ~ "^<!-- " n ": begin" { p = 1 }' "$ROOT/README.md"; }
fail=0
# RESULTS.md: the first table.
want=$(awk '/^\|/ { print; t = 1; next } t { exit }' "$ROOT/RESULTS.md")
if [ -n "$want" ] && [ "$(block results)" = "$want" ]; then
	echo "PASS: results-block: README's results table is RESULTS.md's ($(( $(grep -c '^|' <<< "$want") - 2 )) rows)"
else
	echo "FAIL: results-block: README's results table differs from RESULTS.md (run make results)"; fail=1
fi
# check_block NAME TITLE: README's block NAME holds RESULTS.md's section TITLE.
check_block() {
	if [ "$(block "$1")" = "$(md_section "$ROOT/RESULTS.md" "$2")" ]; then
		echo "PASS: results-$1: README's block is RESULTS.md's"
	else
		echo "FAIL: results-$1: README's $1 block differs from RESULTS.md (run make results)"; fail=1
	fi
}
check_block upstream-fixes "Fixes for the in-tree STACKLEAK"
check_block upstream-fixes-distro "Fixes for the in-tree STACKLEAK, Debian's options"
[ $fail = 0 ]
