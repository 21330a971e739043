#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build the STACKLEAK gcc plugin standalone and run the plugin test cases
# (harness/host/plugin-tests/) at -O2 and -Os.
#
# Environment:
#   KSRC  kernel source tree providing scripts/gcc-plugins/gcc-common.h
#         (default: build/linux relative to the repository root)
#   CC    compiler to test (default gcc-12), CXX to build the plugin (g++-12)
#   PLUGIN_ARCH  x86_64 (default; arm64 under ARCH=arm64) or arm64: the latter tests Debian's aarch64
#         cross compiler (CC default aarch64-linux-gnu-gcc-12) with arch=arm64;
#         the cases that run a program need an x86-64 program and stay x86-64's
#
# Output: "PASS: <name>" or "FAIL: <name>: <why>" per test, then
# "N passed, M failed".  Exit status 1 if anything failed.

set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
KSRC=${KSRC:-$ROOT/build/linux}
# make test ARCH=arm64 tests the arm64 plugin; i386 builds with the host gcc's.
case ${ARCH:-x86_64} in arm64) PARCH=arm64 ;; *) PARCH=x86_64 ;; esac
PARCH=${PLUGIN_ARCH:-$PARCH}
CXX=${CXX:-g++-12}
# Per architecture: the compiler, the plugin's arch= argument, the tracking call's
# mnemonic, and regexes (awk) for a fixed frame allocation, a dynamic one and any call.
case $PARCH in
x86_64)
	CC=${CC:-gcc-12} ARCHARG= CALL=call OBJCOPY=objcopy
	BASEFLAGS="-fno-pie -mno-red-zone -fno-asynchronous-unwind-tables"
	FRAME_RE='(sub[lq]?[ \t]+\$[0-9]+|add[lq]?[ \t]+\$-[0-9]+),[ \t]*%[re]sp'
	DYN_RE='sub[lq]?[ \t]+%[a-z0-9]+,[ \t]*%[re]sp'
	CALL_RE='call' ;;
arm64)
	CC=${CC:-aarch64-linux-gnu-gcc-12} ARCHARG=-fplugin-arg-stackleak_plugin-arch=arm64
	CALL=bl OBJCOPY=aarch64-linux-gnu-objcopy
	BASEFLAGS="-fno-pie -mgeneral-regs-only -fno-asynchronous-unwind-tables"
	FRAME_RE='(sub[ \t]+sp,[ \t]*sp,[ \t]*#?[0-9]+|stp[ \t]+x29,[ \t]*x30,[ \t]*\[sp,[ \t]*#?-[0-9]+\]!)'
	DYN_RE='sub[ \t]+sp,[ \t]*sp,[ \t]*x[0-9]+'
	CALL_RE='[ \t]bl[ \t]' ;;
*)
	echo "error: PLUGIN_ARCH=$PARCH: expected x86_64 or arm64" >&2
	exit 2 ;;
esac
command -v "$CC" >/dev/null || { echo "error: $CC not found (PLUGIN_ARCH=$PARCH)" >&2; exit 2; }
TESTS=$ROOT/harness/host/plugin-tests
OUT=${PLUGIN_TEST_OUT:-$ROOT/build/plugin-test}
[ "$PARCH" = x86_64 ] || OUT=$OUT-$PARCH
# PLUGIN_SRC/OUT overrides are for checking that the tests catch defects.
SRC=${PLUGIN_SRC:-$ROOT/scripts/gcc-plugins/stackleak_plugin.c}
SO=$OUT/stackleak_plugin.so
P=-fplugin-arg-stackleak_plugin
MIN=100

if [ ! -f "$KSRC/scripts/gcc-plugins/gcc-common.h" ]; then
	echo "error: $KSRC/scripts/gcc-plugins/gcc-common.h not found;" \
	     "set KSRC to a Linux 6.1 source tree" >&2
	exit 2
fi

