#!/bin/bash
# make bench: boot every bench kernel (harness/bench/kernels.sh, built by bench/build.sh)
# with bench=1, one CPU, under two clocks: "icount" (-icount shift=0: guest time counts
# guest instructions, repeatable) and "wall" (plain TCG, guest time follows the host).
# Rounds alternate the kernel order so drift cancels. Every measurement goes to one table,
# build/bench/results.tsv (config kernel compiler clock round rep mode op value unit; op
# "depth:OP" is /proc/self/stack_depth after OP, "leak:SHAPE" the plant test's rounds with
# a secret back), the guest's settings to info.tsv; bench/report.py reads them. Another
# architecture's go to build/bench-ARCH/ (kernels.sh: BOUT).
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
. "$H/bench/kernels.sh"
bench_arch_check
ROUNDS=${BENCH_ROUNDS:-3}
REPS=${BENCH_REPS:-2}
CLOCKS=${BENCH_CLOCKS:-"icount wall"}
OUT=$BOUT
mkdir -p "$OUT/logs"
RES=$OUT/results.tsv INFO=$OUT/info.tsv
# Older runs wrote the depths to a table of their own; results.tsv holds them now.
rm -f "$OUT/depth.tsv"
printf 'config\tkernel\tcompiler\tclock\tround\trep\tmode\top\tvalue\tunit\n' > "$RES"
printf 'set\tkernel\tkey\tvalue\n' > "$INFO"
# What ran the guests, for the report: the architecture, QEMU and the kernels' compiler.
printf 'host\t-\tarch\t%s\nhost\t-\tqemu\t%s\nhost\t-\tcompiler\t%s\n' "$HARCH" \
	"$($QEMU_SYSTEM --version | sed -n 1p)" "$($KCC0 --version | sed -n 1p)" >> "$INFO"
nsk=0
for set in $BENCH_SETS; do
	for k in $(bench_kernels "$set"); do
		bench_kernel "$set" "$k"
		[ -f "$OBJ/$KIMAGE" ] || die "no kernel for $set/$k in $OBJ: run harness/bench/build.sh"
		nsk=$((nsk + 1))
	done
done

total=$(( ROUNDS * nsk * $(echo $CLOCKS | wc -w) )) n=0
start=$(date +%s)
for r in $(seq "$ROUNDS"); do
	for set in $BENCH_SETS; do
		# Round r starts at kernel r: each kernel takes each place in the order in turn.
		order=$(bench_kernels "$set" | tr ' ' '\n' | awk -v r="$r" '{ k[NR] = $0 } END { for (i = 0; i < NR; i++) print k[(r - 1 + i) % NR + 1] }')
		for k in $order; do
			bench_kernel "$set" "$k"
			for clock in $CLOCKS; do
				n=$((n + 1))
				extra=
				[ "$clock" = wall ] || extra="-icount shift=0,sleep=off"
				log=$OUT/logs/$set-$k-$clock-$r.log
				echo "bench: [$n/$total] round $r, $set/$k, $clock clock ($(( $(date +%s) - start ))s so far)"
				KERNEL=$OBJ/$KIMAGE LOG=$log SMP=1 QEMU_EXTRA="$extra" BOOT_TIMEOUT=${BENCH_TIMEOUT:-1200} \
					EXTRA_APPEND="bench=1 benchreps=$REPS $(bench_append "$set" "$k" | tr '\n' ' ')" \
					"$H/pipeline/boot.sh" > /dev/null 2>&1 || true
				clean=$(tr -d '\r' < "$log")
				grep -q '^BENCH-DONE' <<< "$clean" || die "$set/$k ($clock, round $r) did not finish: see $log"
				if grep -q '^BENCH-ERROR' <<< "$clean"; then grep '^BENCH-ERROR' <<< "$clean" | sed 's/^/  /'; fi
				# rep: the repetition within this boot, per mode and op.
				awk -v s="$set" -v k="$k" -v cc="$([ "$CLANG" = 1 ] && echo clang || echo gcc)" \
					-v c="$clock" -v r="$r" -v OFS='\t' '
					$1 == "BENCH" { n = ++rep[$2 " " $3]; print s, k, cc, c, r, n, $2, $3, $4, $5 }
					$1 == "BENCH-DEPTH" { print s, k, cc, c, r, 1, "on", "depth:" $2, $3, "bytes" }
					$1 == "BENCH-LEAK" { print s, k, cc, c, r, 1, "on", "leak:" $2, $4, "rounds_leaked_of_" $3 }
					' <<< "$clean" >> "$RES"
				if [ "$r" = 1 ] && [ "$clock" = icount ]; then
					sed -n 's/^BENCH-INFO \([^ ]*\) \(.*\)/\1\t\2/p' <<< "$clean" | sed "s/^/$set\t$k\t/" >> "$INFO"
				fi
			done
		done
	done
done
echo "bench: $n boots in $(( $(date +%s) - start ))s; raw results in $RES"
