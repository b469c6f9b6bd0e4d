#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Print the path of a sparse that the kernel tree $1 accepts. Since 6.15 the
# kernel checks its checker (scripts/checker-valid.sh): it must know
# __typeof_unqual__, and Debian 12's sparse (0.6.4) does not, so C=2 would
# silently check nothing. Then build sparse from the source package of
# Debian's unstable suite (0.6.5~rc1, which does) into work/tools/sparse:
# the source is fetched with apt-get source and a configuration of its own,
# as fetch-base.sh fetches the base, and only the sparse binary is built
# (no LLVM, GTK or SQLite parts). Nothing is installed.
. "$(dirname "$0")/lib.sh"

tree=${1:?usage: sparse.sh KERNEL_TREE}
valid() {
	[ ! -x "$tree/scripts/checker-valid.sh" ] ||
		[ "$("$tree/scripts/checker-valid.sh" "$1" -m64 -mlittle-endian)" = 1 ]
}
if valid sparse; then command -v sparse; exit 0; fi
S=$WORK/tools/sparse
if [ -x "$S/sparse" ] && valid "$S/sparse"; then echo "$S/sparse"; exit 0; fi

keyring=/usr/share/keyrings/debian-archive-keyring.gpg
APT=$WORK/debian/apt/sparse-src
mkdir -p "$APT/lists/partial" "$APT/archives/partial" "$WORK/tools"
echo "deb-src [signed-by=$keyring] http://deb.debian.org/debian unstable main" >"$APT/sources.list"
aptc=(-o Dir::Etc::SourceList="$APT/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o Dir::State::Lists="$APT/lists" -o Dir::Cache="$APT" -o Dir::Cache::archives="$APT/archives"
      -o Dir::State::status=/dev/null -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
{
	apt-get "${aptc[@]}" -qq update
	rm -rf "$APT/src"
	mkdir -p "$APT/src"
	(cd "$APT/src" && apt-get "${aptc[@]}" -qq source --download-only sparse)
	dsc=$(ls "$APT/src"/sparse_*.dsc)
	rm -rf "$S"
	# Debian's own patches make it build with gcc-16 and link as needed:
	# Debian 12 has gcc-12, so build the upstream source as it is.
	dpkg-source --no-check --skip-patches -x "$dsc" "$S"
	make -C "$S" -s -j"$JOBS" CC=gcc HAVE_LLVM=no HAVE_GTK=no HAVE_SQLITE=no HAVE_BOOLECTOR=no sparse
} >"$WORK/tools/sparse-build.log" 2>&1 || { tail -n 20 "$WORK/tools/sparse-build.log" >&2; die "cannot build sparse from Debian's source"; }
valid "$S/sparse" || die "the sparse built from $(basename "$dsc") is not one $tree accepts either"
echo "$S/sparse"
