#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Apply the series, posting by posting in the order of their series files,
# onto the kernel git tree $1 with git am: one commit per patch. $1 is any
# Linux 6.12 git tree (a branch of your own, or the tooling's work tree).
# POSTING=N applies postings 1 to N only.
. "$(dirname "$0")/lib.sh"

ktree=${1:?usage: apply.sh KERNEL_GIT_TREE}
[ -d "$ktree/.git" ] || [ -f "$ktree/.git" ] || die "$ktree is not a git tree"
mapfile -t list < <(series_patches)
[ ${#list[@]} -gt 0 ] || { say "The series is empty: nothing to apply"; exit 0; }
for p in "${list[@]}"; do
	[ -f "$PATCHES/$p" ] || die "patches/${p%%/*}/series lists ${p#*/}, which does not exist"
	if ! git -C "$ktree" am -q --committer-date-is-author-date "$PATCHES/$p"; then
		git -C "$ktree" am --abort || true
		die "patch $p does not apply to $ktree"
	fi
done
say "Applied ${#list[@]} patches (${POSTINGS[*]}) to $ktree"
