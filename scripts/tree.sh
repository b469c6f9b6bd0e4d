#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Create the developer's kernel tree: the base commit, then one commit per
# patch of the series (git am). Leaves an existing tree alone.
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/base.sh" "$TREE"
cd "$TREE"
if [ "$(git rev-parse HEAD)" != "$(git rev-parse "$BASE_TAG^{commit}")" ]; then
	say "Tree: $TREE ($(git rev-list --count "$BASE_TAG..HEAD") commits on $BASE_TAG), left as it is"
	exit 0
fi
git config user.name >/dev/null || git config user.name "nouveau-svm tooling"
git config user.email >/dev/null || git config user.email "nouveau-svm@localhost"
"$TOP/scripts/apply.sh" "$TREE"
say "Tree: $TREE ($(git rev-list --count "$BASE_TAG..HEAD") commits on $BASE_TAG)"
