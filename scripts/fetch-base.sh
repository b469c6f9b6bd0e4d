#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Download Debian's linux-source-$BASE and linux-config-$BASE from the suite
# lib.sh names for the base, and unpack them into work/debian/$BASE. Nothing
# is installed: apt runs with a configuration of its own under work/debian/apt,
# so the system's sources, pins and package database stay as they are (7.3
# comes from trixie-backports, and this is a Debian 12 machine). Does nothing
# when the packages are already unpacked.
. "$(dirname "$0")/lib.sh"

[ -f "$TARBALL" ] && [ -f "$DISTRO_CONFIG" ] && [ -s "$DEBIAN_DIR/$SRC_PKG.version" ] && exit 0
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || die "apt-get and dpkg-deb are needed"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f "$keyring" ] || die "$keyring missing (package debian-archive-keyring)"

APT=$WORK/debian/apt/$BASE
mkdir -p "$APT/lists/partial" "$APT/archives/partial" "$DEBIAN_DIR"
: >"$APT/sources.list"
for s in $BASE_SUITES; do
	case $s in
	*-security) url=http://deb.debian.org/debian-security ;;
	*) url=http://deb.debian.org/debian ;;
	esac
	echo "deb [signed-by=$keyring] $url $s main" >>"$APT/sources.list"
done
# The host's Acquire:: settings (a proxy, say) still apply.
aptc=(-o Dir::Etc::SourceList="$APT/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o Dir::State::Lists="$APT/lists" -o Dir::Cache="$APT" -o Dir::Cache::archives="$APT/archives"
      -o Dir::State::status=/dev/null -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
say "Fetching $SRC_PKG and $CFG_PKG from Debian's $BASE_SUITES into $DEBIAN_DIR"
apt-get "${aptc[@]}" -qq update || die "apt-get update of $BASE_SUITES failed"
ver=$(apt-cache "${aptc[@]}" policy "$SRC_PKG" | sed -n 's/^  Candidate: //p')
[ -n "$ver" ] && [ "$ver" != "(none)" ] || die "$SRC_PKG is not in Debian's $BASE_SUITES"
(cd "$APT/archives" && apt-get "${aptc[@]}" -qq download "$SRC_PKG=$ver" "$CFG_PKG=$ver") ||
	die "downloading $SRC_PKG $ver failed"
for p in "$SRC_PKG" "$CFG_PKG"; do
	deb=$(ls "$APT/archives/${p}_"*.deb | grep -F "_${ver//:/%3a}_" | head -n 1)
	[ -n "$deb" ] || die "no .deb of $p $ver was downloaded"
	dpkg-deb -x "$deb" "$DEBIAN_DIR" || die "cannot unpack $deb"
	rm -f "$deb"
done
[ -f "$TARBALL" ] && [ -f "$DISTRO_CONFIG" ] || die "the packages did not hold $TARBALL and $DISTRO_CONFIG"
echo "$ver" >"$DEBIAN_DIR/$SRC_PKG.version"
say "Base packages: $SRC_PKG $ver ($DEBIAN_DIR)"
