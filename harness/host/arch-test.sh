#!/bin/bash
# No architecture loses STACKLEAK: the architectures whose Kconfig selects
# HAVE_ARCH_STACKLEAK on the pristine tree must select it after the series too, under no
# new condition (the series once gave it back to x86 `if X86_64` only, dropping 32-bit).
# Prints both lists (and, after them, checks each tracker); reads build/linux's branches pristine and series-applied (tree.sh).
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
# An architecture without no_caller_saved_registers in GCC (all but x86) needs its own
# tracker to offer GCC_PLUGIN_STACKLEAK at all: after the series it must select
# HAVE_ARCH_STACKLEAK_TRACK and have arch/ARCH/kernel/stackleak.S. And no return path
# may still call the erase entry points the series replaces.
bad=
for a in $(echo "$before" | awk '$1 != "x86" { print $1 }' | sort -u); do
	git -C "$L" grep -q -E "^[[:space:]]*select[[:space:]]+HAVE_ARCH_STACKLEAK_TRACK([[:space:]]|$)" \
		"$AFTER" -- "arch/$a/Kconfig" || bad="$bad $a:no-HAVE_ARCH_STACKLEAK_TRACK"
	git -C "$L" cat-file -e "$AFTER:arch/$a/kernel/stackleak.S" 2>/dev/null || bad="$bad $a:no-stackleak.S"
done
old=$(git -C "$L" grep -l -E 'stackleak_erase_(on|off)_task_stack' "$AFTER" -- arch | sed "s/^$AFTER://" || true)
[ -z "$old" ] || bad="$bad old-erase-calls:$(echo $old | tr ' ' ',')"
if [ -n "$bad" ]; then
	echo "FAIL: arch-tracker:$bad"
	exit 1
fi
echo "PASS: arch-tracker: every architecture but x86 has its tracker; no old erase entry point is called"
