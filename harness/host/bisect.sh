#!/bin/bash
# Bisectability check: configure and build (bzImage) the tree after some steps of the
# series, each in its own object dir, with the harness's config fragments.
# Usage: harness/host/bisect.sh            -> after patch 1 (the runtime) and after the last one
#        STEPS="1 2 3" harness/host/bisect.sh, STEPS=all harness/host/bisect.sh -> those steps
#        PATCHDIR=dir: take the patches from dir instead of build/patches (make patches)
# Source worktree build/series-bisect/src, objects build/series-bisect/obj-N (kept, so a
# re-run is incremental; ccache as in lib.sh). Prints PASS:/FAIL: bisect-step-N lines.
# A requested option that the tree at a step does not define yet (e.g. an optional
# patch's) is not required there: it becomes "# optional:" (config.sh);
# before the last step every option is optional (config.sh warns when one does not stick,
# e.g. before an architecture can enable STACKLEAK); the last step requires them all.
set -eu
. "$(dirname "$0")/../lib.sh"
fixed_git_identity
L=$B/linux D=$B/series-bisect
W=$D/src
PATCHDIR=${PATCHDIR:-$B/patches}
FRAGS=$(frag_files ${FRAGS:-minimal stackleak})
git -C "$L" rev-parse -q --verify pristine >/dev/null || die "no pristine tree: run harness/pipeline/tree.sh"
mapfile -t P < <(ls "$PATCHDIR"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | grep -v '/0000-cover-letter\.patch$')
[ ${#P[@]} -gt 0 ] || die "no patches in $PATCHDIR: run make patches"
n=${#P[@]}
STEPS=${STEPS:-1 $n}
[ "$STEPS" = all ] && STEPS=$(seq 1 "$n")

# Apply the whole series once, in series.sh's scratch worktree (so that the build tree
# $W only ever moves between the commits it builds); step k = k-th commit after pristine.
A=$B/series-wt
[ -d "$A" ] || git -C "$L" worktree add -q --detach "$A" pristine
cd "$A"
[ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ] || die "$PWD is not a worktree of $L"
git am --abort >/dev/null 2>&1 || true
base=$(git rev-parse pristine)
git reset -q --hard "$base"
git clean -qffdx
git am -q "${P[@]}" || { git am --abort >/dev/null 2>&1 || true; die "the series in $PATCHDIR does not apply to pristine"; }
mapfile -t C < <(git rev-list --reverse "$base"..HEAD)

mkdir -p "$D"
[ -d "$W" ] || git -C "$L" worktree add -q --detach "$W" pristine
cd "$W"
[ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ] || die "$PWD is not a worktree of $L"

fail=0
for k in $STEPS; do
	[ "$k" -ge 1 ] && [ "$k" -le "$n" ] || die "step $k: the series has $n patches"
	c=${C[$((k - 1))]}
	git checkout -q --detach "$c"    # rewrites only changed files: objects stay valid
	echo "=== bisect step $k/$n: $(git log --format=%s -1 "$c")"
	obj=$D/obj-$k
	mkdir -p "$obj"
	# Fragments for this tree: requested options it does not define become optional.
	frags= i=0
	for f in $FRAGS; do
		# Numbered: a fragment and its architecture part share a name.
		i=$((i + 1))
		out=$obj/frag-$i-$(basename "$f")
		cp "$f" "$out"
		for sym in $(sed -n 's/^\(# \)\{0,1\}\(CONFIG_[A-Za-z0-9_]*\)[= ].*/\2/p' "$f" | sort -u); do
			if ! git grep -qE "^[[:space:]]*(menu)?config ${sym#CONFIG_}([[:space:]]|$)" "$c" -- '*Kconfig*'; then
				echo "# optional: $sym (not defined at step $k)" >> "$out"
				echo "bisect: step $k: $sym is not defined in this tree, not required"
			elif [ "$k" -lt "$n" ]; then
				# Defined, but maybe not selectable yet (e.g. no architecture before
				# the x86 patch): config.sh warns if it does not stick; the last step
				# must have them all.
				echo "# optional: $sym (step $k of $n)" >> "$out"
			fi
		done
		frags="$frags $out"
	done
	start=$(date +%s)
	if SRC=$W OBJ=$obj FRAGS=$frags nice "$H/pipeline/config.sh" &&
	   SRC=$W OBJ=$obj nice "$H/pipeline/build.sh" > "$obj/build.out" 2>&1; then
		tail -n 4 "$obj/build.out"
		echo "PASS: bisect-step-$k: $(basename "${P[$((k - 1))]}") configures and builds ($(( $(date +%s) - start ))s)"
	else
		tail -n 30 "$obj/build.out" 2>/dev/null || true
		echo "FAIL: bisect-step-$k: $(basename "${P[$((k - 1))]}") does not configure or build (see $obj/build.log)"
		fail=1
	fi
done
[ $fail = 0 ]
