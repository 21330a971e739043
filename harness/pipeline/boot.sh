#!/bin/bash
# Boot the kernel + initramfs in QEMU (TCG, $SMP CPUs, default 2) under a hard timeout;
# the QEMU command, image and console are the architecture's (harness/arch/$ARCH/arch.sh).
# Serial console is shown live and saved to $LOG; harness/pipeline/verdict.sh judges it.
# Exit status: QEMU's, or 124 on timeout (also recorded in the log).
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
KERNEL=${KERNEL:-$OBJ/$KIMAGE}
INITRD=${INITRD:-$B/initramfs$ASUF.cpio.gz}
LOG=${LOG:-$B/qemu$ASUF.log}
# The guest suite takes under a minute, plus about 3 minutes for 8 GiB of random data
# through the leak detector (tests/57-leak-false.sh).
TIMEOUT=${BOOT_TIMEOUT:-600}
SMP=${SMP:-2}
# QEMU_EXTRA: more QEMU options, e.g. "-icount shift=0,sleep=off" (needs SMP=1) for the benchmarks.
QEMU_EXTRA=${QEMU_EXTRA:-}
# No oops=panic: an oops in a test process should still let the other tests report;
# the verdict fails on any Oops/BUG/WARNING anyway. panic=-1 + -no-reboot ends QEMU on panic.
APPEND=${APPEND:-console=$CONSOLE panic=-1 ${BOOT_APPEND:+$BOOT_APPEND }${EXTRA_APPEND:-}}
[ -f "$KERNEL" ] || die "no $KERNEL: run harness/pipeline/build.sh"
[ -f "$INITRD" ] || die "no $INITRD: run harness/pipeline/initramfs.sh"
echo "boot: $KERNEL, -smp $SMP${BOOT_QEMU:+ $BOOT_QEMU}${QEMU_EXTRA:+ $QEMU_EXTRA}, timeout ${TIMEOUT}s, log $LOG"
start=$(date +%s)
rc=0
timeout -k 5 "$TIMEOUT" $QEMU_SYSTEM $QEMU_MACHINE $BOOT_QEMU -smp "$SMP" $QEMU_EXTRA -m 512 -nographic -no-reboot \
	-kernel "$KERNEL" -initrd "$INITRD" -append "$APPEND" </dev/null 2>&1 | tee "$LOG" || rc=$?
[ $rc != 124 ] || echo "HARNESS: TIMEOUT after ${TIMEOUT}s" | tee -a "$LOG"
echo "boot: QEMU exited $rc after $(( $(date +%s) - start ))s"
exit $rc
