# The plant tests (/tests/60-plant.sh) with the random kstack offset on: the boot's
# command line has randomize_kstack_offset=on (the append rule of the .expect file).
# Expectations: harness/guest/crash/stackleak-plant-offset.expect (judged on the host).
. /lib/harness.sh
grep -q 'randomize_kstack_offset=on' /proc/cmdline || echo "CRASHTEST: no randomize_kstack_offset=on on the command line"
sh /tests/60-plant.sh
