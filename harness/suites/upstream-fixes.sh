#!/bin/bash
# The fixes for the base tree's own STACKLEAK (patches/upstream-fixes/), measured with the
# plant tests under the random kstack offset (crash test stackleak-plant-offset: 200 rounds
# per entry and shape, then the negative control) on the base tree as it is (make UPSTREAM=1,
# build/obj-upstream) and with the fixes (make UPSTREAM=1 FIXES=1, build/obj-upstream-fixes);
# with DISTRO=1 both on Debian's options (build/obj-upstream[-fixes]-distro), booted as
# make DISTRO=1 boots. Also boots both with the offset off (guest test 60 only). Prints
# the rounds that leaked per entry and setting, before and after, and three results:
#   upstream-gap-seen  the unfixed tree leaks through some entry (else the test cannot show
#                      that the fixes matter);
#   upstream-fixed     the fixed tree passes the whole crash test (no leak on any entry,
#                      and the negative control still leaks);
#   upstream-fixed-offset-off  the same plant tests in a boot with the offset off.
# Results also in build/upstream-fixes-results[-distro].log; exit 1 on a FAIL.
set -eu
. "$(dirname "$0")/../lib.sh"
NAME=stackleak-plant-offset
D=; [ "${DISTRO:-}" != 1 ] || D=-distro
OUT=$B/upstream-fixes-results$ASUF$D.log
: > "$OUT"
result() { echo "RESULT: upstream-fixes/$*" | tee -a "$OUT"; }

# The crash test on one tree; its log: build/qemu-crash-upstream[-fixes][-distro]-NAME.log.
for v in upstream upstream-fixes; do
	fixes=; [ $v = upstream ] || fixes=1
	obj=$B/obj$ASUF-$v$D
	[ -f "$obj/$KIMAGE" ] || die "no $obj/$KIMAGE: run make UPSTREAM=1${fixes:+ FIXES=1}${D:+ DISTRO=1} build"
	echo "--- $v$D: crash test $NAME"
	UPSTREAM=1 FIXES=$fixes SRC=$B/$v OBJ=$obj "$H/suites/crash-tests.sh" "$NAME" || true
	# The same plant tests with the offset off: the fixes must not matter there.
	echo "--- $v$D: plant tests, randomize_kstack_offset=off"
	KERNEL=$obj/$KIMAGE LOG=$B/qemu$ASUF-$v$D-offset-off.log \
		EXTRA_APPEND="tests=60 randomize_kstack_offset=off" "$H/pipeline/boot.sh" > /dev/null 2>&1 || true
done
before=$B/qemu-crash$ASUF-upstream$D-$NAME.log
after=$B/qemu-crash$ASUF-upstream-fixes$D-$NAME.log
before_off=$B/qemu$ASUF-upstream$D-offset-off.log
after_off=$B/qemu$ASUF-upstream-fixes$D-offset-off.log

# leaked LOG CASE: "N/200" rounds that gave the secret back, or "-" when the case did not run.
leaked() {
	grep -a "^RESULT: $2 " "$1" | head -n1 | sed -n 's/.*rounds=\([0-9]*\) leaked=\([0-9]*\).*/\2\/\1/p' |
		grep . || echo -
}
# The table, also as markdown for RESULTS.md (harness/pipeline/results.sh).
TABLE=$B/upstream-fixes-table$ASUF$D.md
cases=$(grep -aoh '^RESULT: plant-[a-z0-9-]*' "$before" "$after" 2>/dev/null | sed 's/.*RESULT: //' |
	grep -v -- '-off$' | sort -u || true)
gap=0 offleak=
{ echo "| case | offset on, without the fixes | with them | offset off, without | with |"
  echo "|---|---|---|---|---|"; } > "$TABLE"
printf '%-24s %-22s %-10s %-22s %s\n' case "offset on, without" with "offset off, without" with
for c in $cases; do
	b=$(leaked "$before" "$c") a=$(leaked "$after" "$c")
	bo=$(leaked "$before_off" "$c") ao=$(leaked "$after_off" "$c")
	printf '%-24s %-22s %-10s %-22s %s\n' "$c" "$b" "$a" "$bo" "$ao"
	echo "| $c | $b | $a | $bo | $ao |" >> "$TABLE"
	case $b in 0/*|-) ;; *) gap=1 ;; esac
	# "-" with the offset off too: an entry this CPU lacks (its XFAIL says which), not a leak.
	case $ao/$a in 0/*) ;; -/-) ;; *) offleak="$offleak $c:$ao" ;; esac
done

if [ $gap = 1 ]; then
	result "upstream-gap-seen PASS the unfixed tree leaks through at least one entry (table above)"
else
	result "upstream-gap-seen FAIL the unfixed tree leaked in no round: the test cannot show the fix"
fi
res=$("$H/suites/crash-tests.sh" --judge "$NAME" "$after" | sed 's/^RESULT: crash\/[^ ]* //') || true
case $res in
PASS*) result "upstream-fixed PASS no round leaked on any entry, negative control leaks" ;;
*) result "upstream-fixed FAIL $res (see $after)" ;;
esac
if [ -z "$offleak" ] && grep -aq 'RESULT: plant-chain-off PASS' "$after_off"; then
	result "upstream-fixed-offset-off PASS no round leaked on any entry, negative control leaks"
else
	result "upstream-fixed-offset-off FAIL${offleak:- the negative control did not leak} (see $after_off)"
fi
! grep -q ' FAIL' "$OUT"
