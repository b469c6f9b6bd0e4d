#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Produce the outgoing mail in work/mail: the cover letter (from
# patches/cover-letter) and the patches, numbered [PATCH n/m], with To and Cc
# from scripts/get_maintainer.pl; then check them with a git send-email dry
# run. Nothing is ever sent.
. "$(dirname "$0")/lib.sh"

cd "$TREE" 2>/dev/null || die "no work tree at $TREE (make tree)"
n=$(git rev-list --count "$BASE_TAG..HEAD")
[ "$n" -gt 0 ] || die "the series is empty"
MAIL=$WORK/mail
rm -rf "$MAIL"
mkdir -p "$MAIL"

# --no-fixes: get_maintainer would look up the commits that Fixes: tags name,
# to Cc their authors; the base is a tarball without that history, and git
# would fail on every id.
gm() { perl scripts/get_maintainer.pl --no-rolestats --no-git --no-git-fallback --no-fixes \
	--no-tree "$@" "$PATCHES"/*.patch | sed -n 's/^.*<\(.*\)>.*$/\1/p; /^[^<]*@[^<]*$/p' | sort -u; }
mapfile -t to < <(gm --m --no-r --no-l)
mapfile -t cc < <(gm --no-m --r --l)
args=()
for a in "${to[@]}"; do args+=(--to="$a"); done
for a in "${cc[@]}"; do args+=(--cc="$a"); done

git -c core.abbrev=12 format-patch -q --cover-letter --thread=shallow --no-signature \
	--base="$BASE_TAG" "${args[@]}" -o "$MAIL" "$BASE_TAG..HEAD"

# The cover letter's subject and text come from patches/cover-letter.
python3 - "$MAIL"/0000-cover-letter.patch "$PATCHES/cover-letter" <<'PY'
import sys
mail, src = sys.argv[1], sys.argv[2]
text = open(src).read().rstrip("\n").split("\n")
subject, body = text[0], "\n".join(text[1:]).strip("\n")
m = open(mail).read()
m = m.replace("*** SUBJECT HERE ***", subject).replace("*** BLURB HERE ***", body)
open(mail, "w").write(m)
PY

say "Mail for $n patches and a cover letter in $MAIL"
say "To: ${to[*]}"
say "Cc: ${cc[*]}"
from="$(git config user.name) <$(git config user.email)>"
git send-email --dry-run --confirm=never --quiet --suppress-cc=self --from="$from" \
	--smtp-server=/bin/false "$MAIL"/*.patch >"$MAIL/send-email-dry-run.log" 2>&1 ||
	{ cat "$MAIL/send-email-dry-run.log"; die "git send-email --dry-run rejected the mail"; }
say "git send-email --dry-run: $(grep -c '^Dry-Sent' "$MAIL/send-email-dry-run.log") mails would be sent (nothing was)."
say "To send for real: git send-email $MAIL/*.patch"
