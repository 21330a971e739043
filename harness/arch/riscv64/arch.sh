# riscv64: what the harness needs to know of this architecture (sourced by lib.sh;
# harness/arch/x86_64/arch.sh says what each setting is).
# Supported with BASE=6.12 only (6.1 has no STACKLEAK there).

KARCH=riscv
KIMAGE=arch/riscv/boot/Image
# 6.1 has no STACKLEAK on riscv (no HAVE_ARCH_STACKLEAK); 6.12 has.
BASES="6.12"
# Cross-built: GCC 12 for riscv64 with its plugin headers (the plugin is built by the
# host's g++ and loaded into the cross compiler: checked with a test plugin, which the
# cross compiler 12.2.0-13 loads although the host's gcc is 12.2.0-14), and its binutils.
KCROSS=riscv64-linux-gnu-
KCROSS_CC=riscv64-linux-gnu-gcc-12
# QEMU's virt board, TCG, S-mode kernel under OpenSBI: -bios default (also QEMU 7.2's
# default for virt) is /usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin, shipped by
# qemu-system-data (a dependency of qemu-system-misc); OpenSBI v1.1 has the SRST
# extension, so reboot -f ends QEMU (-no-reboot). Console: the NS16550A, ttyS0. The
# default CPU (rv64) has no V extension; the kernel's vector code is compiled in anyway
# (minimal.config).
QEMU_SYSTEM=qemu-system-riscv64
QEMU_MACHINE="-M virt -bios default -accel tcg"
CONSOLE=ttyS0
# qemu-user: the guest's busybox is Debian 13's (below), another build than the host's,
# so pipeline/initramfs.sh lists its applets by running it under qemu-riscv64.
ARCH_PKGS="qemu-system-misc gcc-12-riscv64-linux-gnu gcc-12-plugin-dev-riscv64-linux-gnu
binutils-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-user"
# The plugin's template calls with "call" (auipc ra + jalr ra, which the linker relaxes to
# jal ra within 1 MiB): riscv64-linux-gnu-objdump -d of a linked program shows
# "jal ADDR <sym>" for a relaxed call and "jalr OFF(ra) # ADDR <sym>" for the pair (checked
# with binutils 2.40 on both, and on a --no-relax link): "jal.*<sym>" counts each once. An
# object not linked yet shows no symbol there (a relocation), as on the other architectures.
CALL_INSN=jal
GUEST_CC="riscv64-linux-gnu-gcc-12 -O2 -Wall -static"
# No compat ABI: Debian has no rv32 C library (CONFIG_COMPAT stays off).
GUEST_CC_COMPAT=
GUEST_COMPAT_PKG=
# Debian 12 has no riscv64 architecture (official from Debian 13): its busybox-static is
# Debian 13's (trixie: 1:1.37.0-6+b9 when this was written), which pipeline/deps.sh
# fetches from the host's Debian mirror with an apt configuration of its own (the host's
# sources and dpkg architectures stay as they are). It has busybox at usr/bin/busybox
# (merged /usr), where deps.sh links build/deb-riscv64/busybox to.
GUEST_DEB_ARCH=riscv64
GUEST_DEB_SUITE=trixie
# hackbench, trinity and stress-ng of the host are amd64 programs.
GUEST_HOST_TOOLS=
NO_CLANG="CONFIG_CLANG_STACKLEAK is built and tested on x86-64 only"
NO_DISTRO="Debian's options (harness/config/distro.config) are those of its amd64 kernel"
NO_BENCH="not ported to riscv64 yet (x86-64 and arm64 are measured)"

# arch_guest_programs DIR: build this architecture's own guest programs into DIR/bin.
arch_guest_programs() {
	# The exec exit-path probe (harness/arch/x86_64/exitpath-exec.S), in RV64.
	$KCROSS_CC -static -nostdlib -Wl,-N,--no-warn-rwx-segments -o "$1/bin/exitpath-exec" \
		"$HA/exitpath-exec.S"
}
