#!/bin/bash
# Install the Debian packages the harness needs; a fast no-op when all are present.
# The architecture's own (QEMU, cross or multilib compilers) come from its arch.sh, and so
# does the Debian architecture of the guest's busybox when it is not the host's.
set -eu
. "$(dirname "$0")/../lib.sh"
PKGS="gcc-12 gcc-12-plugin-dev make flex bison bc libelf-dev libssl-dev ccache cpio xz-utils
kmod rsync busybox-static $BASE_PKG git python3-ply python3-git
rt-tests trinity stress-ng $ARCH_PKGS"
# `harness/pipeline/deps.sh series`: only what make patches needs (the base tarball, git),
# so that taking the series needs neither root (once these are there) nor the test tools.
[ "${1:-}" != series ] || PKGS="$BASE_PKG xz-utils git"
# `harness/pipeline/deps.sh bench`: also what make bench needs (the report's chart, CPU timing,
# gdb and valgrind for the erase capture and replay).
[ "${1:-}" != bench ] || PKGS="$PKGS python3-matplotlib time gdb valgrind"
# `harness/pipeline/deps.sh clang`: also the LLVM toolchain of the Clang kernel (make CLANG=1).
[ "${1:-}" != clang ] || PKGS="$PKGS clang-22 lld-22 llvm-22"
# `harness/pipeline/deps.sh distro`: also Debian's kernel configs (pipeline/distro-config.sh).
[ "${1:-}" != distro ] || PKGS="$PKGS $BASE_CONFIG_PKG"
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
# replace the host's /bin/busybox), and linked there as busybox (lib.sh's GUEST_BUSYBOX) to
# wherever the package has it: bin/busybox, or usr/bin/busybox in a merged-/usr release.
# From the host's release by default, of the host's version when the mirror has it: the
# same build has the same applets (pipeline/initramfs.sh takes the list from the host's).
# From another Debian suite when arch.sh names one (GUEST_DEB_SUITE: the host's release
# has no such architecture, e.g. riscv64 before Debian 13): see deb_suite_download.
guest_busybox() {
	local a=$GUEST_DEB_ARCH dir=$B/deb-$GUEST_DEB_ARCH tmp bb
	[ ! -x "$GUEST_BUSYBOX" ] && [ -n "$a" ] || return 0
	# Unpacked by a harness that did not link it yet: link it, nothing to download.
	if [ -d "$dir" ] && bb=$(deb_busybox "$dir" 2>/dev/null); then
		ln -sfn "$bb" "$GUEST_BUSYBOX"
		echo "deps: $GUEST_BUSYBOX -> $bb (unpacked before)"
		return 0
	fi
	echo "deps: busybox-static:$a${GUEST_DEB_SUITE:+ of Debian $GUEST_DEB_SUITE} for the ARCH=$HARCH guest, into ${dir#"$ROOT"/}"
	tmp=$(mktemp -d)
	# As root, apt downloads as its sandbox user, who must be able to write there.
	if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then chown _apt "$tmp"; fi
	if [ -n "${GUEST_DEB_SUITE:-}" ]; then
		deb_suite_download "$tmp" "$a" "$GUEST_DEB_SUITE" || { rm -rf "$tmp"; exit 1; }
	else
		deb_host_download "$tmp" "$a" || { rm -rf "$tmp"; die "deps: could not download busybox-static:$a"; }
	fi
	rm -rf "$dir" && mkdir -p "$dir"
	dpkg-deb -x "$tmp"/busybox-static_*.deb "$dir" ||
		{ rm -rf "$tmp"; die "deps: could not unpack $(cd "$tmp" && ls busybox-static_*.deb) into $dir"; }
	rm -rf "$tmp"
	bb=$(deb_busybox "$dir") || die "deps: busybox-static:$a unpacked into $dir: $bb"
	ln -sfn "$bb" "$GUEST_BUSYBOX"
	echo "deps: $GUEST_BUSYBOX -> $bb: $(file -bL "$GUEST_BUSYBOX" | cut -d, -f1-2)," \
		"$(grep -ao 'BusyBox v[0-9.]* ([^)]*)' "$GUEST_BUSYBOX" | head -1)"
}

