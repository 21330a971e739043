# The leak detector decides by value: data user space passes in, or random data, must not
# look like the poison (with the detector built in, a random value chosen at boot).
# leak-poison-random: debugfs stackleak/poison is not STACKLEAK_POISON and is still a
#   non-canonical address (top byte not 0x00 or 0xff).
# leak-false-name: as uid 65534, prctl(PR_SET_NAME) to bytes a user could know (the
#   constant STACKLEAK_POISON, upstream's -0xBEEF, each plus "abc"), then PR_GET_NAME:
#   the name comes back unchanged and nothing is reported, in modes 1 and 2.
# leak-false-uname: the same through sethostname() (root) and uname() as uid 65534,
#   host names of 6 such words and of the constant's top half after a u32 of 2 (the
#   shape of padding beside a small u32; its zero bytes do not fit in a name).
# leak-false-random: LEAK_RANDOM_MIB MiB (default 8192, half getrandom(), half
#   /dev/urandom) as uid 65534 in mode 2: nothing reported.
# leak-known-poison: the limit the documentation states, and proof that the patterns above
#   sit where the detector looks: this boot's poison (which root read) as a thread name
#   and at the same place in a host name is reported; in mode 2 the name comes back zeroed.
# leak-learned-poison: how a user learns the poison without root, as the soak's trinity
#   once did (CI, stop 30): the reintroduced CVE-2009-2847 after sigaltstack() with
#   SS_AUTODISARM puts 2^31 beside the 4 bytes of padding, a shape the detector neither
#   reports nor clears, so uid 65534 gets the poison's top half in mode 2 too; those bytes
#   after a u32 of 1 in adjtimex()'s padding are then reported where the syscall copies
#   the struct back (glibc's adjtimex() is clock_adjtime(CLOCK_REALTIME)), and zeroed.
. /lib/harness.sh
LEAKS=/sys/kernel/debug/stackleak/leaks
CHECK=/proc/sys/kernel/stack_leak_check
POISON=/sys/kernel/debug/stackleak/poison
REPORT='uninitialised stack copied to user space by'
T=leak-poison-random
if leak_check_absent $CHECK; then
	result $T XFAIL "$WHY"; exit 0
fi
for f in $LEAKS $CHECK $POISON; do
	[ -e $f ] || { result $T FAIL "$f missing (CONFIG_STACKLEAK_LEAK_CHECK?)"; exit 0; }
done
p=$(cat $POISON)
case $p in
dbf1a98dc7b5e391) result $T FAIL "the poison is the constant STACKLEAK_POISON" ;;
00* | ff*) result $T FAIL "poison $p is a canonical address" ;;
????????????????) result $T PASS "this boot's poison: $p" ;;
*) result $T FAIL "unreadable poison '$p'" ;;
esac

