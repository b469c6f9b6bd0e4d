#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Produce the outgoing mail in work/mail, one folder per posting: its cover
# letter (from patches/POSTING/cover-letter) and its patches, numbered
# [PATCH n/m] within the posting, with To and Cc from
# scripts/get_maintainer.pl; then check them with a git send-email dry run.
# A posting after the first names the earlier ones as its prerequisites
# (base-commit and prerequisite-patch-id, git format-patch --base). Nothing
# is ever sent. Each mail is from the sender, whose identity is git config
# user.name and user.email of this checkout: it replaces the patch files'
# placeholder as the From: and the Signed-off-by: (the DCO). Without an
# identity, nothing is written.
. "$(dirname "$0")/lib.sh"

ident=$(user_ident) || exit 1

cd "$TREE" 2>/dev/null || die "no work tree at $TREE (make tree)"
mapfile -t commits < <(git rev-list --reverse "$BASE_TAG..HEAD")
total=$(series_patches | wc -l)
[ "$total" -gt 0 ] || die "the series is empty"
[ "${#commits[@]}" = "$total" ] ||
	die "the work tree has ${#commits[@]} commits, the postings $total: run make export (or make reset-tree)"
MAIL=$WORK/mail
rm -rf "$MAIL"
mkdir -p "$MAIL"
from=$ident

start=0
for d in "${POSTINGS[@]}"; do
	mapfile -t files < <(posting_patches "$d" | sed "s|^|$PATCHES/$d/|")
	k=${#files[@]}
	first=$([ $start = 0 ] && git rev-parse "$BASE_TAG^{commit}" || echo "${commits[$((start - 1))]}")
	last=${commits[$((start + k - 1))]}
	start=$((start + k))
	out=$MAIL/$d
	mkdir -p "$out"

	# --no-fixes: get_maintainer would look up the commits that Fixes: tags
	# name, to Cc their authors; the base is a tarball without that history,
	# and git would fail on every id.
	gm() { perl scripts/get_maintainer.pl --no-rolestats --no-git --no-git-fallback --no-fixes \
		--no-tree "$@" "${files[@]}" | sed -n 's/^.*<\(.*\)>.*$/\1/p; /^[^<]*@[^<]*$/p' | sort -u; }
	mapfile -t to < <(gm --m --no-r --no-l)
	mapfile -t cc < <(gm --no-m --r --l)
	# Fixes for stable: Cc the stable list on the cover letter too.
	grep -qh '^Cc: stable@vger.kernel.org' "${files[@]}" && cc+=(stable@vger.kernel.org)
	args=()
	for a in "${to[@]}"; do args+=(--to="$a"); done
	for a in "${cc[@]}"; do args+=(--cc="$a"); done

	git -c core.abbrev=12 format-patch -q --cover-letter --thread=shallow --no-signature \
		--base="$BASE_TAG" "${args[@]}" -o "$out" "$first..$last"

	# The cover letter's subject and text come from the posting's cover-letter.
	python3 - "$out"/0000-cover-letter.patch "$PATCHES/$d/cover-letter" <<'PY'
import sys
mail, src = sys.argv[1], sys.argv[2]
text = open(src).read().rstrip("\n").split("\n")
subject, body = text[0], "\n".join(text[1:]).strip("\n")
m = open(mail).read()
m = m.replace("*** SUBJECT HERE ***", subject).replace("*** BLURB HERE ***", body)
open(mail, "w").write(m)
PY

	# The sender as author and signer, in place of the placeholder.
	for m in "$out"/*.patch; do
		as_user "$m" "$ident" >"$m.new"
		mv "$m.new" "$m"
	done
	if grep -l "$PLACEHOLDER_EMAIL" "$out"/*.patch; then
		die "the placeholder identity is still in the mails above"
	fi

	say "$d: mail for $k patches and a cover letter in $out"
	say "  To: ${to[*]}"
	say "  Cc: ${cc[*]}"
	git send-email --dry-run --confirm=never --quiet --suppress-cc=self --from="$from" \
		--smtp-server=/bin/false "$out"/*.patch >"$out/send-email-dry-run.log" 2>&1 ||
		{ cat "$out/send-email-dry-run.log"; die "git send-email --dry-run rejected the mail of $d"; }
	say "  git send-email --dry-run: $(grep -c '^Dry-Sent' "$out/send-email-dry-run.log") mails would be sent (nothing was)."
done
say "To send for real, a posting at a time: git send-email $MAIL/POSTING/*.patch"
