#!/bin/bash
# What STACKLEAK's instrumentation adds to compile time: recompile a sample of a built
# kernel's objects with their exact Kbuild command lines (from the .cmd files, ccache
# off, output thrown away), once as built and once without the instrumentation's flags
# (GCC: the plugin; Clang: -fsanitize-coverage=stack-depth), alternating, and compare the
# CPU time (user + sys). With a GCC and a Clang kernel, the "without" columns also compare
# the two compilers on those objects. Usage: plugin-cost.sh NAME=OBJDIR...
# Prints a TSV: kernel, objects, cpu_s with instrumentation, cpu_s without, overhead %.
set -eu -o pipefail
. "$(dirname "$0")/../lib.sh"
SAMPLE=${PLUGIN_COST_SAMPLE:-"kernel/*.o mm/*.o fs/*.o"}
REPS=${PLUGIN_COST_REPS:-3}
[ $# -gt 0 ] || die "usage: $0 NAME=OBJDIR..."
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export CCACHE_DISABLE=1
printf 'kernel\tobjects\twith_s\twithout_s\toverhead_pct\n'
for arg in "$@"; do
	name=${arg%%=*} obj=${arg#*=}
	[ -f "$obj/vmlinux" ] || die "$obj: not a built kernel"
	cd "$obj"
	: > "$TMP/with.sh"
	: > "$TMP/without.sh"
	n=0
	for o in $SAMPLE; do
		c=$(dirname "$o")/.$(basename "$o").cmd
		[ -f "$c" ] || continue
		# The compile only: Kbuild appends "; objtool ..." to it.
		cmd=$(sed -n 's/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$c" | head -1 | sed 's/ *;.*//')
		# Only instrumented C compiles (one object each), and how to strip the flags.
		case $cmd in
		*"-fno-sanitize-coverage=stack-depth"*) continue ;;	# excluded file
		*"-fplugin="*stackleak_plugin*" -c -o "*.c)
			strip='s/ -fplugin=[^ ]*stackleak_plugin[^ ]*//; s/ -fplugin-arg-stackleak_plugin-[^ ]*//g; s/ -DSTACKLEAK_PLUGIN//' ;;
		*"-fsanitize-coverage=stack-depth"*" -c -o "*.c)
			strip='s/ -fsanitize-coverage=stack-depth//; s/ -fsanitize-coverage-stack-depth-callback-min=[^ ]*//' ;;
		*) continue ;;
		esac
		# Keep Kbuild's dependency files and objects untouched.
		cmd=$(echo "$cmd" | sed -e 's/-Wp,-MMD,[^ ]*//' -e "s| -o [^ ]* | -o $TMP/out.o |")
		echo "$cmd" >> "$TMP/with.sh"
		echo "$cmd" | sed -e "$strip" >> "$TMP/without.sh"
		n=$((n + 1))
	done
	[ $n -gt 0 ] || die "$obj: no STACKLEAK-instrumented objects in the sample ($SAMPLE)"
	! grep -q 'stackleak_plugin\| -fsanitize-coverage=stack-depth' "$TMP/without.sh" || die "could not strip the instrumentation flags"
	w=0 wo=0
	for r in $(seq "$REPS"); do
		for v in with without; do
			/usr/bin/time -f '%U %S' -o "$TMP/time" bash -e "$TMP/$v.sh" >/dev/null 2>"$TMP/err" ||
				{ tail -5 "$TMP/err" >&2; die "$name: a compile failed ($v instrumentation)"; }
			t=$(awk '{ print $1 + $2 }' "$TMP/time")
			echo "  $name rep $r, $v instrumentation: ${t}s CPU for $n objects" >&2
			if [ $v = with ]; then w=$(echo "$w $t" | awk '{ print $1 + $2 }'); else wo=$(echo "$wo $t" | awk '{ print $1 + $2 }'); fi
		done
	done
	echo "$name $n $w $wo $REPS" | awk -v OFS='\t' '{ print $1, $2, $3 / $5, $4 / $5, ($3 - $4) / $4 * 100 }'
	cd - >/dev/null
done
