# erase-cpuN: 100 STACKLEAK_ERASING checks in a row pinned to each CPU; PASS only if all are OK.
# Interrupts taken during the check's own write() (on i386 the local timer, IPIs and
# irq_work run their handlers on the task stack) leave frames below the tracked depth;
# the kernel records their depth at entry (stackleak_track_kernel_entry()), so they count
# as this syscall's. No FAIL is tried again (ERASE_RUNS=N on the kernel command line runs
# more checks).
. /lib/harness.sh
N=${ERASE_RUNS:-100}
require_stackleak erase-cpu0
all=$(taskset -p $$ | sed 's/.*: //')       # original mask, restored after each CPU
cpu=0
while [ $cpu -lt "$(nproc)" ]; do
	taskset -p -c $cpu $$ >/dev/null        # pin this shell: the echo in erase_once runs here
	ok=0 i=0 first= below=0
	while [ $i -lt "$N" ]; do
		i=$((i + 1))
		erase_once
		# How far below the tracked depth this syscall wrote: the margin
		# the LKDTM test's slack must cover.
		b=$(echo "$LAST_DMESG" | sed -n 's/.*stack depth \([0-9]*\) bytes, written down to \([0-9]*\).*/\2 \1/p' | awk '{ print $1 - $2 }')
		[ "${b:-0}" -le "$below" ] || below=$b
		if [ "$ERASE" = OK ]; then ok=$((ok + 1))
		elif [ -z "$first" ]; then first="run $i: $ERASE $(echo "$LAST_DMESG" | grep -o 'FAIL: .*' | head -1)"
		fi
	done
	taskset -p $all $$ >/dev/null
	if [ $ok = "$N" ]; then result erase-cpu$cpu PASS "$ok/$N OK, wrote at most $below bytes below the tracked depth"
	else result erase-cpu$cpu FAIL "$ok/$N OK, first failure $first"
	fi
	cpu=$((cpu + 1))
done
