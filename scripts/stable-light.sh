#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The light gate of a stable base (run with BASE=6.12): its backports of the
# fixes (stable/$BASE/1-fixes) apply to Debian's linux-source-$BASE in order,
# and nouveau, with SVM, builds with W=1 at their tip with no warning in a
# file they touch. Prints one line; exits non-zero on failure. The whole
# proof on that base, tests included, is "make check BASE=$BASE".
. "$(dirname "$0")/lib.sh"

[ "$BASE" != "$MAINLINE" ] || die "run with BASE set to a stable base, not $MAINLINE"
"$TOP/scripts/deps.sh"
first=${ALL_POSTINGS[0]}
export POSTING=$first
TREE=$WORK/linux$SUFFIX-$first OUT=$WORK/out$SUFFIX-$first "$TOP/scripts/tree.sh" >/dev/null ||
	die "the $BASE backports do not apply"
TREE=$WORK/linux$SUFFIX-$first
B=$WORK/out$SUFFIX-$first/light
cd "$TREE"
n=$(git rev-list --count "$BASE_TAG..HEAD")
mkdir -p "$B"
if [ ! -f "$B/.config" ]; then
	python3 tools/testing/kunit/kunit.py config --arch=x86_64 --build_dir="$B" \
		--kunitconfig="$TOP/scripts/nouveau.kunitconfig" >"$B/config.log" 2>&1 ||
		{ cat "$B/config.log"; die "cannot configure $B"; }
fi
log=$B/build.log
make -s ARCH=x86_64 O="$B" CC="ccache gcc" -j"$JOBS" W=1 drivers/gpu/drm/nouveau/ >"$log" 2>&1 ||
	{ grep -E 'error' "$log" | head -n 10; die "nouveau does not build at the tip of the $BASE backports"; }
mapfile -t touched < <(git diff --name-only "$BASE_TAG" HEAD -- '*.c' '*.h')
warn=$(grep -E 'warning:' "$log" | grep -F -f <(printf '%s:\n' "${touched[@]}") || true)
if [ -n "$warn" ]; then
	printf '%s\n' "$warn" | head -n 10
	die "W=1 warnings in files the $BASE backports touch"
fi
say "$n backports apply to $(git log -1 --format=%s "$BASE_TAG") in order; nouveau builds with W=1 at their tip, no warning in the ${#touched[@]} files they touch"
