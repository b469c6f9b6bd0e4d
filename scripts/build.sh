#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The main job: the patched tree, and nouveau built as a module the way a
# distro kernel build would: Debian's own 6.12 amd64 config, with the options
# SVM needs turned on.
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/tree.sh"
cd "$TREE"
D=$OUT/distro
mkdir -p "$D"
want=$(mktemp)
trap 'rm -f "$want"' EXIT
xzcat "$DISTRO_CONFIG" >"$want"
# SVM: device-private memory (ZONE_DEVICE is already on), HMM, and nouveau's
# SVM option; everything else stays as Debian ships it.
./scripts/config --file "$want" --enable DEVICE_PRIVATE --enable DRM_NOUVEAU_SVM \
	--enable HMM_MIRROR --enable MMU_NOTIFIER
if ! cmp -s "$want" "$D/debian.config"; then
	cp "$want" "$D/debian.config"
	cp "$want" "$D/.config"
fi
kmake() { make -s O="$D" CC="ccache gcc" -j"$JOBS" "$@"; }
kmake olddefconfig
for o in DEVICE_PRIVATE DRM_NOUVEAU_SVM; do
	grep -qx "CONFIG_$o=y" "$D/.config" || die "CONFIG_$o did not stay on in $D/.config"
done
grep -qx 'CONFIG_DRM_NOUVEAU=m' "$D/.config" || die "nouveau is not a module in $D/.config"
say "Building nouveau with Debian's config (+ DEVICE_PRIVATE, DRM_NOUVEAU_SVM) in $D"
kmake modules_prepare
# The module alone, as a single target: no vmlinux is built, so modpost
# cannot check nouveau's symbols against the kernel's and says so.
kmake drivers/gpu/drm/nouveau/nouveau.ko
ko=$D/drivers/gpu/drm/nouveau/nouveau.ko
[ -f "$ko" ] || die "no nouveau.ko was built"
say "Tree:       $TREE ($(git rev-list --count "$BASE_TAG..HEAD") patches on $(git log -1 --format=%s "$BASE_TAG"))"
say "Config:     $D/.config"
say "nouveau.ko: $ko ($(modinfo -F vermagic "$ko"))"
