#!/bin/bash
# Replay the stacks harness/bench/capture.sh captured through our erase.S and through
# upstream 6.1's erase logic on this CPU (harness/bench/replay.c), and add per-operation
# rows to build/bench/results.tsv: clock "replay" (median TSC ticks of REPS calls less an
# empty call's, summed over the operation's erases), and the bytes the syscalls dirtied, each routine wrote
# and read ("dirtied:OP", "written:OP", "read:OP", unit bytes per operation), and the
# erases per operation ("erases:OP"). The rows of
# upstream's routine are named after KERNEL with "ours" replaced by "upstream".
# Also each routine's instructions per operation, counted by valgrind's callgrind
# (clock "replay-ir").
# Usage: harness/bench/replay.sh SET KERNEL [REPS]
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
[ $# -ge 2 ] || die "usage: $0 SET KERNEL [REPS]"
set_=$1 k=$2 reps=${3:-31}
cap=$B/bench/capture-$set_-$k.bin meta=$B/bench/capture-$set_-$k.ops
[ -f "$cap" ] && [ -f "$meta" ] || die "no $cap: run harness/bench/capture.sh $set_ $k"
EU=$H/host/erase-user d=$B/bench/replay
mkdir -p "$d"
# The options of the bench kernels: kernel.stack_erasing and /proc/<pid>/stack_depth.
opts="-DCONFIG_STACKLEAK_RUNTIME_DISABLE -DCONFIG_STACKLEAK_METRICS"
gcc -nostdinc -I "$EU/include" -D__ASSEMBLY__ $opts -c "$ROOT/arch/x86/entry/erase.S" -o "$d/erase.o"
gcc -nostdinc -I "$EU/include" -D__ASSEMBLY__ $opts -c "$EU/erase-glue.S" -o "$d/glue.o"
gcc -O2 -Wall -Wextra -o "$d/replay" "$H/bench/replay.c" "$d/erase.o" "$d/glue.o" -Wl,-z,noexecstack
out=$B/bench/replay-$set_-$k.tsv
"$d/replay" "$cap" "$reps" > "$out"
# meta: "N op0 op1 ...": each operation ran N times; phase i is op i.
read -r n ops < "$meta"
[ -f "$B/bench/results.tsv" ] || printf 'config\tkernel\tcompiler\tclock\tround\trep\tmode\top\tvalue\tunit\n' > "$B/bench/results.tsv"
awk -v n="$n" -v ops="$ops" -v s="$set_" -v ko="$k" -v ku="${k/ours/upstream}" -v OFS='\t' '
	BEGIN { split(ops, name, " ") }
	# Syscall exits only: the interrupts that come with the debugger stops are not the operation.
	$2 < 0 { next }
	{ p = name[$1 + 1]; dirty[p] += $3; ow[p] += $6; orr[p] += $5; uw[p] += $8; ur[p] += $7
	  oc[p] += $9; uc[p] += $10; seen[p] = 1; cnt[p]++ }
	END {
		for (p in seen) {
			print s, ko, "gcc", "replay", 1, 1, "on", p, oc[p] / n, "tsc_ticks"
			print s, ku, "gcc", "replay", 1, 1, "on", p, uc[p] / n, "tsc_ticks"
			print s, ko, "gcc", "replay", 1, 1, "on", "erases:" p, cnt[p] / n, "calls"
			print s, ko, "gcc", "replay", 1, 1, "on", "dirtied:" p, dirty[p] / n, "bytes"
			print s, ko, "gcc", "replay", 1, 1, "on", "written:" p, ow[p] / n, "bytes"
			print s, ko, "gcc", "replay", 1, 1, "on", "read:" p, orr[p] / n, "bytes"
			print s, ku, "gcc", "replay", 1, 1, "on", "written:" p, uw[p] / n, "bytes"
			print s, ku, "gcc", "replay", 1, 1, "on", "read:" p, ur[p] / n, "bytes"
		}
	}' "$out" >> "$B/bench/results.tsv"
# Exact instructions of each routine per operation (callgrind counts rep iterations one
# by one, as QEMU's icount does): clock "replay-ir".
command -v valgrind > /dev/null || die "no valgrind: harness/pipeline/deps.sh bench installs it"
# "nop": the collection switch alone, counted the same way and subtracted.
for fn in nop ours upstream; do
	rm -f "$d"/callgrind.out.*
	valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$d/callgrind.out.%p" \
		"$d/replay" --count $fn "$cap" > "$d/callgrind-$fn.log" 2>&1 ||
		die "callgrind of $fn failed: see $d/callgrind-$fn.log"
	# "OP instructions" per operation, switch included.
	awk -v n="$n" -v ops="$ops" '
		BEGIN { split(ops, name, " ") }
		/^desc: Trigger: Client Request: phase-/ { sub(/.*phase-/, ""); p = name[$0 + 1] }
		/^summary: / && p != "" { print p, $2 / n; p = "" }
	' "$d"/callgrind.out.* | sort > "$d/ir-$fn.txt"
	[ "$fn" = nop ] && continue
	join "$d/ir-$fn.txt" "$d/ir-nop.txt" | awk -v s="$set_" -v kern="${k/ours/$fn}" -v OFS='\t' \
		'{ print s, kern, "gcc", "replay-ir", 1, 1, "on", $1, $2 - $3, "instructions" }' >> "$B/bench/results.tsv"
done
echo "replay: $(wc -l < "$out") erases of $set_/$k, $reps calls each; per erase in $out"
