#!/bin/bash
# Prove from the vmlinux binary that STACKLEAK instruments what it must: every
# function whose prologue allocates a large frame, or that allocates stack
# dynamically (alloca/VLA), has to contain `call stackleak_track_stack`.
# The same rule is applied to the upstream image (the anchor); its misses are
# reported but never fail the test.
#
# Usage: coverage-test.sh [vmlinux [upstream-vmlinux]]
#   default: build/obj/vmlinux and, when present, build/obj-upstream/vmlinux.
# Environment:
#   MIN   override CONFIG_STACKLEAK_TRACK_MIN_SIZE (else read from <obj>/.config)
#   BAND  width of the "borderline" band above MIN (default 32, see below)
#   KEEP  directory to keep the per-function tables in (for debugging)
# Output: PASS:/FAIL: lines and "N passed, M failed"; exit 1 on any FAIL,
# 77 (SKIP) when our vmlinux has not been built, or for another ARCH= than x86_64.
set -eu
. "$(dirname "$0")/../lib.sh"
# The prologue and call patterns below are x86-64 code's.
[ "$HARCH" = x86_64 ] || { echo "SKIP: coverage: reads x86-64 prologues and calls (ARCH=$HARCH)"; exit 77; }

OURS=${1:-$B/obj/vmlinux}
UP=${2:-$B/obj-upstream/vmlinux}
[ -f "$OURS" ] || { echo "SKIP: coverage: $OURS not built (run make first)"; exit 77; }
[ -f "$UP" ] || { echo "SKIP: coverage-vs-upstream: $UP not built (make UPSTREAM=1 build)"; UP=; }

# MIN is what the plugin compares get_frame_size() against.
if [ -z "${MIN:-}" ]; then
	MIN=$(sed -n 's/^CONFIG_STACKLEAK_TRACK_MIN_SIZE=//p' "$(dirname "$OURS")/.config" 2>/dev/null || true)
	[ -n "$MIN" ] || { echo "FAIL: coverage: no CONFIG_STACKLEAK_TRACK_MIN_SIZE in $(dirname "$OURS")/.config"; exit 1; }
