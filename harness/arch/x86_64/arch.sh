# x86-64: what the harness needs to know of this architecture (sourced by lib.sh).
# Adding an architecture is adding a harness/arch/NAME/ beside this one: this file,
# the architecture's part of each config fragment (NAME.config, appended after
# harness/config/NAME.config), any guest programs only it has, and crash/NAME.expect
# files where a crash test's expectations differ there (they replace
# harness/guest/crash/NAME.expect; a "skip REASON" rule there says it does not apply).

# The kernel's ARCH= and the image QEMU boots, relative to the object dir (its basename
# is the make target).
KARCH=x86_64
KIMAGE=arch/x86/boot/bzImage
# BASES: the bases (harness/base/) the architecture is supported on, e.g. "6.12" where 6.1
# has no STACKLEAK for it (lib.sh stops on another BASE=). Unset here: every base.
# The kernel's compiler: the host's (lib.sh). A cross architecture sets KCROSS, the prefix
# of its binutils (Kbuild's CROSS_COMPILE=), and KCROSS_CC, its compiler.
KCROSS=
KCROSS_CC=
# How QEMU boots it: TCG only (KVM does not work here), serial console on ttyS0.
QEMU_SYSTEM=qemu-system-x86_64
QEMU_MACHINE="-accel tcg"
CONSOLE=ttyS0
# Debian packages for booting and for the guest's 32-bit (compat) and x32 programs:
# gcc-12-multilib, not gcc-multilib, which conflicts with every Debian cross compiler
# (ARCH=arm64 installs two) and only adds the link /usr/include/asm to the kernel's
# uapi headers in x86_64-linux-gnu; they serve -m32 and -mx32 too, so the compilers
# below look there (M32INC) after /usr/include.
ARCH_PKGS="qemu-system-x86 gcc-12-multilib libc6-dev-x32"
M32INC="-idirafter /usr/include/x86_64-linux-gnu"
# Tracking call sites in `objdump -d` output: the mnemonic of a direct call.
CALL_INSN=call
# Static guest programs (harness/guest/helpers/*.c): NAME with the native ABI, NAME32
# with the compat one (empty: the architecture has none).
GUEST_CC="gcc -O2 -Wall -static"
GUEST_CC_COMPAT="gcc -O2 -Wall -static -m32 $M32INC"
GUEST_COMPAT_PKG=gcc-12-multilib
# The guest's busybox: the host's /bin/busybox (busybox-static). Another architecture
# names the Debian architecture whose busybox-static it needs (pipeline/deps.sh unpacks
# it into build/deb-ARCH/), and GUEST_DEB_SUITE the Debian suite to take it from when the
# host's release has no such architecture (deps.sh fetches it with an apt configuration of
# its own; unset: the host's release).
GUEST_DEB_ARCH=
# The guest runs the host's own hackbench, trinity and stress-ng (with their libraries):
# the soak and the benchmarks need them. Empty: they are left out of the initramfs.
GUEST_HOST_TOOLS=1
# What the architecture does not support, and why (lib.sh stops on it): NO_CLANG for
# CLANG=1, NO_DISTRO for DISTRO=1, NO_BENCH for make bench (the Makefile and
# bench/kernels.sh stop on it). Unset here: x86-64 has all three.
# make bench (harness/bench/kernels.sh): BENCH_ARCH_SETS and BENCH_ARCH_KERNELS, the sets
# and kernels the architecture measures (the only sets it accepts; BENCH_ARCH_WHY says
# why not the others). Unset here: every set, and the kernels of kernels.sh.

# arch_guest_programs DIR: build this architecture's own guest programs into DIR/bin.
arch_guest_programs() {
	# The exec exit-path probe: no C runtime, its first instruction is the probe syscall.
	gcc -static -nostdlib -Wl,-N,--no-warn-rwx-segments -o "$1/bin/exitpath-exec" \
		"$HA/exitpath-exec.S"
	# The x32 ABI's case of the plant test (libc6-dev-x32).
	gcc -O2 -Wall -static -mx32 $M32INC -o "$1/bin/stackleak-plantx32" \
		"$H/guest/helpers/stackleak-plant.c" || die "-mx32 build failed: install libc6-dev-x32"
}
