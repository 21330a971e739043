#!/bin/sh
# Guest side of `make bench`, run by /init when the kernel command line has bench=1.
# Prints one line per measurement for harness/bench/run.sh to parse:
#   BENCH <on|off|na> <op> <value> <ns_per_op|s>   (na: no kernel.stack_erasing sysctl)
#                              a microbenchmark's on and off come from one run that
#                              alternates the modes (measure_onoff below)
#   BENCH-DEPTH <op> <bytes>   "previous stack depth" of /proc/self/stack_depth after one
#                              such syscall, median of 31 (ours: the tracked mark;
#                              upstream: the point where its erase started, found by
#                              the poison search)
#   BENCH-LEAK <shape> <rounds> <leaked>  the plant test (kernels with lib/test_stackleak.c,
#                              erasing on): rounds in which a secret that one write()
#                              left in untracked frames came out of the next syscall
#   BENCH-INFO <key> <text>    kernel, command line, mitigations
#   BENCH-ERROR <text>         a measurement failed (the others still run)
#   BENCH-DONE                 last line: the run is complete
# benchreps=N on the command line: repetitions of each measurement (default 3);
# benchops=OP:N,... only these microbenchmarks, no hackbench (e.g. benchops=fork:1000).
# benchcapture=N: only the capture run of harness/bench/capture.sh (N of each operation,
# a debugger stopped at each erase; see harness/bench/capture-gdb.py).
set -eu
SYSCTL=/proc/sys/kernel/stack_erasing

# Iterations per op: 0.1-0.4 s of guest time each under -icount shift=0 (1 ns per
# instruction), measured on ours and upstream; hackbench takes 1.0-1.3 s.
OPS="getppid:500000 stat:50000 read4k:150000 openclose:50000 pipe:25000 fork:1000"
reps=3 hackbench=1 capture=
for w in $(cat /proc/cmdline); do
	case $w in
	benchcapture=*) capture=${w#benchcapture=} ;;
	benchreps=*) reps=${w#benchreps=} ;;
	benchops=*) OPS=$(echo "${w#benchops=}" | tr ',' ' ') hackbench= ;;
	esac
done
HACKBENCH="hackbench -s 512 -l 300 -g 4 -f 10 -P"

info() { echo "BENCH-INFO $*"; }
info uname "$(uname -r) $(uname -v) $(uname -m)"
info cmdline "$(cat /proc/cmdline)"
info cpus "$(nproc)"
info clocksource "$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || echo unknown)"
info stack_erasing "$(cat $SYSCTL 2>/dev/null || echo absent)"
info reps "$reps"
for v in /sys/devices/system/cpu/vulnerabilities/*; do
	if [ -f "$v" ]; then info "vuln:${v##*/}" "$(cat "$v")"; fi
done
# The initramfs has the host's hackbench only where the guest runs the host's programs
# (harness/pipeline/initramfs.sh): elsewhere, say so instead of an error per run.
if [ -n "$hackbench" ] && ! command -v hackbench >/dev/null; then
	hackbench=
	info hackbench "not measured: no hackbench in this $(uname -m) initramfs (the host's is another architecture's program)"
fi
# The plant test's native entry (stackleak-plant ENTRY): SYSCALL on x86-64, svc on arm64.
case $(uname -m) in aarch64) entry=svc ;; *) entry=syscall ;; esac
info plant_entry "$entry"

if [ -n "$capture" ]; then
	[ ! -w $SYSCTL ] || echo 1 > $SYSCTL
	# The leak detector's poisoning before each handler would change what the erase finds.
	[ ! -w /proc/sys/kernel/stack_leak_check ] || echo 0 > /proc/sys/kernel/stack_leak_check
	# The debugger waits for this sync() before it stops at each erase.
	sync
	ops="getppid stat read4k openclose pipe fork"
	echo "CAPTURE-OPS $capture $ops"
	if sysbench capture "$capture" $ops; then
		echo CAPTURE-DONE
	else
		echo "BENCH-ERROR sysbench capture exited $?"
	fi
	echo BENCH-DONE
	exit 0
