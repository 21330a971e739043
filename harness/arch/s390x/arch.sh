# s390x: what the harness needs to know of this architecture (sourced by lib.sh;
# harness/arch/x86_64/arch.sh says what each setting is).
# Supported with BASE=6.12 only (6.1 has no STACKLEAK there).

KARCH=s390
# 6.1 has no STACKLEAK on s390 (no HAVE_ARCH_STACKLEAK); 6.12 has.
BASES="6.12"
# The make target is bzImage (arch/s390/Makefile), the image QEMU's -kernel loads.
KIMAGE=arch/s390/boot/bzImage
# Cross-built: GCC 12 for s390x with its plugin headers (the plugin is built by the
# host's g++ and loaded into the cross compiler: checked with a test plugin), and its
# binutils.
KCROSS=s390x-linux-gnu-
KCROSS_CC=s390x-linux-gnu-gcc-12
# QEMU's s390-ccw-virtio machine, TCG, its default CPU model ("qemu": the facilities of
# z196 to z14, so Kconfig's default MARCH_Z196 runs), direct kernel boot (-kernel,
# -initrd, -append). -nographic puts stdio on the SCLP VT220 console: ttysclp0 (ttyS0
# is the SCLP line-mode console, which needs QEMU's sclplmconsole device). reboot -f
# ends QEMU (-no-reboot). Checked with Debian's s390x 6.1 kernel and busybox-static:s390x.
QEMU_SYSTEM=qemu-system-s390x
QEMU_MACHINE="-M s390-ccw-virtio -accel tcg"
CONSOLE=ttysclp0
ARCH_PKGS="qemu-system-misc gcc-12-s390x-linux-gnu gcc-12-plugin-dev-s390x-linux-gnu
binutils-s390x-linux-gnu libc6-dev-s390x-cross"
# The template's "brasl %r14,stackleak_track_stack@PLT": s390x-linux-gnu-objdump -d of a
# linked program shows "brasl %r14,ADDR <sym>" (checked; the @PLT resolves to the symbol
# in vmlinux).
CALL_INSN=brasl
GUEST_CC="s390x-linux-gnu-gcc-12 -O2 -Wall -static"
# No compat ABI: Debian has no 31-bit s390 C library (CONFIG_COMPAT stays off).
GUEST_CC_COMPAT=
GUEST_COMPAT_PKG=
GUEST_DEB_ARCH=s390x
# hackbench, trinity and stress-ng of the host are amd64 programs.
GUEST_HOST_TOOLS=
NO_CLANG="CONFIG_CLANG_STACKLEAK is built and tested on x86-64 only"
NO_DISTRO="Debian's options (harness/config/distro.config) are those of its amd64 kernel"
NO_BENCH="not ported to s390x yet (x86-64 and arm64 are measured)"

# arch_guest_programs DIR: build this architecture's own guest programs into DIR/bin.
arch_guest_programs() {
	# The exec exit-path probe (harness/arch/x86_64/exitpath-exec.S), in z/Architecture.
	$KCROSS_CC -static -nostdlib -Wl,-N,--no-warn-rwx-segments -o "$1/bin/exitpath-exec" \
		"$HA/exitpath-exec.S"
}