# deb_busybox DIR: the path, relative to DIR, of the busybox program in an unpacked
# busybox-static (a file */bin/busybox); else why not, and false.
deb_busybox() {
	local found
	found=$(cd "$1" && find . -path '*/bin/busybox' -type f -perm -u+x | sed 's|^\./||')
	case $found in
	'') echo "no */bin/busybox in it"; return 1 ;;
	*"
"*) echo "more than one */bin/busybox in it:" $found; return 1 ;;
	esac
	echo "$found"
}

# deb_host_download DIR ARCH: busybox-static:ARCH of the host's release into DIR, as a
# package of a dpkg architecture of the host (added if need be).
deb_host_download() {
	local a=$2 v
	if ! dpkg --print-foreign-architectures | grep -qx "$a" && [ "$(dpkg --print-architecture)" != "$a" ]; then
		echo "deps: adding the dpkg architecture $a (dpkg --add-architecture)"
		$SUDO dpkg --add-architecture "$a"
		apt_update
	fi
	v=$(dpkg-query -W -f='${Version}' busybox-static 2>/dev/null || true)
	( cd "$1" && { apt-get download -q "busybox-static:$a${v:+=$v}" ||
		apt-get download -q "busybox-static:$a" ||
		{ apt_update && apt-get download -q "busybox-static:$a"; }; } )
}

# deb_suite_download DIR ARCH SUITE: busybox-static:ARCH of Debian SUITE into DIR, by apt with
# a configuration of its own under DIR: one source (SUITE's main on the host's Debian
# mirror, ARCH only, its Packages index only), its own package lists and cache. The host's
# sources, lists and dpkg architectures stay as they are (and need not know ARCH: Debian 12
# has no riscv64). Signed by the Debian archive's keys of debian-archive-keyring. The mirror:
# GUEST_DEB_MIRROR, else the one apt's sources name for the host's release.
deb_suite_download() {
	local d=$1 a=$2 suite=$3 mirror codename keyring=/usr/share/keyrings/debian-archive-keyring.gpg o
	codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
	mirror=${GUEST_DEB_MIRROR:-$(apt-get indextargets --format '$(RELEASE) $(REPO_URI)' 2>/dev/null |
		awk -v c="$codename" '$1 == c { print $2; exit }')}
	if [ -z "$mirror" ]; then
		echo "error: deps: no Debian mirror for busybox-static:$a of $suite: apt's sources have no entry" \
			"for the host's release${codename:+ ($codename)}; set GUEST_DEB_MIRROR=URL (e.g. http://deb.debian.org/debian)" >&2
		return 1
	fi
	if [ ! -r "$keyring" ]; then
		echo "error: deps: no $keyring to check Debian $suite with: install debian-archive-keyring" >&2
		return 1
	fi
	echo "deb [arch=$a targets=Packages signed-by=$keyring] $mirror $suite main" > "$d/sources.list"
	mkdir -p "$d/lists/partial" "$d/cache/archives/partial"
	if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then chown -R _apt "$d"; fi
	o="-q -o Dir::Etc::SourceList=$d/sources.list -o Dir::Etc::SourceParts=/dev/null
	   -o Dir::State::Lists=$d/lists -o Dir::Cache=$d/cache -o APT::Architectures::=$a"
	echo "deps: Debian $suite's $a packages from $mirror (apt configuration of its own: $(cat "$d/sources.list"))"
	# apt-get update says "W: ..." and still succeeds when a source failed: check the list too.
	if ! apt-get $o update || ! ls "$d"/lists/*_dists_"${suite}"_main_binary-"${a}"_Packages* >/dev/null 2>&1; then
		echo "error: deps: could not fetch Debian $suite's Packages index for $a from $mirror" \
			"(see apt's messages above: no such suite there, no $a in it, or a suite signed" \
			"by a key the host's debian-archive-keyring lacks; harness/arch/$HARCH/arch.sh:" \
			"GUEST_DEB_SUITE=$suite; GUEST_DEB_MIRROR=URL names another mirror)" >&2
		return 1
	fi
	( cd "$d" && apt-get $o download "busybox-static:$a" ) || {
		echo "error: deps: Debian $suite has no busybox-static:$a on $mirror (see apt's message above;" \
			"harness/arch/$HARCH/arch.sh: GUEST_DEB_SUITE=$suite)" >&2
		return 1
	}
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
