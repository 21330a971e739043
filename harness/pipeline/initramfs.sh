#!/bin/bash
# Pack build/initramfs.cpio.gz: busybox-static + applet links, /init, guest tests,
# crash tests (/crash/NAME.sh, run alone with crashtest=NAME: harness/suites/crash-tests.sh)
# static helpers built from harness/guest/helpers/*.c (native NAME and compat NAME32, with
# the compilers of harness/arch/$ARCH/arch.sh), the architecture's own guest programs,
# and the benchmarks for bench=1 (guest/bench: run.sh, static native *.c, rt-tests'
# hackbench).
set -eu
. "$(dirname "$0")/../lib.sh"
G=$H/guest
BB=${BUSYBOX:-/bin/busybox}
OUT=$B/initramfs.cpio.gz
D=$B/initramfs
file -L "$BB" 2>/dev/null | grep -q 'statically linked' || ldd "$BB" 2>&1 | grep -q 'not a dynamic' ||
	die "$BB is not static: install busybox-static"
rm -rf "$D" && mkdir -p "$D"/{bin,sbin,usr/bin,usr/sbin,lib,proc,sys,dev,tmp,root,tests,crash,bench}
cp "$BB" "$D/bin/busybox"
for a in $("$BB" --list-full); do
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
copy_dynamic /usr/bin/hackbench rt-tests
# The soak (soak=SECONDS, harness/suites/soak.sh): /soak/run.sh with trinity and stress-ng.
copy_dynamic /usr/bin/trinity trinity
copy_dynamic /usr/bin/stress-ng stress-ng
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
echo "initramfs: $OUT ($(du -k "$OUT" | cut -f1) KiB, tests: $(ls "$D/tests" | tr '\n' ' ')crash: $(ls "$D/crash" | tr '\n' ' ')bench: sysbench hackbench)"
