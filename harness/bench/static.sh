#!/bin/bash
# Static figures of the bench kernels: tracking call sites left in vmlinux and the bytes
# of code in functions. Writes build/bench/static.tsv (set kernel sites text; another
# architecture's: build/bench-ARCH/static.tsv, read with its cross binutils).
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
. "$H/bench/kernels.sh"
bench_arch_check
OUT=$BOUT/static.tsv
mkdir -p "$BOUT"
printf 'set\tkernel\tsites\ttext\n' > "$OUT.tmp"
for set in $BENCH_SETS; do
	for k in $(bench_kernels "$set"); do
		! bench_booted_only "$k" || continue
		bench_kernel "$set" "$k"
		v=$OBJ/vmlinux
		[ -f "$v" ] || die "no $v: run harness/bench/build.sh"
		# The Clang kernel calls the tracker by its alias __sanitizer_cov_stack_depth.
		sites=$($KOBJDUMP -d --no-show-raw-insn "$v" |
			grep -cE "$CALL_INSN.*<(stackleak_track_stack|__sanitizer_cov_stack_depth)>" || true)
		# Bytes of code in functions: .text itself is padded to a 2 MiB boundary.
		text=$(${KCROSS:-}nm -S "$v" | python3 -c 'import sys
print(sum(int(f[1], 16) for f in map(str.split, sys.stdin) if len(f) == 4 and f[2] in "tT"))')
		printf '%s\t%s\t%s\t%s\n' "$set" "$k" "$sites" "$text" | tee -a "$OUT.tmp"
	done
done
mv "$OUT.tmp" "$OUT"