fi

# set_mode on|off|na: switch erasing (no-op for na).
set_mode() {
	case $1 in
	on) echo 1 > $SYSCTL ;;
	off) echo 0 > $SYSCTL ;;
	esac
}

# measure_onoff OP N: one run of one microbenchmark, erasing on and off in turns
# (sysbench onoff: 20 runs of N/20 in the order on off off on on ...): the phase-to-phase
# noise of the kernel's own costs (on the minimal config, SLOB's free lists move
# open+close by hundreds of instructions from one run of 50,000 to the next) lands in
# both modes alike instead of in the difference.
measure_onoff() {
	if v=$(sysbench onoff "$1" "$2"); then
		echo "BENCH on $1 ${v% *} ns_per_op"
		echo "BENCH off $1 ${v#* } ns_per_op"
	else
		echo "BENCH-ERROR onoff $1: sysbench exited $?"
	fi
}

# measure MODE OP N: one run of one microbenchmark.
measure() {
	set_mode "$1"
	if v=$(sysbench "$2" "$3"); then
		echo "BENCH $1 $2 $v ns_per_op"
	else
		echo "BENCH-ERROR $1 $2: sysbench exited $?"
	fi
}

# hackbench prints "Time: 0.352" (seconds).
measure_hackbench() {
	set_mode "$1"
	if out=$($HACKBENCH 2>&1) && t=$(echo "$out" | sed -n 's/^Time: *//p') && [ -n "$t" ]; then
		echo "BENCH $1 hackbench $t s"
	else
		echo "BENCH-ERROR $1 hackbench: $(echo "$out" | tail -1)"
	fi
}

# Depth with erasing on: the erase is what records it.
if [ -r /proc/self/stack_depth ]; then
	[ ! -w $SYSCTL ] || echo 1 > $SYSCTL
	for op in getppid stat read4k openclose; do
		if d=$(sysbench depth $op); then
			echo "BENCH-DEPTH $op $d"
		else
			echo "BENCH-ERROR depth $op"
		fi
	done
else
	info depth "no /proc/self/stack_depth"
fi

# What the erase leaves: a cost is only comparable between kernels that erase the same.
if [ -e /sys/kernel/debug/test_stackleak/secret_chain ]; then
	[ ! -w $SYSCTL ] || echo 1 > $SYSCTL
	check=/proc/sys/kernel/stack_leak_check old_check=
	# The leak detector's own poisoning before each handler would hide what the erase left.
	[ ! -w $check ] || { old_check=$(cat $check); echo 0 > $check; }
	for shape in chain leaf; do
		out=$(stackleak-plant $shape $entry 200 2>&1) || true
		leaked=$(echo "$out" | sed -n "s/^plant $shape $entry: rounds=\([0-9]*\) leaked=\([0-9]*\).*/\1 \2/p")
		if [ -n "$leaked" ]; then
			echo "BENCH-LEAK $shape $leaked"
		else
			echo "BENCH-ERROR plant $shape: $(echo "$out" | tail -1)"
		fi
	done
	[ -z "$old_check" ] || echo "$old_check" > $check
else
	info leak "no test_stackleak module: no plant test"
fi

r=0
while [ $r -lt "$reps" ]; do
	r=$((r + 1))
	# hackbench: on/off, then off/on in the next repetition: a slow drift cancels out.
	if [ ! -w $SYSCTL ]; then modes=na
	elif [ $((r % 2)) = 1 ]; then modes="on off"
	else modes="off on"
	fi
	for o in $OPS; do
		if [ "$modes" = na ]; then
			measure na "${o%:*}" "${o#*:}"
		else
			measure_onoff "${o%:*}" "${o#*:}"
		fi
	done
	if [ -n "$hackbench" ]; then
		for m in $modes; do
			measure_hackbench $m
		done
	fi
done
[ ! -w $SYSCTL ] || echo 1 > $SYSCTL
# Guest seconds since boot: under -icount shift=0, the run's length in instructions.
info uptime "$(cut -d' ' -f1 /proc/uptime)"
echo BENCH-DONE
