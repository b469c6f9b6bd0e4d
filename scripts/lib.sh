# SPDX-License-Identifier: GPL-2.0
# Shared settings for the series tooling. Sourced, never run.

set -euo pipefail

# Debian's own tools first (python3 with python3-ply for checkpatch's SPDX check).
export PATH=/usr/sbin:/usr/bin:/sbin:/bin:$PATH

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${WORK:-$TOP/work}
PATCHES=$TOP/patches

# The series is mailed as postings, each a folder of patches/ with its own
# quilt series file and cover letter, applied in the order the folders sort:
# fixes for stable first, then the tests, then the rework. POSTING=N (or the
# folder's name) selects postings 1 to N; by default, all of them.
mapfile -t ALL_POSTINGS < <(cd "$PATCHES" && for d in */; do
	[ -f "$d/series" ] && echo "${d%/}"; done)
POSTINGS=()
if [ -z "${POSTING:-}" ]; then
	POSTINGS=("${ALL_POSTINGS[@]}")
else
	for d in "${ALL_POSTINGS[@]}"; do
		POSTINGS+=("$d")
		[ "$d" = "$POSTING" ] || [ "${d%%-*}" = "$POSTING" ] && break
	done
	[ "${POSTINGS[-1]}" = "$POSTING" ] || [ "${POSTINGS[-1]%%-*}" = "$POSTING" ] ||
		{ printf 'error: no posting %s in patches/ (%s)\n' "$POSTING" "${ALL_POSTINGS[*]}" >&2; exit 1; }
fi
# The last posting selected, and whether that is the whole series.
LAST_POSTING=${POSTINGS[-1]}
if [ "$LAST_POSTING" = "${ALL_POSTINGS[-1]}" ]; then
	TREE=${TREE:-$WORK/linux}	# the developer's kernel tree (base + series)
	OUT=${OUT:-$WORK/out}		# build folders (O=)
else
	# Postings 1 to N alone: a worktree of the developer's tree, and build
	# folders of its own.
	TREE=${TREE:-$WORK/linux-$LAST_POSTING}
	OUT=${OUT:-$WORK/out-$LAST_POSTING}
fi
SRC_PKG=linux-source-6.12
CFG_PKG=linux-config-6.12
TARBALL=/usr/src/$SRC_PKG.tar.xz
DISTRO_CONFIG=/usr/src/$CFG_PKG/config.amd64_none_amd64.xz
JOBS=${JOBS:-$(nproc)}
export CCACHE_DIR=${CCACHE_DIR:-${HOME:-/root}/.cache/ccache-nouveau-svm}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
export CCACHE_COMPILERCHECK=content
# Paths under the checkout hashed relative to it: a fresh clone elsewhere
# (CI's) then finds what another clone on the machine compiled.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$TOP}

# Fixed identity for the base commit, so that every machine makes the same
# base commit hash from the same package version.
BASE_TAG=base

say() { printf '%s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The patch files listed in a posting's series file, in order (quilt
# format: one per line, '#' comments and blank lines ignored, options after
# the name ignored).
posting_patches() {
	grep -v '^[[:space:]]*#' "$PATCHES/$1/series" | awk 'NF { print $1 }'
}

# The patches of the selected postings, in order, as FOLDER/FILE under
# patches/.
series_patches() {
	local d
	for d in "${POSTINGS[@]}"; do
		posting_patches "$d" | sed "s|^|$d/|"
	done
}

# The package version the base comes from.
src_version() {
	dpkg-query -W -f='${Version}' "$SRC_PKG" 2>/dev/null
}
