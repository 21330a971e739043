#!/bin/bash
# The series replaces the in-tree STACKLEAK component by component (patches/cover-letter.txt):
# - at every commit of the series (branch series of build/linux, `make patches`) the
#   architectures that select HAVE_ARCH_STACKLEAK on the pristine tree still do, and
#   GCC_PLUGIN_STACKLEAK still exists: no commit takes STACKLEAK from a user's config;
# - in the final tree, none of upstream's STACKLEAK files that the series rewrites
#   shares a run of 3 or more consecutive non-trivial lines with its pristine version
#   (trivial: blank, braces, #include/#endif/#else, comment delimiters, SPDX lines, and
#   API boilerplate: a line that another file of the same pristine directory also has,
#   such as plugin_init()'s signature or LKDTM's crashtype table).
# Prints PASS:/FAIL: lines; exit 1 on any failure.
set -eu
. "$(dirname "$0")/../lib.sh"
L=$B/linux
git -C "$L" rev-parse -q --verify series >/dev/null || { echo "FAIL: replacement: no series branch (run make patches)"; exit 1; }
sel() { git -C "$L" grep -l '^[[:space:]]*select HAVE_ARCH_STACKLEAK$' "$1" -- 'arch/*/Kconfig' | sed "s/^$1://" | sort; }
want=$(sel pristine)
fail=0 k=0
for c in $(git -C "$L" rev-list --reverse pristine..series); do
	k=$((k + 1))
	have=$(sel "$c")
	lost=$(comm -23 <(echo "$want") <(echo "$have"))
	[ -z "$lost" ] || { echo "FAIL: keeps-arches: commit $k no longer selects HAVE_ARCH_STACKLEAK in: $lost"; fail=1; }
	git -C "$L" grep -qE '^config GCC_PLUGIN_STACKLEAK$' "$c" -- '*Kconfig*' ||
		{ echo "FAIL: keeps-arches: commit $k has no GCC_PLUGIN_STACKLEAK"; fail=1; }
done
[ $fail = 1 ] || echo "PASS: keeps-arches: all $k commits select HAVE_ARCH_STACKLEAK on $(echo $want | sed 's|arch/||g; s|/Kconfig||g') and define GCC_PLUGIN_STACKLEAK"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for f in kernel/stackleak.c include/linux/stackleak.h scripts/gcc-plugins/stackleak_plugin.c \
	 drivers/misc/lkdtm/stackleak.c; do
	git -C "$L" show "pristine:$f" > "$T/old"
	git -C "$L" show "series:$f" > "$T/new"
	d=$(dirname "$f")
	: > "$T/siblings"
	for g in $(git -C "$L" ls-tree --name-only pristine "$d/" | grep -E '\.[ch]$' | grep -vx "$f"); do
		git -C "$L" show "pristine:$g" >> "$T/siblings"
	done
	out=$(python3 - "$T/old" "$T/new" "$T/siblings" <<'PY'
import difflib, re, sys
trivial = re.compile(r'^(|[{}();]*|#\s*(include|endif|else)\b.*|/?\*+/?|//.*SPDX.*|/\* SPDX.*)$')
common = {l.strip() for l in open(sys.argv[3], errors='replace')}
def lines(p):
    return [l.strip() for l in open(p) if not trivial.match(l.strip()) and l.strip() not in common]
a, b = lines(sys.argv[1]), lines(sys.argv[2])
m = difflib.SequenceMatcher(None, a, b, autojunk=False)
runs = [blk for blk in m.get_matching_blocks() if blk.size >= 3]
for blk in runs:
    print(' | '.join(a[blk.a:blk.a + blk.size])[:160])
PY
)
	if [ -n "$out" ]; then
		echo "$out" | sed 's/^/    /'
		echo "FAIL: rewritten-$(echo "$f" | tr / -): shares runs of 3+ lines with the pristine file"; fail=1
	else
		echo "PASS: rewritten-$(echo "$f" | tr / -): no run of 3 non-trivial lines in common with the pristine file"
	fi
done
[ $fail = 0 ]
