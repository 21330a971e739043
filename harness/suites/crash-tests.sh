#!/bin/bash
# Crash tests: each harness/guest/crash/NAME.sh kills its task or panics the kernel, so each
# runs alone in its own QEMU boot (kernel command line crashtest=NAME plus the "append"
# lines of its expect file, serial log build/qemu-crash-NAME.log), judged against
# harness/guest/crash/NAME.expect, or against the architecture's own expectations where it
# has them (harness/arch/ARCH/crash/NAME.expect; a "skip REASON" rule there: the test does
# not apply, no boot, SKIP). A test that needs a boot option of its own (e.g.
# randomize_kstack_offset=on) is one too.
# Prints "RESULT: crash/NAME PASS|FAIL|XFAIL|SKIP detail" per test, also saved to
# build/crash-results.log for the combined verdict of `make test`. Exit 1 on any FAIL.
# With CLANG=1: build/crash-results-clang.log and build/qemu-crash-clang-NAME.log; for
# another ARCH=, build/crash-results-ARCH.log and build/qemu-crash-ARCH-NAME.log.
#   crash-tests.sh [NAME...]           boot and judge these tests (default: all)
#   crash-tests.sh --judge NAME LOG    judge one existing log, no boot, no results file
# A test whose expect file has "retry RE" lines boots again, up to twice, when a FAIL's log
# matches one of them (a disturbance the test cannot exclude, said there); the result
# names every retried boot and its matching line, and keeps its log as LOG.N.
# CRASH_TIMEOUT (default 90 s) bounds each boot. A test the kernel's LKDTM lacks
# ("CRASHTEST-SKIP" from the guest) is a SKIP only with UPSTREAM=1, else a FAIL.
set -eu
. "$(dirname "$0")/../lib.sh"
C=$H/guest/crash
OUT=$B/crash-results$TAG.log

# first RE FILE: the first line of FILE matching the extended regex RE, shortened, or nothing.
first() { grep -aE -m1 -- "$1" "$2" | cut -c1-100 || true; }
# expect_file NAME: the expectations of crash test NAME on this architecture.
expect_file() {
	if [ -f "$HA/crash/$1.expect" ]; then echo "$HA/crash/$1.expect"; else echo "$C/$1.expect"; fi
}
# skip_reason NAME: why crash test NAME does not apply to this architecture, if it does not.
skip_reason() { sed -n 's/^skip //p' "$(expect_file "$1")" 2>/dev/null | head -n1; }

# judge NAME LOG: print "STATUS detail" for one boot's serial log, by the rules of
# NAME.expect. A hard problem (no start, timeout, a "forbid" line) is a FAIL; else an
# "xfail" line makes it XFAIL; else every "require" line must be there and no "absent"
# line (PASS, with the required lines seen as detail).
judge() {
	local name=$1 log=$2 exp clean bad='' missing='' kind re line seen='' xfail='' skip
	exp=$(expect_file "$name")
	if [ ! -f "$exp" ]; then echo "FAIL no expectations file ${exp#"$ROOT"/}"; return; fi
	skip=$(skip_reason "$name")
	if [ -n "$skip" ]; then echo "SKIP $skip"; return; fi
	if [ ! -s "$log" ]; then echo "FAIL no serial log $log"; return; fi
	clean=$(mktemp)
	tr -d '\r\000' < "$log" > "$clean"   # serial CRLF (and stray NULs) as in verdict.sh
	if grep -aq '^HARNESS: TIMEOUT' "$clean"; then bad="$bad, boot timed out"; fi
	if ! grep -aqF "=== crash test: $name" "$clean"; then bad="$bad, the guest never started the test"; fi
	line=$(first 'CRASHTEST-MISSING' "$clean")
	if [ -n "$line" ]; then bad="$bad, $line"; fi
	skip=$(first 'CRASHTEST-SKIP: ' "$clean")
	if [ -n "$skip" ]; then
		skip=${skip#*CRASHTEST-SKIP: }
		if [ "${UPSTREAM:-}" = 1 ] && [ -z "$bad" ]; then rm -f "$clean"; echo "SKIP $skip"; return; fi
		bad="$bad, $skip"
	fi
	while read -r kind re; do
		case $kind in
		'' | '#'*) ;;
		forbid)
			line=$(first "$re" "$clean")
			if [ -n "$line" ]; then bad="$bad, forbidden /$re/: $line"; fi ;;
		xfail)
			if [ -z "$xfail" ]; then xfail=$(first "$re" "$clean"); fi ;;
		append | skip | retry) ;;	# used by the loop below; skip: above
		absent)
			line=$(first "$re" "$clean")
			if [ -n "$line" ]; then missing="$missing, unexpected /$re/: $line"; fi ;;
		require)
			line=$(first "$re" "$clean")
			if [ -z "$line" ]; then missing="$missing, missing /$re/"
			elif [ "${line#CRASHTEST-}" = "$line" ]; then
				line=${line#dmesg: }; line=${line#lkdtm: }; line=${line#CRASHTEST: }; seen="$seen; ${line:0:70}"
			fi ;;
		*) bad="$bad, bad rule '$kind' in ${exp#"$ROOT"/}" ;;
		esac
	done < "$exp"
	rm -f "$clean"
	if [ -n "$bad" ]; then echo "FAIL ${bad#, }${missing:+; ${missing#, }}"
	elif [ -n "$xfail" ]; then echo "XFAIL ${xfail#*XFAIL: }"
	elif [ -n "$missing" ]; then echo "FAIL ${missing#, }"
	else echo "PASS ${seen#; }"
	fi
}

