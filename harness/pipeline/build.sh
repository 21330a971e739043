#!/bin/bash
# Build the boot image ($KIMAGE of harness/arch/$ARCH/arch.sh) out of tree ($OBJ);
# incremental via Kbuild. Prints elapsed time and warnings.
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
[ -f "$OBJ/.config" ] || die "no $OBJ/.config: run harness/pipeline/config.sh first"
LOG=$OBJ/build.log
start=$(date +%s)
# Kbuild rebuilds an object when its command line changes, not when the GCC
# plugin behind -fplugin= does: after a plugin change every object is stale.
plugin_sum=
if grep -q '^CONFIG_GCC_PLUGINS=y' "$OBJ/.config"; then
	plugin_sum=$(cat "$SRC"/scripts/gcc-plugins/*.[ch] | sha256sum | cut -d' ' -f1)
	if [ -f "$OBJ/vmlinux" ] && [ "$(cat "$OBJ/.plugin-sum" 2>/dev/null)" != "$plugin_sum" ]; then
		echo "build: GCC plugin sources changed since the last build of $OBJ: make clean first"
		kmake clean >/dev/null
	fi
fi
echo "build: make -C $SRC O=$OBJ -j$(nproc) ${KIMAGE##*/} (CC=$KCC)"
# Kbuild's short "CC foo.o" lines are the progress output; a full copy goes to $LOG.
if ! kmake -j"$(nproc)" "${KIMAGE##*/}" 2>&1 | tee "$LOG"; then
	echo "build: FAILED after $(( $(date +%s) - start ))s; errors:" >&2
	grep -E 'error:|Error [0-9]' "$LOG" | head -40 >&2
	exit 1
fi
[ -z "$plugin_sum" ] || echo "$plugin_sum" > "$OBJ/.plugin-sum"
warnings=$(grep -c 'warning:' "$LOG" || true)
if [ "$warnings" -gt 0 ]; then
	echo "build: $warnings warning(s):"
	grep -A3 'warning:' "$LOG" | head -100
fi
echo "build: done in $(( $(date +%s) - start ))s, $warnings warning(s)"
echo "  vmlinux: $OBJ/vmlinux"
echo "  ${KIMAGE##*/}: $OBJ/$KIMAGE"
# The compiler's work, counted where it ends up: tracking calls left in vmlinux
# (Clang calls the tracker by its second name, __sanitizer_cov_stack_depth).
if grep -q '^CONFIG_STACKLEAK=y' "$OBJ/.config"; then
	sites=$($KOBJDUMP -d --no-show-raw-insn "$OBJ/vmlinux" |
		grep -cE "$CALL_INSN.*<(stackleak_track_stack|__sanitizer_cov_stack_depth)>" || true)
	echo "  stackleak: $sites tracking call sites in vmlinux"
fi
