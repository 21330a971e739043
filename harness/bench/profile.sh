#!/bin/bash
# Where each operation's guest instructions go (make bench, step bench-profile; with ARCH=,
# that architecture's kernels): one boot per kernel of the minimal set under -icount with a TCG plugin (harness/bench/tbcount.c) that
# counts every translation block's executions and starts a new file each time the kernel's
# kernel.stack_erasing handler runs, that is, between the guest's timed runs (harness/guest/bench/
# run.sh with benchreps=1: each operation once, `sysbench onoff`, erasing on and off in turns).
# harness/bench/profile.py charges the instructions to functions (System.map): rows of
# build/bench/results.tsv with clock "profile", op "erase:OP", "track:OP" and "other:OP"
# (the erase, the tracking function, the rest), instructions per operation in each mode.
# PROFILE_KERNELS: the set's kernels with a stack_erasing sysctl (default "upstream ours").
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
. "$H/bench/kernels.sh"
bench_arch_check
# PROFILE_SET: the set whose kernels it profiles (default minimal; distro boots them as
# make DISTRO=1 does).
PSET=${PROFILE_SET:-minimal}
case " $BENCH_SETS " in
*" $PSET "*) ;;
*) echo "profile: not run: it profiles the $PSET set, and BENCH_SETS is '$BENCH_SETS'"; exit 0 ;;
esac
OPS="getppid:500000 stat:50000 read4k:150000 openclose:50000 pipe:25000 fork:1000"
W=$BOUT/profile
rm -rf "$W" && mkdir -p "$W"
gcc -O2 -shared -fPIC -fvisibility=hidden -Wall -o "$W/tbcount.so" "$H/bench/tbcount.c"
for k in ${PROFILE_KERNELS:-upstream ours}; do
	bench_kernel "$PSET" "$k"
	[ -f "$OBJ/$KIMAGE" ] || die "no kernel for $PSET/$k in $OBJ: run harness/bench/build.sh"
	cp "$OBJ/System.map" "$W/$k.map"
	# The erase's code, for profile.py to split its instructions into fill, search and
	# the rest.
	for f in $(awk '$3 ~ /^stackleak_erase/ { print $3 }' "$OBJ/System.map" | sort -u); do
		$KOBJDUMP -d --no-show-raw-insn --disassemble="$f" "$OBJ/vmlinux"
	done > "$W/$k.erase.dis"
	# The kernel.stack_erasing handler: upstream's name, then the series'.
	mark=$(awk '$3 == "stack_erasing_sysctl" || $3 == "stackleak_erasing_handler" { print $1; exit }' \
		"$OBJ/System.map")
	[ -n "$mark" ] || die "$PSET/$k has no kernel.stack_erasing handler in $OBJ/System.map"
	echo "profile: $PSET/$k, the operations $OPS"
	KERNEL=$OBJ/$KIMAGE LOG=$W/$k.log SMP=1 BOOT_TIMEOUT=${BENCH_TIMEOUT:-1200} \
		QEMU_EXTRA="-icount shift=0,sleep=off -plugin $W/tbcount.so,mark=$mark,out=$W/$k" \
		EXTRA_APPEND="bench=1 benchreps=1 nokaslr benchops=$(echo $OPS | tr ' ' ,)" \
		"$H/pipeline/boot.sh" > /dev/null 2>&1 || true
	tr -d '\r' < "$W/$k.log" | grep -q '^BENCH-DONE' || die "$PSET/$k did not finish: see $W/$k.log"
done
rows=$(/usr/bin/python3 "$H/bench/profile.py" "$W" "$PSET" "$OPS" ${PROFILE_KERNELS:-upstream ours})
RES=$BOUT/results.tsv
[ -f "$RES" ] || printf 'config\tkernel\tcompiler\tclock\tround\trep\tmode\top\tvalue\tunit\n' > "$RES"
# A profile run replaces the previous one's rows of its set.
awk -F'\t' -v s="$PSET" '$4 != "profile" || $1 != s' "$RES" > "$RES.tmp" && mv "$RES.tmp" "$RES"
echo "$rows" >> "$RES"
echo "profile: $(echo "$rows" | wc -l) rows (clock \"profile\") in $RES"
