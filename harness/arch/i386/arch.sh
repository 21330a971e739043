# i386 (a 32-bit x86 kernel, CONFIG_X86_32): what the harness needs to know of this
# architecture (sourced by lib.sh; harness/arch/x86_64/arch.sh says what each setting is).

# Kbuild's ARCH=i386 builds with the host's gcc and -m32, and its GCC plugin headers are
# the host's: no cross toolchain.
KARCH=i386
KIMAGE=arch/x86/boot/bzImage
KCROSS=
KCROSS_CC=
# qemu32: a 32-bit Intel CPU with PAE (HIGHMEM64G, NX, PTI) and SEP (SYSENTER).
QEMU_SYSTEM=qemu-system-i386
QEMU_MACHINE="-accel tcg -cpu qemu32"
CONSOLE=ttyS0
# gcc-12-multilib for the 32-bit guest programs (why not gcc-multilib, and M32INC:
# harness/arch/x86_64/arch.sh).
ARCH_PKGS="qemu-system-x86 gcc-12-multilib"
M32INC="-idirafter /usr/include/x86_64-linux-gnu"
CALL_INSN=call
# The native ABI is the 32-bit one; a 32-bit kernel has no compat ABI (the tests that
# need one say so).
GUEST_CC="gcc -O2 -Wall -static -m32 $M32INC"
GUEST_CC_COMPAT=
GUEST_COMPAT_PKG=
GUEST_DEB_ARCH=i386
# hackbench, trinity and stress-ng of the host are amd64 programs: no soak or benchmark
# on i386 yet (the Makefile says so).
GUEST_HOST_TOOLS=
NO_CLANG="CONFIG_CLANG_STACKLEAK is built and tested on x86-64 only"
NO_DISTRO="Debian's options (harness/config/distro.config) are those of its amd64 kernel"
NO_BENCH="not ported to i386 yet (x86-64 and arm64 are measured)"

# arch_guest_programs DIR: build this architecture's own guest programs into DIR/bin.
arch_guest_programs() {
	# The exec exit-path probe (harness/arch/x86_64/exitpath-exec.S), with int $0x80.
	gcc -m32 -static -nostdlib -Wl,-N,--no-warn-rwx-segments -o "$1/bin/exitpath-exec" \
		"$HA/exitpath-exec.S"
}
