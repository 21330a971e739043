# taint: after all the tests, the kernel is not tainted. A WARNING, an oops in a test
# process or a lockdep report taints it even when the splat itself did not reach the
# console; the crash tests that taint on purpose run in boots of their own.
. /lib/harness.sh
t=$(cat /proc/sys/kernel/tainted)
if [ "$t" = 0 ]; then
	result taint PASS "kernel/tainted is 0 after the whole suite"
else
	result taint FAIL "kernel/tainted is $t: $(dmesg | grep -m1 -E 'WARNING|BUG|Oops|lockdep|circular' || echo 'no splat line left in dmesg')"
fi
