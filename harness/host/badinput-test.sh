#!/bin/bash
# Bad input to the host side of the harness: each must fail early with a message that
# names the culprit (guest-side bad input: guest/tests/30-*.sh and 35-*.sh; plugin
# arguments: plugin-test.sh).
#  - CONFIG_STACKLEAK_TRACK_MIN_SIZE out of range (5000, -1): Kconfig drops a user value
#    outside "range 0 1024" and uses the default, so config.sh must fail naming the
#    option (never a build that fails later). The range must be what the plugin accepts.
#  - a guest that hangs: boot.sh must stop QEMU at BOOT_TIMEOUT (exit 124, "HARNESS:
#    TIMEOUT" in the log) and verdict.sh must fail saying "timeout".
#  - a missing or damaged kernel tarball: tree.sh must fail at once naming the path.
#  - a package apt does not know: deps.sh must fail naming it.
# Output: "PASS: name[: detail]" / "FAIL: name: why" / "SKIP: name: why" per case, then
# "N passed, M failed". Runs in about 1-2 minutes (two Kconfig runs, one 15 s boot).
set -u
. "$(dirname "$0")/../lib.sh"
TMP=$(mktemp -d /tmp/badinput.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
passed=0 failed=0 skipped=0

# run NAME FUNC [ARGS...]: FUNC prints the detail; exit 0 PASS, 77 SKIP, else FAIL.
run() {
	name=$1
	shift
	rc=0
	out=$("$@" 2>&1) || rc=$?
	out=$(printf '%s' "$out" | tr '\n' ' ' | cut -c1-300)
	case $rc in
	0) echo "PASS: $name${out:+: $out}"; passed=$((passed + 1)) ;;
	77) echo "SKIP: $name: $out"; skipped=$((skipped + 1)) ;;
	*) echo "FAIL: $name: ${out:-exit $rc}"; failed=$((failed + 1)) ;;
	esac
}

# ---- CONFIG_STACKLEAK_TRACK_MIN_SIZE out of range -----------------------------------
SYM=CONFIG_STACKLEAK_TRACK_MIN_SIZE
KSRC=$B/linux
kconfig_ok() { [ -f "$KSRC/Makefile" ] && [ -f "$KSRC/security/Kconfig.stackleak" ]; }

# t_min_size VALUE: config.sh with VALUE in a last fragment must fail, its only
# MISSING line naming the option with the value asked for and the one Kconfig kept.
t_min_size() {
	kconfig_ok || { echo "no patched tree at $KSRC"; return 77; }
	frag=$TMP/min-size.config
	echo "$SYM=$1" > "$frag"
	log=$TMP/config-$1.log
	rc=0
	OBJ=$TMP/obj SRC=$KSRC FRAGS="minimal stackleak $frag" \
		"$H/pipeline/config.sh" > "$log" 2>&1 || rc=$?
	[ $rc != 0 ] || { echo "config.sh accepted $SYM=$1"; return 1; }
	missing=$(grep '^config: MISSING' "$log")
	# Kconfig puts the default back (6.1) or the nearest bound of the range (6.12).
	want="config: MISSING $SYM: wanted '$SYM=$1', got '$SYM=\(100\|0\|1024\)'"
	[ "$(echo "$missing" | wc -l)" = 1 ] && echo "$missing" | grep -qx "$want" ||
		{ echo "exit $rc; expected only \"$want\", got: $(tail -n 3 "$log")"; return 1; }
	grep -q 'requested options did not survive' "$log" || { echo "no summary line: $(tail -n 2 "$log")"; return 1; }
	! grep -qi 'BUILD_BUG\|Error 2' "$log" || { echo "build-time failure in the log"; return 1; }
	echo "config.sh exit $rc: ${missing#config: }"
}

