#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The C erase's search (stackleak_fill_start() in kernel/stackleak.c, the erase of arm64
# and 32-bit x86), copied unchanged out of the kernel source and run in user space on
# random stacks against the design's rule (harness/host/erase-user/fill-start-test.c):
# with 8-byte words and, with gcc -m32 (gcc-12-multilib), with 4-byte words as on i386.
#
# Environment: CC (default gcc), C_ERASE (default kernel/stackleak.c), OUT directory
# (default build/c-erase-test). Output: "PASS: name: ..." or "FAIL: name: ..." per build.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-gcc}
SRC=${C_ERASE:-$ROOT/kernel/stackleak.c}
OUT=${C_ERASE_TEST_OUT:-$ROOT/build/c-erase-test}
EU=$ROOT/harness/host/erase-user
mkdir -p "$OUT"
# From the stride's definition to the end of the function that uses it.
sed -n '/^#define STACKLEAK_STRIDE_WORDS/,/^}/p' "$SRC" > "$OUT/fill-start.inc"
grep -q '^stackleak_fill_start(' "$OUT/fill-start.inc" ||
	{ echo "FAIL: c-erase-extract: no stackleak_fill_start() after STACKLEAK_STRIDE_WORDS in $SRC"; exit 1; }
rc=0
for bits in 64 32; do
	flags=
	if [ $bits = 32 ]; then
		flags="-m32 -static -idirafter /usr/include/x86_64-linux-gnu"
		# shellcheck disable=SC2086
		if ! echo 'int main(void) { return 0; }' | $CC $flags -x c -o "$OUT/m32" - 2>/dev/null; then
			echo "SKIP: c-erase-32: $CC $flags cannot build a program here (gcc-12-multilib, installed by make test and make test ARCH=i386)"
			continue
		fi
	fi
	# shellcheck disable=SC2086
	if ! $CC $flags -O2 -Wall -Wextra -Werror -I "$EU/include" -I "$OUT" \
		-o "$OUT/fill-start-$bits" "$EU/fill-start-test.c" > "$OUT/build-$bits.log" 2>&1; then
		echo "FAIL: c-erase-$bits: build failed ($CC $flags), see $OUT/build-$bits.log"
		rc=1
		continue
	fi
	"$OUT/fill-start-$bits" "c-erase-$bits" || rc=1
done
exit $rc
