#!/bin/bash
# Check the generated series (build/patches, `make patches`) the way a reviewer would:
# - every patch passes scripts/checkpatch.pl --strict of the pristine tree with 0 errors
#   and 0 warnings; CHECKs only if the cover letter justifies them (it names their type);
# - the series applies with git am to a pristine checkout, and gives exactly the tree that
#   `make` builds (build/linux). The checkout is series.sh's scratch worktree
#   build/series-wt, reset to pristine (same content as a fresh checkout, in seconds).
# Two waivers, explained in patches/cover-letter.txt: UNKNOWN_COMMIT_ID, since the pristine
# tree is a release tarball without git history, so checkpatch cannot resolve a Fixes: id;
# COMPLEX_MACRO on the definitions of the section attribute lists __init, __exit, __meminit
# and __head only (checkpatch reads a list of attributes as an expression); and with
# 6.12's checkpatch, MACRO_ARG_UNUSED on a stub that must not evaluate its arguments.
# - the same checkpatch for patches/upstream-fixes/ (waivers named in its series file),
#   and git am of those on pristine.
# Prints PASS:/FAIL: lines; exit 1 on any failure.
set -eu
. "$(dirname "$0")/../lib.sh"
fixed_git_identity
L=$B/linux W=$B/series-wt
COVER=$B/patches/0000-cover-letter.patch
mapfile -t P < <(series_patches)
[ ${#P[@]} -gt 0 ] && [ -f "$COVER" ] || { echo "FAIL: series: no build/patches (run make patches)"; exit 1; }
git -C "$L" rev-parse -q --verify pristine >/dev/null || { echo "FAIL: series: no pristine tree"; exit 1; }

reset_worktree "$W"
# checkpatch's SPDX check (scripts/spdxcheck.py) needs python3-ply and python3-git
# (deps.sh): prefer Debian's python3, which has them, to another python3 in PATH.
/usr/bin/python3 -c "import ply, git" 2>/dev/null && export PATH=/usr/bin:$PATH
python3 -c 'import ply, git' 2>/dev/null || echo "note: python3-ply or python3-git missing: checkpatch's SPDX check will fail"

# checkpatch_one PATCH NAME WAIVERS: PASS/FAIL line for one patch; WAIVERS is the file that
# must name (and explain) each waived or accepted finding type.
checkpatch_one() {
	local p=$1 name=$2 COVER=$3 rc out findings why nerr nwarn waived t f l summary
	rc=0
	out=$(./scripts/checkpatch.pl --strict --showfile --terse --show-types "$p" 2>&1) || rc=$?
	findings=$(grep -E ': (ERROR|WARNING|CHECK):' <<< "$out" || true)
	[ -z "$findings" ] || sed 's/^/    /' <<< "$findings"
	why=
	nerr=$(grep -c ': ERROR:' <<< "$findings" || true)
	nwarn=$(grep -c ': WARNING:' <<< "$findings" || true)
	# Waivers (see the header): a warning type the cover letter names and explains.
	waived=
	for t in $(sed -n 's/.*: WARNING:\([A-Z_]*\):.*/\1/p' <<< "$findings" | sort -u); do
		case $t in UNKNOWN_COMMIT_ID|MACRO_ARG_UNUSED) ;; *) continue ;; esac
		grep -q "$t" "$COVER" || continue
		nwarn=$((nwarn - $(grep -c ": WARNING:$t:" <<< "$findings")))
		waived="$waived ($t waived, see ${COVER#"$ROOT"/})"
	done
	# COMPLEX_MACRO where the flagged line (in the tree the series builds) defines one of
	# the section attribute lists.
	while IFS=: read -r f l _; do
		git -C "$L" show "series-applied:$f" 2>/dev/null | sed -n "${l}p" |
			grep -qE '^#define[[:space:]]+__(init|exit|meminit|head)[[:space:]]' || continue
		grep -q COMPLEX_MACRO "$COVER" || continue
		nerr=$((nerr - 1))
		waived="$waived (COMPLEX_MACRO on $f:$l waived, see ${COVER#"$ROOT"/})"
	done < <(grep ': ERROR:COMPLEX_MACRO:' <<< "$findings" || true)
	[ "$nerr" = 0 ] || why="$why, $nerr error(s)"
	[ "$nwarn" = 0 ] || why="$why, $nwarn warning(s)"
	# CHECKs: each type must be named in the cover letter.
	for t in $(sed -n 's/.*: CHECK:\([A-Z_]*\):.*/\1/p' <<< "$findings" | sort -u); do
		grep -q "$t" "$COVER" || why="$why, CHECK $t not justified in the cover letter"
	done
	# --terse prints a "total:" line only when it found something.
	summary=$(grep -E '^total: ' <<< "$out" || echo "total: 0 errors, 0 warnings, 0 checks")
	if [ $rc != 0 ] && [ -z "$findings" ]; then
		why="$why, checkpatch failed: $(tail -n 3 <<< "$out" | tr '\n' ' ')"
	fi
	grep -q Traceback <<< "$out" && why="$why, a checkpatch helper crashed: $(grep -m1 Error <<< "$out")"
	if [ -z "$why" ]; then
		echo "PASS: $name: ${summary:-}$waived"
	else
		echo "FAIL: $name: ${why#, }"; return 1
	fi
}

fail=0
for p in "${P[@]}"; do
	checkpatch_one "$p" "checkpatch-$(basename "$p" | cut -c1-4)" "$COVER" || fail=1
done

if git am -q "${P[@]}"; then
	echo "PASS: series-applies: git am of ${#P[@]} patches on pristine"
	if [ "$(git rev-parse HEAD^{tree})" = "$(git -C "$L" rev-parse series-applied^{tree})" ] &&
		[ "$(git -C "$L" rev-list --count series-applied..HEAD)" = "$(ls "$PATCHES"/test/*.patch 2>/dev/null | wc -l)" ]; then
		echo "PASS: series-is-built-tree: build/linux is exactly pristine + the series (+ $(ls "$PATCHES"/test/*.patch 2>/dev/null | wc -l) test-only patch(es) on top)"
	else
		echo "FAIL: series-is-built-tree: build/linux differs from pristine + build/patches (run make tree)"; fail=1
	fi
else
	git am --abort >/dev/null 2>&1 || true
	echo "FAIL: series-applies: git am of build/patches on pristine failed"; fail=1
fi

# The fixes for the base tree's own STACKLEAK (patches/upstream-fixes/): each checkpatch-clean
# (waivers named in their series file), and all apply with git am to pristine.
mapfile -t F < <(upstream_fixes)
i=0
for p in "${F[@]}"; do
	i=$((i + 1))
	checkpatch_one "$p" "checkpatch-upstream-fix-$i" \
		"$PATCHES/upstream-fixes/series" || fail=1
done
reset_worktree "$W"
if [ ${#F[@]} -gt 0 ] && git am -q "${F[@]}"; then
	echo "PASS: upstream-fixes-apply: git am of ${#F[@]} patches on pristine"
else
	git am --abort >/dev/null 2>&1 || true
	echo "FAIL: upstream-fixes-apply: git am of patches/upstream-fixes/series on pristine failed"; fail=1
fi
[ $fail = 0 ]
