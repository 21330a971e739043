#!/bin/bash
# Install the Debian packages the harness needs; a fast no-op when all are present.
# The architecture's own (QEMU, cross or multilib compilers) come from its arch.sh, and so
# does the Debian architecture of the guest's busybox when it is not the host's.
set -eu
. "$(dirname "$0")/../lib.sh"
PKGS="gcc-12 gcc-12-plugin-dev make flex bison bc libelf-dev libssl-dev ccache cpio xz-utils
kmod rsync busybox-static linux-source-6.1 git python3-ply python3-git
rt-tests trinity stress-ng $ARCH_PKGS"
# `harness/pipeline/deps.sh series`: only what make patches needs (the base tarball, git),
# so that taking the series needs neither root (once these are there) nor the test tools.
[ "${1:-}" != series ] || PKGS="linux-source-6.1 xz-utils git"
# `harness/pipeline/deps.sh bench`: also what make bench needs (the report's chart, CPU timing,
# gdb and valgrind for the erase capture and replay).
[ "${1:-}" != bench ] || PKGS="$PKGS python3-matplotlib time gdb valgrind"
# `harness/pipeline/deps.sh clang`: also the LLVM toolchain of the Clang kernel (make CLANG=1).
[ "${1:-}" != clang ] || PKGS="$PKGS clang-22 lld-22 llvm-22"
# `harness/pipeline/deps.sh distro`: also Debian's kernel configs (pipeline/distro-config.sh).
[ "${1:-}" != distro ] || PKGS="$PKGS linux-config-6.1"
# EXTRA_PKGS: more packages to require (harness/host/badinput-test.sh checks a missing one).
PKGS="$PKGS ${EXTRA_PKGS:-}"
SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
# The package lists, fetched again (a fresh machine has none, and a new dpkg architecture
# none of its own). A list that fails (a mirror in the middle of a sync) leaves the others
# usable: what is then missing fails below, by name.
apt_update() { $SUDO apt-get update -q || echo "deps: apt-get update reported errors, going on"; }

# The guest's busybox for another architecture (arch.sh: GUEST_DEB_ARCH): that architecture's
# busybox-static, downloaded and unpacked into build/deb-ARCH/, not installed (it would
# replace the host's /bin/busybox). The host's version when the mirror has it: the same
# build has the same applets (pipeline/initramfs.sh takes the list from the host's).
guest_busybox() {
	local a=$GUEST_DEB_ARCH dir=$B/deb-$GUEST_DEB_ARCH v tmp
	[ ! -x "$GUEST_BUSYBOX" ] && [ -n "$a" ] || return 0
	echo "deps: busybox-static:$a for the ARCH=$HARCH guest, into ${dir#"$ROOT"/}"
	if ! dpkg --print-foreign-architectures | grep -qx "$a" && [ "$(dpkg --print-architecture)" != "$a" ]; then
		echo "deps: adding the dpkg architecture $a (dpkg --add-architecture)"
		$SUDO dpkg --add-architecture "$a"
		apt_update
	fi
	v=$(dpkg-query -W -f='${Version}' busybox-static 2>/dev/null || true)
	tmp=$(mktemp -d)
	# As root, apt downloads as its sandbox user, who must be able to write there.
	if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then chown _apt "$tmp"; fi
	( cd "$tmp" && { apt-get download -q "busybox-static:$a${v:+=$v}" ||
		apt-get download -q "busybox-static:$a" ||
		{ apt_update && apt-get download -q "busybox-static:$a"; }; } ) ||
		{ rm -rf "$tmp"; die "deps: could not download busybox-static:$a"; }
	rm -rf "$dir" && mkdir -p "$dir"
	dpkg-deb -x "$tmp"/busybox-static_*.deb "$dir"
	rm -rf "$tmp"
	[ -x "$GUEST_BUSYBOX" ] || die "deps: no ${GUEST_BUSYBOX#"$dir"} in busybox-static:$a"
	echo "deps: $GUEST_BUSYBOX: $(file -b "$GUEST_BUSYBOX" | cut -d, -f1-2)"
}

[ "$HARCH" = x86_64 ] || [ "${1:-}" = series ] || echo "deps: ARCH=$HARCH, its packages (harness/arch/$HARCH/arch.sh):" $ARCH_PKGS
missing=
for p in $PKGS; do
	dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null | grep -qx installed || missing="$missing $p"
done
if [ -z "$missing" ]; then
	echo "deps: all present"
	[ "${1:-}" = series ] || guest_busybox
	exit 0
fi
if [ -n "$SUDO" ] && ! command -v sudo >/dev/null 2>&1; then
	die "deps: missing:$missing; not root and no sudo: install them as root (apt-get install$missing)"
fi
echo "deps: installing:$missing"
# A fresh machine/container has empty package lists: update once if install cannot find them.
$SUDO apt-get install -y -q --no-install-recommends $missing ||
	{ apt_update && $SUDO apt-get install -y -q --no-install-recommends $missing; } || {
	unknown=
	for p in $missing; do apt-cache show "$p" >/dev/null 2>&1 || unknown="$unknown $p"; done
	echo "error: deps: could not install:$missing${unknown:+ (not in the apt sources:$unknown)}" >&2
	exit 1
}
[ "${1:-}" = series ] || guest_busybox
