#!/bin/bash
# make distro-check: Debian's complete amd64 configuration (linux-config-6.1) with the
# series and STACKLEAK on, built, booted the way DISTRO=1 boots and run through the whole
# guest suite (LKDTM STACKLEAK_ERASING, the per-path and leak tests). Modules: none
# (mod2noconfig), so the image boots from the initramfs alone; debug info off; what is
# turned on: config/distro-full.config. Not in make test or CI: the build takes long
# (docs/debian.md). In build/obj-distro-full, log build/qemu-distro-full.log.
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
export DISTRO=1 OBJ=$B/obj-distro-full LOG=$B/qemu-distro-full.log
export CONFIG_BASE=$DEBIAN_CONFIG FRAGS="stackleak plant distro-full"
[ -f "$CONFIG_BASE" ] || die "no $CONFIG_BASE: install $BASE_CONFIG_PKG (harness/pipeline/deps.sh distro)"
"$H/pipeline/config.sh"
echo "distro-check: $(grep -c '=y' "$OBJ/.config") options built in, $(grep -c '=m' "$OBJ/.config") modules"
"$H/pipeline/build.sh"
BOOT_TIMEOUT=1200 "$H/pipeline/boot.sh" || true
"$H/pipeline/verdict.sh" "$LOG"
