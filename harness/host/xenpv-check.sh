#!/bin/bash
# Xen PV returns to user space reach the erase: checked in the disassembly of a
# CONFIG_XEN_PV=y vmlinux (make test-configs builds one; Xen PV itself cannot boot here).
# Under Xen PV (X86_FEATURE_XENPV) every return to user space leaves through
# swapgs_restore_regs_and_return_to_usermode, whose alternative jumps at once to
# xenpv_restore_regs_and_return_to_usermode (it cannot switch to the trampoline stack);
# the SYSCALL and compat exits' alternatives jump to the former instead of SYSRET.
# Checks: (1) xenpv_restore_regs_and_return_to_usermode calls stackleak_erase before it
# jumps to xen_iret; (2) the alternatives jump there, and SYSRET's Xen replacements
# take the IRET path; (3) no other code jumps to xen_iret (early_xen_iret_patch, the
# kernel-mode return, is patched to it at boot, not in the image).
# Usage: xenpv-check.sh VMLINUX. Prints PASS:/FAIL: lines; exit 1 on a FAIL.
set -eu
. "$(dirname "$0")/../lib.sh"
VM=${1:-}
[ -f "$VM" ] || die "usage: $0 VMLINUX (a CONFIG_XEN_PV=y build)"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
objdump -d --no-show-raw-insn "$VM" > "$T/dis"
awk '/^[0-9a-f]+ <xenpv_restore_regs_and_return_to_usermode>:$/ { on = 1; next }
	on && /^$/ { exit } on' "$T/dis" > "$T/xenpv"
erase=$(grep -n "call.*<stackleak_erase>" "$T/xenpv" | head -1 | cut -d: -f1)
iret=$(grep -n "jmp.*<xen_iret>" "$T/xenpv" | head -1 | cut -d: -f1)
if [ ! -s "$T/xenpv" ]; then
	echo "FAIL: xenpv-erase: no xenpv_restore_regs_and_return_to_usermode in $VM (CONFIG_XEN_PV?)"; fail=1
elif [ -n "$erase" ] && [ -n "$iret" ] && [ "$erase" -lt "$iret" ]; then
	echo "PASS: xenpv-erase: xenpv_restore_regs_and_return_to_usermode calls stackleak_erase (insn $erase) before jmp xen_iret (insn $iret)"
else
	echo "FAIL: xenpv-erase: xenpv_restore_regs_and_return_to_usermode: call stackleak_erase at insn ${erase:-none}, jmp xen_iret at ${iret:-none}"; fail=1
fi
# By address: objdump may name a target after another symbol at the same place
# (swapgs_restore_regs_and_return_to_usermode shows as __irqentry_text_end).
objdump -d --no-show-raw-insn -j .altinstr_replacement "$VM" > "$T/alt"
addr() { nm "$VM" | awk -v s="$1" '$3 == s { print $1; exit }'; }
jumps_to() { if [ -n "$1" ]; then grep -cE "jmp +$1( |$)" "$T/alt" || true; else echo 0; fi; }
to_xenpv=$(jumps_to "$(addr xenpv_restore_regs_and_return_to_usermode)")
to_iret=$(jumps_to "$(addr swapgs_restore_regs_and_return_to_usermode)")
if [ "$to_xenpv" -ge 1 ] && [ "$to_iret" -ge 3 ]; then
	echo "PASS: xenpv-alternatives: $to_xenpv replacement(s) jump to xenpv_restore_regs_and_return_to_usermode, $to_iret to swapgs_restore_regs_and_return_to_usermode (SYSCALL, compat SYSENTER and SYSCALL exits)"
else
	echo "FAIL: xenpv-alternatives: $to_xenpv replacement(s) to xenpv_restore_regs_and_return_to_usermode (want 1+), $to_iret to swapgs_restore_regs_and_return_to_usermode (want 3+)"; fail=1
fi
others=$(awk '/^[0-9a-f]+ <.*>:$/ { f = $2 } /(jmp|call).*<xen_iret>/ { print f }' "$T/dis" |
	grep -v '^<xenpv_restore_regs_and_return_to_usermode>:$' | sort -u | tr '\n' ' ' || true)
if [ -z "$others" ]; then
	echo "PASS: xenpv-iret-callers: only xenpv_restore_regs_and_return_to_usermode jumps to xen_iret"
else
	echo "FAIL: xenpv-iret-callers: also jumped to from $others"; fail=1
fi
[ $fail = 0 ]
