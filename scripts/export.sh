#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Export the work tree's commits on top of the base back into patches/ as
# git format-patch files, posting by posting, and rewrite each posting's
# series file. A commit goes to the posting that holds a patch with its
# subject; a new commit goes to the posting of the commit before it. To move
# a patch to another posting, move its file there and export again.
# Exporting an unchanged tree changes no file: no dates of today, no commit
# hashes, no git version.
. "$(dirname "$0")/lib.sh"

[ -z "${POSTING:-}" ] || die "export writes every posting: run it without POSTING"
cd "$TREE" 2>/dev/null || die "no work tree at $TREE (make tree)"
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
	die "the work tree has uncommitted changes: commit them first"
n=$(git rev-list --count "$BASE_TAG..HEAD")
# Stable backports say which stable tree they are for.
SUBJECT_PREFIX=PATCH
[ "$BASE" = "$MAINLINE" ] || SUBJECT_PREFIX="PATCH $BASE.y"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "$n" -gt 0 ]; then
	git -c core.abbrev=12 -c diff.noprefix=false -c format.signature= \
		format-patch -q --no-signature --zero-commit --no-numbered \
		--no-cover-letter --subject-prefix="$SUBJECT_PREFIX" -o "$tmp/all" "$BASE_TAG..HEAD"
fi
python3 - "$PATCHES" "$tmp/all" "$SRC_PKG" "${ALL_POSTINGS[@]}" <<'PY'
import email, os, re, sys
patches, new, pkg, postings = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
if not postings:
    sys.exit("error: no posting folders (patches/*/series) to export into")

def subject(path):
    with open(path, errors="replace") as f:
        msg = email.message_from_file(f)
    s = re.sub(r"\s+", " ", str(msg["Subject"] or ""))
    return re.sub(r"^\[PATCH[^\]]*\] ", "", s)

where = {}
for d in postings:
    for f in os.listdir(os.path.join(patches, d)):
        if f.endswith(".patch"):
            where[subject(os.path.join(patches, d, f))] = d
files = sorted(os.listdir(new)) if os.path.isdir(new) else []
order = {d: i for i, d in enumerate(postings)}
out = {d: [] for d in postings}
cur = postings[0]
for f in files:
    d = where.get(subject(os.path.join(new, f)), cur)
    if order[d] < order[cur]:
        sys.exit(f"error: {f} belongs to posting {d}, after a patch of {cur}: "
                 "reorder the commits, or move the patch file")
    cur = d
    out[d].append(f)
changed = 0
for d in postings:
    dst = os.path.join(patches, d)
    names = []
    for i, f in enumerate(out[d], 1):
        name = "%04d-%s" % (i, f.split("-", 1)[1])
        names.append(name)
        data = open(os.path.join(new, f), "rb").read()
        p = os.path.join(dst, name)
        if not os.path.exists(p) or open(p, "rb").read() != data:
            open(p, "wb").write(data)
            changed = 1
    for f in os.listdir(dst):
        if f.endswith(".patch") and f not in names:
            os.remove(os.path.join(dst, f))
            changed = 1
    if "stable" in patches:
        head = ("# %s of the nouveau SVM series' stable backports, in the order git am\n"
                "# and quilt apply it. Written by scripts/export.sh; base: %s.\n" % (d, pkg))
    else:
        head = ("# Posting %s of the nouveau SVM series, in the order git am and quilt\n"
                "# apply it. Written by scripts/export.sh from the work tree; base: %s.\n"
                % (d, pkg))
    series = head + "".join(n + "\n" for n in names)
    p = os.path.join(dst, "series")
    if not os.path.exists(p) or open(p).read() != series:
        open(p, "w").write(series)
        changed = 1
    print(f"  {d}: {len(names)} patches")
print("Exported %d patches to %s%s" % (len(files), patches, "" if changed else " (no change)"))
PY
