#!/bin/bash
# Bisectability check: the tree after some steps of the series, for the architecture of
# ARCH= (default x86_64): configure and build it with the harness's config fragments, then
# boot it in QEMU and run the core guest tests (STACKLEAK_ERASING on every CPU, every exit
# path, the negative control: BISECT_TESTS, default 10,15,40; BOOT=0 builds only).
# Usage: harness/host/bisect.sh            -> after patch 1 and after the last one
#        STEPS="1 2 3" harness/host/bisect.sh, STEPS=all harness/host/bisect.sh -> those steps
#        PATCHDIR=dir: take the patches from dir instead of build/patches (make patches)
#        IMAGES=dir: keep each step's kernel image in dir/step-N/ (make bench-steps)
# Source worktree build/series-bisect/src, one object directory per architecture,
# build/series-bisect/obj[-ARCH], built incrementally from step to step as a developer's
# bisect would (git checkout rewrites only the files that change; each step's .config is
# generated from scratch by config.sh). Kbuild in 6.1 does not rebuild objects when the
# GCC plugin changes, so a step whose plugin differs from the last one built there starts
# from an empty directory. Logs per step: build/series-bisect/logs[-ARCH]/step-N.*.
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
ASKED=$STEPS
[ "$STEPS" = all ] && STEPS=$(seq 1 "$n")

# Apply the whole series once, in series.sh's scratch worktree (so that the build tree
# $W only ever moves between the commits it builds); step k = k-th commit after pristine.
A=$B/series-wt
[ -d "$A" ] || git -C "$L" worktree add -q --detach "$A" pristine
cd "$A"
[ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ] || die "$PWD is not a worktree of $L"
git am --abort >/dev/null 2>&1 || true
base=$(git rev-parse pristine)
git checkout -q --detach    # a branch checked out here (make series-open) must not move
git reset -q --hard "$base"
git clean -qffdx
git am -q "${P[@]}" || { git am --abort >/dev/null 2>&1 || true; die "the series in $PATCHDIR does not apply to pristine"; }
mapfile -t C < <(git rev-list --reverse "$base"..HEAD)

# The guest for the boots: the initramfs of this architecture, packed once per run.
BISECT_TESTS=${BISECT_TESTS:-10,15,40}
[ "${BOOT:-1}" != 1 ] || "$H/pipeline/initramfs.sh" > "$B/bisect-initramfs$ASUF.out" 2>&1 ||
	die "initramfs.sh failed: see $B/bisect-initramfs$ASUF.out"

obj=$D/obj$ASUF logs=$D/logs$ASUF
mkdir -p "$obj" "$logs"
[ -d "$W" ] || git -C "$L" worktree add -q --detach "$W" pristine
cd "$W"
[ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ] || die "$PWD is not a worktree of $L"

# Every PASS/FAIL line also goes to results[-ARCH].log, with the steps' range and date
# (harness/pipeline/results.sh reads it).
RES=${BISECT_RESULTS:-$D/results$ASUF.log}
mkdir -p "$(dirname "$RES")"
echo "# $(date -u +%F) STEPS=$ASKED of $n ($HARCH)" > "$RES"
t0=$(date +%s)
say() { echo "$*"; echo "$*" >> "$RES"; }
fail=0
for k in $STEPS; do
	[ "$k" -ge 1 ] && [ "$k" -le "$n" ] || die "step $k: the series has $n patches"
	c=${C[$((k - 1))]}
	git checkout -q --detach "$c"    # rewrites only changed files: objects stay valid
	echo "=== bisect step $k/$n ($HARCH): $(git log --format=%s -1 "$c")"
	name=bisect$ASUF-step-$k log=$logs/step-$k
	# .bisect-commit: the commit whose plugin built the objects in $obj.
	last=$(cat "$obj/.bisect-commit" 2>/dev/null || true)
	if [ -f "$obj/.config" ] && { [ -z "$last" ] ||
	   ! git diff --quiet "$last" "$c" -- scripts/gcc-plugins scripts/Makefile.gcc-plugins; }; then
		echo "bisect: step $k: objects built by another GCC plugin: discarded"
		rm -rf "$obj" && mkdir -p "$obj"
	fi
	echo "$c" > "$obj/.bisect-commit"
	rm -rf "$log.frags" && mkdir -p "$log.frags"
	# Fragments for this tree: requested options it does not define become optional.
	frags= i=0
	for f in $FRAGS; do
		# Numbered: a fragment and its architecture part share a name.
		i=$((i + 1))
		out=$log.frags/$i-$(basename "$f")
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
	   SRC=$W OBJ=$obj nice "$H/pipeline/build.sh" > "$log.build.out" 2>&1; then
		tail -n 4 "$log.build.out"
		# IMAGES=DIR: keep each step's kernel as DIR/step-N/<image> (make bench-steps).
		if [ -n "${IMAGES:-}" ]; then
			mkdir -p "$IMAGES/step-$k/$(dirname "$KIMAGE")"
			cp "$obj/$KIMAGE" "$IMAGES/step-$k/$KIMAGE"
		fi
		say "PASS: $name: $(basename "${P[$((k - 1))]}") configures and builds ($(( $(date +%s) - start ))s)"
	else
		tail -n 30 "$log.build.out" 2>/dev/null || true
		say "FAIL: $name: $(basename "${P[$((k - 1))]}") does not configure or build (see $log.build.out)"
		fail=1
		continue
	fi
	[ "${BOOT:-1}" = 1 ] || continue
	# Every step must keep STACKLEAK on: the config must have it before the boot counts.
	grep -q '^CONFIG_GCC_PLUGIN_STACKLEAK=y' "$obj/.config" ||
		{ say "FAIL: $name-boot: CONFIG_GCC_PLUGIN_STACKLEAK is not set at this step"; fail=1; continue; }
	# Before the series replaces the runtime (step 1, the i386 exit fix) the tree has the
	# base tree's: its LKDTM test prints OK with erasing off (a known weakness), so the
	# negative control (test 40) is left out, and its /proc/<pid>/stack_depth is not the
	# exit-path test's depth probe (the erase's own record), so test 15 checks with LKDTM
	# alone (harness.depth_probe=off). The result line says so.
	tests=$BISECT_TESTS why= append=
	if git diff --quiet pristine "$c" -- kernel/stackleak.c drivers/misc/lkdtm/stackleak.c; then
		tests=$(echo ",$tests," | sed 's/,40,/,/; s/^,//; s/,$//')
		append=" harness.depth_probe=off"
		why=" (the base tree's runtime: no negative control, no depth probe)"
	fi
	start=$(date +%s)
	KERNEL=$obj/$KIMAGE LOG=$log.qemu.log EXTRA_APPEND="tests=$tests$append" \
		"$H/pipeline/boot.sh" > "$log.boot.out" 2>&1 || true
	if "$H/pipeline/verdict.sh" "$log.qemu.log" > "$log.verdict.out" 2>&1; then
		say "PASS: $name-boot: tests $tests pass$why ($(grep -c 'RESULT: .* PASS' "$log.qemu.log") results, $(( $(date +%s) - start ))s)"
	else
		tail -n 20 "$log.verdict.out"
		say "FAIL: $name-boot: tests $tests$why (see $log.qemu.log)"
		fail=1
	fi
done
echo "# done in $(( $(date +%s) - t0 ))s" >> "$RES"
[ $fail = 0 ]
