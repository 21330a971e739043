# arm64 (AArch64): what the harness needs to know of this architecture (sourced by
# lib.sh; harness/arch/x86_64/arch.sh says what each setting is).

KARCH=arm64
KIMAGE=arch/arm64/boot/Image
# Cross-built: GCC 12 for aarch64 with its plugin headers (the plugin itself is built by
# the host's g++ and loaded into the cross compiler), and its binutils.
KCROSS=aarch64-linux-gnu-
KCROSS_CC=aarch64-linux-gnu-gcc-12
# QEMU's virt board, TCG. The "max" CPU has every feature QEMU emulates (PAN, pointer
# authentication, AArch32 at EL0 for the compat programs); pauth-impdef=on uses QEMU's
# cheap implementation-defined PAC algorithm instead of emulating QARMA. PL011 console.
QEMU_SYSTEM=qemu-system-aarch64
QEMU_MACHINE="-M virt -cpu max,pauth-impdef=on -accel tcg"
CONSOLE=ttyAMA0
# QEMU, the cross toolchain and C library, and for the compat (AArch32) programs the
# armhf one.
ARCH_PKGS="qemu-system-arm gcc-12-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
binutils-aarch64-linux-gnu libc6-dev-arm64-cross gcc-12-arm-linux-gnueabihf libc6-dev-armhf-cross"
CALL_INSN=bl
GUEST_CC="aarch64-linux-gnu-gcc-12 -O2 -Wall -static"
# AArch32 in ARM state: rawsys.h puts the syscall number in r7, which Thumb code (the
# armhf default) keeps as its frame pointer.
GUEST_CC_COMPAT="arm-linux-gnueabihf-gcc-12 -O2 -Wall -static -marm"
GUEST_COMPAT_PKG="gcc-12-arm-linux-gnueabihf libc6-dev-armhf-cross"
GUEST_DEB_ARCH=arm64
# hackbench, trinity and stress-ng of the host are amd64 programs: no soak on arm64 yet
# (the Makefile says so), and make bench measures no hackbench here.
GUEST_HOST_TOOLS=
# make bench: the minimal set, none/upstream/ours. The realistic set's fragment is
# x86-64's mitigations (PTI, retpolines), the distro set Debian's amd64 options.
BENCH_ARCH_SETS=minimal
BENCH_ARCH_KERNELS="none upstream ours"
BENCH_ARCH_WHY="the realistic set's options are x86-64's (PTI, retpolines) and the distro set's Debian's amd64 kernel's"
NO_CLANG="with Clang, STACKLEAK needs the no_caller_saved_registers attribute, which arm64 compilers do not have"
NO_DISTRO="Debian's options (harness/config/distro.config) are those of its amd64 kernel"

# arch_guest_programs DIR: build this architecture's own guest programs into DIR/bin.
arch_guest_programs() {
	# The exec exit-path probe (harness/arch/x86_64/exitpath-exec.S), in A64.
	$KCROSS_CC -static -nostdlib -Wl,-N,--no-warn-rwx-segments -o "$1/bin/exitpath-exec" \
		"$HA/exitpath-exec.S"
}