C=91e3b5c78da9f1db	# STACKLEAK_POISON, bytes in memory
U=1141ffffffffffff	# upstream's -0xBEEF
H=020000008da9f1db	# a u32 of 2, then the constant's top half (padding shape)
ABC=616263
old_mode=$(cat $CHECK)
# new_reports: the detector's reports since the last call (dmesg -c), one a line.
new_reports() { dmesg -c | grep "$REPORT" | sed 's/.*stackleak: //'; }
# echo_test NAME KIND HEX...: each HEX through "stackleak-echo KIND", in modes 1 and 2.
echo_test() {
	t=$1 kind=$2 errs=
	shift 2
	for mode in 1 2; do
		echo $mode > $CHECK
		new_reports >/dev/null
		before=$(cat $LEAKS)
		for hex in "$@"; do
			out=$(stackleak-echo "$kind" "$hex")
			[ "$out" = same ] || errs="$errs; mode $mode: ${hex:0:24}...: $out"
		done
		rep=$(new_reports | head -1)
		[ -z "$rep" ] || errs="$errs; mode $mode: reported: $rep"
		[ "$(cat $LEAKS)" = "$before" ] || errs="$errs; mode $mode: leaks counts changed"
	done
	if [ -z "$errs" ]; then result $t PASS "$# byte pattern(s), modes 1 and 2: unchanged, nothing reported"
	else result $t FAIL "${errs#; }"
	fi
}
echo_test leak-false-name name $C$ABC $U$ABC
# uname()'s stack copy holds the node name at offset 65 of a struct of chars: each
# pattern after 0 to 7 bytes of "x", so that one of them lies on whole stack words.
pads="- 78 7878 787878 78787878 7878787878 787878787878 78787878787878"
names=
for x in $pads; do
	x=${x#-}
	names="$names $x$C$C$C$C$C$C$ABC $x$U$U$U$U$U$U$ABC $x$H$H$H$H$H$H$ABC"
done
echo_test leak-false-uname uname $names

T=leak-false-random
mib=${LEAK_RANDOM_MIB:-8192}
echo 2 > $CHECK
new_reports >/dev/null
before=$(cat $LEAKS)
start=$(date +%s)
g=$(stackleak-echo getrandom $((mib / 2)))
u=$(stackleak-echo urandom $((mib - mib / 2)))
secs=$(( $(date +%s) - start ))
rep=$(new_reports | head -1)
if [ "$g" != "read $((mib / 2)) MiB" ] || [ "$u" != "read $((mib - mib / 2)) MiB" ]; then
	result $T FAIL "getrandom: $g; urandom: $u"
elif [ -n "$rep" ] || [ "$(cat $LEAKS)" != "$before" ]; then
	result $T FAIL "reported: ${rep:-a count changed}"
else
	result $T PASS "$mib MiB (getrandom $((mib / 2)), /dev/urandom $((mib - mib / 2))) in ${secs}s, mode 2: nothing reported"
fi

T=leak-known-poison
k=$(poison_hex)
echo 1 > $CHECK
new_reports >/dev/null
out1=$(stackleak-echo name "$k$ABC")
rep=$(new_reports | head -1)
# The host name after each pad: exactly one puts the poison on a whole word.
uout= hits=
for x in $pads; do
	x=${x#-}
	n0=$(leak_count __do_sys_newuname)
	o=$(stackleak-echo uname "$x$k$ABC")
	[ "$o" = same ] || uout="$uout ${#x}:$o"
	[ "$(leak_count __do_sys_newuname)" = "$n0" ] || hits="$hits $((${#x} / 2))"
done
uout=${uout:-same}
urep=$(new_reports | grep newuname | head -1)
echo 2 > $CHECK
out2=$(stackleak-echo name "$k$ABC")
printf '%s\n' __do_sys_prctl __do_sys_newuname >> $PROVOKED
if [ "$out1" != same ] || [ "$uout" != same ]; then
	result $T FAIL "mode 1 changed the data: name $out1, uname $uout"
elif ! echo "$rep" | grep -q '__do_sys_prctl.*: 8 of 16 bytes are poison, the first at offset 0;'; then
	result $T FAIL "no or wrong report for the name: '${rep:-none}'"
elif [ "$(echo $hits | wc -w)" != 1 ] || ! echo "$urep" | grep -q '__do_sys_newuname.*: 8 of 390 bytes are poison'; then
	result $T FAIL "host name: reported after pads of '${hits# }' byte(s) (want exactly one); report '${urep:-none}'"
elif [ "$out2" != "changed: 0000000000000000${ABC}00" ]; then
	result $T FAIL "mode 2: '$out2', want the 8 poison bytes zeroed"
else
	result $T PASS "this boot's poison as a thread name and a host name (after a pad of$hits byte(s)): reported at prctl and newuname, zeroed in mode 2"
fi
T=leak-learned-poison
echo 2 > $CHECK
new_reports >/dev/null
alt='(__do_sys|__x64_sys)_sigaltstack' adj='(__do_sys|__x64_sys)_(adjtimex|clock_adjtime)'
n1=$(leak_count "$alt")
out=$(stackleak-leak sigaltstack-autodisarm)
n2=$(leak_count "$alt")
half=${k:8:8}
a1=$(leak_count "$adj")
echoed=$(stackleak-echo adjtimex "01000000$half")
a2=$(leak_count "$adj")
rep=$(new_reports | grep adjtime | head -1)
printf '%s\n' __do_sys_adjtimex __x64_sys_adjtimex __do_sys_clock_adjtime __x64_sys_clock_adjtime >> $PROVOKED
if [ "${k:6:2}" = 80 ]; then
	# ss_flags' top byte (0x80) then extends the poison run to 5 bytes beside a 0: reported.
	result $T SKIP "this boot's poison has 0x80 in byte 3, so the SS_AUTODISARM hole is reported (1 boot in 255)"
elif [ "${out#* }" != "pad=$half" ] || [ "$n2" != "$n1" ]; then
	result $T FAIL "SS_AUTODISARM: user saw '$out' (poison's top half: $half), sigaltstack count $n1 -> $n2 (want unchanged)"
elif [ "$echoed" != "changed: 0100000000000000" ] || [ "$a2" != $((a1 + 1)) ]; then
	result $T FAIL "adjtimex: '$echoed' (want the 4 bytes zeroed), count $a1 -> $a2 (want +1)"
elif ! echo "$rep" | grep -q ': 4 of 208 bytes are poison, the first at offset 204;'; then
	result $T FAIL "adjtimex: wrong report '${rep:-none}'"
else
	result $T PASS "mode 2: SS_AUTODISARM'd sigaltstack gave uid 65534 '${out#* }' unreported; echoed through adjtimex: reported ($(echo "$rep" | cut -d: -f1)), zeroed"
fi
echo "$old_mode" > $CHECK
