# SPDX-License-Identifier: GPL-2.0
# Shared settings for the series tooling. Sourced, never run.

set -euo pipefail

# Debian's own tools first (python3 with python3-ply for checkpatch's SPDX check).
export PATH=/usr/sbin:/usr/bin:/sbin:/bin:$PATH

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${WORK:-$TOP/work}
TREE=${TREE:-$WORK/linux}		# the developer's kernel tree (base + series)
CHECK=${CHECK:-$WORK/check}		# the tree `make check` applies the series to
OUT=${OUT:-$WORK/out}			# build folders (O=)
PATCHES=$TOP/patches
SERIES=$PATCHES/series
SRC_PKG=linux-source-6.12
CFG_PKG=linux-config-6.12
TARBALL=/usr/src/$SRC_PKG.tar.xz
DISTRO_CONFIG=/usr/src/$CFG_PKG/config.amd64_none_amd64.xz
JOBS=${JOBS:-$(nproc)}
export CCACHE_DIR=${CCACHE_DIR:-${HOME:-/root}/.cache/ccache-nouveau-svm}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
export CCACHE_COMPILERCHECK=content

# Fixed identity for the base commit, so that every machine makes the same
# base commit hash from the same package version.
BASE_TAG=base

say() { printf '%s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The patch files listed in patches/series, in order (quilt format: one per
# line, '#' comments and blank lines ignored, options after the name ignored).
series_patches() {
	grep -v '^[[:space:]]*#' "$SERIES" | awk 'NF { print $1 }'
}

# The package version the base comes from.
src_version() {
	dpkg-query -W -f='${Version}' "$SRC_PKG" 2>/dev/null
}
