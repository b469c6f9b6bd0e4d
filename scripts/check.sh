#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every gate of the series, then the KUnit suite (the debug run).
# Each gate prints one verdict line; the last line is "N passed, N failed"
# over the KUnit cases. Exits non-zero if any gate failed.
. "$(dirname "$0")/lib.sh"

failed_gates=()
verdict() {	# verdict GATE ok|FAIL TEXT
	printf 'gate %-12s %s%s\n' "$1:" "$([ "$2" = ok ] && echo ok || echo FAILED)" "${3:+: $3}"
	[ "$2" = ok ] || failed_gates+=("$1")
}
LOGS=$OUT/check
rm -rf "$LOGS"
mkdir -p "$LOGS"

"$TOP/scripts/tree.sh" >/dev/null
cd "$TREE"
mapfile -t list < <(series_patches)
n=${#list[@]}

# Gate: each posting's series file lists exactly the patch files of its
# folder, each a format-patch mail with a Signed-off-by, and the posting has
# a cover letter.
bad=()
for p in "${list[@]}"; do
	f=$PATCHES/$p
	if [ ! -f "$f" ]; then bad+=("$p: listed but missing"); continue; fi
	grep -q '^From 0\{40\} ' "$f" && grep -q '^Subject: \[PATCH' "$f" &&
		grep -q '^Signed-off-by: ' "$f" || bad+=("$p: not a format-patch mail with Signed-off-by")
done
for d in "${POSTINGS[@]}"; do
	[ -s "$PATCHES/$d/cover-letter" ] || bad+=("$d: no cover-letter")
	for f in "$PATCHES/$d"/*.patch; do
		[ -e "$f" ] || continue
		printf '%s\n' "${list[@]}" | grep -qxF "$d/$(basename "$f")" ||
			bad+=("$d/$(basename "$f"): present but not in $d/series")
	done
done
[ "$(printf '%s\n' "${list[@]}" | sort | uniq -d)" = "" ] || bad+=("duplicates in a series file")
if [ ${#bad[@]} -eq 0 ]; then verdict series ok "$n patches in ${#POSTINGS[@]} postings: ${POSTINGS[*]}"
else printf '  %s\n' "${bad[@]}"; verdict series FAIL "${bad[0]}"; fi

# Gate: the series applies to a clean base (in a scratch index), and what it
# gives is exactly the tree that is built and tested below.
head_before=$(git rev-parse HEAD)
branch=$(git symbolic-ref -q --short HEAD || true)
restore() {
	if [ -n "$branch" ]; then git checkout -q "$branch"; else git checkout -q --detach "$head_before"; fi
}
export GIT_INDEX_FILE=$LOGS/apply.index
git read-tree "$BASE_TAG"
apply_ok=1
for p in "${list[@]}"; do
	if ! git apply --cached "$PATCHES/$p" 2>"$LOGS/apply.err"; then
		sed 's/^/  /' "$LOGS/apply.err"
		verdict apply FAIL "$p does not apply to the base"
		apply_ok=0
		break
	fi
done
applied=$(git write-tree)
# The fixes for stable of each posting apply to the plain base, in order,
# with no other patch of the series.
stable=0
for d in "${POSTINGS[@]}"; do
	[ $apply_ok = 1 ] || break
	GIT_INDEX_FILE=$LOGS/apply-stable.index git read-tree "$BASE_TAG"
	for p in "${list[@]}"; do
		[ "${p%%/*}" = "$d" ] || continue
		grep -q '^Cc: stable@vger.kernel.org' "$PATCHES/$p" || continue
		if ! GIT_INDEX_FILE=$LOGS/apply-stable.index git apply --cached "$PATCHES/$p" \
				2>"$LOGS/apply.err"; then
			sed 's/^/  /' "$LOGS/apply.err"
			verdict apply FAIL "$p is for stable, and does not apply to the base with only the fixes for stable before it in $d"
			apply_ok=0
			break
		fi
		stable=$((stable + 1))
	done
done
unset GIT_INDEX_FILE
if [ $apply_ok = 1 ]; then
	if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
		verdict apply FAIL "the work tree $TREE has uncommitted changes: commit and export them"
		apply_ok=0
	elif [ "$applied" != "$(git rev-parse 'HEAD^{tree}')" ]; then
		verdict apply FAIL "the work tree's commits differ from patches/: run make export (or make reset-tree)"
		apply_ok=0
	elif [ "$(git rev-list --count "$BASE_TAG..HEAD")" != "$n" ]; then
		verdict apply FAIL "the work tree has $(git rev-list --count "$BASE_TAG..HEAD") commits, the series $n"
		apply_ok=0
	else
		verdict apply ok "$n patches apply to $(git log -1 --format=%s "$BASE_TAG"), the $stable for stable with no other patch"
	fi
fi
mapfile -t commits < <(git rev-list --reverse "$BASE_TAG..HEAD")

# Gate: checkpatch --strict, no ERROR and no WARNING in any patch.
# One exception: the base is a tarball without history, so checkpatch
# cannot look up the upstream commits that Fixes: tags name and warns
# "Unknown commit id". That warning alone is let through and listed; a
# malformed reference still fails. And checkpatch asks whether MAINTAINERS
# needs updating whenever a patch adds a file: that is let through when a
# section of the base's MAINTAINERS (not THE REST) already has an F:
# directory above every file the patch adds, and listed. Last, a fix for
# stable without Fixes: (checkpatch asks for one) is let through only when
# its posting's fixes-pending file names its subject, with the reason the id
# is not there yet; those patches are listed too.
unknown_id="^WARNING:UNKNOWN_COMMIT_ID: Unknown commit id '[0-9a-f]{12,40}'"
missing_fixes="^WARNING:MISSING_FIXES_TAG:"
# Patch $1's subject is listed in its posting's fixes-pending file.
fixes_pending() {
	local pending subj
	pending=$PATCHES/$(dirname "$1")/fixes-pending
	[ -f "$pending" ] || return 1
	subj=$(sed -n '/^Subject: /{s/^Subject: \[[^]]*\] //;N;s/\n / /;s/\n.*//;p;q}' "$PATCHES/$1")
	grep -v '^#' "$pending" | grep -qxF -- "$subj"
}
path_changes="^WARNING:FILE_PATH_CHANGES:"
# Every file patch $1 adds lies under an F: directory of a MAINTAINERS section.
covered() {
	[ -f "$LOGS/MAINTAINERS.base" ] || git show "$BASE_TAG:MAINTAINERS" >"$LOGS/MAINTAINERS.base"
	python3 - "$1" "$LOGS/MAINTAINERS.base" <<'PY'
import re, sys
patch, maint = open(sys.argv[1], errors="replace").read(), open(sys.argv[2]).read()
dirs = [d for d in re.findall(r"^F:\s+(\S+/)$", maint, re.M) if d != "*/"]
new = re.findall(r"^diff --git a/\S+ b/(\S+)\nnew file mode", patch, re.M)
sys.exit(0 if all(any(f.startswith(d) for d in dirs) for f in new) else 1)
PY
}
cp_bad=()
cp_ids=()
cp_maint=()
cp_pending=()
for p in "${list[@]}"; do
	[ -f "$PATCHES/$p" ] || continue
	log=$LOGS/checkpatch-${p//\//_}.log
	perl scripts/checkpatch.pl --strict --no-summary --quiet --show-types \
		"$PATCHES/$p" >"$log" 2>&1 || true
	allowed=$unknown_id
	if grep -qE "$path_changes" "$log" && covered "$PATCHES/$p"; then
		allowed="$unknown_id|$path_changes"
		cp_maint+=("${p#*/}")
	fi
	if grep -qE "$missing_fixes" "$log" && fixes_pending "$p"; then
		allowed="$allowed|$missing_fixes"
		cp_pending+=("${p#*/}")
	fi
	if grep -E '^(ERROR|WARNING):' "$log" | grep -qvE "$allowed"; then
		cp_bad+=("$p")
		grep -E '^(ERROR|WARNING|CHECK):' "$log" | head -n 5 | sed "s|^|  $p: |"
	fi
	mapfile -t -O ${#cp_ids[@]} cp_ids < <(grep -oE "$unknown_id" "$log" |
						grep -oE "[0-9a-f]{12,40}")
done
note=""
[ ${#cp_ids[@]} -eq 0 ] || note=" (Fixes: ids not in the base's history: ${cp_ids[*]})"
[ ${#cp_maint[@]} -eq 0 ] ||
	note+=" (new files an existing MAINTAINERS entry covers: ${#cp_maint[@]} patches)"
[ ${#cp_pending[@]} -eq 0 ] ||
	note+=" (Fixes: id pending, see fixes-pending: ${cp_pending[*]})"
if [ ${#cp_bad[@]} -eq 0 ]; then verdict checkpatch ok "--strict: no ERROR or WARNING$note"
else verdict checkpatch FAIL "${cp_bad[*]}"; fi

# The files the series touches, and the C files among them that are
# compiled on their own: a file #included by another C file (the tests at
# the end of the unit they test, tests/nouveau_svm_test.c, and the
# benchmark at the end of the tests) is checked as part of that unit.
mapfile -t touched < <(git diff --name-only --diff-filter=AM "$BASE_TAG" HEAD)
cfiles=()
for f in "${touched[@]}"; do
	case $f in *.c) ;; *) continue ;; esac
	d=$(dirname "$f")
	b=$(basename "$f")
	if git grep -qF "#include \"$b\"" HEAD -- "$d/*.c" ||
	   git grep -qF "#include \"$(basename "$d")/$b\"" HEAD -- "$(dirname "$d")/*.c"; then
		continue
	fi
	cfiles+=("$f")
done
objs=()
for f in "${cfiles[@]}"; do objs+=("${f%.c}.o"); done

if [ $apply_ok = 1 ]; then
	# A sparse the base accepts (Debian 12's is too old for 7.3).
	SPARSE=$("$TOP/scripts/sparse.sh" "$TREE") || die "no sparse for $TREE"
	trap restore EXIT
	BIS=$OUT/bisect
	mkdir -p "$BIS"
	# The KUnit configuration of the postings' tip, kept as it is for every
	# step, so each step builds nouveau, its tests and SVM. Postings without
	# the tests (the fixes alone) build nouveau and SVM with the same options.
	kcfg=drivers/gpu/drm/nouveau/.kunitconfig
	[ -f "$kcfg" ] || kcfg=$TOP/scripts/nouveau.kunitconfig
	if [ ! -f "$BIS/kunit.config" ] || [ "$kcfg" -nt "$BIS/kunit.config" ]; then
		python3 tools/testing/kunit/kunit.py config --arch=x86_64 --build_dir="$BIS" \
			--kunitconfig="$kcfg" >"$LOGS/bisect-config.log" 2>&1 ||
			{ cat "$LOGS/bisect-config.log"; die "cannot configure $BIS"; }
		cp "$BIS/.config" "$BIS/kunit.config"
	fi
	kmake() { make -s ARCH=x86_64 O="$BIS" CC="ccache gcc" -j"$JOBS" "$@"; }
	norm() {	# warnings, without line and column numbers
		{ grep -E '(warning|error):' "$1" || true; } |
			sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/' | sort -u
	}
	bis_bad=()
	for i in $(seq 0 "$n"); do
		if [ "$i" = 0 ]; then c=$(git rev-parse "$BASE_TAG^{commit}"); name=base
		else c=${commits[$((i - 1))]}; name=${list[$((i - 1))]}; fi
		git checkout -q --detach "$c"
		# The configuration again where a Kconfig file changed (a symbol
		# of the KUnit configuration may appear only now); elsewhere the
		# build keeps it, and saves a resync of the whole configuration.
		if [ "$i" = 0 ] || git diff --name-only "$prev" "$c" | grep -q 'Kconfig'; then
			cp "$BIS/kunit.config" "$BIS/.config"
			kmake olddefconfig >/dev/null
		fi
		prev=$c
		if ! kmake W=1 drivers/gpu/drm/nouveau/ >"$LOGS/bisect-$i.log" 2>&1; then
			bis_bad+=("$name: does not build")
			grep -E 'error' "$LOGS/bisect-$i.log" | head -n 5 | sed "s|^|  $name: |"
			continue
		fi
		norm "$LOGS/bisect-$i.log" >"$LOGS/bisect-$i.warn"
		if [ "$i" = 0 ]; then
			cp "$LOGS/bisect-0.warn" "$LOGS/base.warn"
		else
			new=$(comm -13 "$LOGS/base.warn" "$LOGS/bisect-$i.warn")
			if [ -n "$new" ]; then
				bis_bad+=("$name: new W=1 warnings")
				printf '%s\n' "$new" | head -n 5 | sed "s|^|  $name: |"
			fi
		fi
		# sparse and kernel-doc on the touched files, at the base and at the tip.
		if [ "$i" = 0 ] || [ "$i" = "$n" ]; then
			tag=$([ "$i" = 0 ] && echo base || echo tip)
			: >"$LOGS/sparse-$tag.log"
			: >"$LOGS/kdoc-$tag.log"
			present=()
			for f in "${cfiles[@]}"; do
				[ -f "$f" ] && present+=("${f%.c}.o")
			done
			# One make for all of them: each make costs seconds to start.
			if [ ${#present[@]} -gt 0 ] &&
			   ! kmake C=2 CHECK="$SPARSE" "${present[@]}" >>"$LOGS/sparse-$tag.log" 2>&1; then
				bis_bad+=("$name: sparse did not run")
			fi
			# The kernel drops C=2 with only a warning when it finds the
			# checker too old: that would be a gate that checks nothing.
			if grep -q 'is not available or not up to date' "$LOGS/sparse-$tag.log"; then
				bis_bad+=("$name: the kernel refused $SPARSE as its checker")
			fi
			for f in "${touched[@]}"; do
				[ -f "$f" ] || continue
				case $f in
				*.c|*.h) perl scripts/kernel-doc -none -Wall "$f" >>"$LOGS/kdoc-$tag.log" 2>&1 || true ;;
				esac
			done
		fi
	done
	restore
	trap - EXIT
	if [ ${#bis_bad[@]} -eq 0 ]; then verdict bisect ok "base and each of $n patches build nouveau with W=1, nothing new warned"
	else verdict bisect FAIL "${bis_bad[*]}"; fi

	new=$(comm -13 <(norm "$LOGS/sparse-base.log") <(norm "$LOGS/sparse-tip.log"))
	if [ -z "$new" ]; then verdict sparse ok "${#cfiles[@]} touched C files, nothing new (checker: $SPARSE)"
	else printf '%s\n' "$new" | head -n 10 | sed 's/^/  /'; verdict sparse FAIL "new sparse warnings"; fi

	new=$(comm -13 <(norm "$LOGS/kdoc-base.log") <(norm "$LOGS/kdoc-tip.log"))
	# ... and every new non-static function has kernel-doc.
	new+=$(python3 "$TOP/scripts/kdoc-missing.py" "$BASE_TAG" || true)
	if [ -z "$new" ]; then verdict kernel-doc ok "${#touched[@]} touched files, nothing new, new API documented"
	else printf '%s\n' "$new" | head -n 10 | sed 's/^/  /'; verdict kernel-doc FAIL "new kernel-doc warnings"; fi

	# coccicheck, file by file, on the touched C files at the tip.
	: >"$LOGS/coccicheck.log"
	# Not with make -s: coccicheck then prints nothing at all.
	if [ ${#objs[@]} -gt 0 ] &&
	   ! make ARCH=x86_64 O="$BIS" CC="ccache gcc" -j"$JOBS" C=2 CHECK="$TREE/scripts/coccicheck" \
		MODE=report "${objs[@]}" >>"$LOGS/coccicheck.log" 2>&1; then
		echo "coccicheck did not run" >>"$LOGS/coccicheck.log"
	fi
	reports=$(grep -E '^[^ ]+\.[ch]:[0-9]+:|did not run' "$LOGS/coccicheck.log" | sort -u || true)
	# A report on code the base already has, that a series' patch only
	# touches the file of, is let through when the series' coccicheck-known
	# file has a pattern for it (with the reason), and listed.
	known=""
	if [ -n "$reports" ] && [ -f "$PATCHES/coccicheck-known" ]; then
		pats=$(grep -v -e '^#' -e '^$' "$PATCHES/coccicheck-known" || true)
		if [ -n "$pats" ]; then
			known=$(printf '%s\n' "$reports" | grep -E -f <(printf '%s\n' "$pats") || true)
			reports=$(printf '%s\n' "$reports" | grep -v -E -f <(printf '%s\n' "$pats") || true)
		fi
	fi
	note=""
	[ -z "$known" ] || note=" (known reports on the base's code, see coccicheck-known: $(printf '%s\n' "$known" | wc -l))"
	if [ -z "$reports" ]; then verdict coccicheck ok "${#objs[@]} touched C files, no reports$note"
	else printf '%s\n' "$reports" | head -n 10 | sed 's/^/  /'; verdict coccicheck FAIL "$(printf '%s\n' "$reports" | wc -l) reports"; fi
else
	for g in bisect sparse kernel-doc coccicheck; do verdict $g FAIL "not run: the series does not apply"; done
fi

# Gate, on mainline: each stable base's backports (stable/BASE/) apply to
# Debian's kernel of that base in order, and nouveau builds with W=1 at their
# tip. "make check BASE=6.12" is their whole proof, tests included.
if [ "$BASE" = "$MAINLINE" ] && [ -z "${POSTING:-}" ] && [ -d "$TOP/stable" ]; then
	for sb in $(cd "$TOP/stable" && ls); do
		if out=$(env -u POSTING -u TREE -u OUT BASE="$sb" "$TOP/scripts/stable-light.sh" 2>&1); then
			verdict "stable-$sb" ok "$(printf '%s\n' "$out" | tail -n 1)"
		else
			printf '%s\n' "$out" | tail -n 12 | sed 's/^/  /'
			verdict "stable-$sb" FAIL "$(printf '%s\n' "$out" | grep '^error:' | tail -n 1)"
		fi
	done
fi

# The KUnit suite, once: in the debug run. It runs every case the normal
# run (make kunit) does, and the two that need the page allocator's error
# injection point, under KASAN, lockdep and the other checkers; a second
# kernel built without them would add a third of a cold check and no case.
passed=0 failed=0
for mode in debug; do
	if [ ! -f drivers/gpu/drm/nouveau/.kunitconfig ]; then
		verdict "kunit-$mode" ok "skipped: ${POSTINGS[*]} add no KUnit suite"
		continue
	fi
	out=$("$TOP/scripts/kunit.sh" "$mode" 2>&1) && st=ok || st=FAIL
	printf '%s\n' "$out" | grep -v "^kunit-$mode: [0-9]* passed" | sed 's/^/  /' || true
	line=$(printf '%s\n' "$out" | grep -E "^kunit-$mode: [0-9]+ passed, [0-9]+ failed" | tail -n 1)
	p=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed.*/\1/p'); p=${p:-0}
	f=$(printf '%s' "$line" | sed -nE 's/.* ([0-9]+) failed.*/\1/p'); f=${f:-1}
	# A run that failed with every case passing (a splat in the kernel
	# log, a crash after the last case) still counts as a failure.
	[ $st = ok ] || [ "$f" -gt 0 ] || f=1
	passed=$((passed + p)); failed=$((failed + f))
	verdict "kunit-$mode" $st "$p passed, $f failed"
done

if [ ${#failed_gates[@]} -gt 0 ]; then
	say "FAILED gates: ${failed_gates[*]} (logs in $LOGS and $OUT)"
fi
say "$passed passed, $failed failed"
[ ${#failed_gates[@]} -eq 0 ]
