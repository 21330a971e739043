# The plant tests (/tests/60-plant.sh) with the random kstack offset on: the boot's
# command line has randomize_kstack_offset=on (the append rule of the .expect file).
# Expectations: harness/guest/crash/stackleak-plant-offset.expect (judged on the host).
. /lib/harness.sh
# Not a crash: the RESULT lines are the evidence. Back to the suite's console level (5), so
# the sysctl writes' info lines ("stack erasing enabled by ...") cannot land inside a RESULT
# line on the serial console; warnings and oopses still show.
echo 5 > /proc/sys/kernel/printk
[ "$(kstack_offset)" = on ] || echo "CRASHTEST: no randomize_kstack_offset=on on the command line"
sh /tests/60-plant.sh
