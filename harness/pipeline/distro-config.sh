#!/bin/bash
# Derive harness/config/distro.config from Debian's amd64 kernel configuration (package
# linux-config-6.1): Debian's value of every option that the code of the entry/exit path,
# the task stack and a system call's common path tests (the CONFIG_ symbols named in the
# files of SCAN below), applied on top of the minimal config so that it still builds in
# minutes. Options that cannot take Debian's value on that base (they need hardware or
# subsystems the minimal guest leaves out) are named in the fragment's header, not dropped
# silently; the floor (FLOOR below) must hold, or this fails.
# Usage: harness/pipeline/distro-config.sh [DEBIAN_CONFIG]   (default: the package's amd64)
# Writes harness/config/distro.config (committed).
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
[ -z "${NO_DISTRO:-}" ] || die "ARCH=$HARCH: $NO_DISTRO"
DEB=${1:-$DEBIAN_CONFIG}
OUT=${OUT:-$H/config/distro.config}
[ -f "$DEB" ] || die "$DEB missing: install the Debian package $BASE_CONFIG_PKG (harness/pipeline/deps.sh distro)"
[ -f "$SRC/Makefile" ] || die "no kernel tree at $SRC: run harness/pipeline/tree.sh first"
# Where the entry/exit path, the stack and the cost of every system call are decided:
# entry code and its C helpers, the speculation mitigations, the compiler flags, task
# stack allocation and checks, user copies, the scheduler and preemption points a system
# call passes, seccomp, audit and Xen PV's paravirt entry.
SCAN="arch/x86/entry kernel/entry include/linux/entry-common.h arch/x86/include/asm/entry-common.h
include/linux/randomize_kstack.h arch/x86/include/asm/nospec-branch.h arch/x86/kernel/cpu/bugs.c
arch/x86/mm/pti.c Makefile arch/x86/Makefile kernel/fork.c include/linux/sched/task_stack.h
kernel/sched/core.c include/linux/preempt.h include/linux/kernel.h mm/usercopy.c
include/linux/thread_info.h include/linux/uaccess.h mm/page_alloc.c kernel/seccomp.c
kernel/auditsc.c arch/x86/include/asm/paravirt.h arch/x86/xen/xen-asm.S"
# The options issue 21 names: each must be in the fragment and hold.
FLOOR="RANDOMIZE_KSTACK_OFFSET_DEFAULT PAGE_TABLE_ISOLATION RETPOLINE RETHUNK SLS
IA32_EMULATION X86_X32_ABI XEN_PV VMAP_STACK INIT_STACK_ALL_ZERO INIT_ON_ALLOC_DEFAULT_ON
SCHED_STACK_END_CHECK PREEMPT_DYNAMIC HARDENED_USERCOPY"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

case $DEB in *.xz) xzcat "$DEB" ;; *) cat "$DEB" ;; esac > "$T/debian"
# Never taken from Debian: what Kconfig reads from the toolchain (CC_*, LD_*, versions),
# debug info (no code changes, and BTF needs pahole), modules (the guest loads none).
SKIP='^(CC|LD|AS|LLD|PAHOLE|GCC|CLANG|RUSTC|TOOLS)_|_VERSION(_TEXT)?$|^DEBUG_INFO|^MODULE|^MODVERSIONS$'
# Symbols the scanned code tests (IS_ENABLED(CONFIG_X), CONFIG_X_MODULE, #ifdef, Makefile).
(cd "$SRC" && grep -rhoE 'CONFIG_[A-Z0-9_]+' $SCAN) | sed 's/^CONFIG_//; s/_MODULE$//' |
	grep -vE "$SKIP" | sort -u > "$T/used"
# Debian's line for each: "=y/=m/=value" or "is not set"; =m becomes =y (no modules here).
awk 'NR == FNR { used[$1] = 1; next }
	/^CONFIG_[A-Z0-9_]+=/ { s = $0; sub(/^CONFIG_/, "", s); sub(/=.*/, "", s)
		if (s in used) { sub(/=m$/, "=y"); print } next }
	/^# CONFIG_[A-Z0-9_]+ is not set$/ { s = $2; sub(/^CONFIG_/, "", s); if (s in used) print }' \
	"$T/used" "$T/debian" > "$T/want"

# Kconfig's dependency facts, one "SYMBOL NEEDS" pair a line: each symbol a `depends on`
# or an enclosing `if` names, and each symbol that `select`s it (a symbol without a
# prompt comes only that way).
find "$SRC" -name 'Kconfig*' -not -path '*/Documentation/*' -print0 | xargs -0 awk '
	FNR == 1 { nif = 0 }
	/^[ \t]*if[ \t]/ { l = $0; sub(/^[ \t]*if/, "", l); ifs[++nif] = l; cur = ""; next }
	/^[ \t]*endif/ { if (nif) nif--; cur = ""; next }
	/^[ \t]*(config|menuconfig)[ \t]/ {
		cur = $2
		for (i = 1; i <= nif; i++) {
			l = ifs[i]
			while (match(l, /[A-Z][A-Z0-9_]+/)) { print cur, substr(l, RSTART, RLENGTH); l = substr(l, RSTART + RLENGTH) }
		}
		next
	}
	/^[ \t]*(choice|endchoice|menu|endmenu|comment|source)([ \t]|$)/ { cur = ""; next }
	cur && /^[ \t]*depends on/ {
		l = $0; sub(/^[ \t]*depends on/, "", l)
		while (match(l, /[A-Z][A-Z0-9_]+/)) { print cur, substr(l, RSTART, RLENGTH); l = substr(l, RSTART + RLENGTH) }
	}
	cur && /^[ \t]*select[ \t]/ { print $2, cur }' | sort -u > "$T/needs.all"
