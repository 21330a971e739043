#!/bin/bash
# No architecture loses STACKLEAK: the architectures whose Kconfig selects
# HAVE_ARCH_STACKLEAK on the pristine tree must select it after the series too, under no
# new condition (the series once gave it back to x86 `if X86_64` only, dropping 32-bit).
# Prints both lists; reads build/linux's branches pristine and series-applied (tree.sh).
set -eu
. "$(dirname "$0")/../lib.sh"
L=$B/linux
# AFTER=REF checks another commit of build/linux instead (e.g. an older series).
AFTER=${AFTER:-series-applied}
for r in pristine "$AFTER"; do
	git -C "$L" rev-parse -q --verify "$r" >/dev/null || die "no $r branch in $L: run make tree"
done
# selects REF: "ARCH CONDITION" per select of the symbol (CONDITION "always" if none).
selects() {
	git -C "$L" grep -n -E "^[[:space:]]*select[[:space:]]+HAVE_ARCH_STACKLEAK([[:space:]]|$)" \
		"$1" -- 'arch/*/Kconfig' |
	sed -E 's#^[^:]*:arch/([^/]+)/Kconfig:[0-9]+:[[:space:]]*select[[:space:]]+HAVE_ARCH_STACKLEAK[[:space:]]*#\1 #;
		s/ if[[:space:]]+/ if /; s/ $/ always/' | sort -u
}
before=$(selects pristine)
after=$(selects "$AFTER")
echo "pristine:     $(echo "$before" | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
echo "series:       $(echo "$after" | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
[ -n "$before" ] || die "the pristine tree selects HAVE_ARCH_STACKLEAK nowhere: wrong tree?"
lost=$(comm -23 <(echo "$before") <(echo "$after"))
if [ -n "$lost" ]; then
	echo "FAIL: arch-stackleak: lost after the series: $(echo "$lost" | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
	exit 1
fi
echo "PASS: arch-stackleak: every architecture of the pristine tree keeps HAVE_ARCH_STACKLEAK ($(echo "$before" | awk '{print $1}' | sort -u | xargs))"
