#!/bin/bash
# make help (harness/help.txt) names every target of the Makefile but the internal ones,
# and every knob it lists is read somewhere in the Makefile or the harness.
set -eu
. "$(dirname "$0")/../lib.sh"
# Stages other targets run, not meant to be typed.
INTERNAL="crash-run soak-run distro-run host-tests upstream-build"
fail=0
for t in $(grep -oE '^[a-z][a-z0-9-]*:' "$ROOT/Makefile" | tr -d : | sort -u); do
	case " $INTERNAL all " in *" $t "*) continue ;; esac
	grep -qE "^  make ([a-z-]+ \\| )*$t( |$)" "$H/help.txt" || { echo "FAIL: help-targets: make $t is not in harness/help.txt"; fail=1; }
done
for v in $(sed -n 's/^  \([A-Z][A-Z_]*\)=.*/\1/p; s/^  \([A-Z][A-Z_]*\) .*/\1/p' "$H/help.txt" | sort -u); do
	grep -rqE "\b$v\b" "$ROOT/Makefile" "$H" --include=*.sh --include=Makefile --include=init ||
		{ echo "FAIL: help-knobs: $v is listed in harness/help.txt but read nowhere"; fail=1; }
done
[ $fail = 1 ] || echo "PASS: help: every user-facing target and listed knob checked"
[ $fail = 0 ]
