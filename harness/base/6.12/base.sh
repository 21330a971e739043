# Linux 6.12 LTS (Debian 13's kernel, and Debian 12's backport), the second base
# (make BASE=6.12 ...; harness/base/6.1/base.sh says what each setting is).

BASE_PKG=linux-source-6.12
TARBALL=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
BASE_CONFIG_PKG=linux-config-6.12
DEBIAN_CONFIG=/usr/src/linux-config-6.12/config.amd64_none_amd64.xz
# The 6.12 series: the same new files (at their kernel paths in this repo), its own
# patch files for the hunks in existing files, which differ from 6.1's.
PATCHES=$ROOT/patches/6.12
# Everything of this base under build/6.12/ (tree, objects, logs, results).
BUILD=$ROOT/build/6.12
# The new files (at their kernel paths in this repo) are 6.1's; what 6.12's interfaces
# need changed in them is this diff, applied before the series writes them (pipeline/
# series.sh) and rewritten by make series-save (pipeline/series-export.sh).
NEW_FILES_DIFF=$PATCHES/new-files.diff
