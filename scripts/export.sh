#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Export the work tree's commits on top of the base back into patches/ as
# git format-patch files, and rewrite patches/series. Exporting an unchanged
# tree changes no file: no dates of today, no commit hashes, no git version.
. "$(dirname "$0")/lib.sh"

cd "$TREE" 2>/dev/null || die "no work tree at $TREE (make tree)"
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
	die "the work tree has uncommitted changes: commit them first"
n=$(git rev-list --count "$BASE_TAG..HEAD")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "$n" -gt 0 ]; then
	git -c core.abbrev=12 -c diff.noprefix=false -c format.signature= \
		format-patch -q --no-signature --zero-commit --no-numbered \
		--no-cover-letter --subject-prefix=PATCH -o "$tmp" "$BASE_TAG..HEAD"
fi
{
	echo "# The nouveau SVM series, in the order git am and quilt apply it."
	echo "# Written by scripts/export.sh from the work tree; base: $SRC_PKG."
	(cd "$tmp" && ls -1 ./*.patch 2>/dev/null | sed 's|^\./||')
} >"$tmp/series"

mkdir -p "$PATCHES"
changed=0
for f in "$PATCHES"/*.patch; do
	[ -e "$f" ] || continue
	[ -e "$tmp/$(basename "$f")" ] || { rm -f "$f"; changed=1; }
done
for f in "$tmp"/*.patch "$tmp/series"; do
	[ -e "$f" ] || continue
	if ! cmp -s "$f" "$PATCHES/$(basename "$f")"; then
		cp "$f" "$PATCHES/$(basename "$f")"
		changed=1
	fi
done
say "Exported $n patches to patches/$([ $changed = 1 ] || echo ' (no change)')"
