#!/bin/bash
# scripts/stackleak_leaf_fill.sh, which sizes the Clang erase's leaf fill at link time,
# on objects built here with clang-22 and the kernel's CLANG_STACKLEAK flags (x86-64,
# -O2, TRACK_MIN_SIZE 100). A leaf of K words writes only its bottom word.
#  - leaf-N: the fill is the leaf's frame as Clang records it, at least its locals;
#  - leaf-plus-word: a leaf larger by a word or more is covered (the fill grows with it);
#  - tracked-not-counted: a larger frame with a tracking call does not count;
#  - over-limit: a frame above the limit (CONFIG_FRAME_WARN) fails the link, naming it;
#  - module-check: a module with a frame above the kernel's fill fails, naming it; one
#    that fits passes;
#  - init-not-counted: an __init leaf does not count for vmlinux, but does in a module;
#  - shared-name: two static functions of one name, one tracked, count as untracked;
#  - no-llvm-readelf: a readelf without --stack-sizes fails saying LLVM's is needed.
# Installs the LLVM toolchain (harness/pipeline/deps.sh clang). About 10 seconds.
set -u
. "$(dirname "$0")/../lib.sh"
"$H/pipeline/deps.sh" clang > /dev/null || { echo "FAIL: deps: harness/pipeline/deps.sh clang failed"; exit 1; }
TMP=$(mktemp -d /tmp/leaf-fill.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
SCRIPT=$ROOT/scripts/stackleak_leaf_fill.sh
export READELF=llvm-readelf-22 OBJDUMP=llvm-objdump-22
passed=0 failed=0

ok() { echo "PASS: $1${2:+: $2}"; passed=$((passed + 1)); }
bad() { echo "FAIL: $1: $2"; failed=$((failed + 1)); }

# obj NAME: compile $TMP/NAME.c as the kernel would with CONFIG_CLANG_STACKLEAK.
obj() {
	clang-22 -O2 -c -fno-inline -mno-red-zone -fsanitize-coverage=stack-depth \
		-fsanitize-coverage-stack-depth-callback-min=100 -fstack-size-section \
		-o "$TMP/$1.o" "$TMP/$1.c"
}
# leaf_c NAME WORDS [SECTION]: a leaf function NAME with a WORDS-word frame that writes
# only its bottom word, in SECTION (a section attribute) if given.
leaf_c() {
	local attr=
	[ -z "${3:-}" ] || attr="__attribute__((section(\"$3\")))"
	cat <<EOF
$attr
__attribute__((noinline)) unsigned long $1(unsigned long v)
{
	volatile unsigned long frame[$2];

	frame[0] = v;
	return frame[v % $2];
}
EOF
}
# tracked_c NAME BYTES: a function with BYTES bytes of locals and a call: tracked.
tracked_c() {
	cat <<EOF
void use(char *);
void $1(void)
{
	char buf[$2];

	use(buf);
}
EOF
}
# stack_size OBJ FUNC: the frame Clang recorded for FUNC.
stack_size() { $READELF --stack-sizes "$1" | awk -v f="$2" '$2 == f { print $1 }'; }
# fill OBJ...: the fill the gen mode computes, no limit.
fill() { sh "$SCRIPT" gen 0 "$@" 2> /dev/null | sed -n 's/^\t\.long\t//p'; }

# ---- the fill is the leaf's frame --------------------------------------------------
N=48
{ leaf_c big_leaf $N; tracked_c small_tracked 120; } > "$TMP/a.c"
obj a || { echo "FAIL: compile: clang-22 could not build the test object"; exit 1; }
frame=$(stack_size "$TMP/a.o" big_leaf)
got=$(fill "$TMP/a.o")
if [ -n "$frame" ] && [ "$frame" -ge $((N * 8)) ] && [ "$got" = $(((frame + 7) / 8 * 8)) ]; then
	ok leaf-$N "a $N-word leaf: frame $frame bytes, fill $got"
else
	bad leaf-$N "a $N-word leaf: frame '$frame', fill '$got'"
fi

# ---- larger by a word or more (x86-64 frames grow 16 bytes at a time): covered -------
leaf_c big_leaf $((N + 2)) > "$TMP/b.c"
obj b
frame2=$(stack_size "$TMP/b.o" big_leaf)
got2=$(fill "$TMP/b.o")
if [ -n "$got" ] && [ "${frame2:-0}" -gt "$frame" ] && [ "$got2" = "$frame2" ]; then
	ok leaf-plus-word "frame $frame -> $frame2: fill $got -> $got2"
else
	bad leaf-plus-word "frame $frame -> '$frame2': fill $got -> '$got2'"
fi

# ---- a tracked frame, larger, does not count ---------------------------------------
{ leaf_c big_leaf $N; tracked_c big_tracked 1000; } > "$TMP/c.c"
obj c
t=$(stack_size "$TMP/c.o" big_tracked)
got3=$(fill "$TMP/c.o")
if [ "${t:-0}" -ge 1000 ] && [ "$got3" = "$got" ]; then
	ok tracked-not-counted "a tracked $t-byte frame left the fill at $got3"
else
	bad tracked-not-counted "tracked frame '$t', fill '$got3', expected $got"
fi

# ---- above the limit: the link fails, naming the function --------------------------
out=$(sh "$SCRIPT" gen $((got - 8)) "$TMP/a.o" 2>&1 > /dev/null) && rc=0 || rc=$?
if [ $rc != 0 ] && echo "$out" | grep -q 'big_leaf'; then
	ok over-limit "limit $((got - 8)): exit $rc, $(echo "$out" | head -1)"
else
	bad over-limit "limit $((got - 8)): exit $rc: $out"
fi

# ---- a module against the kernel's fill --------------------------------------------
out=$(sh "$SCRIPT" check "$got" "$TMP/b.o" 2>&1) && rc=0 || rc=$?
out2=$(sh "$SCRIPT" check "$got" "$TMP/a.o" 2>&1) && rc2=0 || rc2=$?
if [ $rc != 0 ] && echo "$out" | grep -q 'big_leaf' && [ $rc2 = 0 ]; then
	ok module-check "fill $got: a $((N + 2))-word leaf fails ($(echo "$out" | head -1)), a $N-word one passes"
else
	bad module-check "fill $got: $((N + 2)) words exit $rc ($out), $N words exit $rc2 ($out2)"
fi

# ---- init code: not for vmlinux, yes for a module ----------------------------------
{ leaf_c big_leaf $N; leaf_c init_leaf 200 .init.text; } > "$TMP/d.c"
obj d
got4=$(fill "$TMP/d.o")
out=$(sh "$SCRIPT" check "$got" "$TMP/d.o" 2>&1) && rc=0 || rc=$?
if [ "$got4" = "$got" ] && [ $rc != 0 ] && echo "$out" | grep -q init_leaf; then
	ok init-not-counted "vmlinux fill $got4 without the 200-word __init leaf; a module's counts"
else
	bad init-not-counted "fill '$got4' (expected $got), module check exit $rc: $out"
fi

# ---- two static functions of one name, one tracked ---------------------------------
printf 'static %s\nvoid call_e(unsigned long v) { dup(v); }\n' "$(leaf_c dup 100)" > "$TMP/e.c"
printf 'void use(char *);\nstatic __attribute__((noinline)) void dup(void) { char b[200]; use(b); }\nvoid call_f(void) { dup(); }\n' > "$TMP/f.c"
obj e && obj f && ld.lld-22 -r -o "$TMP/ef.o" "$TMP/e.o" "$TMP/f.o"
got5=$(fill "$TMP/ef.o")
if [ "${got5:-0}" -ge 800 ]; then
	ok shared-name "the untracked 'dup' counts: fill $got5"
else
	bad shared-name "fill '$got5': the untracked 100-word 'dup' was taken as tracked"
fi

# ---- GNU readelf: no --stack-sizes -------------------------------------------------
out=$(READELF=readelf sh "$SCRIPT" gen 0 "$TMP/a.o" 2>&1) && rc=0 || rc=$?
if [ $rc != 0 ] && echo "$out" | grep -q "LLVM's readelf"; then
	ok no-llvm-readelf "exit $rc: $(echo "$out" | head -1)"
else
	bad no-llvm-readelf "exit $rc: $out"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
