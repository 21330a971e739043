#!/bin/bash
# Assemble the kernel source tree in build/linux = pristine 6.1 + `git am build/patches/*`:
# exactly the series a reviewer applies (harness/pipeline/series.sh, `make patches`, writes it),
# then the test-only patches of patches/test/ (off unless their test option is set).
# Usage: harness/pipeline/tree.sh            -> build/linux (what we build)
#        harness/pipeline/tree.sh --upstream -> build/upstream, pristine + test-only test_stackleak
#        harness/pipeline/tree.sh --pristine -> only extract the pristine tree (once)
set -eu
. "$(dirname "$0")/../lib.sh"
L=$B/linux STAGE=$B/stage
# Fixed identity and dates: same content => same commit id => nothing to check out.
fixed_git_identity

# 1. Pristine repo, extracted once.
if ! git -C "$L" rev-parse -q --verify pristine >/dev/null 2>&1; then
	[ -f "$TARBALL" ] || die "$TARBALL missing: install the Debian package $BASE_PKG (harness/pipeline/deps.sh)"
	echo "extracting $TARBALL (once) ..."
	rm -rf "$L.tmp" && mkdir -p "$L.tmp"
	tar -xJf "$TARBALL" -C "$L.tmp" --strip-components=1 || die "cannot extract $TARBALL (damaged? not a .tar.xz?)"
	git -C "$L.tmp" init -q
	git -C "$L.tmp" config gc.auto 0        # never stall a build on auto-gc
	git -C "$L.tmp" add -A -f .             # -f: take the tarball as is, whatever .gitignore says
	git -C "$L.tmp" commit -q -m pristine
	git -C "$L.tmp" branch pristine
	rm -rf "$L" && mv "$L.tmp" "$L"
fi

# --pristine: only the extraction (make patches needs it before the series exists).
[ "${1:-}" != --pristine ] || { echo "tree: pristine at $(git -C "$L" rev-parse --short pristine)"; exit 0; }

# --upstream: pristine plus, test only, our lib/test_stackleak.c and its Kconfig and
# Makefile lines (from the patch that adds it), so that the planted-leak tests
# (guest/tests/60-plant.sh) run on the base tree's STACKLEAK too. The module is off
# unless CONFIG_TEST_STACKLEAK is set: the base tree's kernel is otherwise untouched.
# The commit is made in a scratch index (no checkout) with fixed dates: the same
# inputs give the same commit, and build/upstream moves only when it changes.
# --upstream --fixes: the same, in build/upstream-fixes, with the patches of
# patches/upstream-fixes/series applied first (the fixes for the base tree's STACKLEAK).
if [ "${1:-}" = --upstream ]; then
	U=$B/upstream fixes=()
	if [ "${2:-}" = --fixes ]; then
		U=$B/upstream-fixes
		mapfile -t fixes < <(upstream_fixes)
		[ ${#fixes[@]} -gt 0 ] || die "patches/upstream-fixes/series lists no patch"
	fi
	[ -d "$U" ] || git -C "$L" worktree add -q --detach "$U" pristine
	add=$(series_lines | awk '$0 ~ / lib\/test_stackleak\.c( |$)/ { print $1 }')
	[ -n "$add" ] || die "no patch in patches/series introduces lib/test_stackleak.c"
	T=$(mktemp -d)
	cd "$L"
	GIT_INDEX_FILE=$T/index git read-tree pristine
	for f in ${fixes[@]+"${fixes[@]}"}; do
		[ -f "$f" ] || die "patches/upstream-fixes/series lists $f, which does not exist"
		GIT_INDEX_FILE=$T/index git apply --cached "$f" || die "$f does not apply to pristine"
	done
	GIT_INDEX_FILE=$T/index git apply --cached --include=lib/Kconfig.debug \
		--include=lib/Makefile "$PATCHES/$add" ||
		die "patches/$add: its lib/Kconfig.debug and lib/Makefile hunks do not apply to pristine"
	blob=$(git hash-object -w "$ROOT/lib/test_stackleak.c")
	GIT_INDEX_FILE=$T/index git update-index --add --cacheinfo "100644,$blob,lib/test_stackleak.c"
	commit=$(echo "test only: lib/test_stackleak.c on the base tree${fixes:+ with patches/upstream-fixes}" |
		git commit-tree "$(GIT_INDEX_FILE=$T/index git write-tree)" -p pristine)
	rm -rf "$T"
	if [ "$(git -C "$U" rev-parse HEAD)" != "$commit" ]; then
		git -C "$U" checkout -q --detach "$commit"
	fi
	echo "tree: $U = pristine $(git rev-parse --short pristine)${fixes:+ + ${#fixes[@]} upstream fix(es)} + test-only lib/test_stackleak.c"
	exit 0
fi

# 2. Stage worktree: pristine + the generated series (cover letter excluded), by git am.
mapfile -t P < <(series_patches)
[ ${#P[@]} -gt 0 ] || die "no series in build/patches: run harness/pipeline/series.sh (make patches)"
reset_worktree "$STAGE"
for p in "${P[@]}"; do
	echo "applying build/patches/${p##*/}"
	if ! git am -q "$p"; then
		git am --abort >/dev/null 2>&1 || true
		die "build/patches/${p##*/} does not apply (see git am output above)"
	fi
done
# The series alone, for check-series (build/linux also has the test-only patches).
git branch -f series-applied HEAD
# 2b. Test-only patches (patches/test/: never part of the series), e.g. a reintroduced
# historical leak for the leak detector to find; each behind its own test Kconfig option.
for p in "$PATCHES"/test/*.patch; do
	[ -f "$p" ] || continue
	echo "applying test-only patches/test/${p##*/}"
	if ! git am -q "$p"; then
		git am --abort >/dev/null 2>&1 || true
		die "patches/test/${p##*/} does not apply on top of the series"
	fi
done
HEAD=$(git rev-parse HEAD)

# 3. Move build/linux to that commit: git rewrites only changed files, so Kbuild stays incremental.
cd "$L"
if [ "$(git rev-parse HEAD)" != "$HEAD" ]; then
	git checkout -q --detach "$HEAD"
	echo "tree: build/linux updated to $(git log --oneline -1 | cut -c1-60)"
else
	echo "tree: build/linux unchanged ($(git rev-parse --short HEAD))"
fi
echo "  series: $(git rev-list --count pristine..series-applied) commit(s) on pristine, test-only: $(git rev-list --count series-applied..HEAD)"
