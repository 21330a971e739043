#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run the real erase routine, arch/x86/entry/erase.S assembled unchanged
# against the shim headers in harness/host/erase-user/include/, in user space on
# a fake 16 KiB task stack (harness/host/erase-user/erase-test.c says what each
# scenario checks), in several configurations:
#
#   plain               every scenario, one result each
#   min size 200        all scenarios again with
#                       CONFIG_STACKLEAK_TRACK_MIN_SIZE=200, where the run
#                       is 26 words: one result
#   RUNTIME_DISABLE     the kernel's test configuration:
#   + METRICS           - the plain scenarios with erasing on: one result,
#                         and one more that each leaves the same memory as
#                         in the plain build (erasing-on-same-as-plain)
#                       - the off-* scenarios (erasing turned off and on
#                         again): one result each
#   RUNTIME_DISABLE     every scenario of that build: one result each
#   only, METRICS only  configuration (the #ifdefs of erase.S in the other
#                       combinations)
#
# Environment:
#   CC       compiler (default gcc)
#   ERASE_S  erase routine to test (default arch/x86/entry/erase.S); for
#            checking that the test catches defects in a broken copy
#   ERASE_TEST_OUT  build directory (default build/erase-test)
#
# Output: "PASS: <name>[: note]" or "FAIL: <name>: <why>" per result, then
# "N passed, M failed". Exit status 1 if anything failed, 77 without a
# compiler.

set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-gcc}
ERASE_S=${ERASE_S:-$ROOT/arch/x86/entry/erase.S}
OUT=${ERASE_TEST_OUT:-$ROOT/build/erase-test}
EU=$ROOT/harness/host/erase-user
RD=-DCONFIG_STACKLEAK_RUNTIME_DISABLE
METRICS=-DCONFIG_STACKLEAK_METRICS

command -v "$CC" >/dev/null 2>&1 || { echo "SKIP: erase: no $CC"; exit 77; }
# The routine is x86-64 code, run here on the host: ARCH=x86_64 only.
case ${ARCH:-x86_64} in
x86_64) ;;
*) echo "SKIP: erase: arch/x86/entry/erase.S is x86-64 code, run in user space on this host (ARCH=$ARCH)"; exit 77 ;;
esac
mkdir -p "$OUT"

# build DIR [-Dextra...]: assemble erase.S and the glue with the shim only
# (-nostdinc: nothing from the host's or the kernel's headers), link the test.
build() {
	d=$OUT/$1
	shift
	mkdir -p "$d"
	$CC -nostdinc -I "$EU/include" -D__ASSEMBLY__ "$@" -c "$ERASE_S" -o "$d/erase.o" &&
	$CC -nostdinc -I "$EU/include" -D__ASSEMBLY__ "$@" -c "$EU/erase-glue.S" -o "$d/glue.o" &&
	$CC -O2 -Wall -Wextra -c "$EU/erase-test.c" -o "$d/erase-test.o" &&
	$CC -o "$d/erase-test" "$d/erase-test.o" "$d/erase.o" "$d/glue.o" -Wl,-z,noexecstack
}

