#!/bin/bash
# Pack build/initramfs.cpio.gz (build/initramfs-ARCH.cpio.gz for another ARCH=):
# busybox-static (the host's, or arch.sh's GUEST_DEB_ARCH one) + applet links, /init,
# guest tests, crash tests (/crash/NAME.sh, run alone with crashtest=NAME:
# harness/suites/crash-tests.sh), static helpers built from harness/guest/helpers/*.c
# (native NAME and compat NAME32, with the compilers of harness/arch/$ARCH/arch.sh), the
# architecture's own guest programs, and the benchmarks for bench=1 (guest/bench: run.sh,
# static native *.c, rt-tests' hackbench; the host's hackbench, trinity and stress-ng only
# where the guest runs the host's programs: arch.sh's GUEST_HOST_TOOLS).
set -eu
. "$(dirname "$0")/../lib.sh"
G=$H/guest
BB=${BUSYBOX:-$GUEST_BUSYBOX}
OUT=$B/initramfs$ASUF.cpio.gz
D=$B/initramfs$ASUF
file -L "$BB" 2>/dev/null | grep -q 'statically linked' || ldd "$BB" 2>&1 | grep -q 'not a dynamic' ||
	die "$BB is not static: install busybox-static${GUEST_DEB_ARCH:+ (harness/pipeline/deps.sh unpacks the $GUEST_DEB_ARCH one)}"
# busybox_build FILE: the version banner built into a busybox binary.
busybox_build() { grep -ao 'BusyBox v[0-9.]* ([^)]*)' "$1" | head -1 || true; }
# The applet links: the guest busybox's own list where it runs on this host; else the
# host's busybox's, if it is the same Debian build (the same applets); else the guest
# busybox's own list under QEMU's user-mode emulator of its architecture (QEMU_USER:
# qemu-riscv64 for qemu-system-riscv64, package qemu-user), e.g. Debian 13's riscv64
# busybox on a Debian 12 host (harness/arch/riscv64/arch.sh).
QEMU_USER=${QEMU_SYSTEM/-system-/-}
if ! applets=$("$BB" --list-full 2>/dev/null); then
	v=$(busybox_build "$BB") hv=$(busybox_build /bin/busybox)
	if [ -n "$v" ] && [ "$v" = "$hv" ]; then
		applets=$(/bin/busybox --list-full)
		echo "initramfs: applet list from /bin/busybox, the same build as $BB ($v)"
	elif command -v "$QEMU_USER" >/dev/null && applets=$("$QEMU_USER" "$BB" --list-full) && [ -n "$applets" ]; then
		echo "initramfs: applet list from $BB ($v) under $QEMU_USER"
	else
		die "$BB ($v) does not run here, /bin/busybox is another build ('$hv'), and no $QEMU_USER" \
			"(package qemu-user) runs it: cannot list its applets"
	fi
fi
rm -rf "$D" && mkdir -p "$D"/{bin,sbin,usr/bin,usr/sbin,lib,proc,sys,dev,tmp,root,tests,crash,bench}
cp "$BB" "$D/bin/busybox"
for a in $applets; do
	[ -e "$D/$a" ] || ln -s /bin/busybox "$D/$a"
done
for c in "$G"/helpers/*.c; do
	n=$(basename "$c" .c)
	$GUEST_CC -o "$D/bin/$n" "$c"
	[ -z "$GUEST_CC_COMPAT" ] || $GUEST_CC_COMPAT -o "$D/bin/${n}32" "$c" ||
		die "compat build of $c failed ($GUEST_CC_COMPAT): install $GUEST_COMPAT_PKG"
done
arch_guest_programs "$D"
for c in "$G"/bench/*.c; do
	$GUEST_CC -o "$D/bin/$(basename "$c" .c)" "$c"
done
install -m755 "$G/bench/run.sh" "$D/bench/run.sh"
# copy_dynamic BIN PACKAGE: install the dynamic BIN as /bin/NAME with its loader and
# libraries at the paths ldd shows (dereferenced, so symlinked /lib64 and usrmerge paths
# need nothing else).
copy_dynamic() {
	[ -x "$1" ] || die "no $1: install $2"
	install -m755 "$1" "$D/bin/$(basename "$1")"
	for l in $(ldd "$1" | grep -o '/[^ ]*'); do
		mkdir -p "$D$(dirname "$l")"
		cp -L "$l" "$D$l"
	done
}
bench="sysbench hackbench"
if [ -n "$GUEST_HOST_TOOLS" ]; then
	copy_dynamic /usr/bin/hackbench rt-tests
	# The soak (soak=SECONDS, harness/suites/soak.sh): /soak/run.sh with trinity and stress-ng.
	copy_dynamic /usr/bin/trinity trinity
	copy_dynamic /usr/bin/stress-ng stress-ng
else
	bench=sysbench
	echo "initramfs: no hackbench, trinity or stress-ng: the host's are $(dpkg --print-architecture) programs," \
		"this guest is ARCH=$HARCH (no soak here yet; make bench measures no hackbench)"
fi
mkdir -p "$D/soak" && install -m755 "$G/soak/run.sh" "$D/soak/run.sh"
mkdir -p "$D/demo" && install -m755 "$G/demo/run.sh" "$D/demo/run.sh"
install -m755 "$G/init" "$D/init"
install -m644 "$G/lib.sh" "$D/lib/harness.sh"
cp "$G"/tests/* "$D/tests/"
cp "$G"/crash/*.sh "$D/crash/"
# Console node so PID 1 has stdio from the start (needs root; init copes without it).
mknod -m 600 "$D/dev/console" c 5 1 2>/dev/null || true
( cd "$D" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet ) | gzip -9 > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "initramfs: $OUT ($(du -k "$OUT" | cut -f1) KiB, tests: $(ls "$D/tests" | tr '\n' ' ')crash: $(ls "$D/crash" | tr '\n' ' ')bench: $bench)"
