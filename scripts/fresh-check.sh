#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The README's two commands on a fresh Debian 12 system: build a minimal
# bookworm root with mmdebstrap (git and make added, nothing else), from the
# package sources and apt settings the host uses; clone this repository into
# it as a user would; run "make", then "make check", there as root; print the
# result and the time each took; throw the root away.
#
#   FRESH_KEEP=1      keep the root (work/fresh/root) for a look afterwards
#   FRESH_CCACHE=DIR  give the root DIR as its ccache: a second run is then
#                     no longer cold, but still starts from a fresh system
#
# What the clone gets is what is committed: commit first.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || die "fresh-check builds a root and chroots into it: run it as root"
FRESH=$WORK/fresh
ROOT=$FRESH/root
LOG=$FRESH/fresh-check.log
SRC=/root/nouveau-svm		# where the clone lives inside the root

mounted() { awk -v r="$ROOT" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r; }
teardown() {
	local m
	for m in $(mounted); do umount -l "$m" || true; done
	[ -z "$(mounted)" ] || die "still mounted below $ROOT; not removing it"
	if [ "${FRESH_KEEP:-0}" = 1 ]; then say "fresh-check: root kept in $ROOT"
	else rm -rf "$ROOT"; fi
}

# The one tool the host itself needs.
if ! command -v mmdebstrap >/dev/null; then
	say "Installing mmdebstrap on the host"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends mmdebstrap >/dev/null ||
		die "apt-get install mmdebstrap failed"
fi

# The host's package sources and any Acquire:: settings (proxy, snapshot
# validity), so the root installs from where the host does.
sources=()
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
	[ -f "$f" ] && grep -qvE '^[[:space:]]*(#|$)' "$f" && sources+=("$f")
done
[ ${#sources[@]} -gt 0 ] || die "the host has no apt sources"
aptopts=()
for f in /etc/apt/apt.conf /etc/apt/apt.conf.d/*; do
	[ -f "$f" ] && grep -q '^[[:space:]]*Acquire' "$f" && aptopts+=(--aptopt="$f")
done

[ -z "$(mounted)" ] || die "something is still mounted below $ROOT: unmount it first"
rm -rf "$ROOT"
mkdir -p "$FRESH"
: >"$LOG"
trap teardown EXIT
# Interrupted (Ctrl-C, a CI timeout): still unmount and remove the root.
trap 'exit 130' INT TERM HUP

say "fresh-check: a minimal Debian 12 root in $ROOT (log: $LOG)"
t0=$(date +%s)
mmdebstrap --variant=minbase --include=git,make "${aptopts[@]}" \
	bookworm "$ROOT" "${sources[@]}" >>"$LOG" 2>&1 ||
	{ tail -n 20 "$LOG"; die "mmdebstrap failed"; }
say "fresh-check: root built in $(($(date +%s) - t0)) s"

git clone -q --no-hardlinks "$TOP" "$ROOT$SRC" || die "cannot clone $TOP"
say "fresh-check: cloned $(git -C "$ROOT$SRC" log -1 --format='%h %s')"
[ -z "$(git -C "$TOP" status --porcelain)" ] ||
	say "fresh-check: note: $TOP has uncommitted changes; the clone has only what is committed"

# QEMU (TCG) and the build need /proc, /sys and /dev; name resolution for apt.
mount -t proc proc "$ROOT/proc"
# Slaves, so that unmounting them afterwards cannot unmount the host's own.
mount --rbind /sys "$ROOT/sys"
mount --make-rslave "$ROOT/sys"
mount --rbind /dev "$ROOT/dev"
mount --make-rslave "$ROOT/dev"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
if [ -n "${FRESH_CCACHE:-}" ]; then
	mkdir -p "$FRESH_CCACHE" "$ROOT/root/.cache/ccache-nouveau-svm"
	mount --bind "$FRESH_CCACHE" "$ROOT/root/.cache/ccache-nouveau-svm"
	say "fresh-check: ccache kept in $FRESH_CCACHE (cold only if it was empty)"
fi

inroot() {
	chroot "$ROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/bash -c "cd $SRC && $*"
}
fmt() { printf '%d min %d s' $(($1 / 60)) $(($1 % 60)); }

results=()
rc=0
for cmd in "make" "make check"; do
	say "fresh-check: # $cmd"
	t=$(date +%s)
	set +e
	inroot "$cmd" 2>&1 | tee -a "$LOG"
	st=${PIPESTATUS[0]}
	set -e
	d=$(($(date +%s) - t))
	if [ "$st" = 0 ]; then
		results+=("$(printf '%-11s ok      %s' "$cmd" "$(fmt $d)")")
	else
		why=$(grep -E '^(FAILED gates:|error:)' "$LOG" | tail -n 1 || true)
		results+=("$(printf '%-11s FAILED  %s%s' "$cmd" "$(fmt $d)" "${why:+: $why}")")
		rc=1
		break
	fi
done

say "fresh-check: $(chroot "$ROOT" dpkg-query -W -f='.\n' | wc -l) packages in the root at the end"
for r in "${results[@]}"; do say "fresh-check: $r"; done
[ $rc = 0 ] && say "fresh-check: passed" || say "fresh-check: FAILED"
exit $rc
