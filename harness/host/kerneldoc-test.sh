#!/bin/bash
# Our C files must pass scripts/kernel-doc without warnings (-Werror).
set -eu
. "$(dirname "$0")/../lib.sh"
KDOC=$SRC/scripts/kernel-doc
[ -f "$KDOC" ] || die "no $KDOC: run harness/pipeline/tree.sh first"
cd "$ROOT"
for f in $(git ls-files -- '*stackleak*.c' '*stackleak*.h'); do
	case $f in harness/*) continue ;; esac
	if out=$(perl "$KDOC" -none -Werror "$f" 2>&1); then
		echo "PASS: kernel-doc:$f"
	else
		echo "FAIL: kernel-doc:$f: $(echo "$out" | head -n1)"
	fi
done