# Device drivers are not brought in (they would only be there to select a helper symbol).
find "$SRC" -name 'Kconfig*' -path "$SRC/drivers/*" -print0 -o -name 'Kconfig*' -path "$SRC/sound/*" -print0 |
	xargs -0 awk '/^[ \t]*(config|menuconfig)[ \t]/ { print $2 }' | sort -u > "$T/drivers"
awk -v skip="$SKIP" 'NR == FNR { d[$1] = 1; next } !($2 in d) && $2 !~ skip' "$T/drivers" "$T/needs.all" > "$T/needs"

# sym LINE: the symbol of a .config line ("CONFIG_X=v" or "# CONFIG_X is not set"), no prefix.
sym() { local s=${1#\# CONFIG_}; s=${s#CONFIG_}; echo "${s%%[= ]*}"; }
# now LINE: that symbol's line in the trial .config.
now() { grep -E "^CONFIG_$(sym "$1")=" "$T/obj/.config" || echo "# CONFIG_$(sym "$1") is not set"; }

# Keep what holds on the minimal base: merge, olddefconfig; an option that did not hold
# brings Debian's values of what it needs (once), else it is dropped; again until settled.
: > "$T/dropped" ; : > "$T/expanded"
for round in $(seq 1 12); do
	OBJ=$T/obj kmake -s tinyconfig > "$T/log" 2>&1 || { cat "$T/log"; die "tinyconfig failed"; }
	"$SRC/scripts/kconfig/merge_config.sh" -m -O "$T/obj" "$T/obj/.config" \
		$(frag_files minimal stackleak) "$T/want" >> "$T/log" 2>&1 || { cat "$T/log"; die "merge failed"; }
	OBJ=$T/obj kmake -s olddefconfig >> "$T/log" 2>&1 || { cat "$T/log"; die "olddefconfig failed"; }
	: > "$T/bad"
	while read -r line; do
		got=$(now "$line")
		[ "$got" = "$line" ] || echo "$(sym "$line")|$line|$got" >> "$T/bad"
	done < "$T/want"
	[ -s "$T/bad" ] || break
	# What the unexpanded ones need, as Debian sets it, not yet wanted.
	cut -d'|' -f1 "$T/bad" | grep -vxFf "$T/expanded" > "$T/new" || true
	cat "$T/new" >> "$T/expanded"
	awk 'NR == FNR { n[$1] = 1; next } FILENAME ~ /needs$/ { if ($1 in n) need[$2] = 1; next }
		/^CONFIG_[A-Z0-9_]+=/ { s = $0; sub(/^CONFIG_/, "", s); sub(/=.*/, "", s)
			if (s in need) { sub(/=m$/, "=y"); print } }' \
		"$T/new" "$T/needs" "$T/debian" | grep -vxFf "$T/want" > "$T/add" || true
	if [ -s "$T/add" ]; then
		cat "$T/add" >> "$T/want"
		continue
	fi
	# Nothing more to bring: drop what still does not hold.
	cut -d'|' -f2 "$T/bad" | grep -vxFf - "$T/want" > "$T/want2" || true
	mv "$T/want2" "$T/want"
	cut -d'|' -f2- "$T/bad" >> "$T/dropped"
done
[ ! -s "$T/bad" ] || die "the derived options did not settle after 12 rounds"
# Lines of the minimal base that Debian's values change (e.g. INIT_STACK_NONE, in the
# choice INIT_STACK_ALL_ZERO takes): written too, so the base's lines are not "missing".
: > "$T/over"
grep -hE '^(CONFIG_[A-Z0-9_]+=|# CONFIG_[A-Z0-9_]+ is not set)' $(frag_files minimal stackleak) |
while read -r line; do
	grep -q "^CONFIG_$(sym "$line")=\|^# CONFIG_$(sym "$line") is not set" "$T/want" && continue
	got=$(now "$line")
	[ "$got" = "$line" ] || echo "$got" >> "$T/over"
done
missing=
for f in $FLOOR; do
	grep -qx "CONFIG_$f=y" "$T/want" || missing="$missing $f"
done
[ -z "$missing" ] || die "floor options that do not hold on the minimal base:$missing (see $T/dropped)"

{
	echo "# Generated by harness/pipeline/distro-config.sh from $(basename "$DEB")"
	echo "# ($(dpkg-query -W -f='${Package} ${Version}' $BASE_CONFIG_PKG 2>/dev/null || echo "$DEB")): Debian's value of"
	echo "# every option tested by the entry/exit, stack and syscall-path code the script scans,"
	echo "# applied after minimal.config and stackleak.config. Do not edit; re-run the script."
	echo "# $(wc -l < "$T/want") options hold; $(wc -l < "$T/dropped") cannot take Debian's value on the minimal base"
	echo "# (Debian's line, then what olddefconfig gives: it needs hardware, drivers or toolchain
# features the minimal guest leaves out):"
	sed 's/|/ -> /; s/^/#   /' "$T/dropped"
	cat "$T/want"
	if [ -s "$T/over" ]; then
		echo "# What these change in the minimal base (its own lines would not hold):"
		cat "$T/over"
	fi
} > "$OUT"
echo "distro-config: wrote ${OUT#"$ROOT"/}: $(wc -l < "$T/want") options, $(wc -l < "$T/dropped") not applicable"
