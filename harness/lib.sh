# Shared settings for the harness scripts (sourced, not run).
# Paths are absolute so scripts work from any cwd.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=$ROOT/build
# SRC/OBJ can be overridden, e.g. SRC=$B/upstream OBJ=$B/obj-upstream for the base-tree benchmark.
SRC=${SRC:-$B/linux}
OBJ=${OBJ:-$B/obj}
# Absolute, relative to the repo root: Kbuild resolves O= after `make -C`.
case $SRC in /*) ;; *) SRC=$ROOT/$SRC ;; esac
case $OBJ in /*) ;; *) OBJ=$ROOT/$OBJ ;; esac
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
# ccache keys on compiler *content*: the GCC plugin .so is passed as -fplugin.
export CCACHE_COMPILERCHECK=content
if command -v ccache >/dev/null 2>&1; then KCC="ccache gcc"; else KCC=gcc; fi
# Same make variables for config and build, else Kconfig re-syncs every time.
# MAKEFLAGS is dropped so an outer `make` does not leak its jobserver/flags into Kbuild.
kmake() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -C "$SRC" O="$OBJ" ARCH=x86_64 CC="$KCC" HOSTCC="$KCC" "$@"
}
die() { echo "error: $*" >&2; exit 1; }
