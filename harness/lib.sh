# Shared settings for the harness scripts (sourced, not run, by bash: every script
# does `. "$(dirname "$0")/../lib.sh"`). Paths are absolute so scripts work from any cwd.
H=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$H")
# The base tree (make BASE=..., default 6.1): its tarball, series and build directory
# come from harness/base/$BASE/base.sh (B: build/ for 6.1, build/6.12 for 6.12).
BASE=${BASE:-6.1}
[ -f "$H/base/$BASE/base.sh" ] || { echo "error: no harness/base/$BASE/base.sh: BASE=$BASE is not supported" \
	"(known: $(ls "$H/base" | xargs))" >&2; exit 1; }
. "$H/base/$BASE/base.sh"
B=$BUILD
# The architecture under test (make ARCH=...): its settings, boot command and config
# fragments live in harness/arch/$HARCH/ (see harness/README.md). Default: x86_64.
HARCH=${ARCH:-x86_64}
HA=$H/arch/$HARCH
[ -f "$HA/arch.sh" ] || { echo "error: no harness/arch/$HARCH/arch.sh: ARCH=$HARCH is not supported" \
	"(known: $(ls "$H/arch" | xargs))" >&2; exit 1; }
# BASES: the bases the architecture is supported on (arch.sh; unset: every base).
BASES=
. "$HA/arch.sh"
case " ${BASES:-$BASE} " in
*" $BASE "*) ;;
*) echo "error: ARCH=$HARCH is supported with BASE=$(echo $BASES | sed 's/ / or BASE=/g') only, not BASE=$BASE" \
	"(harness/arch/$HARCH/arch.sh: BASES=\"$BASES\"): e.g. make BASE=${BASES%% *} ARCH=$HARCH ..." >&2; exit 1 ;;
esac
# ASUF: suffix of this architecture's outputs in build/ (objects, initramfs, serial logs,
# result files: build/obj-arm64, build/qemu-arm64.log, ...), so that runs of different
# ARCH= values never overwrite each other. Empty for x86_64, the first architecture, whose
# paths stay what they always were.
ASUF=
[ "$HARCH" = x86_64 ] || ASUF=-$HARCH
# What the architecture cannot do yet (arch.sh: NO_CLANG, NO_DISTRO say why): stop here,
# before anything is built.
if [ "${CLANG:-}" = 1 ] && [ -n "${NO_CLANG:-}" ]; then
	echo "error: CLANG=1 is not supported with ARCH=$HARCH: $NO_CLANG" >&2; exit 1
fi
if [ "${DISTRO:-}" = 1 ] && [ -n "${NO_DISTRO:-}" ]; then
	echo "error: DISTRO=1 is not supported with ARCH=$HARCH: $NO_DISTRO" >&2; exit 1
