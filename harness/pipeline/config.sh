#!/bin/bash
# Make $OBJ/.config = tinyconfig (or CONFIG_BASE) + Kconfig fragments + olddefconfig, then check every
# requested option survived. FRAGS: fragment names (harness/config/NAME.config, each with
# the architecture's harness/arch/$ARCH/NAME.config after it) or file paths (lib.sh). Re-runs only when its inputs change,
# and replaces $OBJ/.config only when the result differs (keeps Kbuild incremental).
set -eu
. "$(dirname "$0")/../lib.sh"
FRAGS=$(frag_files ${FRAGS:-minimal stackleak leakcheck plant})
[ -f "$SRC/Makefile" ] || die "no kernel tree at $SRC: run harness/pipeline/tree.sh first"
mkdir -p "$OBJ"

# Inputs: fragments, this script, the harness settings, the source tree commit, the compiler.
inputs=$( { cat $FRAGS "$0" "$H/lib.sh" "$HA/arch.sh"; git -C "$SRC" rev-parse HEAD; echo "$KCC"; $KCC0 --version
	     if [ -n "${CONFIG_BASE:-}" ]; then cat "$CONFIG_BASE"; fi; } | sha256sum | cut -d' ' -f1)
if [ -f "$OBJ/.config" ] && [ "$(cat "$OBJ/.harness-config-inputs" 2>/dev/null)" = "$inputs" ]; then
	echo "config: up to date ($OBJ/.config)"; exit 0
fi

# Generate in a scratch object dir: `make tinyconfig` always rewrites .config.
SCR=$OBJ-kconfig
mkdir -p "$SCR"
# Kconfig's "override: ... changes choice state" chatter is expected: keep it in a log.
KLOG=$SCR/kconfig.log
# CONFIG_BASE: a whole configuration (xz or plain) instead of tinyconfig, its modules off
# (mod2noconfig: the guest boots from the initramfs alone), e.g. Debian's (make distro-check).
base() {
	if [ -z "${CONFIG_BASE:-}" ]; then OBJ=$SCR kmake -s tinyconfig; return; fi
	[ -f "$CONFIG_BASE" ] || die "no $CONFIG_BASE"
	xzcat -f "$CONFIG_BASE" > "$SCR/.config"
	OBJ=$SCR kmake -s olddefconfig && OBJ=$SCR kmake -s mod2noconfig
}
{ base &&
  "$SRC/scripts/kconfig/merge_config.sh" -m -O "$SCR" "$SCR/.config" $FRAGS &&
  OBJ=$SCR kmake -s olddefconfig; } >"$KLOG" 2>&1 || { cat "$KLOG" >&2; die "kconfig failed"; }

# Verify the last setting of each option (a later fragment overrides an earlier one).
# "# optional: CONFIG_X" lines in a fragment downgrade a mismatch to a warning.
optional=$(sed -n 's/^# optional: *\(CONFIG_[A-Za-z0-9_]*\).*/\1/p' $FRAGS)
bad=0
while read -r line; do
	case $line in
	CONFIG_*=*) sym=${line%%=*}; want=$line ;;
	"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *}; want= ;;
	*) continue ;;
	esac
	got=$(grep -E "^$sym=" "$SCR/.config" || true)
	if [ "$got" != "$want" ] && ! { [ -z "$want" ] && [ -z "$got" ]; }; then
		msg="$sym: wanted '${want:-not set}', got '${got:-not set}'"
		if echo "$optional" | grep -qx "$sym"; then
			echo "config: warning (optional): $msg"
		else
			echo "config: MISSING $msg" >&2; bad=1
		fi
	fi
done < <(cat $FRAGS | tac | awk '
	/^CONFIG_/ { s = $0; sub(/=.*/, "", s) } /^# CONFIG_.* is not set/ { s = $2 }
	/^CONFIG_|^# CONFIG_.* is not set/ { if (seen[s]++) next } { print }' | tac)
[ $bad = 0 ] || die "requested options did not survive olddefconfig (missing dependencies or value out of range?)"

if cmp -s "$SCR/.config" "$OBJ/.config"; then
	echo "config: $OBJ/.config unchanged"
else
	cp "$SCR/.config" "$OBJ/.config"
	echo "config: wrote $OBJ/.config"
fi
echo "$inputs" > "$OBJ/.harness-config-inputs"
