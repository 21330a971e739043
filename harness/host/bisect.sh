#!/bin/bash
# Bisectability check: the tree after some steps of the series, for the architecture of
# ARCH= (default x86_64): configure and build it with the harness's config fragments, then
# boot it in QEMU and run the core guest tests (STACKLEAK_ERASING on every CPU, every exit
# path, the negative control: BISECT_TESTS, default 10,15,40; BOOT=0 builds only).
# Usage: harness/host/bisect.sh            -> after patch 1 (the runtime) and after the last one
#        STEPS="1 2 3" harness/host/bisect.sh, STEPS=all harness/host/bisect.sh -> those steps
#        PATCHDIR=dir: take the patches from dir instead of build/patches (make patches)
# Source worktree build/series-bisect/src, objects build/series-bisect/obj[-ARCH]-N (kept, so a
# re-run is incremental; ccache as in lib.sh), serial log obj[-ARCH]-N/qemu.log.
# Prints PASS:/FAIL: bisect[-ARCH]-step-N (build) and bisect[-ARCH]-step-N-boot lines.
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

# The guest for the boots: the initramfs of this architecture, packed once per run.
BISECT_TESTS=${BISECT_TESTS:-10,15,40}
[ "${BOOT:-1}" != 1 ] || "$H/pipeline/initramfs.sh" > "$B/bisect-initramfs$ASUF.out" 2>&1 ||
	die "initramfs.sh failed: see $B/bisect-initramfs$ASUF.out"

mkdir -p "$D"
[ -d "$W" ] || git -C "$L" worktree add -q --detach "$W" pristine
cd "$W"
[ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ] || die "$PWD is not a worktree of $L"

fail=0
for k in $STEPS; do
	[ "$k" -ge 1 ] && [ "$k" -le "$n" ] || die "step $k: the series has $n patches"
	c=${C[$((k - 1))]}
	git checkout -q --detach "$c"    # rewrites only changed files: objects stay valid
	echo "=== bisect step $k/$n ($HARCH): $(git log --format=%s -1 "$c")"
	obj=$D/obj$ASUF-$k name=bisect$ASUF-step-$k
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
		echo "PASS: $name: $(basename "${P[$((k - 1))]}") configures and builds ($(( $(date +%s) - start ))s)"
	else
		tail -n 30 "$obj/build.out" 2>/dev/null || true
		echo "FAIL: $name: $(basename "${P[$((k - 1))]}") does not configure or build (see $obj/build.log)"
		fail=1
		continue
	fi
	[ "${BOOT:-1}" = 1 ] || continue
	# Every step must keep STACKLEAK on: the config must have it before the boot counts.
	grep -q '^CONFIG_GCC_PLUGIN_STACKLEAK=y' "$obj/.config" ||
		{ echo "FAIL: $name-boot: CONFIG_GCC_PLUGIN_STACKLEAK is not set at this step"; fail=1; continue; }
	start=$(date +%s)
	KERNEL=$obj/$KIMAGE LOG=$obj/qemu.log EXTRA_APPEND="tests=$BISECT_TESTS" \
		"$H/pipeline/boot.sh" > "$obj/boot.out" 2>&1 || true
	if "$H/pipeline/verdict.sh" "$obj/qemu.log" > "$obj/verdict.out" 2>&1; then
		echo "PASS: $name-boot: tests $BISECT_TESTS pass ($(grep -c 'RESULT: .* PASS' "$obj/qemu.log") results, $(( $(date +%s) - start ))s)"
	else
		tail -n 20 "$obj/verdict.out"
		echo "FAIL: $name-boot: tests $BISECT_TESTS (see $obj/qemu.log)"
		fail=1
	fi
done
[ $fail = 0 ]
