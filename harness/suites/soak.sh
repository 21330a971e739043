#!/bin/bash
# Soak (`make soak`): one QEMU boot with soak=SECONDS on the kernel command line, which
# runs only harness/guest/soak/run.sh: STACKLEAK_ERASING alternating the CPUs under
# hackbench + stress-ng --syscall, trinity as uid 65534 for SECONDS with a fixed seed,
# stress-ng's stack/signal/sigsegv stressors, STACKLEAK_ERASING again on every CPU, and a
# scan of the boot's whole kernel log. Serial log build/qemu-soak.log, judged by
# harness/pipeline/verdict.sh (RESULT lines, GUEST-DONE, oops/BUG/WARNING/panic) and here for
# lockdep, hung-task and stall reports. The guest's RESULT lines and one for the log
# ("soak-log") also go to build/soak-results.log, for the combined verdict of `make test`.
# Exit 1 on any failure.
# Knobs: SOAK_SECONDS (trinity's run time, default 600), SOAK_SEED (trinity's seed,
# default 1: the log prints it), SOAK_ERASES (erases under load: default 1000, 200 when
# SOAK_SECONDS < 600), SOAK_TIMEOUT (bound on the boot, default SOAK_SECONDS * 1.1 + 900).
set -eu
. "$(dirname "$0")/../lib.sh"
S=${SOAK_SECONDS:-600}
case $S in '' | *[!0-9]*) die "SOAK_SECONDS must be a number of seconds: '$S'" ;; esac
LOG=$B/qemu-soak.log
OUT=$B/soak-results.log
mkdir -p "$B" && : > "$OUT"
rm -f "$LOG"
start=$(date +%s)
EXTRA_APPEND="soak=$S soakseed=${SOAK_SEED:-1}${SOAK_ERASES:+ soakerases=$SOAK_ERASES}" LOG=$LOG \
	BOOT_TIMEOUT=${SOAK_TIMEOUT:-$((S * 11 / 10 + 900))} "$H/pipeline/boot.sh" || true
secs=$(( $(date +%s) - start ))
rc=0
verdict=$("$H/pipeline/verdict.sh" "$LOG") || rc=$?
echo "$verdict"
problems=$(sed -n 's/^verdict: //p' <<< "$verdict")
# Reports verdict.sh does not look for (lockdep's own lines start with WARNING:, which it
# does catch; these are the ones that do not, or may come without it).
extra=$(tr -d '\r' < "$LOG" | grep -aE 'possible circular locking|inconsistent lock state|possible recursive locking|lock held when returning|INFO: task .* blocked for more than|detected stalls|soft lockup|hard LOCKUP' | head -1 | cut -c1-100 || true)
[ -z "$extra" ] || problems="${problems:+$problems, }'$extra' in log"
{
	tr -d '\r' < "$LOG" | grep -o 'RESULT: .*' || true
	if [ -z "$problems" ]; then
		echo "RESULT: soak-log PASS boot of ${secs}s, GUEST-DONE, no kernel splat or lockdep/hung-task/stall report in $LOG"
	else
		echo "RESULT: soak-log FAIL $problems (boot of ${secs}s, $LOG)"
	fi
} > "$OUT"
echo "soak: boot of ${secs}s, $(awk '$3 == "PASS"' "$OUT" | wc -l) of $(wc -l < "$OUT") results PASS (also in $OUT)"
[ $rc = 0 ] && [ -z "$problems" ]
