#!/bin/bash
# Assemble the kernel source tree in build/linux = pristine 6.1 + patches/series + overlay.
# Usage: harness/tree.sh            -> build/linux (what we build)
#        harness/tree.sh --upstream -> build/upstream, plain pristine (base-tree benchmark)
set -eu
. "$(dirname "$0")/lib.sh"
L=$B/linux STAGE=$B/stage
# Fixed identity and dates: same content => same commit id => nothing to check out.
export GIT_AUTHOR_NAME=harness GIT_AUTHOR_EMAIL=harness@localhost
export GIT_COMMITTER_NAME=harness GIT_COMMITTER_EMAIL=harness@localhost
export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
KDIRS="arch include kernel drivers scripts security Documentation tools mm lib fs"

# 1. Pristine repo, extracted once.
if ! git -C "$L" rev-parse -q --verify pristine >/dev/null 2>&1; then
	[ -f "$TARBALL" ] || die "$TARBALL missing: install the Debian package linux-source-6.1 (harness/deps.sh)"
	echo "extracting $TARBALL (once) ..."
	rm -rf "$L.tmp" && mkdir -p "$L.tmp"
	tar -xJf "$TARBALL" -C "$L.tmp" --strip-components=1
	git -C "$L.tmp" init -q
	git -C "$L.tmp" config gc.auto 0        # never stall a build on auto-gc
	git -C "$L.tmp" add -A -f .             # -f: take the tarball as is, whatever .gitignore says
	git -C "$L.tmp" commit -q -m pristine
	git -C "$L.tmp" branch pristine
	rm -rf "$L" && mv "$L.tmp" "$L"
fi

if [ "${1:-}" = --upstream ]; then
	U=$B/upstream
	[ -d "$U" ] || git -C "$L" worktree add -q --detach "$U" pristine
	git -C "$U" checkout -q --detach pristine
	echo "tree: $U = pristine $(git -C "$L" rev-parse --short pristine)"
	exit 0
fi

# 2. Stage worktree: pristine + patches + overlay, committed deterministically.
[ -d "$STAGE" ] || git -C "$L" worktree add -q --detach "$STAGE" pristine
cd "$STAGE"
git am --abort >/dev/null 2>&1 || true
git reset -q --hard pristine
git clean -qffdx
SERIES=$ROOT/patches/series
if [ -f "$SERIES" ]; then
	grep -v '^[[:space:]]*\(#\|$\)' "$SERIES" | while read -r p _; do
		echo "applying patches/$p"
		[ -f "$ROOT/patches/$p" ] || die "patches/$p listed in patches/series but missing"
		if ! git am -q "$ROOT/patches/$p"; then
			git am --abort >/dev/null 2>&1 || true
			die "patch patches/$p does not apply (see git am output above)"
		fi
	done
fi
# Overlay = outer repo files (tracked + untracked-not-ignored) under the kernel dirs.
# Files deleted in the outer work tree but still tracked are skipped.
( cd "$ROOT" && git ls-files -z -c -o --exclude-standard -- $KDIRS ) |
	( cd "$ROOT" && xargs -0r sh -c 'for f; do [ -e "$f" ] || [ -L "$f" ] && printf "%s\0" "$f"; done' _ ) \
	> "$B/overlay.list"
if [ -s "$B/overlay.list" ]; then
	( cd "$ROOT" && xargs -0r cp -P --parents -t "$STAGE" ) < "$B/overlay.list"
	xargs -0r git add -f -- < "$B/overlay.list"
	git diff --cached --quiet || git commit -q -m overlay
fi
HEAD=$(git rev-parse HEAD)

# 3. Move build/linux to that commit: git rewrites only changed files, so Kbuild stays incremental.
cd "$L"
if [ "$(git rev-parse HEAD)" != "$HEAD" ]; then
	git checkout -q --detach "$HEAD"
	echo "tree: build/linux updated to $(git log --oneline -1 | cut -c1-60)"
else
	echo "tree: build/linux unchanged ($(git rev-parse --short HEAD))"
fi
echo "  patches: $(git rev-list --count pristine..HEAD) commit(s) on pristine, overlay files: $(tr -cd '\0' < "$B/overlay.list" | wc -c)"
