#!/bin/bash
# The first patch in patches/series must remove every trace of the in-tree STACKLEAK:
# pristine + that patch alone => `git grep -il stackleak` finds nothing.
# Exit 77 (skip) while patches/series lists no patch.
set -eu
. "$(dirname "$0")/../lib.sh"
SERIES=$ROOT/patches/series
first=$(grep -v '^[[:space:]]*\(#\|$\)' "$SERIES" 2>/dev/null | head -n1 | awk '{print $1}' || true)
[ -n "$first" ] || { echo "SKIP: removal: patches/series lists no patch"; exit 77; }
git -C "$B/linux" rev-parse -q --verify pristine >/dev/null || die "no pristine tree: run harness/pipeline/tree.sh"
# Apply it to pristine in a throw-away index (no 80k-file checkout): same result as
# `git am` in a fresh worktree, in seconds.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export GIT_INDEX_FILE=$T/index
cd "$B/linux"
git read-tree pristine
git apply --cached "$ROOT/patches/$first" || die "patches/$first does not apply to pristine"
tree=$(git write-tree)
if left=$(git grep -il stackleak "$tree"); then
	echo "$left" | sed "s/^$tree:/  /"
	echo "FAIL: removal: $(echo "$left" | wc -l) file(s) still mention stackleak after patches/$first"
	exit 1
fi
echo "PASS: removal: no file mentions stackleak after patches/$first"
