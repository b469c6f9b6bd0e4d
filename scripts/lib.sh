# SPDX-License-Identifier: GPL-2.0
# Shared settings for the series tooling. Sourced, never run.

set -euo pipefail

# Debian's own tools first (python3 with python3-ply for checkpatch's SPDX check).
export PATH=/usr/sbin:/usr/bin:/sbin:/bin:$PATH

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${WORK:-$TOP/work}

# The base the series is made for: mainline as Debian ships it. Moving to a
# newer kernel is this line (and a suite below, if Debian ships it from
# another one), then a rebase of patches/.
MAINLINE=7.3
# BASE=6.12 selects the stable backports instead: stable/6.12/ holds posting
# 1's fixes as 6.12.y backports, and the tests as a 6.12 branch that is not
# posted. Each base has its own work tree and build folders.
BASE=${BASE:-$MAINLINE}
# The Debian suite each base's packages come from. They are downloaded and
# unpacked into work/debian/, never installed: the system keeps its own
# suites (scripts/fetch-base.sh).
case $BASE in
7.3)	BASE_SUITES="trixie-backports" ;;
6.12)	BASE_SUITES="bookworm-security bookworm-updates bookworm" ;;
*)	printf 'error: no Debian suite known for BASE=%s (scripts/lib.sh)\n' "$BASE" >&2; exit 1 ;;
esac
if [ "$BASE" = "$MAINLINE" ]; then
	PATCHES=$TOP/patches
	SUFFIX=
else
	PATCHES=$TOP/stable/$BASE
	SUFFIX=-$BASE
fi

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
	TREE=${TREE:-$WORK/linux$SUFFIX}	# the developer's kernel tree (base + series)
	OUT=${OUT:-$WORK/out$SUFFIX}		# build folders (O=)
else
	# Postings 1 to N alone: a worktree of the developer's tree, and build
	# folders of its own.
	TREE=${TREE:-$WORK/linux$SUFFIX-$LAST_POSTING}
	OUT=${OUT:-$WORK/out$SUFFIX-$LAST_POSTING}
fi
SRC_PKG=linux-source-$BASE
CFG_PKG=linux-config-$BASE
DEBIAN_DIR=$WORK/debian/$BASE	# the two packages, downloaded and unpacked
TARBALL=$DEBIAN_DIR/usr/src/$SRC_PKG.tar.xz
DISTRO_CONFIG=$DEBIAN_DIR/usr/src/$CFG_PKG/config.amd64_none_amd64.xz
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

# The package version the base comes from (recorded by fetch-base.sh).
src_version() {
	cat "$DEBIAN_DIR/$SRC_PKG.version" 2>/dev/null
}

# The placeholder author of the patch files. No person: make apply and make
# mail put the user's own identity in its place.
PLACEHOLDER_NAME="nouveau-svm series (placeholder author)"
PLACEHOLDER_EMAIL="author@placeholder.invalid"

# The user's identity, from git config (the checkout's, else the global one):
# "Name <email>". Fails with a message when there is none.
user_ident() {
	local name email
	name=$(git -C "$TOP" config user.name || true)
	email=$(git -C "$TOP" config user.email || true)
	if [ -z "$name" ] || [ -z "$email" ]; then
		printf 'error: %s\n       %s\n' "no git identity: mails and commits carry the sender's name (DCO)." \
			"Set yours first: git config user.name \"Your Name\"; git config user.email you@example.org" >&2
		return 1
	fi
	if [ "$email" = "$PLACEHOLDER_EMAIL" ]; then
		printf 'error: git config user.email is the series placeholder, not a person\n' >&2
		return 1
	fi
	printf '%s <%s>\n' "$name" "$email"
}

# Patch file $1 with the placeholder author and sign-off replaced by the
# identity $2 ("Name <email>"), on standard output. The sign-off of the
# person who applies or sends a patch is what the DCO asks for.
as_user() {
	python3 - "$1" "$2" "$PLACEHOLDER_NAME" "$PLACEHOLDER_EMAIL" <<'PY'
import re, sys
path, ident, pname, pmail = sys.argv[1:5]
text = open(path, errors="surrogateescape").read()
head, sep, rest = text.partition("\n\n")
# The From: header, folded or not.
head = re.sub(r"^From: .*(\n[ \t].*)*", lambda m: "From: " + ident, head, count=1, flags=re.M)
placeholder = "%s <%s>" % (pname, pmail)
if placeholder in rest:
    rest = rest.replace("Signed-off-by: " + placeholder, "Signed-off-by: " + ident)
elif "\ndiff --git " in rest and ("Signed-off-by: " + ident) not in rest:
    # Add the sign-off after the last trailer, before the "---" line.
    rest = re.sub(r"\n---\n", "\nSigned-off-by: %s\n---\n" % ident, rest, count=1)
# What else git wrote from the commits' identity: the Message-Id and its
# references, the cover letter's shortlog.
name, _, mail = ident.rpartition(" <")
out = (head + sep + rest).replace(pmail, mail.rstrip(">")).replace(pname, name)
sys.stdout.write(out)
PY
}
