#!/bin/bash
# Configure and build every kernel `make bench` compares (harness/bench/kernels.sh),
# one after the other; Kbuild and ccache make an up-to-date one cheap.
set -eu
. "$(dirname "$0")/../lib.sh"
. "$H/bench/kernels.sh"
bench_arch_check
[ -d "$B/linux" ] && [ -d "$B/upstream" ] || die "no $B/linux or $B/upstream: run make tree and make UPSTREAM=1 tree"
n=0 total=$(for set in $BENCH_SETS; do for k in $(bench_kernels "$set"); do
	bench_booted_only "$k" || echo "$k"; done; done | wc -l)
for set in $BENCH_SETS; do
	for k in $(bench_kernels "$set"); do
		! bench_booted_only "$k" || continue
		n=$((n + 1))
		bench_kernel "$set" "$k"
		echo "bench-build: [$n/$total] $set/$k: $OBJ"
		"$H/pipeline/config.sh"
		"$H/pipeline/build.sh" > "$OBJ.build-output" 2>&1 || { tail -30 "$OBJ.build-output" >&2; die "build of $set/$k failed (log $OBJ.build-output)"; }
		grep -E '^build: (done|[0-9]+ warning)|stackleak:' "$OBJ.build-output" | sed 's/^/  /'
	done
done
