#!/bin/bash
# Write a series back into this repo: the inverse of series.sh. Takes the commits
# pristine..BRANCH of build/linux (default: series, the branch `make patches` leaves)
# and writes patches/NNNN-*.patch (commit message and the diffs of every other file),
# patches/series (the files each patch writes whole) and those files, at their kernel
# paths, as the last commit leaves them. A patch writes a file whole when it adds it,
# or when it is the first patch to touch a file this repo holds (our rewrite of an
# upstream file, e.g. kernel/stackleak.c); later patches carry hunks for it.
# Recipe (docs/contributing.md; make series-open, make series-save): make patches; edit and commit in
# build/series-wt (git rebase -i pristine works there); then this script; then
# make check-series.
set -eu
. "$(dirname "$0")/../lib.sh"
BR=${1:-series}
L=$B/linux
git -C "$L" rev-parse -q --verify "$BR" >/dev/null || die "no branch $BR in $L: run make patches"
mapfile -t C < <(git -C "$L" rev-list --reverse "pristine..$BR")
[ ${#C[@]} -gt 0 ] || die "$BR has no commits on pristine"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# The files this repo holds whole now: each goes to the first patch that touches it.
declare -A whole
for f in $(cd "$ROOT" && git ls-files -- $KDIRS); do whole[$f]=1; done
n=0
for c in "${C[@]}"; do
	n=$((n + 1))
	new=
	for f in $(git -C "$L" diff --name-only "$c^" "$c" -- $KDIRS); do
		if [ "${whole[$f]:-}" = 1 ] || ! git -C "$L" cat-file -e "$c^:$f" 2>/dev/null; then
			new="$new $f"
			whole[$f]=done
		fi
	done
	new=${new# }
	git -C "$L" format-patch -q --no-stat --start-number "$n" -o "$T" -1 "$c" -- . \
		$(for f in $new; do printf ':!%s ' "$f"; done)
	p=$(ls "$T" | grep "^$(printf %04d $n)-")
	echo "$p${new:+ $new}" >> "$T/series.lines"
done
# Replace the old patch files and series list, keep the header comment of patches/series.
rm -f "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch
mv "$T"/[0-9][0-9][0-9][0-9]-*.patch "$PATCHES/"
{ grep '^#' "$PATCHES/series"; cat "$T/series.lines"; } > "$T/series"
mv "$T/series" "$PATCHES/series"
# The whole files as the last commit leaves them; a file no patch writes any more goes away.
[ -n "${NEW_FILES_DIFF:-}" ] || for f in $(cd "$ROOT" && git ls-files -- $KDIRS); do
	git -C "$L" cat-file -e "$BR:$f" 2>/dev/null || (cd "$ROOT" && git rm -q -- "$f")
done
# Another base than 6.1 keeps the files 6.1's series has as they are (shared) and writes
# its differences from them to its NEW_FILES_DIFF (harness/base/*/base.sh); a file only
# its own series has, it writes whole.
[ -z "${NEW_FILES_DIFF:-}" ] || : > "$T/new-files.diff"
shared=$(series_files "$ROOT/patches/series")
for f in $(awk '{ for (i = 2; i <= NF; i++) print $i }' "$T/series.lines"); do
	if [ -z "${NEW_FILES_DIFF:-}" ] || ! grep -qxF "$f" <<< "$shared"; then
		mkdir -p "$ROOT/$(dirname "$f")"
		git -C "$L" show "$BR:$f" > "$ROOT/$f"
		continue
	fi
	git -C "$L" show "$BR:$f" > "$T/file"
	if ! cmp -s "$ROOT/$f" "$T/file"; then
		echo "diff --git a/$f b/$f" >> "$T/new-files.diff"
		diff -u --label "a/$f" --label "b/$f" "$ROOT/$f" "$T/file" >> "$T/new-files.diff" || true
	fi
done
[ -z "${NEW_FILES_DIFF:-}" ] || mv "$T/new-files.diff" "$NEW_FILES_DIFF"
echo "series-export: $n patches from $BR written to patches/"
