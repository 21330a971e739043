# The leak detector (CONFIG_STACKLEAK_LEAK_CHECK) on planted leaks (test_stackleak) and
# on a real one (CVE-2009-2847, reintroduced by patches/test/):
# leak-record: a struct with 4 bytes of padding after a u32, a u64 never written and
#   6 bytes of tail padding: one report naming record_copy, 18 of 32 bytes, offset 4
#   (more where a written byte beside the padding happens to equal this boot's poison);
#   the user sees the poison there; the site's count in debugfs stackleak/leaks.
# leak-record-modes: once per call site (no second report, count grows); with
#   kernel.stack_leak_check=2 the user gets zeros there; with 0 the poison and no count.
# leak-sysctl-bad: values other than 0, 1, 2 fail with EINVAL and change nothing.
# leak-cve-2009-2847: sigaltstack(NULL, &old) copies the old stack_t with the 4 bytes of
#   padding after ss_flags: reported at sigaltstack, offset 12; the user sees the poison's
#   bytes 4-7 there (zeros in mode 2). Upstream's poison has 0xff there: not detectable.
# leak-cve-entry-work: the same call stopped by PTRACE_SYSCALL at entry: the stop's code
#   (ptrace_notify(), schedule()) runs at the depth of sigaltstack's frame before it; the
#   detector's poisoning of what entry work left must still let the leak show: the site's
#   count grows and the user sees the poison.
# leak-secret: a secret written through test_stackleak/secret does not come out of the
#   uninitialised buffer test_stackleak/leak: poison does, and it is reported.
. /lib/harness.sh
D=/sys/kernel/debug/test_stackleak
LEAKS=/sys/kernel/debug/stackleak/leaks
CHECK=/proc/sys/kernel/stack_leak_check
P=$(poison_hex)                      # this boot's poison as bytes in memory
REPORT='uninitialised stack copied to user space by'

T=leak-record
# The detector needs the GCC plugin and INIT_STACK_NONE (Kconfig): not every kernel has it.
if leak_check_absent $CHECK; then
	result $T XFAIL "$WHY"; exit 0
fi
for f in $D/record $LEAKS $CHECK; do
	[ -e $f ] || { result $T FAIL "$f missing (CONFIG_STACKLEAK_LEAK_CHECK, CONFIG_TEST_STACKLEAK?)"; exit 0; }
done
echo 1 > $CHECK
dmesg -c >/dev/null
out=$(stackleak-leak record) log=$(dmesg -c)
want="pad1=${P:8:8} reserved=$P pad2=${P:4:12}"
# The poison is random: a written byte next to the padding that equals this boot's
# poison byte there is poison to the detector too (id's upper bytes 01 00 00 00 below
# pad1, flags' 5a 5a below pad2).
nbytes=18 first=4
for b in 3:00 2:00 1:00 0:01; do
	[ "${P:$((${b%:*} * 2)):2}" = "${b#*:}" ] || break
	nbytes=$((nbytes + 1)) first=${b%:*}
done
for b in 1:5a 0:5a; do
	[ "${P:$((${b%:*} * 2)):2}" = "${b#*:}" ] || break
	nbytes=$((nbytes + 1))
done
rep=$(echo "$log" | grep "$REPORT" | sed 's/.*stackleak: //')
n1=$(leak_count record_copy)
if [ "$out" != "$want" ]; then
	result $T FAIL "user got '$out', want '$want'"
elif ! echo "$rep" | grep -q "by record_copy+.*: $nbytes of 32 bytes are poison, the first at offset $first;"; then
	result $T FAIL "no or wrong report: '${rep:-none}'"
elif ! echo "$log" | grep -q 'Call Trace'; then
	result $T FAIL "report without a stack trace"
elif [ "$n1" -lt 1 ]; then
	result $T FAIL "no record_copy line in $LEAKS: $(cat $LEAKS | tr '\n' ';')"
else
	result $T PASS "$(echo "$rep" | cut -c1-150); leaks: $(grep record_copy $LEAKS)"
fi

T=leak-record-modes
errs=
out=$(stackleak-leak record) log=$(dmesg -c) n2=$(leak_count record_copy)
[ "$out" = "$want" ] || errs="$errs; mode 1 again: user got '$out'"
echo "$log" | grep -q "$REPORT" && errs="$errs; reported a second time"
[ "$n2" = $((n1 + 1)) ] || errs="$errs; count $n1 -> $n2, want +1"
echo 2 > $CHECK
out=$(stackleak-leak record) log=$(dmesg -c) n3=$(leak_count record_copy)
[ "$out" = "pad1=00000000 reserved=0000000000000000 pad2=000000000000" ] ||
	errs="$errs; mode 2: user got '$out', want zeros"
