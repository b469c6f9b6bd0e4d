#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Create the developer's kernel tree: the base commit, then one commit per
# patch of the series (git am). Leaves an existing tree alone. With POSTING
# set to other than the last posting, the tree is a git worktree of the
# developer's tree with only postings 1 to POSTING applied, made again from
# patches/ each time.
. "$(dirname "$0")/lib.sh"

if [ "$TREE" != "$WORK/linux$SUFFIX" ]; then
	# The tooling's own: made again from patches/ every time.
	if [ ! -e "$TREE/.git" ]; then
		POSTING= TREE= "$TOP/scripts/tree.sh" >/dev/null
		git -C "$WORK/linux$SUFFIX" worktree prune
		git -C "$WORK/linux$SUFFIX" worktree add -q --detach "$TREE" "$BASE_TAG"
	else
		git -C "$TREE" am --abort >/dev/null 2>&1 || true
		git -C "$TREE" checkout -q -f --detach "$BASE_TAG"
	fi
else
	"$TOP/scripts/base.sh" "$TREE"
fi
cd "$TREE"
if [ "$(git rev-parse HEAD)" != "$(git rev-parse "$BASE_TAG^{commit}")" ]; then
	say "Tree: $TREE ($(git rev-list --count "$BASE_TAG..HEAD") commits on $BASE_TAG), left as it is"
	exit 0
fi
# The tooling's own tree: its commits keep the patch files' placeholder
# author, and are exported back as they are.
git config user.name "$PLACEHOLDER_NAME"
git config user.email "$PLACEHOLDER_EMAIL"
AS=placeholder "$TOP/scripts/apply.sh" "$TREE"
say "Tree: $TREE ($(git rev-list --count "$BASE_TAG..HEAD") commits on $BASE_TAG: ${POSTINGS[*]})"
