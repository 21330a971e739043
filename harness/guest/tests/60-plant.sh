# plant-SHAPE-ABI-ENTRY: a secret that one system call left in stack the compiler never
# reported must not come out of an uninitialised buffer of the next (stackleak-plant:
# test_stackleak's secret_chain, 32 small untracked frames, and secret_leaf, the bottom
# 16 words of a leaf function's 328-byte frame, which Clang never tracks; read back through
# leak_deep). PLANT_ROUNDS rounds (default 200) per shape and entry: 64-bit SYSCALL,
# int $0x80 from 64-bit code, x32, and the 32-bit int $0x80, SYSCALL and SYSENTER.
# PASS: no secret byte in any round. plant-SHAPE-off: the negative control, erasing
# off: the secret must come out, else the test could not see a missing erase.
# The leak detector is off meanwhile: its poisoning before each handler would hide
# what the exit's erase left. Run again with randomize_kstack_offset=on by the
# crash test stackleak-plant-offset (its own boot).
# arm64: svc, native and from AArch32 (plant-SHAPE-64-svc, plant-SHAPE-32-svc); i386: the
# native int $0x80 and SYSENTER (plant-SHAPE-32-int80, -sysenter); 32-bit arm: svc
# (plant-SHAPE-32-svc); riscv64: ecall (plant-SHAPE-64-ecall); s390x: svc
# (plant-SHAPE-64-svc). The x86-64 entries the architecture does not have are SKIPs with
# the reason.
. /lib/harness.sh
N=${PLANT_ROUNDS:-200}
D=/sys/kernel/debug/test_stackleak
CHECK=/proc/sys/kernel/stack_leak_check
# The native entry: the first case, and the negative control's.
case $GUEST_ARCH in
aarch64 | s390x) native=64-svc entry=svc ;;
riscv64) native=64-ecall entry=ecall ;;
arm) native=32-svc entry=svc ;;
i386) native=32-int80 entry=int80 ;;
*) native=64-syscall entry=syscall ;;
esac
require_stackleak plant-chain-$native
for f in secret_chain secret_leaf leak_deep; do
	[ -e $D/$f ] || { result plant-chain-$native FAIL "$D/$f missing (CONFIG_TEST_STACKLEAK?)"; exit 0; }
done
offset=$(kstack_offset)
old_check=
[ -w $CHECK ] && old_check=$(cat $CHECK) && echo 0 > $CHECK

# run_plant BIN SHAPE ENTRY: run the helper; sets out, rc, sum (its summary line) and
# leaked (rounds with secret bytes back; empty if there is no summary).
run_plant() {
	out=$($1 "$2" "$3" "$N" 2>&1)
	rc=$?
	sum=$(echo "$out" | grep "^plant $2 $3: ")
	leaked=$(echo "$sum" | sed -n 's/.* leaked=\([0-9]*\).*/\1/p')
}

# plant SHAPE ABI ENTRY: one result, plant-SHAPE-ABI-ENTRY; ABI 64, 32 or x32 picks the
# helper's build (stackleak-plant, stackleak-plant32 or on a 32-bit kernel stackleak-plant,
# stackleak-plantx32).
plant() {
	case $2 in 64) bin=stackleak-plant ;; 32) bin=$(bin32 stackleak-plant) ;; *) bin=stackleak-plant$2 ;; esac
	name=plant-$1-$2-$3
	[ "$2" != x32 ] || name=plant-$1-x32
	# A binary the kernel cannot run (an x32 one without the x32 ABI) does not print
	# its usage line: the shell then tries it as a script.
	if ! $bin 2>&1 | grep -q '^usage: '; then
		if [ "$2" = x32 ] && grep -q 'clang version' /proc/version; then
			result "$name" XFAIL "Clang kernel: no CONFIG_X86_X32_ABI with LLVM's objcopy"
		else
			result "$name" FAIL "cannot run $bin: $($bin 2>&1 | head -1)"
		fi
		return
	fi
	run_plant "$bin" "$1" "$3"
	case $rc:$out in
	3:*unavailable*) result "$name" XFAIL "$(echo "$out" | sed -n 's/^unavailable //p')"; return ;;
	esac
	if [ $rc != 0 ] || [ -z "$leaked" ]; then
		result "$name" FAIL "exit $rc: $(echo "$out" | tail -1)"
	elif [ "$leaked" = 0 ]; then
		result "$name" PASS "offset $offset: ${sum#*: }"
	else
		result "$name" FAIL "offset $offset: the secret came out: ${sum#*: }"
	fi
}
for shape in chain leaf; do
	case $GUEST_ARCH in
	aarch64)
		plant $shape 64 svc
		plant $shape 32 svc
		skip_cases "x86 entry instruction: arm64 enters by svc (plant-$shape-64-svc, plant-$shape-32-svc)" \
			plant-$shape-64-syscall plant-$shape-64-int80 plant-$shape-x32 \
			plant-$shape-32-int80 plant-$shape-32-syscall plant-$shape-32-sysenter ;;
	i386)
		plant $shape 32 int80
		plant $shape 32 sysenter
		skip_cases "x86-64 only: a 32-bit kernel has no 64-bit or x32 entry" \
			plant-$shape-64-syscall plant-$shape-64-int80 plant-$shape-x32
		skip_cases "x86 entry instruction: 32-bit SYSCALL is a 64-bit kernel's (entry_32.S has int \$0x80 and SYSENTER)" \
			plant-$shape-32-syscall ;;
	arm)
		plant $shape 32 svc
		skip_cases "x86 entry instruction: a 32-bit arm kernel enters by svc (plant-$shape-32-svc)" \
			plant-$shape-64-syscall plant-$shape-64-int80 plant-$shape-x32 \
			plant-$shape-32-int80 plant-$shape-32-syscall plant-$shape-32-sysenter ;;
	riscv64 | s390x)
		plant $shape 64 $entry
		skip_cases "x86 entry instruction: $GUEST_ARCH enters by $entry (plant-$shape-$native), and has no compat ABI" \
			plant-$shape-64-syscall plant-$shape-64-int80 plant-$shape-x32 \
			plant-$shape-32-int80 plant-$shape-32-syscall plant-$shape-32-sysenter ;;
	*)
		plant $shape 64 syscall
		plant $shape 64 int80
		plant $shape x32 x32
		plant $shape 32 int80
		plant $shape 32 syscall
		plant $shape 32 sysenter ;;
	esac
done

# Negative control: with erasing off, each shape's secret comes out (native entry).
if [ -w "$SYSCTL" ]; then
	echo 0 > "$SYSCTL"
	for shape in chain leaf; do
		run_plant stackleak-plant $shape $entry
		if [ "${leaked:-0}" -gt 0 ]; then
			result plant-$shape-off PASS "erasing off, offset $offset: the secret came out: ${sum#*: }"
		else
			result plant-$shape-off FAIL "erasing off, offset $offset: no secret came out (${sum:-$out}): the test cannot see a missing erase"
		fi
	done
	echo 1 > "$SYSCTL"
else
	result plant-chain-off FAIL "no writable $SYSCTL (CONFIG_STACKLEAK_RUNTIME_DISABLE?)"
fi
[ -z "$old_check" ] || echo "$old_check" > $CHECK