[ "$n3" = $((n2 + 1)) ] || errs="$errs; mode 2: count $n2 -> $n3, want +1"
echo 0 > $CHECK
out=$(stackleak-leak record) log=$(dmesg -c) n4=$(leak_count record_copy)
[ "$out" = "$want" ] || errs="$errs; mode 0: user got '$out', want the poison"
[ "$n4" = "$n3" ] || errs="$errs; mode 0: count $n3 -> $n4, want unchanged"
echo "$log" | grep -q "$REPORT" && errs="$errs; mode 0 reported"
echo 1 > $CHECK
if [ -z "$errs" ]; then
	result $T PASS "once per site (counts $n1 $n2 $n3 $n4); mode 2: zeros; mode 0: poison, not counted"
else
	result $T FAIL "${errs#; }"
fi

T=leak-sysctl-bad
errs=
for v in 3 -1 4294967297 abc 1x; do
	got=$(sysctl-write $CHECK "$v")
	[ "$got" = EINVAL ] || errs="$errs; '$v': $got"
	[ "$(cat $CHECK)" = 1 ] || errs="$errs; '$v' changed the value to $(cat $CHECK)"
done
got=$(sysctl-write -u 65534 $CHECK 0)
[ "$got" = open:EACCES ] || errs="$errs; uid 65534: $got"
got=$(sysctl-write $CHECK 2)
[ "$got" = 1 ] && [ "$(cat $CHECK)" = 2 ] || errs="$errs; 2 not accepted: $got"
echo 1 > $CHECK
if [ -z "$errs" ]; then
	result $T PASS "3, -1, 2^32+1, abc, 1x: EINVAL, value kept; uid 65534: EACCES; 2 accepted"
else
	result $T FAIL "${errs#; }"
fi

T=leak-cve-2009-2847
dmesg -c >/dev/null
out=$(stackleak-leak sigaltstack) log=$(dmesg -c)
rep=$(echo "$log" | grep "$REPORT" | sed 's/.*stackleak: //')
echo 2 > $CHECK
out2=$(stackleak-leak sigaltstack)
echo 1 > $CHECK
if [ -z "$rep" ]; then
	result $T FAIL "not reported; user got $out"
elif ! echo "$rep" | grep -qE 'by (__do_sys_sigaltstack|__x64_sys_sigaltstack)\+.*: 4 of 24 bytes are poison, the first at offset 12;'; then
	result $T FAIL "wrong report: $rep"
elif [ "${out#* }" != "pad=${P:8:8}" ]; then
	result $T FAIL "user did not get the poison in the padding: $out"
elif [ "${out2#* }" != pad=00000000 ]; then
	result $T FAIL "mode 2: padding not zeroed: $out2"
else
	result $T PASS "$(echo "$rep" | head -1); user saw $out, in mode 2 ${out2#* }"
fi

T=leak-cve-entry-work
site="(__do_sys|__x64_sys)_sigaltstack"
n1=$(leak_count "$site")
out=$(stackleak-leak sigaltstack-traced)
n2=$(leak_count "$site")
if [ "${out#* }" != "pad=${P:8:8}" ]; then
	result $T FAIL "user did not get the poison in the padding: $out (count $n1 -> $n2)"
elif [ "$n2" != $((n1 + 1)) ]; then
	result $T FAIL "count of sigaltstack $n1 -> $n2, want +1"
else
	result $T PASS "PTRACE_SYSCALL'd sigaltstack: user saw $out, count $n1 -> $n2"
fi

T=leak-secret
secret=S3cr3t-0f-th3-pr3v10us-sysc4ll
[ -w $D/secret ] || { result $T FAIL "$D/secret missing"; exit 0; }
dmesg -c >/dev/null
out=$(stackleak-leak demo $secret) log=$(dmesg -c)
counts=$(echo "$out" | head -1)
rep=$(echo "$log" | grep "$REPORT" | sed 's/.*stackleak: //')
case $counts in
"secret=0 poison="[1-9]*)
	if echo "$rep" | grep -q "by leak_copy+"; then
		result $T PASS "$counts (words of 256 bytes); $(echo "$rep" | head -1)"
	else
		result $T FAIL "$counts but no report naming leak_copy: '${rep:-none}'"
	fi ;;
*) result $T FAIL "the leak showed: $counts"; echo "$out" | tail -n +2 | head -8 ;;
esac
