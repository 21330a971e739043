# no-false-leaks: after boot and the whole suite, the leak detector has counted hits only
# at the planted leaks of 55-leak-check (test_stackleak, CVE-2009-2847): any other call
# site in debugfs stackleak/leaks is a false report or a real leak, and fails the test.
# (The soak boot checks the same after trinity, hackbench and stress-ng.)
. /lib/harness.sh
T=no-false-leaks
LEAKS=/sys/kernel/debug/stackleak/leaks
if leak_check_absent $LEAKS; then
	result $T XFAIL "$WHY"; exit 0
fi
[ -r $LEAKS ] || { result $T FAIL "$LEAKS missing (CONFIG_STACKLEAK_LEAK_CHECK?)"; exit 0; }
other=$(unplanted_leaks)
planted=$(wc -l < $LEAKS)
if [ -z "$other" ]; then
	result $T PASS "$planted call site(s) counted, all planted: $(awk '{ printf "%s%s x%s", s, $2, $1; s = ", " }' $LEAKS)"
else
	result $T FAIL "unexpected call site(s): $(echo "$other" | tr '\n' ';')"
fi