fi
# The guest's busybox: the host's, or the static one of the Debian architecture arch.sh
# names (GUEST_DEB_ARCH), which harness/pipeline/deps.sh unpacks into build/deb-ARCH/ and
# links there as busybox, to wherever the package has it (bin/, or usr/bin/ in a
# merged-/usr release).
GUEST_BUSYBOX=/bin/busybox
[ -z "${GUEST_DEB_ARCH:-}" ] || GUEST_BUSYBOX=$B/deb-$GUEST_DEB_ARCH/busybox
# SRC/OBJ can be overridden, e.g. SRC=$B/upstream OBJ=$B/obj-upstream for the base-tree benchmark.
SRC=${SRC:-$B/linux}
OBJ=${OBJ:-$B/obj$ASUF}
# Absolute, relative to the repo root: Kbuild resolves O= after `make -C`.
case $SRC in /*) ;; *) SRC=$ROOT/$SRC ;; esac
case $OBJ in /*) ;; *) OBJ=$ROOT/$OBJ ;; esac
# ccache keys on compiler *content*: the GCC plugin .so is passed as -fplugin.
export CCACHE_COMPILERCHECK=content
# Paths under the checkout hash as relative ones: a clone at another path (CI's) hits
# what an earlier build left in the cache.
export CCACHE_BASEDIR=$ROOT
# CLANG=1 (make CLANG=1 ...): the LLVM toolchain, clang-22 and friends via LLVM=-22
# (harness/pipeline/deps.sh clang installs them); CC and HOSTCC still name the compiler
# explicitly, to put ccache in front of it.
# TAG: suffix of its result files and logs, so they do not overwrite the GCC kernel's
# (after the architecture's own suffix).
KLLVM= TAG=$ASUF
if [ "${CLANG:-}" = 1 ]; then KLLVM=-22 KCC0=clang$KLLVM TAG=$TAG-clang; else KCC0=gcc; fi
# The base tree's own STACKLEAK (UPSTREAM=1), with patches/upstream-fixes/ (FIXES=1).
if [ "${UPSTREAM:-}" = 1 ]; then TAG=$TAG-upstream; [ "${FIXES:-}" != 1 ] || TAG=$TAG-fixes; fi
# Kbuild's host programs (and the GCC plugin, loaded by the kernel's compiler) are built
# by the host's compiler; an architecture the host cannot build for names its cross
# compiler in arch.sh (KCROSS_CC, with KCROSS, the prefix of its binutils: CROSS_COMPILE=).
KHOSTCC0=$KCC0
[ -z "${KCROSS_CC:-}" ] || KCC0=$KCROSS_CC
if command -v ccache >/dev/null 2>&1; then KCC="ccache $KCC0" KHOSTCC="ccache $KHOSTCC0"
else KCC=$KCC0 KHOSTCC=$KHOSTCC0; fi
# objdump that reads the kernel's objects (the host's cannot read another architecture's).
KOBJDUMP=${KCROSS:-}objdump
# DISTRO=1 (make DISTRO=1 ...): Debian's options (config/distro.config), booted the way
# Debian's kernel boots on an Intel CPU: QEMU's default CPU model says AMD, which leaves
# PTI and retpolines off; Debian's x32 ABI is off unless syscall.x32=y; the guest is told
# that the kernel zero-initialises its stack (INIT_STACK_ALL_ZERO) and that the random
# kstack offset is on (Debian's default, said so the guest knows). boot.sh adds these.
# Single-threaded TCG: Debian's options flip static keys at boot (timer migration with
# NO_HZ), and QEMU 7.2's multi-threaded TCG lets the other vCPU run the int3 of
# text_poke_bp() after the patch is done: "int3: 0000 [#1]" at the patched site. Toggling
# kernel.timer_migration 3,000 times oopses 3 of 4 boots (the base tree's static key behind
# kernel.stack_erasing: 3 of 3); with thread=single, none (0 of 2; base tree 0 of 3).
BOOT_QEMU= BOOT_APPEND=
if [ "${DISTRO:-}" = 1 ]; then
	TAG=$TAG-distro
	QEMU_MACHINE="-accel tcg,thread=single"
	BOOT_QEMU="-cpu qemu64,vendor=GenuineIntel"
	BOOT_APPEND="harness.init_stack=zero syscall.x32=y randomize_kstack_offset=on"
fi
# Same make variables for config and build, else Kconfig re-syncs every time.
# MAKEFLAGS is dropped so an outer `make` does not leak its jobserver/flags into Kbuild.
kmake() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -C "$SRC" O="$OBJ" ARCH="$KARCH" ${KCROSS:+CROSS_COMPILE=$KCROSS} ${KLLVM:+LLVM=$KLLVM} \
		CC="$KCC" HOSTCC="$KHOSTCC" "$@"
}
die() { echo "error: $*" >&2; exit 1; }
# md_section FILE TITLE: the text under the heading "## TITLE" of a markdown FILE, up to
# the next "## " heading, without its leading blank lines.
md_section() { awk -v t="## $2" '$0 == t { p = 1; next } /^## / { p = 0 } p' "$1" | sed '/./,$!d'; }
# frag_files FRAG...: the Kconfig fragment files, in order. An absolute path is a file;
# a name N (e.g. minimal, bench/none) is harness/config/N.config, followed by harness/arch/$HARCH/N.config and
# harness/base/$BASE/$HARCH/N.config if present
# (the architecture's part of it, e.g. the serial console of the minimal config).
frag_files() {
	local f
	for f; do
		case $f in
		/*) echo "$f" ;;
		*)
			[ -f "$H/config/$f.config" ] || die "no config fragment harness/config/$f.config"
			echo "$H/config/$f.config"
			if [ -f "$HA/$f.config" ]; then echo "$HA/$f.config"; fi
			# Options whose names differ per base tree.
			if [ -f "$H/base/$BASE/$HARCH/$f.config" ]; then echo "$H/base/$BASE/$HARCH/$f.config"; fi ;;
		esac
	done
}

# Repo directories that hold kernel files: every file under them is a new kernel file
# that one patch of patches/series introduces (harness/pipeline/series.sh).
KDIRS="arch include kernel drivers scripts security Documentation tools mm lib fs"
# Fixed identity and dates for the commits the harness makes (git am keeps each patch's
# author and date): same content => same commit id => nothing to check out or rebuild.
fixed_git_identity() {
	export GIT_AUTHOR_NAME=harness GIT_AUTHOR_EMAIL=harness@localhost
	export GIT_COMMITTER_NAME=harness GIT_COMMITTER_EMAIL=harness@localhost
	export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
}
# A series file (default: this base's patches/series) without comments and blank lines:
# "NNNN-name.patch [new files...]"; series_files: only the new files.
series_lines() { grep -v '^[[:space:]]*\(#\|$\)' "${1:-$PATCHES/series}" || true; }
series_files() { series_lines "$@" | awk '{ for (i = 2; i <= NF; i++) print $i }'; }
# The fixes for the base tree's own STACKLEAK, in order (paths; patches/upstream-fixes/series).
upstream_fixes() {
	grep -v '^[[:space:]]*\(#\|$\)' "$PATCHES/upstream-fixes/series" |
		sed "s|^|$PATCHES/upstream-fixes/|"
}
# The generated series (make patches), cover letter excluded, in order.
series_patches() { ls "$B"/patches/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | grep -v '/0000-cover-letter\.patch$' || true; }
# reset_worktree DIR: cd to DIR, a clean worktree of build/linux at pristine (made once).
reset_worktree() {
	[ -d "$1" ] || git -C "$B/linux" worktree add -q --detach "$1" pristine
	cd "$1"
	[ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ] || die "$PWD is not a worktree of $B/linux"
	git am --abort >/dev/null 2>&1 || true
	# Detached first: a branch checked out here (make series-open) must not move.
	git checkout -q --detach
	git reset -q --hard pristine
	git clean -qffdx
}
