# x86-64: what the harness needs to know of this architecture (sourced by lib.sh).
# Adding an architecture is adding a harness/arch/NAME/ beside this one: this file,
# the architecture's part of each config fragment (NAME.config, appended after
# harness/config/NAME.config) and any guest programs only it has.

# The kernel's ARCH= and the image QEMU boots, relative to the object dir (its basename
# is the make target).
KARCH=x86_64
KIMAGE=arch/x86/boot/bzImage
# How QEMU boots it: TCG only (KVM does not work here), serial console on ttyS0.
QEMU_SYSTEM=qemu-system-x86_64
QEMU_MACHINE="-accel tcg"
CONSOLE=ttyS0
# Debian packages for booting and for the guest's 32-bit (compat) and x32 programs.
ARCH_PKGS="qemu-system-x86 gcc-multilib libc6-dev-x32"
# Tracking call sites in `objdump -d` output: the mnemonic of a direct call.
CALL_INSN=call
# Static guest programs (harness/guest/helpers/*.c): NAME with the native ABI, NAME32
# with the compat one (empty: the architecture has none).
GUEST_CC="gcc -O2 -Wall -static"
GUEST_CC_COMPAT="gcc -O2 -Wall -static -m32"
GUEST_COMPAT_PKG=gcc-multilib

# arch_guest_programs DIR: build this architecture's own guest programs into DIR/bin.
arch_guest_programs() {
	# The exec exit-path probe: no C runtime, its first instruction is the probe syscall.
	gcc -static -nostdlib -Wl,-N,--no-warn-rwx-segments -o "$1/bin/exitpath-exec" \
		"$HA/exitpath-exec.S"
	# The x32 ABI's case of the plant test (libc6-dev-x32).
	gcc -O2 -Wall -static -mx32 -o "$1/bin/stackleak-plantx32" \
		"$H/guest/helpers/stackleak-plant.c" || die "-mx32 build failed: install libc6-dev-x32"
}
