#!/bin/bash
# make bench: capture (harness/bench/capture.sh) and replay (harness/bench/replay.sh) the
# stacks of our GCC kernels, "ours" and "ours-offset-off", in every set measured.
# CAPTURE_N: how often each operation runs under the debugger (default 50).
set -eu
. "$(dirname "$0")/../lib.sh"
. "$H/bench/kernels.sh"
for set in $BENCH_SETS; do
	for k in $(bench_kernels "$set"); do
		case $k in
		ours | ours-offset-off)
			"$H/bench/capture.sh" "$set" "$k" "${CAPTURE_N:-50}"
			"$H/bench/replay.sh" "$set" "$k" ;;
		esac
	done
done
