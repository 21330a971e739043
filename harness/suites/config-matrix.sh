#!/bin/bash
# make test-configs: the guest suite on other configurations of our kernel.
#   novmap-lockdep: no VMAP_STACK, lockdep and atomic-sleep checks (config/matrix/);
#   xenpv: CONFIG_XEN_PV=y, built only (Xen PV cannot boot here): its returns to user
#          space are checked in the disassembly (harness/host/xenpv-check.sh);
#   realistic: the bench's realistic "ours+leak-check" kernel (PTI, retpolines, return
#              thunks, RANDOMIZE_KSTACK_OFFSET), booted with pti=on spectre_v2=retpoline;
#   track-max, track-max-clang: CONFIG_STACKLEAK_TRACK_MIN_SIZE=1024, the largest allowed
#              (the fewest tracked frames, the longest boundary run), with GCC and Clang;
# Debian's options are make DISTRO=1 (part of make test and make test-clang).
# Both have the leak detector and its test driver, as the `make test` kernel does.
# Each is built (0 warnings required: objtool included), booted with the normal
# tests (no crash tests: the deep-recursion one needs the VMAP_STACK guard page),
# and judged by verdict.sh. Results: build/configs-results.log.
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
. "$H/bench/kernels.sh"
OUT=$B/configs-results.log
: > "$OUT"
for v in ${CONFIGS:-novmap-lockdep xenpv realistic track-max track-max-clang}; do
	unset CLANG QEMU_EXTRA
	case $v in
	novmap-lockdep | xenpv)
		export SRC=$B/linux OBJ=$B/obj-$v
		export FRAGS="minimal stackleak leakcheck plant matrix/$v"
		append= ;;
	# No frame of the syscalls the depth probes use is tracked: LKDTM checks the exits.
	track-max)
		export SRC=$B/linux OBJ=$B/obj-$v
		export FRAGS="minimal stackleak leakcheck plant matrix/$v"
		append=harness.depth_probe=off ;;
	track-max-clang)
		export SRC=$B/linux OBJ=$B/obj-$v CLANG=1
		export FRAGS="minimal stackleak clang plant matrix/track-max"
		append=harness.depth_probe=off ;;
	realistic)
		bench_kernel realistic ours+leak-check
		append=$(bench_append realistic) ;;
	*) die "unknown configuration '$v' (known: novmap-lockdep xenpv realistic track-max track-max-clang)" ;;
	esac
	echo "configs: $v ($OBJ)"
	"$H/pipeline/config.sh"
	"$H/pipeline/build.sh" > "$OBJ.build-output" 2>&1 || { tail -20 "$OBJ.build-output"; die "$v: build failed"; }
	w=$(sed -n 's/^build: done in .*, \([0-9]*\) warning(s)/\1/p' "$OBJ.build-output")
	# clang-22 on 6.1: two objtool warnings the make test-clang kernel has too
	# (config/matrix/known-clang-warnings, one fixed string a line).
	known=0
	[ "${CLANG:-}" != 1 ] || known=$(grep 'warning:' "$OBJ/build.log" | grep -cFf "$H/config/matrix/known-clang-warnings" || true)
	if [ "$w" = 0 ]; then echo "RESULT: config-$v-build PASS 0 warnings (objtool included)" | tee -a "$OUT"
	elif [ "$w" = "$known" ]; then echo "RESULT: config-$v-build PASS $w warning(s), all known for clang-22 (config/matrix/known-clang-warnings)" | tee -a "$OUT"
	else echo "RESULT: config-$v-build FAIL $w warning(s), see $OBJ.build-output" | tee -a "$OUT"
	fi
	if [ "$v" = xenpv ]; then
		"$H/host/xenpv-check.sh" "$OBJ/vmlinux" | sed 's/^\(PASS\|FAIL\): \([^:]*\): /RESULT: config-\2 \1 /' | tee -a "$OUT" || true
		continue
	fi
	log=$B/qemu-config-$v.log
	LOG=$log EXTRA_APPEND="$append" BOOT_TIMEOUT=900 "$H/pipeline/boot.sh" > /dev/null 2>&1 || true
	if "$H/pipeline/verdict.sh" "$log" > "$log.verdict" 2>&1; then
		echo "RESULT: config-$v-suite PASS $(tail -1 "$log.verdict")" | tee -a "$OUT"
	else
		echo "RESULT: config-$v-suite FAIL $(grep '^failed:\|^verdict:' "$log.verdict" | tr '\n' ' ')see $log.verdict" | tee -a "$OUT"
	fi
done
# By the verdict field: a FAIL line may quote a PASS of the suite it failed.
pass=$(awk '$3 == "PASS"' "$OUT" | wc -l) fail=$(awk '$3 != "PASS"' "$OUT" | wc -l)
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
