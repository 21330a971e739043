#!/bin/bash
# The one source of the pass counts the README states: RESULTS.md, written from the last
# runs' outputs in build/ (each dated by its file; older lines kept for what build/ lacks),
# and the README's generated blocks (results, upstream-fixes, upstream-fixes-distro) copied from it.
# harness/host/results-test.sh fails when the README and RESULTS.md disagree.
# Usage: harness/pipeline/results.sh (make results).
set -eu
. "$(dirname "$0")/../lib.sh"
out=$ROOT/RESULTS.md
day() { date -u -r "$1" +%F; }

# What make test, test-distro, test-clang and test ARCH= leave: one line per configuration,
# for every base (harness/base/): another base's lines start with its version.
rows=
for bs in "$H"/base/*/base.sh; do
	BB=$(. "$bs"; echo "$BUILD")
	pre=$(basename "$(dirname "$bs")")
	if [ "$pre" = 6.1 ]; then pre=; else pre="$pre "; fi
	for f in "$BB"/verdicts*.log; do
		[ -f "$f" ] || continue
		while IFS= read -r line; do
			case $line in " "*|"") continue ;; esac
			rows="$rows| $pre${line%%: *} | ${line#*: } | $(day "$f") |"$'\n'
		done < "$f"
	done
	# check-bisect: every step's build and boot, per architecture.
	for f in "$BB"/series-bisect/results*.log; do
		[ -f "$f" ] || continue
		head=$(head -n1 "$f")
		pass=$(grep -c '^PASS:' "$f" || true) fail=$(grep -c '^FAIL:' "$f" || true)
		what=$(sed -n 's/^# [0-9-]* STEPS=\(.*\) of \([0-9]*\) (\(.*\))$/\3, steps \1 of \2/p' <<< "$head" | sed 's/steps all of/all steps of/')
		took=$(sed -n 's/^# done in \([0-9]*\)s$/, the run took \1 s/p' "$f")
		rows="$rows| ${pre}check-bisect, $what | $pass passed, $fail failed (each step's build and boot$took) | ${head:2:10} |"$'\n'
	done
done
# A configuration with no output in build/ (a new machine, a run not repeated) keeps the
# line, and the date, RESULTS.md already has for it.
if [ -f "$out" ]; then
	while IFS= read -r line; do
		conf=${line#| } conf="${conf%% | *} | "
		# A bisect line is superseded by any newer one of its architecture.
		case $conf in "check-bisect, "*) conf=${conf#check-bisect, } conf="check-bisect, ${conf%%,*}," ;; esac
		grep -qF "| $conf" <<< "$rows" || rows="$rows$line"$'\n'
	done < <(sed -n '/^| configuration |/,/^$/{/^| configuration |/d;/^|---/d;/^|/p}' "$out")
fi
[ -n "$rows" ] || die "no results in build/ yet: run make test (or make test-all)"
table="| configuration | result | date |
|---|---|---|
$rows"
# fixes TABLE WHAT: the text of an upstream fixes section: build/'s TABLE, introduced by
# WHAT, else that section of RESULTS.md as it stands (a run build/ lacks).
fixes() {
	if [ -f "$1" ]; then printf '%s\n\n%s' "Measured $(day "$1") $2" "$(cat "$1")"
	elif [ -f "$out" ]; then md_section "$out" "$3"
	fi
}
T1="Fixes for the in-tree STACKLEAK" T2="Fixes for the in-tree STACKLEAK, Debian's options"
fixes=$(fixes "$B/upstream-fixes-table$ASUF.md" "(\`make upstream-fixes\`): rounds of 200 in which the planted secret came back, the base tree's own STACKLEAK without and with the fixes, minimal x86-64 config, the random kstack offset on (crash test \`stackleak-plant-offset\`) and off:" "$T1")
fixes_distro=$(fixes "$B/upstream-fixes-table$ASUF-distro.md" "(\`make upstream-fixes DISTRO=1\`): the same, on Debian's options, booted as Debian's kernel boots on an Intel CPU (x32 on; \`-\`: 32-bit SYSCALL, an AMD instruction, does not exist there):" "$T2")

{
	echo "# Results of the last runs"
	echo
	echo "Written by \`harness/pipeline/results.sh\` (\`make results\`) from the outputs in \`build/\`,"
	echo "on the tree of commit $(git -C "$ROOT" rev-parse --short HEAD) (the run may be older: see each date)."
	echo
	printf '%s' "$table"
	if [ -n "$fixes" ]; then echo; echo "## $T1"; echo; echo "$fixes"; fi
	if [ -n "$fixes_distro" ]; then echo; echo "## $T2"; echo; echo "$fixes_distro"; fi
} > "$out"

# The README's blocks: the lines between "<!-- NAME: begin" and "<!-- NAME: end -->".
fill() {
	local name=$1 file=$2 body=$3
	BODY=$body awk -v n="$name" '
		$0 ~ "^<!-- " n ": begin" { print; print ENVIRON["BODY"]; skip = 1; next }
		$0 ~ "^<!-- " n ": end" { skip = 0 }
		!skip { print }' "$file" > "$file.tmp" && mv "$file.tmp" "$file"
}
fill results "$ROOT/README.md" "${table%$'\n'}"
[ -z "$fixes" ] || fill upstream-fixes "$ROOT/README.md" "$fixes"
[ -z "$fixes_distro" ] || fill upstream-fixes-distro "$ROOT/README.md" "$fixes_distro"
echo "results: wrote ${out#"$ROOT"/} and the README's blocks"