# The top of the range is what the plugin accepts too, and Kconfig keeps it: checked on
# the scratch config from t_min_size (one olddefconfig, no tinyconfig).
t_min_size_range() {
	kconfig_ok || { echo "no patched tree at $KSRC"; return 77; }
	# The unconditional range is the plugin's ("range 1 1024 if CLANG_STACKLEAK" is Clang's).
	range=$(awk -v s="config ${SYM#CONFIG_}" '$0 == s { p = 1; next } p && /^config / { exit }
		p && $1 == "range" && NF == 3 { print $2, $3; exit }' "$KSRC/security/Kconfig.stackleak")
	pmax=$(sed -n 's/^#define STACKLEAK_MAX_TRACK_MIN_SIZE[[:space:]]*\([0-9]*\).*/\1/p' \
		"$KSRC/scripts/gcc-plugins/stackleak_plugin.c")
	[ -n "$range" ] && [ -n "$pmax" ] || { echo "range '$range' / plugin max '$pmax' not found"; return 1; }
	[ "$range" = "0 $pmax" ] || { echo "Kconfig range $range, plugin accepts 0..$pmax"; return 1; }
	scr=$TMP/obj-kconfig
	[ -f "$scr/.config" ] || { echo "no scratch config from the out-of-range runs"; return 1; }
	sed -i "s/^$SYM=.*/$SYM=$pmax/" "$scr/.config"
	OBJ=$scr kmake -s olddefconfig > "$TMP/olddefconfig.log" 2>&1 || { cat "$TMP/olddefconfig.log"; return 1; }
	got=$(grep "^$SYM=" "$scr/.config")
	[ "$got" = "$SYM=$pmax" ] || { echo "Kconfig changed $SYM=$pmax to '$got'"; return 1; }
	echo "Kconfig range 0..$pmax = plugin's track-min-size range; $pmax kept"
}

run kconfig-min-size-5000 t_min_size 5000
run kconfig-min-size-negative t_min_size -1
run kconfig-min-size-range t_min_size_range

# ---- a guest that hangs ------------------------------------------------------------
# An initramfs with only busybox; rdinit=/bin/sleep makes PID 1 sleep for an hour.
HANG_LOG=$TMP/hang.log
t_qemu_hang() {
	kernel=$OBJ/$KIMAGE
	[ -f "$kernel" ] || { echo "no $kernel (build first)"; return 77; }
	bb=${BUSYBOX:-$GUEST_BUSYBOX}
	d=$TMP/hang-root
	mkdir -p "$d/bin" && cp "$bb" "$d/bin/busybox" && ln -s busybox "$d/bin/sleep"
	( cd "$d" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet ) > "$TMP/hang.cpio"
	start=$(date +%s) rc=0
	KERNEL=$kernel INITRD=$TMP/hang.cpio LOG=$HANG_LOG BOOT_TIMEOUT=15 \
		APPEND="console=$CONSOLE panic=-1 rdinit=/bin/sleep -- 3600" \
		"$H/pipeline/boot.sh" > "$TMP/hang.out" 2>&1 || rc=$?
	took=$(( $(date +%s) - start ))
	# QEMU must be gone (timeout -k 5 kills it if it ignores SIGTERM).
	left=$(pgrep -f "$TMP/hang.cpio" || true)
	if [ -n "$left" ]; then kill -9 $left 2>/dev/null; echo "QEMU still running after boot.sh returned"; return 1; fi
	grep -q 'Run /bin/sleep as init process' "$HANG_LOG" ||
		{ echo "guest did not reach the sleeping init: $(tail -n 3 "$HANG_LOG" | tr -d '\r')"; return 1; }
	[ $rc = 124 ] || { echo "boot.sh exit $rc, want 124"; return 1; }
	grep -q '^HARNESS: TIMEOUT after 15s' "$HANG_LOG" || { echo "no 'HARNESS: TIMEOUT after 15s' in the log"; return 1; }
	[ $took -le 30 ] || { echo "took ${took}s with BOOT_TIMEOUT=15"; return 1; }
	echo "boot.sh exit 124 after ${took}s, log ends with 'HARNESS: TIMEOUT after 15s'"
}
t_verdict_hang() {
	[ -f "$HANG_LOG" ] || { echo "no log from the hang case"; return 77; }
	rc=0
	out=$("$H/pipeline/verdict.sh" "$HANG_LOG" 2>&1) || rc=$?
	line=$(echo "$out" | grep '^verdict:')
	[ $rc != 0 ] || { echo "verdict.sh passed a timed-out boot"; return 1; }
	case $line in *timeout*) ;; *) echo "exit $rc, verdict line lacks 'timeout': '$line'"; return 1 ;; esac
	echo "exit $rc, '$line'"
}
run qemu-hang-timeout t_qemu_hang
run verdict-timeout t_verdict_hang

# ---- kernel tarball missing or damaged ---------------------------------------------
# tree.sh on a scratch repo root (lib.sh puts build/ next to harness/): no build/linux
# yet, so it must look for the tarball and stop before doing anything.
t_tarball() {
	root=$TMP/tree-$1
	mkdir -p "$root/harness/pipeline"
	cp -r "$H/lib.sh" "$H/arch" "$H/base" "$root/harness/"
	cp "$H/pipeline/tree.sh" "$root/harness/pipeline/"
	rc=0 start=$(date +%s)
	TARBALL=$2 "$root/harness/pipeline/tree.sh" --pristine > "$TMP/tree-$1.log" 2>&1 || rc=$?
	took=$(( $(date +%s) - start ))
	msg=$(grep '^error:' "$TMP/tree-$1.log")
	[ $rc != 0 ] || { echo "tree.sh succeeded with TARBALL=$2"; return 1; }
	case $msg in *"$2"*) ;; *) echo "exit $rc, no error line naming $2: $(tail -n 2 "$TMP/tree-$1.log")"; return 1 ;; esac
	[ ! -e "$root/build/linux" ] || { echo "build/linux created anyway"; return 1; }
	[ $took -le 10 ] || { echo "took ${took}s"; return 1; }
	echo "exit $rc: $msg"
}
printf 'not an xz archive\n' > "$TMP/damaged.tar.xz"
run tarball-missing t_tarball missing /nonexistent/linux-source-6.1.tar.xz
run tarball-damaged t_tarball damaged "$TMP/damaged.tar.xz"

# ---- a package that does not exist -------------------------------------------------
t_package() {
	command -v apt-get >/dev/null || { echo "no apt-get"; return 77; }
	[ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null || { echo "needs root or sudo without a password"; return 77; }
	pkg=stackleak-no-such-package
	rc=0
	EXTRA_PKGS=$pkg "$H/pipeline/deps.sh" > "$TMP/deps.log" 2>&1 || rc=$?
	msg=$(grep '^error: deps:' "$TMP/deps.log")
	[ $rc != 0 ] || { echo "deps.sh succeeded"; return 1; }
	case $msg in *"not in the apt sources: $pkg"*) ;;
	*) echo "exit $rc, no error line naming $pkg: $(tail -n 2 "$TMP/deps.log")"; return 1 ;; esac
	echo "exit $rc: $msg"
}
run package-missing t_package

if [ $skipped = 0 ]; then echo "$passed passed, $failed failed"
else echo "$passed passed, $failed failed, $skipped skipped"
fi
[ $failed = 0 ]
