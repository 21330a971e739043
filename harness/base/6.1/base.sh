# Linux 6.1 LTS, the default base: what the harness needs to know of it (sourced by
# lib.sh). Adding a base is adding a harness/base/VERSION/ beside this one: this file,
# its series under patches/ (PATCHES below), and config fragments where the base's
# options differ (NAME.config, appended after harness/config/NAME.config and the
# architecture's part).

# Debian's source package of the base tree and its tarball.
BASE_PKG=linux-source-6.1
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
# Debian's kernel configurations of the same version (make DISTRO=1, distro-check).
BASE_CONFIG_PKG=linux-config-6.1
DEBIAN_CONFIG=/usr/src/linux-config-6.1/config.amd64_none_amd64.xz
# The series for this base: patches/series, its patch files, cover letter,
# patches/test/ and patches/upstream-fixes/.
PATCHES=$ROOT/patches
# Where this base's outputs go: build/ itself (the first base keeps its paths).
BUILD=$ROOT/build
