#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Size STACKLEAK's leaf fill for a kernel built with Clang's stack depth
# callback (CONFIG_CLANG_STACKLEAK).
#
# Clang calls __sanitizer_cov_stack_depth() in a function whose fixed
# locals take CONFIG_STACKLEAK_TRACK_MIN_SIZE bytes or more, but never in a
# leaf function, and it does not count spill slots. A frame without the
# call can hold a hole of poison long enough to stop the erase's search,
# above what the frame wrote. The erase therefore also fills, below the
# boundary it finds, as many bytes as the largest such frame: what this
# script measures, from the objects' .stack_sizes sections
# (-fstack-size-section) and their calls to the callback.
#
# Usage:
#   stackleak_leaf_fill.sh gen LIMIT OBJ...
#	Print the assembly that defines stackleak_leaf_fill, the largest
#	frame of a function without the call in OBJ..., in whole 8-byte
#	words. A frame larger than LIMIT bytes (0: no limit) fails, with the
#	function's name: the erase would fill that much on every return to
#	user space.
#   stackleak_leaf_fill.sh check FILL OBJ...
#	Fail, naming the function, if a frame without the call in OBJ...
#	is larger than FILL bytes: a module built for a kernel whose leaf
#	fill is FILL.
#
# Environment: READELF (one that knows --stack-sizes, LLVM's) and OBJDUMP.

set -eu

usage()
{
	echo "usage: $0 gen LIMIT OBJ... | check FILL OBJ..." >&2
	exit 2
}

[ $# -ge 3 ] || usage
mode=$1
bound=$2
shift 2
case $mode in gen|check) ;; *) usage ;; esac
case $mode:$bound in
check:) echo "$0: no leaf fill recorded for the kernel: build vmlinux first" >&2; exit 1 ;;
*:|*:*[!0-9]*) usage ;;
esac

READELF=${READELF:-readelf}
OBJDUMP=${OBJDUMP:-objdump}

# frames OBJ: "SIZE NAME" for each function of OBJ that has no call to the
# callback. A name that several functions share (static ones of different
# files) counts as untracked if any of them is. In gen mode (vmlinux) the
# boot and exit code of the .init, .exit and .head sections is left out: it
# runs in kernel threads only, and a kernel thread's first return to user
# space (PID 1's, or a usermode helper's, after kernel_execve()) fills its
# whole stack, as the mark stays at the bottom where the fork put it.
frames()
{
	if ! ${READELF} --stack-sizes "$1" > "$tmp" 2>&1; then
		echo "$0: ${READELF} --stack-sizes $1 failed (LLVM's readelf is needed):" >&2
		cat "$tmp" >&2
		exit 1
	fi
	${OBJDUMP} -dr "$1" | awk -v mode="$mode" '
		# The stack sizes, "Size Functions": several names are aliases.
		FNR == NR {
			if (NF >= 2 && $1 ~ /^[0-9]+$/)
				sizes[++n] = $0
			next
		}
		/^Disassembly of section / {
			boot = mode == "gen" && $4 ~ /^\.(init|exit|head)\./
			next
		}
		# A function header, "0000000000000010 <name>:".
		/^[0-9a-f]+ <.*>:$/ {
			f = substr($2, 2, length($2) - 3)
			if (boot)
				booted[f]++
			else
				seen[f]++
		}
		/R_[A-Z0-9_]+[ \t]+__sanitizer_cov_stack_depth/ && !boot { tracked[f]++ }
		END {
			for (i = 1; i <= n; i++) {
				k = split(sizes[i], w)
				for (j = 2; j <= k; j++) {
					sub(/,$/, "", w[j])
					if (w[j] in booted && !(w[j] in seen))
						continue
					if (!(w[j] in seen) || tracked[w[j]] < seen[w[j]]) {
						print w[1], w[j]
						break
					}
				}
			}
		}' "$tmp" -
}

tmp=$(mktemp)
all=$(mktemp)
trap 'rm -f "$tmp" "$all" "$all.1"' EXIT
# Not in a pipeline: frames() exits on an error.
for obj; do
	frames "$obj" > "$all.1"
	sed "s|\$| $obj|" "$all.1" >> "$all"
done
largest=$(sort -n -k1,1 "$all" | tail -n 1)
size=${largest%% *}
size=${size:-0}
name=$(echo "$largest" | cut -d ' ' -f 2-)

# fail WHY...: the largest untracked frame is too large.
fail()
{
	echo "error: ${name%% *} (${name#* }): a ${size}-byte frame" >&2
	echo "  without a STACKLEAK tracking call, larger than $*." >&2
	exit 1
}

case $mode in
check)
	[ "$size" -le "$bound" ] ||
		fail "this kernel's leaf fill of ${bound} bytes:" \
		     "rebuild the kernel with it, or give it a call to" \
		     "stackleak_track_stack() or a smaller frame"
	;;
gen)
	[ "$bound" = 0 ] || [ "$size" -le "$bound" ] ||
		fail "CONFIG_FRAME_WARN (${bound}): the erase would fill" \
		     "that much on every return to user space; give it a" \
		     "call to stackleak_track_stack() or a smaller frame"
	fill=$(( (size + 7) / 8 * 8 ))
	echo "  STACKLEAK leaf fill ${fill} bytes: ${name%% *} (${name#* })" >&2
	cat <<EOF
/* The leaf fill: the frame of ${name%% *}. */
	.section .rodata, "a"
	.balign 4
	.globl	stackleak_leaf_fill
stackleak_leaf_fill:
	.long	${fill}
	.size	stackleak_leaf_fill, 4
	.type	stackleak_leaf_fill, %object
EOF
	;;
esac
