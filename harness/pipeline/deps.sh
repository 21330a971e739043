#!/bin/bash
# Install the Debian packages the harness needs; a fast no-op when all are present.
# The architecture's own (QEMU, cross or multilib compilers) come from its arch.sh.
set -eu
. "$(dirname "$0")/../lib.sh"
PKGS="gcc-12 gcc-12-plugin-dev make flex bison bc libelf-dev libssl-dev ccache cpio xz-utils
kmod rsync busybox-static linux-source-6.1 git python3-ply python3-git
rt-tests trinity stress-ng $ARCH_PKGS"
# `harness/pipeline/deps.sh bench`: also what make bench needs (the report's chart, CPU timing,
# gdb and valgrind for the erase capture and replay).
[ "${1:-}" != bench ] || PKGS="$PKGS python3-matplotlib time gdb valgrind"
# `harness/pipeline/deps.sh clang`: also the LLVM toolchain of the Clang kernel (make CLANG=1).
[ "${1:-}" != clang ] || PKGS="$PKGS clang-22 lld-22 llvm-22"
# `harness/pipeline/deps.sh distro`: also Debian's kernel configs (pipeline/distro-config.sh).
[ "${1:-}" != distro ] || PKGS="$PKGS linux-config-6.1"
# EXTRA_PKGS: more packages to require (harness/host/badinput-test.sh checks a missing one).
PKGS="$PKGS ${EXTRA_PKGS:-}"
missing=
for p in $PKGS; do
	dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null | grep -qx installed || missing="$missing $p"
done
if [ -z "$missing" ]; then echo "deps: all present"; exit 0; fi
echo "deps: installing:$missing"
SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
# A fresh machine/container has empty package lists: update once if install cannot find them.
$SUDO apt-get install -y -q --no-install-recommends $missing ||
	{ $SUDO apt-get update -q && $SUDO apt-get install -y -q --no-install-recommends $missing; } || {
	unknown=
	for p in $missing; do apt-cache show "$p" >/dev/null 2>&1 || unknown="$unknown $p"; done
	echo "error: deps: could not install:$missing${unknown:+ (not in the apt sources:$unknown)}" >&2
	exit 1
}
