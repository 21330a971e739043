# arm (32-bit, ARMv7): what the harness needs to know of this architecture (sourced by
# lib.sh; harness/arch/x86_64/arch.sh says what each setting is).
# Supported with BASE=6.12 only (6.1 has no STACKLEAK there).

KARCH=arm
KIMAGE=arch/arm/boot/zImage
# 6.1 has no STACKLEAK on arm (no HAVE_ARCH_STACKLEAK); 6.12 has.
BASES="6.12"
# Cross-built: GCC 12 for armhf with its plugin headers (the plugin is built by the
# host's g++ and loaded into the cross compiler: checked with a test plugin), and its
# binutils.
KCROSS=arm-linux-gnueabihf-
KCROSS_CC=arm-linux-gnueabihf-gcc-12
# QEMU's virt board, TCG, its default CPU (Cortex-A15; a non-LPAE kernel boots with
# -m 512), the PL011 console. PSCI resets, so reboot -f ends QEMU (-no-reboot). Checked
# with Debian's armmp 6.1 kernel and busybox-static:armhf.
QEMU_SYSTEM=qemu-system-arm
QEMU_MACHINE="-M virt -accel tcg"
CONSOLE=ttyAMA0
ARCH_PKGS="qemu-system-arm gcc-12-arm-linux-gnueabihf gcc-12-plugin-dev-arm-linux-gnueabihf
binutils-arm-linux-gnueabihf libc6-dev-armhf-cross"
# The template's "bl stackleak_track_stack": arm-linux-gnueabihf-objdump -d shows
# "bl ADDR <sym>" (checked). A call beyond bl's 32 MiB goes through a linker veneer,
# "bl ADDR <__stackleak_track_stack_veneer>", which this does not count: vmlinux's text
# is far smaller.
CALL_INSN=bl
# ARM state: rawsys.h puts the syscall number in r7, which Thumb code (the armhf
# default) keeps as its frame pointer. The native ABI is the only one: a 32-bit kernel
# has no compat ABI (OABI_COMPAT stays off).
GUEST_CC="arm-linux-gnueabihf-gcc-12 -O2 -Wall -static -marm"
GUEST_CC_COMPAT=
GUEST_COMPAT_PKG=
GUEST_DEB_ARCH=armhf
# hackbench, trinity and stress-ng of the host are amd64 programs.
GUEST_HOST_TOOLS=
NO_CLANG="CONFIG_CLANG_STACKLEAK is built and tested on x86-64 only"
NO_DISTRO="Debian's options (harness/config/distro.config) are those of its amd64 kernel"
NO_BENCH="not ported to 32-bit arm yet (x86-64 and arm64 are measured)"

# arch_guest_programs DIR: build this architecture's own guest programs into DIR/bin.
arch_guest_programs() {
	# The exec exit-path probe (harness/arch/x86_64/exitpath-exec.S), in A32.
	$KCROSS_CC -static -nostdlib -Wl,-N,--no-warn-rwx-segments -o "$1/bin/exitpath-exec" \
		"$HA/exitpath-exec.S"
}
