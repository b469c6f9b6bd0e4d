#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Make $1 (default: the work tree) a git repository whose first commit is the
# pristine Debian linux-source-$BASE tree, tagged "base". The commit is
# reproducible: the same package version gives the same hash on any machine.
. "$(dirname "$0")/lib.sh"

dest=${1:-$TREE}
ver=$(src_version) || die "$SRC_PKG is not fetched (run scripts/deps.sh)"
[ -f "$TARBALL" ] || die "$TARBALL missing"

if [ -d "$dest/.git" ] && git -C "$dest" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null; then
	have=$(git -C "$dest" log -1 --format=%b "$BASE_TAG" | sed -n 's/^Debian-Version: //p')
	[ "$have" = "$ver" ] && exit 0
	die "$dest has a base from $SRC_PKG $have, but $ver is fetched: remove $dest"
fi
[ -e "$dest" ] && die "$dest exists but is not a base tree: remove it"

say "Unpacking $SRC_PKG $ver into $dest"
mkdir -p "$dest.tmp"
tar -C "$dest.tmp" -xf "$TARBALL"
mv "$dest.tmp/$SRC_PKG" "$dest"
rmdir "$dest.tmp"

# Debian's tarball ends its .gitignore with a block meant for Debian's
# packaging repository that ignores everything at the top level ("/*"). Left
# in, git would silently ignore every new file of the series.
awk '{ lines[NR] = $0 }
     /^# Debian packaging: ignore everything at the top level/ && !cut { cut = NR }
     END {
	n = cut ? cut - 1 : NR
	if (cut && lines[n] == "#") n--
	while (n > 0 && lines[n] == "") n--
	for (i = 1; i <= n; i++) print lines[i]
     }' "$dest/.gitignore" >"$dest/.gitignore.new"
mv "$dest/.gitignore.new" "$dest/.gitignore"
grep -qx '/\*' "$dest/.gitignore" && die "could not strip Debian's '/*' block from .gitignore"

stamp="$(date -u -d "@$(stat -c %Y "$TARBALL")" '+%Y-%m-%dT%H:%M:%SZ')"
cd "$dest"
git init -q -b master
git config core.autocrlf false
git config gc.auto 0
git add -A -f .
export GIT_AUTHOR_NAME="Debian kernel team" GIT_AUTHOR_EMAIL="debian-kernel@lists.debian.org"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
export GIT_AUTHOR_DATE="$stamp" GIT_COMMITTER_DATE="$stamp"
git commit -q -m "Linux $(make -s kernelversion) as shipped by Debian ($SRC_PKG $ver)" \
	-m "Pristine ${TARBALL#"$DEBIAN_DIR"} (Debian suite: ${BASE_SUITES%% *}); only the trailing block of .gitignore that ignores
everything at the top level (meant for Debian's packaging repository) is
removed." -m "Debian-Version: $ver"
git tag "$BASE_TAG"
say "Base: $(git log -1 --format='%h %s' "$BASE_TAG")"