passed=0
failed=0
pass() { echo "PASS: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# run DIR LOG [args...]: DIR's erase-test into $OUT/LOG, its status in $rc.
run() {
	d=$1 log=$2
	shift 2
	rc=0
	"$OUT/$d/erase-test" "$@" >"$OUT/$log" 2>&1 || rc=$?
}

# each LOG DRIVER: the last run's PASS/FAIL lines are results of their own.
each() {
	grep -v ' passed, .* failed$' "$OUT/$1" || true
	passed=$((passed + $(grep -c '^PASS: ' "$OUT/$1" || true)))
	f=$(grep -c '^FAIL: ' "$OUT/$1" || true)
	failed=$((failed + f))
	# A crash of the driver itself (not of a scenario) must not go unnoticed.
	if [ $rc != 0 ] && [ "$f" = 0 ]; then
		fail "$2: erase-test exited with status $rc"
	fi
}

# one NAME LOG WHAT: the last run as one result.
one() {
	n=$(grep -c '^PASS: ' "$OUT/$2" || true)
	if [ $rc = 0 ] && [ "$n" -gt 0 ]; then
		pass "$1: $n checks pass $3"
	else
		fail "$1: $(grep '^FAIL: ' "$OUT/$2" | cut -d: -f2 | tr -d ' ' | tr '\n' ' ')(status $rc, see $OUT/$2)"
	fi
}

# Plain: the design, one result per scenario; keep each one's memory.
if ! build min100 >"$OUT/build.log" 2>&1; then
	cat "$OUT/build.log"
	echo "FAIL: erase-build: see $OUT/build.log"
	echo "0 passed, 1 failed"
	exit 1
fi
rm -rf "$OUT/min100/mem" && mkdir -p "$OUT/min100/mem"
run min100 min100.log -d "$OUT/min100/mem"
each min100.log erase-driver
plain=$("$OUT/min100/erase-test" -l)

# Same scenarios, longer run: the header's > 120 branch.
if ! build min200 -DCONFIG_STACKLEAK_TRACK_MIN_SIZE=200 >"$OUT/build200.log" 2>&1; then
	fail "run-words-min-size-200: build failed, see $OUT/build200.log"
else
	run min200 min200.log
	one run-words-min-size-200 min200.log \
	    "with $(sed -n 's/^#.*\(STACKLEAK_RUN_WORDS [0-9]*\).*/\1/p' "$OUT/min200.log")"
fi

# The kernel's test configuration (harness/config/stackleak.config).
if ! build rd-metrics $RD $METRICS >"$OUT/build-rd-metrics.log" 2>&1; then
	fail "runtime-disable-metrics: build failed, see $OUT/build-rd-metrics.log"
else
	# Erasing on: as the plain build.
	rm -rf "$OUT/rd-metrics/mem" && mkdir -p "$OUT/rd-metrics/mem"
	# shellcheck disable=SC2086
	run rd-metrics rd-metrics-on.log -d "$OUT/rd-metrics/mem" $plain
	one runtime-disable-metrics-erasing-on rd-metrics-on.log \
	    "with RUNTIME_DISABLE+METRICS, erasing on"
	same=0 differ=
	for f in "$OUT"/min100/mem/*; do
		[ -f "$f" ] || continue
		n=$(basename "$f")
		if cmp -s "$f" "$OUT/rd-metrics/mem/$n"; then
			same=$((same + 1))
		else
			differ="$differ $n"
		fi
	done
	if [ -z "$differ" ] && [ $same -gt 0 ]; then
		pass "erasing-on-same-as-plain: $same scenarios leave the same memory as in the plain build"
	else
		fail "erasing-on-same-as-plain: memory differs from the plain build in:${differ:- (no scenarios)} (see $OUT/min100/mem, $OUT/rd-metrics/mem)"
	fi
	# Erasing off, and on again: the scenarios only this build has.
	new=$("$OUT/rd-metrics/erase-test" -l | grep -vxF "$plain" || true)
	if [ -z "$new" ]; then
		fail "runtime-disable-metrics: the build lists no RUNTIME_DISABLE scenarios"
	else
		# shellcheck disable=SC2086
		run rd-metrics rd-metrics.log $new
		each rd-metrics.log erase-driver-runtime-disable-metrics
	fi
fi

# The other combinations: every scenario each has, one result.
for cfg in "runtime-disable-only $RD" "metrics-only $METRICS"; do
	# shellcheck disable=SC2086
	set -- $cfg
	name=$1
	shift
	if ! build "$name" "$@" >"$OUT/build-$name.log" 2>&1; then
		fail "$name: build failed, see $OUT/build-$name.log"
	else
		run "$name" "$name.log"
		one "$name" "$name.log" "with $*"
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
