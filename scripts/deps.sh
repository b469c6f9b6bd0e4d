#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install, from Debian's packages, what building and checking the series needs,
# then fetch the base's own two packages (scripts/fetch-base.sh). Does nothing
# when everything is already there.
. "$(dirname "$0")/lib.sh"

pkgs=(
	build-essential bc bison flex libelf-dev libssl-dev dwarves cpio kmod
	rsync xz-utils perl python3 python3-ply python3-git git git-email libmailtools-perl ccache
	# The gates. spatch compiles the OCaml parts of some coccinelle rules at
	# run time, and loads libpython3.X.so, from the -dev package, for the
	# Python parts that most rules have in report mode.
	sparse coccinelle ocaml-nox libpython3-dev
	qemu-system-x86				# KUnit runs in QEMU
	debian-archive-keyring			# fetch-base.sh checks the base's suite with it
)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$(id -u)" = 0 ] || die "missing packages (run as root, or install them): ${missing[*]}"
	say "Installing: ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
		die "apt-get install failed: ${missing[*]}"
fi
exec "$TOP/scripts/fetch-base.sh"
