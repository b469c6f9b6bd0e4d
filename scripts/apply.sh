#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Apply the series, posting by posting in the order of their series files,
# onto the kernel git tree $1 with git am: one commit per patch. $1 is any
# git tree of the base (a branch of your own, or the tooling's work tree).
# POSTING=N applies postings 1 to N only. The commits are authored and
# signed off by you (git config user.name and user.email of this checkout)
# in place of the patch files' placeholder; with AS=placeholder (the
# tooling's own work tree, whose commits are exported back) they keep it.
. "$(dirname "$0")/lib.sh"

ktree=${1:?usage: apply.sh KERNEL_GIT_TREE}
[ -d "$ktree/.git" ] || [ -f "$ktree/.git" ] || die "$ktree is not a git tree"
ident=
who=()
if [ "${AS:-user}" != placeholder ]; then
	ident=$(user_ident) || exit 1
	email=${ident##*<}
	who=(-c "user.name=${ident% <*}" -c "user.email=${email%>}")
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
mapfile -t list < <(series_patches)
[ ${#list[@]} -gt 0 ] || { say "The series is empty: nothing to apply"; exit 0; }
for p in "${list[@]}"; do
	[ -f "$PATCHES/$p" ] || die "patches/${p%%/*}/series lists ${p#*/}, which does not exist"
	if [ -n "$ident" ]; then as_user "$PATCHES/$p" "$ident" >"$tmp"; else cp "$PATCHES/$p" "$tmp"; fi
	if ! git -C "$ktree" "${who[@]}" am -q --committer-date-is-author-date "$tmp"; then
		git -C "$ktree" am --abort || true
		die "patch $p does not apply to $ktree"
	fi
done
say "Applied ${#list[@]} patches (${POSTINGS[*]}) to $ktree${ident:+, as $ident}"
