#!/bin/bash
# Make build/patches/: the series a reviewer applies, by git format-patch --cover-letter
# against the pristine 6.1 tree. In the scratch worktree build/series-wt, for each line
# "NNNN-name.patch [files...]" of patches/series: git am patches/NNNN-name.patch, copy
# the files it writes whole from this repo (they live at their kernel paths), and
# `git commit --amend --no-edit` (the commit message stays the patch's). The cover letter
# is patches/cover-letter.txt (first line: subject; then the body).
# A listed file is written whole: a new file, or our rewrite of an upstream one (its
# diff against the pristine file is then part of that patch in build/patches).
# A later patch may change a file an earlier one wrote whole (its diff has that file's hunks):
# the repo holds the file as the last patch leaves it, and the version an earlier patch
# introduces is derived by reverse-applying the later patches' hunks of that file.
# Every file of this repo under the kernel directories ($KDIRS, lib.sh) must be listed
# by exactly one patch: a file in no patch is an error, never silently left out.
# The new files are shared by every base (harness/base/): another base than 6.1 applies
# its NEW_FILES_DIFF to them first, the few lines its kernel's interfaces need.
set -eu
. "$(dirname "$0")/../lib.sh"
fixed_git_identity
L=$B/linux W=$B/series-wt OUT=$B/patches
COVER=$PATCHES/cover-letter.txt
[ -f "$PATCHES/series" ] || die "patches/series missing"
[ -f "$COVER" ] || die "patches/cover-letter.txt missing"
git -C "$L" rev-parse -q --verify pristine >/dev/null 2>&1 || die "no pristine tree in $L: run harness/pipeline/tree.sh"

# 1. Check the mapping before touching anything.
mapped=$(series_files)
# Repo files under the kernel dirs: tracked + untracked-not-ignored, present in the work tree.
have=$(cd "$ROOT" && git ls-files -c -o --exclude-standard -- $KDIRS |
	while read -r f; do [ -e "$f" ] || [ -L "$f" ] && echo "$f"; done | sort -u)
# A file that only another base's series lists (an architecture that base alone erases
# on) is that base's.
others=$(for bs in "$H"/base/*/base.sh; do
	s=$(. "$bs"; echo "$PATCHES/series")
	[ "$s" = "$PATCHES/series" ] || series_files "$s"
done | sort -u)
bad=0
for f in $(comm -23 <(echo "$have") <(echo "$mapped" | sort -u) | comm -23 - <(echo "$others")); do
	echo "error: $f: new kernel file that no patch introduces; add it to the line of its patch in patches/series" >&2
	bad=1
done
for f in $(echo "$mapped" | sort | uniq -d); do
	echo "error: $f: listed by more than one patch in patches/series" >&2; bad=1
done
for f in $mapped; do
	[ -e "$ROOT/$f" ] || { echo "error: $f: listed in patches/series but not in this repo" >&2; bad=1; }
done
[ $bad = 0 ] || die "patches/series does not account for every new kernel file (see above)"

# version_at FILE N OUT: FILE as patch number N of patches/series introduces it, into OUT:
# this repo's copy with the FILE hunks of the patches after N reverse-applied, last first.
version_at() {
	local f=$1 n=$2 out=$3 tmp p
	tmp=$(mktemp -d)
	(cd "$ROOT" && cp -P --parents -t "$tmp" "$f")
	# A later base's differences from the shared file (harness/base/*/base.sh: NEW_FILES_DIFF).
	if [ -n "${NEW_FILES_DIFF:-}" ] && grep -q "^diff --git a/$f b/$f\$" "$NEW_FILES_DIFF"; then
		git -C "$tmp" apply --include="$f" "$NEW_FILES_DIFF" ||
			die "$f: ${NEW_FILES_DIFF#"$ROOT"/} does not apply to the file in this repo"
	fi
	for p in $(series_lines | awk -v n="$n" 'NR > n { print $1 }' | tac); do
		grep -q "^diff --git a/$f b/$f\$" "$PATCHES/$p" || continue
		git -C "$tmp" apply -R --include="$f" "$PATCHES/$p" ||
			die "$f: the hunks of patches/$p do not reverse-apply to the file in this repo"
	done
	cp -P "$tmp/$f" "$out"
	rm -rf "$tmp"
}

# 2. Build the commits: pristine, then per patch: am, add the files it writes whole, amend.
reset_worktree "$W"
n=0
while read -r p files; do
	[ -f "$PATCHES/$p" ] || die "patches/$p listed in patches/series but missing"
	n=$((n + 1))
	echo "series: patches/$p${files:+ + $(echo $files | wc -w) whole file(s)}"
	if ! git am -q "$PATCHES/$p"; then
		git am --abort >/dev/null 2>&1 || true
		die "patches/$p does not apply (see git am output above)"
	fi
	[ -n "$files" ] || continue
	for f in $files; do
		mkdir -p "$(dirname "$f")"
		version_at "$f" "$n" "$f"
	done
	git add -f -- $files
	git commit -q --amend --no-edit
done < <(series_lines)

# 3. Format: a fresh directory, swapped in only when something changed (stable mtimes).
rm -rf "$OUT.tmp"
# The branch description (first paragraph = subject) fills the cover letter.
git branch -f series HEAD
git -c "branch.series.description=$(cat "$COVER")" format-patch -q --cover-letter \
	--cover-from-description=subject -o "$OUT.tmp" pristine..series
if [ -d "$OUT" ] && diff -r "$OUT" "$OUT.tmp" >/dev/null; then
	rm -rf "$OUT.tmp"
	echo "series: build/patches unchanged"
else
	rm -rf "$OUT" && mv "$OUT.tmp" "$OUT"
	echo "series: wrote build/patches"
fi
ls "$OUT" | sed 's/^/  /'