mkdir -p "$OUT"
rm -f "$OUT"/*.s "$OUT"/*.o "$OUT"/*.err "$OUT"/*.bin

# Same flags as scripts/gcc-plugins/Makefile uses for in-tree plugins.
PLUGIN_INC=$($CC -print-file-name=plugin)/include
VERSION_H=$KSRC/include/linux/compiler-version.h
INCLUDE_VERSION=
[ -f "$VERSION_H" ] && INCLUDE_VERSION="-include $VERSION_H"
# shellcheck disable=SC2086
if ! $CXX -shared -fPIC -fno-rtti -fno-exceptions -fasynchronous-unwind-tables \
	-O2 -Wno-narrowing -Wno-unused-variable -Wno-format-diag \
	$INCLUDE_VERSION -DPLUGIN_VERSION='"6.1"' \
	-I "$PLUGIN_INC" -I "$KSRC/scripts/gcc-plugins" \
	-o "$SO" "$SRC" 2>"$OUT/plugin-build.log"; then
	cat "$OUT/plugin-build.log"
	echo "FAIL: plugin-build: see $OUT/plugin-build.log"
	echo "0 passed, 1 failed"
	exit 1
fi

passed=0
failed=0

# run NAME CMD...: CMD prints the reason for a failure and returns non-zero.
run() {
	name=$1
	shift
	if why=$("$@" 2>&1); then
		echo "PASS: $name"
		passed=$((passed + 1))
	else
		why=$(printf '%s' "$why" | tr '\n' ' ')
		echo "FAIL: $name: ${why:-no reason given}"
		failed=$((failed + 1))
	fi
}

# compile OPT SRC OUT [plugin args...]: assembly with the plugin loaded.
compile() {
	opt=$1 src=$2 out=$3
	shift 3
	# shellcheck disable=SC2086
	$CC $opt $BASEFLAGS -fplugin="$SO" $ARCHARG "$@" -S "$TESTS/$src" -o "$out"
}

# fn_asm FILE FN: the assembly of one function.
fn_asm() {
	awk -v f="$2" '
		$0 == f":" { p = 1 }
		p { print }
		p && $1 == ".size" && $2 == f"," { exit }' "$1"
}

# ncalls FILE FN: number of tracking calls in a function.
ncalls() {
	fn_asm "$1" "$2" | grep -c "$CALL[[:space:]]*stackleak_track_stack" || true
}

expect_calls() {
	file=$1 fn=$2 want=$3
	if ! fn_asm "$file" "$fn" | grep -q .; then
		echo "function $fn not found"
		return 1
	fi
	got=$(ncalls "$file" "$fn")
	if [ "$got" != "$want" ]; then
		echo "$fn: $got tracking calls, expected $want"
		return 1
	fi
}

# ---- tests -------------------------------------------------------------

t_large_frame() {
	s=$OUT/frames$1.s
	compile "$1" frames.c "$s" "$P-track-min-size=$MIN" || return 1
	expect_calls "$s" big 1
}

t_small_frame() {
	s=$OUT/frames$1.s
	compile "$1" frames.c "$s" "$P-track-min-size=$MIN" || return 1
	expect_calls "$s" small 0 && expect_calls "$s" smallbuf 0
}

t_min_size_zero() {
	s=$OUT/frames0$1.s
	compile "$1" frames.c "$s" "$P-track-min-size=0" || return 1
	expect_calls "$s" small 1 && expect_calls "$s" smallbuf 1
}

t_recursion() {
	s=$OUT/frames$1.s
	compile "$1" frames.c "$s" "$P-track-min-size=$MIN" || return 1
	expect_calls "$s" recurse 1 && expect_calls "$s" tailrec 1
}

t_inline() {
	s=$OUT/frames$1.s
	compile "$1" frames.c "$s" "$P-track-min-size=$MIN" || return 1
	expect_calls "$s" outer 1
}

# A stack realignment's padding counts into the frame: it may stay unwritten
# beside the locals, and the erase's boundary run must outlast that hole.
# On arm64 GCC aligns a pointer inside a larger fixed frame instead: the padding is
# in the frame size (96 bytes for 40 of locals), tracked from a size of 64 on.
t_realign() {
	s=$OUT/frames$1.s
	min=$MIN
	[ "$PARCH" = x86_64 ] || min=64
	compile "$1" frames.c "$s" "$P-track-min-size=$min" || return 1
	expect_calls "$s" realigned 1 && expect_calls "$s" unaligned40 0
}

# The tracking call must come after the frame allocation in the same path.
after_prologue() {
	file=$1 fn=$2
	fn_asm "$file" "$fn" | awk -v fn="$fn" -v frame_re="$FRAME_RE" -v call="$CALL" '
		$0 ~ frame_re { frame = 1 }
		$0 ~ call "[ \t]*stackleak_track_stack" {
			seen = 1
			if (!frame) {
				print fn ": tracking call before frame allocation"
				exit 1
			}
		}
		END { if (!seen) { print fn ": no tracking call"; exit 1 } }'
}

t_prologue() {
	s=$OUT/frames$1.s
	compile "$1" frames.c "$s" "$P-track-min-size=$MIN" || return 1
	after_prologue "$s" big && after_prologue "$s" wrapped &&
		after_prologue "$s" recurse
}

# After each dynamic "sub %reg, %rsp" the next call is a tracking call.
track_after_alloc() {
	file=$1 fn=$2 nalloc=$3 want_entry=${4:-1}
	fn_asm "$file" "$fn" | awk -v fn="$fn" -v want="$nalloc" -v want_entry="$want_entry" \
		-v call="$CALL" -v dyn_re="$DYN_RE" -v call_re="$CALL_RE" '
		$0 ~ call "[ \t]*stackleak_track_stack" {
			if (pending) { tracked++; pending = 0 }
			else if (!entry && !allocs) entry = 1
			next
		}
		$0 ~ dyn_re {
			if (pending) { print fn ": allocation not tracked"; exit 1 }
			allocs++; pending = 1; next
		}
		$0 ~ call_re { if (pending) { print fn ": call before tracking"; exit 1 } }
		END {
			if (pending) { print fn ": last allocation not tracked"; exit 1 }
			if (want_entry && !entry) { print fn ": no entry tracking call"; exit 1 }
			if (!want_entry && entry) { print fn ": unexpected entry tracking call"; exit 1 }
			if (allocs != want || tracked != want) {
				print fn ": " allocs " allocations, " tracked \
				      " tracked, expected " want
				exit 1
			}
		}'
}

t_alloca() {
	s=$OUT/alloca$1.s
	compile "$1" alloca.c "$s" "$P-track-min-size=$MIN" || return 1
	expect_calls "$s" two_allocas 3 && track_after_alloc "$s" two_allocas 2 &&
	expect_calls "$s" vla 2 && track_after_alloc "$s" vla 1 &&
	expect_calls "$s" aligned 2 && track_after_alloc "$s" aligned 1 &&
	expect_calls "$s" aligned_max 2 && track_after_alloc "$s" aligned_max 1
}

t_sections() {
	s=$OUT/sections$1.s
	compile "$1" sections.c "$s" "$P-track-min-size=$MIN" || return 1
	for fn in in_noinstr in_entry in_init in_exit in_meminit in_head \
		  in_cpuidle stackleak_erase stackleak_erase_on_task_stack \
		  stackleak_check_alloca; do
		expect_calls "$s" $fn 0 || return 1
	done
	expect_calls "$s" in_text_other 1 &&
	expect_calls "$s" noinstr_alloca 1 && track_after_alloc "$s" noinstr_alloca 1 0
}

t_disable() {
	s=$OUT/disable$1.s
	compile "$1" frames.c "$s" "$P-track-min-size=$MIN" "$P-disable" || return 1
	compile "$1" alloca.c "$s.2" "$P-track-min-size=$MIN" "$P-disable" || return 1
	n=$(cat "$s" "$s.2" | grep -c 'stackleak_track_stack' || true)
	[ "$n" = 0 ] || { echo "$n tracking calls with disable"; return 1; }
}

t_verbose() {
	e=$OUT/verbose$1.err
	compile "$1" frames.c "$OUT/verbose$1.s" "$P-track-min-size=$MIN" \
		"$P-verbose" 2>"$e" || { cat "$e"; return 1; }
	compile "$1" alloca.c "$OUT/verbose-a$1.s" "$P-track-min-size=$MIN" \
		"$P-verbose" 2>>"$e" || { cat "$e"; return 1; }
	for want in \
		"stackleak: $TESTS/frames.c: big: frame 512 bytes: frame >= $MIN"; do
		grep -qxF "$want" "$e" || { echo "missing '$want'"; return 1; }
	done
	# Frame sizes of the others depend on the optimization level.
	tracked="recurse tailrec wrapped outer realigned" untracked="small smallbuf unaligned40"
	# arm64: realigned's padding is in its 96-byte frame (t_realign), under $MIN.
	[ "$PARCH" = x86_64 ] || tracked=${tracked% realigned} untracked="$untracked realigned"
	for fn in $tracked; do
		grep -qE "^stackleak: $TESTS/frames.c: $fn: frame [0-9]+ bytes: frame >= $MIN\$" "$e" ||
			{ echo "missing line for $fn"; return 1; }
	done
	for fn in two_allocas vla aligned aligned_max; do
		grep -qE "^stackleak: $TESTS/alloca.c: $fn: frame [0-9]+ bytes: alloca\$" "$e" ||
			{ echo "missing line for $fn"; return 1; }
	done
	for fn in $untracked; do
		! grep -q ": $fn: " "$e" || { echo "line for untracked $fn"; return 1; }
	done
	n=$(wc -l <"$e") want=$((1 + $(echo $tracked | wc -w) + 4))
	[ "$n" = "$want" ] || { echo "$n lines, expected $want"; return 1; }
}

# bad_arg NEEDLE ARGS...: compilation must fail naming NEEDLE.
bad_arg() {
	needle=$1
	shift
	e=$OUT/badarg.err
	if $CC -O2 $BASEFLAGS -fplugin="$SO" $ARCHARG "$@" -S "$TESTS/frames.c" \
		-o "$OUT/badarg.s" 2>"$e"; then
		echo "'$*' accepted"
		return 1
	fi
	grep -qF -- "$needle" "$e" || { echo "'$*': message lacks '$needle'"; return 1; }
}

t_bad_args() {
	bad_arg "'-1'" "$P-track-min-size=-1" &&
	bad_arg "'abc'" "$P-track-min-size=abc" &&
	bad_arg "'5000'" "$P-track-min-size=5000" &&
	bad_arg "'1025'" "$P-track-min-size=1025" &&
	bad_arg "'10x'" "$P-track-min-size=10x" &&
	bad_arg "track-min-size" "$P-track-min-size" &&
	bad_arg "track-min-size" "$P-verbose" &&
	bad_arg "bogus" "$P-track-min-size=$MIN" "$P-bogus" &&
	bad_arg "'arm'" "$P-track-min-size=$MIN" "$P-arch=arm" &&
	bad_arg "arch" "$P-track-min-size=$MIN" "$P-arch"
}

t_good_args() {
	if [ "$PARCH" = x86_64 ]; then
		archs="$P-arch=x86 $P-arch=x86_64"
	else
		archs="$P-arch=arm64"
	fi
	for a in "$P-track-min-size=0" "$P-track-min-size=1024" \
		 $(for x in $archs; do echo "$P-track-min-size=$MIN,$x"; done); do
		a=$(echo "$a" | tr , ' ')
		# shellcheck disable=SC2086
		compile -O2 frames.c "$OUT/goodarg.s" $a 2>"$OUT/goodarg.err" ||
			{ echo "'$a' rejected: $(cat "$OUT/goodarg.err")"; return 1; }
	done
	expect_calls "$OUT/goodarg.s" big 1
}

t_identity() {
	opt=$1
	with=$OUT/id-with$opt.o without=$OUT/id-without$opt.o
	# shellcheck disable=SC2086
	$CC $opt $BASEFLAGS -c "$TESTS/identity.c" -o "$without" || return 1
	# shellcheck disable=SC2086
	$CC $opt $BASEFLAGS -fplugin="$SO" $ARCHARG "$P-track-min-size=$MIN" \
		-c "$TESTS/identity.c" -o "$with" || return 1
	$OBJCOPY -O binary -j .text "$without" "$without.bin"
	$OBJCOPY -O binary -j .text "$with" "$with.bin"
	size=$(wc -c <"$without.bin")
	# arm64 at -O2 schedules instructions before register allocation (sched1), and
	# the tracking asm, removed only after it, is a scheduling barrier there: the
	# same instructions may come out in another order. The size must still match.
	if [ "$PARCH" != x86_64 ] && [ "$opt" = -O2 ]; then
		[ "$(wc -c <"$with.bin")" = "$size" ] ||
			{ echo ".text size $(wc -c <"$with.bin"), expected $size"; return 1; }
		echo "same .text size, $size bytes, $(cmp -l "$with.bin" "$without.bin" |
			wc -l) bytes in another order" >"$OUT/identity$opt.txt"
		return 0
	fi
	if ! cmp -s "$with.bin" "$without.bin"; then
		ndiff=$(cmp -l "$with.bin" "$without.bin" 2>/dev/null | wc -l)
		echo ".text differs: $ndiff of $size bytes" \
		     "(sizes $(wc -c <"$with.bin")/$size)"
		return 1
	fi
	echo "identical .text, $size bytes" >"$OUT/identity$opt.txt"
}

# link_run OPT NAME [plugin args...]: build NAME.c with the plugin, link it
# with the uninstrumented helpers and tracker, run it.
link_run() {
	opt=$1 name=$2
	shift 2
	exe=$OUT/$name$opt
	# shellcheck disable=SC2086
	$CC $opt $BASEFLAGS -fplugin="$SO" "$@" \
		-c "$TESTS/$name.c" -o "$exe.o" || return 1
	$CC -O2 $BASEFLAGS -c "$TESTS/runtime-helpers.c" -o "$exe-helpers.o" || return 1
	$CC -c "$TESTS/tracker.S" -o "$exe-tracker.o" || return 1
	$CC -no-pie -o "$exe" "$exe.o" "$exe-helpers.o" "$exe-tracker.o" || return 1
	"$exe"
}

t_loop_entry() {
	link_run "$1" loop "$P-track-min-size=0"
}

# Run time: the instrumented program must record a stack pointer at or
# below every large frame (see runtime.c).
t_runtime() {
	link_run "$1" runtime "$P-track-min-size=$MIN"
}

t_check_alloca() {
	opt=$1
	s=$OUT/check-alloca$opt.s
	compile "$opt" alloca.c "$s" "$P-track-min-size=$MIN" "$P-check-alloca" || return 1
	# Each allocation is preceded by a check call (and followed by tracking).
	for fn in two_allocas vla aligned aligned_max; do
		fn_asm "$s" "$fn" | awk -v fn="$fn" -v call="$CALL" -v dyn_re="$DYN_RE" '
			$0 ~ call "[ \t]*stackleak_check_alloca" { checked++; pending = 1; next }
			$0 ~ dyn_re {
				if (!pending) { print fn ": allocation not checked"; exit 1 }
				pending = 0
			}
			END { if (!checked) { print fn ": no check call"; exit 1 } }' ||
			return 1
	done
	track_after_alloc "$s" two_allocas 2 || return 1
	# Without the option there is no check call.
	compile "$opt" alloca.c "$s.off" "$P-track-min-size=$MIN" || return 1
	! grep -q stackleak_check_alloca "$s.off" ||
		{ echo "check call without check-alloca"; return 1; }
	# Run time: the size argument is the allocation size in bytes.
	[ "$PARCH" != x86_64 ] || link_run "$opt" check-alloca "$P-track-min-size=$MIN" "$P-check-alloca"
}

# arm64: bl overwrites x30, so the template saves it below sp around the call,
# and the asm tells the compiler x16 and x17 change (the tracker's scratch).
t_arm64_template() {
	s=$OUT/frames$1.s
	compile "$1" frames.c "$s" "$P-track-min-size=$MIN" || return 1
	fn_asm "$s" big | grep -A1 -B1 "bl[[:space:]]*stackleak_track_stack" |
		tr -d ' \t' | tr '\n' ' ' | grep -q 'strx30,\[sp,#-16\]! blstackleak_track_stack ldrx30,\[sp\],#16' ||
		{ echo "big: the call is not wrapped in str/ldr x30"; return 1; }
}

for opt in -O2 -Os; do
	run "large-frame$opt" t_large_frame $opt
	run "small-frame$opt" t_small_frame $opt
	run "min-size-zero$opt" t_min_size_zero $opt
	run "recursion$opt" t_recursion $opt
	run "inline$opt" t_inline $opt
	run "realign$opt" t_realign $opt
	run "after-prologue$opt" t_prologue $opt
	run "alloca$opt" t_alloca $opt
	run "sections$opt" t_sections $opt
	run "disable$opt" t_disable $opt
	run "verbose$opt" t_verbose $opt
	run "byte-identity$opt" t_identity $opt
	run "check-alloca$opt" t_check_alloca $opt
	if [ "$PARCH" = x86_64 ]; then
		run "runtime$opt" t_runtime $opt
		run "loop-entry$opt" t_loop_entry $opt
	else
		run "template$opt" t_arm64_template $opt
	fi
done
# -O0 leaves a loop header as the first block (entry block splitting).
[ "$PARCH" != x86_64 ] || run "loop-entry-O0" t_loop_entry -O0
run "bad-args" t_bad_args
run "good-args" t_good_args

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
