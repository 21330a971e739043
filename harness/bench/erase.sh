#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (no thresholds): throughput of the real erase routine,
# arch/x86/entry/erase.S assembled unchanged against the shim headers in
# harness/host/erase-user/include/, against glibc memset() and a bare
# "rep stosq", for fills of 256 B .. the whole 16 KiB stack in user space
# (harness/host/erase-user/erase-bench.c says what is measured).
#
#   harness/bench/erase.sh [--out FILE] [--reps N] [--no-ir]
#
# stdout: TSV "size erase_ns memset_ns repstos_ns ratio" (ratio = erase
# throughput / memset throughput), plus erase_ir memset_ir repstos_ir
# (instructions per call) when they can be counted. stderr: the same as a
# table with GB/s. --out FILE also writes the TSV to FILE.
#
# Instructions are counted with valgrind --tool=callgrind (perf stat -e
# instructions is tried first; in a VM it is usually "not supported").
# Callgrind counts every iteration of a rep-prefixed instruction as one
# instruction; hardware counters count a rep stosq once.
#
# Environment: CC (default gcc), ERASE_S (default arch/x86/entry/erase.S),
# ERASE_BENCH_OUT (build directory, default build/erase-bench).

set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-gcc}
ERASE_S=${ERASE_S:-$ROOT/arch/x86/entry/erase.S}
OUT=${ERASE_BENCH_OUT:-$ROOT/build/erase-bench}
EU=$ROOT/harness/host/erase-user
TSV='' REPS=9 IR=1

while [ $# -gt 0 ]; do
	case $1 in
	--out) TSV=$2; shift 2 ;;
	--reps) REPS=$2; shift 2 ;;
	--no-ir) IR=; shift ;;
	*) echo "usage: $0 [--out FILE] [--reps N] [--no-ir]" >&2; exit 2 ;;
	esac
done

mkdir -p "$OUT"
$CC -nostdinc -I "$EU/include" -D__ASSEMBLY__ -c "$ERASE_S" -o "$OUT/erase.o"
$CC -nostdinc -I "$EU/include" -D__ASSEMBLY__ -c "$EU/erase-glue.S" -o "$OUT/glue.o"
$CC -O2 -Wall -Wextra -c "$EU/erase-bench.c" -o "$OUT/erase-bench.o"
$CC -o "$OUT/erase-bench" "$OUT/erase-bench.o" "$OUT/erase.o" "$OUT/glue.o" -Wl,-z,noexecstack

# Instruction counts: "size erase memset repstos" per line in $OUT/ir.txt.
irarg=
if [ -n "$IR" ]; then
	if perf stat -x, -e instructions true 2>&1 | grep -q '^[0-9]'; then
		# Usable, but it counts whole processes; callgrind gives per-call
		# figures for the same ops, so it is still what we use below.
		echo "perf stat -e instructions works here (not used: callgrind counts per op)" >&2
	else
		echo "perf stat -e instructions: not supported here" >&2
	fi
	N=200
	rm -f "$OUT"/callgrind.out*
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "no valgrind: instruction columns skipped" >&2
	elif ! valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" \
		"$OUT/erase-bench" --count $N >"$OUT/callgrind.log" 2>&1; then
		echo "callgrind run failed (see $OUT/callgrind.log): instruction columns skipped" >&2
	else
		# Each dump is one "op-size-N" loop; subtract the empty loop (nop).
		awk -v n=$N '
			/^desc: Trigger: Client Request: / { split($NF, a, "-"); op = a[1]; sz = a[2] }
			/^summary: / && op != "" { v[op, sz] = $2; sizes[sz] = 1; op = "" }
			END {
				for (s in sizes)
					printf "%d %d %d %d\n", s,
						(v["erase", s] - v["nop", s]) / n + 0.5,
						(v["memset", s] - v["nop", s]) / n + 0.5,
						(v["repstos", s] - v["nop", s]) / n + 0.5
			}' "$OUT"/callgrind.out.* | sort -n >"$OUT/ir.txt"
		if [ -s "$OUT/ir.txt" ]; then
			irarg="--ir $OUT/ir.txt"
			echo "instructions per call: valgrind --tool=callgrind, $N calls per op" \
			     "(rep iterations counted one by one)" >&2
		else
			echo "no callgrind dumps: instruction columns skipped" >&2
		fi
	fi
fi

# shellcheck disable=SC2086
"$OUT/erase-bench" --reps "$REPS" $irarg >"$OUT/bench.tsv"
cat "$OUT/bench.tsv"
[ -z "$TSV" ] || cp "$OUT/bench.tsv" "$TSV"