fi
# The `sub $N,%rsp` of a prologue is not get_frame_size(): it also holds the
# outgoing-argument area and padding that keeps %rsp 16-byte aligned at calls
# (the return address and the callee-saved pushes shift it by 8 each). So a
# frame of N bytes in the binary may come from get_frame_size() < MIN: those
# untracked functions in [MIN, MIN+BAND) are "borderline" and only reported.
# Only N >= MIN+BAND (far more than alignment plus a few stack arguments) is a
# clear miss.
BAND=${BAND:-32}

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
passed=0 failed=0
pass() { echo "PASS: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# scan VMLINUX OUT: one line per function:
#   name addr class frame dyn tracked varargs realign
# class: "text" (must be tracked) or the reason it is excluded by design.
scan() {
	local vm=$1 out=$2 ranges head hsz
	# Sections merged into .text in vmlinux are only known by their bounding
	# symbols (noinstr/entry/cpuidle code must not call instrumented code).
	ranges=$(nm "$vm" | awk '
		/ __(noinstr|entry|cpuidle)_text_(start|end)$/ {
			n = $3; sub(/^__/, "", n); sub(/_text_.*/, "", n)
			if ($3 ~ /start$/) s[n] = $1; else e[n] = $1 }
		END { for (n in s) if (n in e) printf "%s:%s:%s ", s[n], e[n], n }')
	# .head.text (early boot, __head) has no end symbol: it is the first input
	# of .text, so its size in vmlinux.o (sections still unmerged) bounds it.
	head=$(nm "$vm" | awk '$3 == "_text" { print $1 }')
	hsz=$(objdump -h "$(dirname "$vm")/vmlinux.o" 2>/dev/null | awk '$2 == ".head.text" { print $3 }' || true)
	if [ -n "$head" ] && [ -n "$hsz" ]; then
		ranges="$ranges$head:$(printf '%016x' $((0x$head + 0x$hsz))):head"
	fi
	# One objdump pass, one awk pass (addresses are fixed-width hex, so string
	# comparison orders them; mawk cannot hold 64-bit values in numbers).
	objdump -d --no-show-raw-insn "$vm" | awk -v ranges="$ranges" '
	function hex(s,   i, v) {
		v = 0; s = tolower(s); sub(/^0x/, "", s)
		for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	# neg("0xffffffffffffff80") = 128: the negated 64-bit value, digit-wise
	# (0 for a positive one), as mawk numbers are doubles.
	function neg(s,   i, v) {
		sub(/^0x/, "", s)
		if (length(s) < 16 || substr(s, 1, 1) != "f") return 0
		v = 0
		for (i = 1; i <= 16; i++) v = v * 16 + 15 - (index("0123456789abcdef", substr(s, i, 1)) - 1)
		return v + 1
	}
	function flush(   c, i, r) {
		if (name == "") return
		c = "text"
		if (sec != ".text") c = sec
		else for (i = 1; i <= nr; i++) {
			split(rg[i], r, ":")
			if (addr >= r[1] && addr < r[2]) c = "." r[3] ".text"
		}
		if (name ~ /^stackleak_/) c = "runtime"
		print name, addr, c, frame, dyn, tracked, va, ra
		name = ""
	}
	BEGIN { nr = split(ranges, rg, " ") }
	/^Disassembly of section / { flush(); sec = $4; sub(/:$/, "", sec); next }
	/^[0-9a-f]+ <.*>:$/ {
		flush(); addr = $1; name = $2; gsub(/^<|>:$/, "", name)
		n = 0; frame = 0; dyn = 0; tracked = 0; va = 0; ra = 0; next
	}
	/^ *[0-9a-f]+:\t/ {
		if (name == "") next
		insn = $0; sub(/^[^\t]*\t/, "", insn); n++
		# Frame: the largest `sub $N,%rsp` in the function. Not just the first
		# ~12 instructions: GCC interleaves argument moves with the pushes
		# (unmap_region allocates at insn 13) and shrink-wrapping moves the
		# whole prologue behind an early-exit branch. Elsewhere GCC only
		# subtracts from %rsp to pass a struct by value, which is smaller.
		# A 128-byte frame is `add $-128,%rsp` (imm8 encoding); epilogues
		# are `add $N`/`sub $-128`, which neg()/the 16-digit test skip.
		if (insn ~ /^(sub|add) +\$0x[0-9a-f]+,%rsp$/) {
			v = insn; sub(/^[a-z]+ +\$/, "", v); sub(/,.*/, "", v)
			if (insn ~ /^sub/) v = length(v) < 18 ? hex(v) : 0
			else v = neg(v)
			if (v > frame) frame = v
		}
		# Varargs: the prologue spills the unnamed argument registers, always
		# up to %r9, into a 48-byte save area that is part of the `sub` but
		# not of get_frame_size() (GCC adds it separately in the x86 frame
		# layout), so the binary shows up to 48 bytes more than the plugin saw.
		if (n <= 24 && insn ~ /^mov +%r9,(0x[0-9a-f]+)?\(%r[sb]p\)$/) va = 1
		# Dynamic allocation: alloca/VLA subtract a register from %rsp.
		# (`and $-N,%rsp` is not one: it realigns the frame for over-aligned
		# locals, e.g. x86_pmu_handle_irq, which get_frame_size() counts.)
		if (insn ~ /^sub +%[a-z0-9]+,%rsp$/) dyn = 1
		# Realignment: `and $-N,%rsp` leaves up to N-8 bytes of padding,
		# which our plugin counts into the frame (upstream does not).
		if (insn ~ /^and +\$0xf+[0-9a-f]0,%rsp$/) {
			v = insn; sub(/^and +\$/, "", v); sub(/,.*/, "", v)
			ra = neg(v) - 8
		}
		if (insn ~ /^call +[0-9a-f]+ <stackleak_track_stack>$/) tracked++
	}
	END { flush() }' > "$out"
}

# judge FILE: prints "call-sites functions-tracked" and
# writes FILE.clear / FILE.border (untracked functions that should be tracked).
judge() {
	awk -v min="$MIN" -v band="$BAND" -v f="$1" '
	{ sites += $6; if ($6) tr++ }
	$6 == 0 && $3 == "text" {
		va = $7 ? 48 : 0
		if ($5 || $4 >= min + band + va) print $1 " frame=" $4 ($5 ? " alloca" : "") ($7 ? " varargs" : "") > (f ".clear")
		else if ($4 >= min) print $1 " frame=" $4 ($7 ? " varargs (48-byte register save area not in get_frame_size)" : "") > (f ".border")
	}
	END { print sites + 0, tr + 0 }' "$1"
	touch "$1.clear" "$1.border"
}

# report WHO FILE VMLINUX: prints the summary, sets sites/tr/clear/border.
report() {
	local who=$1 f=$2 vm=$3
	judge "$f" > "$f.sum"
	read -r sites tr < "$f.sum"
	clear=$(wc -l < "$f.clear") border=$(wc -l < "$f.border")
	echo "== $who: $vm"
	echo "   tracking call sites: $sites, functions tracked: $tr," \
	     ".text: $(size -A "$vm" | awk '$1 == ".text" { print $2 }') bytes"
	echo "   excluded by design (frame >= $MIN, untracked): $(awk -v m="$MIN" \
	     '$3 != "text" && $4 >= m && !$6 { c[$3]++ } END { for (s in c) printf "%s=%d ", s, c[s] }' "$f")"
	echo "   clear misses (frame >= $((MIN + BAND)), +48 if varargs, or alloca): $clear"
	head -n 20 "$f.clear" | sed 's/^/     /'
	echo "   borderline ($MIN <= frame < $((MIN + BAND)), +48 if varargs; untracked, informational): $border"
	head -n 20 "$f.border" | sed 's/^/     /'
}

scan "$OURS" "$T/ours"
report ours "$T/ours" "$OURS"
ours_sites=$sites ours_tr=$tr ours_clear=$clear ours_border=$border
# Self-check of the scan itself: a vmlinux with no tracking call at all means
# STACKLEAK is not enabled, not that coverage is perfect.
if [ "$ours_sites" = 0 ]; then
	fail "coverage-ours: no call to stackleak_track_stack in $OURS"
elif [ "$ours_clear" = 0 ]; then
	pass "coverage-ours: 0 untracked functions with frame >= $((MIN + BAND)) bytes or alloca ($ours_tr tracked, $ours_border borderline)"
else
	fail "coverage-ours: $ours_clear untracked functions with frame >= $((MIN + BAND)) bytes or alloca: $(head -n 5 "$T/ours.clear" | cut -d' ' -f1 | paste -sd' ' -)"
fi

if [ -n "$UP" ]; then
	scan "$UP" "$T/up"
	report up "$T/up" "$UP"
	up_sites=$sites
	# Upstream is the anchor: its misses are information, never a failure.
	echo "   (upstream misses are informational only)"
	# Per function both images have, in instrumentable .text: ours may
	# not place more calls than upstream, except where the frame is
	# realigned (ours counts the padding into the frame, on purpose). In
	# noinstr code ours tracks allocations on purpose (the random kstack
	# offset), where upstream's plugin tracks nothing; ours also carries
	# LKDTM tests the base tree lacks.
	awk 'NR == FNR { up[$1] = $6; next }
	     $1 in up && $3 == "text" && $6 > up[$1] { print $1, $6, up[$1], $8 }' \
		"$T/up" "$T/ours" > "$T/more"
	awk '$4 > 0' "$T/more" > "$T/more.realign"
	awk '$4 == 0' "$T/more" > "$T/more.why"
	noinstr=$(awk '$6 && $3 ~ /^\.(noinstr|entry|cpuidle)\.text$/ { n++ } END { print n + 0 }' "$T/ours")
	if [ -s "$T/more.why" ]; then
		# More calls than upstream is only a cost, but we want to know.
		fail "callsites: $(wc -l < "$T/more.why") functions with more calls than upstream and no realigned frame: $(head -n 5 "$T/more.why" | cut -d' ' -f1 | paste -sd' ' -) (all: $ours_sites, $up_sites)"
	else
		pass "callsites: no function has more calls than upstream but for $(wc -l < "$T/more.realign") realigned frames (all: $ours_sites, $up_sites; ours in noinstr/entry code: $noinstr)"
	fi
	# Which functions one tracks and the other does not (by name).
	awk '$6 { print $1 }' "$T/ours" | sort -u > "$T/ours.tr"
	awk '$6 { print $1 }' "$T/up" | sort -u > "$T/up.tr"
	echo "== tracked only by ours: $(comm -23 "$T/ours.tr" "$T/up.tr" | wc -l)"
	comm -23 "$T/ours.tr" "$T/up.tr" | head -n 20 | sed 's/^/     /'
	echo "== tracked only by upstream: $(comm -13 "$T/ours.tr" "$T/up.tr" | wc -l)"
	comm -13 "$T/ours.tr" "$T/up.tr" | head -n 20 | sed 's/^/     /'
	# Catches what the band lets through: a borderline function that the
	# anchor tracks should be tracked by ours too. Only functions that ours
	# also has, in instrumentable .text (inlining may differ between images).
	awk '!$6 && $3 == "text" { print $1 }' "$T/ours" | sort -u |
		comm -12 - "$T/up.tr" > "$T/regress"
	if [ -s "$T/regress" ]; then
		fail "coverage-vs-upstream: $(wc -l < "$T/regress") functions tracked by upstream but not by ours: $(head -n 5 "$T/regress" | paste -sd' ' -)"
	else
		pass "coverage-vs-upstream: ours tracks every function upstream tracks"
	fi
fi

[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP" && cp "$T"/* "$KEEP"/; }
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
