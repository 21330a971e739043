#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (no thresholds): two versions of arch/x86/entry/erase.S side by
# side on this CPU, on the same synthetic stacks (harness/bench/erase-ab.c
# says which), TSC ticks per call. A and B must leave identical stacks.
#
#   harness/bench/erase-ab.sh [A.S [B.S]] [REPS]
#
# A defaults to erase.S as committed (git HEAD), B to the working tree's.
# Output: TSV "depth frames a_ticks b_ticks b/a" on stdout.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EU=$ROOT/harness/host/erase-user
OUT=${ERASE_AB_OUT:-$ROOT/build/erase-ab}
CC=${CC:-gcc}
mkdir -p "$OUT"
A=${1:-} B=${2:-$ROOT/arch/x86/entry/erase.S} REPS=${3:-2001}
if [ -z "$A" ]; then
	A=$OUT/erase-head.S
	git -C "$ROOT" show HEAD:arch/x86/entry/erase.S > "$A"
fi
for v in a:"$A" b:"$B"; do
	n=${v%%:*} src=${v#*:}
	[ -f "$src" ] || { echo "erase-ab: no $src" >&2; exit 1; }
	$CC -nostdinc -I "$EU/include" -D__ASSEMBLY__ -c "$src" -o "$OUT/$n.o"
	objcopy --redefine-sym stackleak_erase=erase_$n "$OUT/$n.o"
done
$CC -nostdinc -I "$EU/include" -D__ASSEMBLY__ -c "$EU/erase-glue.S" -o "$OUT/glue.o"
# The empty call to subtract; also the stackleak_erase the glue's erase_call() names.
printf "\t.text\n\t.globl erase_nop, stackleak_erase\nerase_nop:\nstackleak_erase:\n\tret\n" > "$OUT/nop.s"
$CC -c "$OUT/nop.s" -o "$OUT/nop.o"
$CC -O2 -Wall -Wextra -o "$OUT/erase-ab" "$ROOT/harness/bench/erase-ab.c" \
	"$OUT/a.o" "$OUT/b.o" "$OUT/glue.o" "$OUT/nop.o" -Wl,-z,noexecstack
"$OUT/erase-ab" "$REPS"