if [ "${1:-}" = --judge ]; then
	[ $# = 3 ] || die "usage: $0 --judge NAME LOG"
	res=$(judge "$2" "$3")
	echo "RESULT: crash/$2 $res"
	case $res in FAIL*) exit 1 ;; esac
	exit 0
fi
if [ $# -gt 0 ]; then names=("$@")
else
	names=()
	for t in "$C"/*.sh; do
		if [ -f "$t" ]; then names+=("$(basename "$t" .sh)"); fi
	done
fi
[ ${#names[@]} -gt 0 ] || die "no crash tests in $C"
mkdir -p "$B" && : > "$OUT"
fail=0 skipped=0
for name in "${names[@]}"; do
	log=$B/qemu-crash$TAG-$name.log
	skip=$(skip_reason "$name")
	if [ -n "$skip" ]; then
		echo "RESULT: crash/$name SKIP $skip" | tee -a "$OUT"
		skipped=$((skipped + 1))
		continue
	fi
	echo "--- crash/$name: own boot, log $log"
	rm -f "$log" "$log".[12]
	# Its exit status is not the verdict (a panic is expected for some): the log is.
	append= retries=()
	exp=$(expect_file "$name")
	if [ -f "$exp" ]; then
		append=$(sed -n 's/^append //p' "$exp" | tr '\n' ' ')
		mapfile -t retries < <(sed -n 's/^retry //p' "$exp")
	fi
	retried=
	for try in 1 2 3; do
		EXTRA_APPEND="crashtest=$name $append" LOG=$log BOOT_TIMEOUT=${CRASH_TIMEOUT:-90} \
			"$H/pipeline/boot.sh" || true
		res=$(judge "$name" "$log")
		why=
		case $res in
		FAIL*) for re in "${retries[@]}"; do [ -n "$why" ] || why=$(first "$re" "$log"); done ;;
		esac
		[ -n "$why" ] && [ $try -lt 3 ] || break
		echo "--- crash/$name: boot $try: $why: retrying (its log: $log.$try)"
		mv "$log" "$log.$try"
		retried="$retried; boot $try retried: ${why#dmesg: }"
	done
	[ -z "$retried" ] || res="$res (${retried#; })"
	echo "RESULT: crash/$name $res" | tee -a "$OUT"
	case $res in
	FAIL*)
		fail=$((fail + 1))
		echo "--- last 30 lines of $log"
		if [ -f "$log" ]; then tail -n 30 "$log" | tr -d '\r'; fi
		echo "---" ;;
	esac
done
echo "crash: $((${#names[@]} - skipped)) run, $fail failed$([ $skipped = 0 ] || echo ", $skipped skipped (not for ARCH=$HARCH)")"
[ $fail = 0 ]
