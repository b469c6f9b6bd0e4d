#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The main job: the patched tree, and nouveau built as a module the way a
# distro kernel build would: Debian's own amd64 config of the base, with the options
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
# SVM option. Module BTF is generated from vmlinux's BTF, and vmlinux is not
# built here. Everything else stays as Debian ships it.
./scripts/config --file "$want" --enable DEVICE_PRIVATE --enable DRM_NOUVEAU_SVM \
	--enable HMM_MIRROR --enable MMU_NOTIFIER --disable DEBUG_INFO_BTF_MODULES
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
# The module alone, as a single target. No vmlinux is built, so modpost has
# no kernel symbols to check nouveau's against: it would call every one of
# them undefined. Those become warnings, counted here instead of printed.
log=$D/nouveau-modpost.log
kmake KBUILD_MODPOST_WARN=1 drivers/gpu/drm/nouveau/nouveau.ko >"$log" 2>&1 ||
	{ cat "$log"; die "nouveau.ko did not build"; }
grep -v -e 'undefined!$' -e 'vmlinux.o is missing' -e 'Modules may not have dependencies' \
	-e 'unresolved symbol errors' -e 'KBUILD_MODPOST_WARN=1' -e 'at your own risk' \
	-e 'suppressed [0-9]* unresolved symbol warnings' "$log" || true
shown=$(grep -c 'undefined!$' "$log" || true)
hidden=$(sed -n 's/.*suppressed \([0-9]*\) unresolved symbol warnings.*/\1/p' "$log")
say "modpost: $((shown + ${hidden:-0})) kernel symbols used by nouveau not checked (no vmlinux)"
ko=$D/drivers/gpu/drm/nouveau/nouveau.ko
[ -f "$ko" ] || die "no nouveau.ko was built"
say "Tree:       $TREE ($(git rev-list --count "$BASE_TAG..HEAD") patches on $(git log -1 --format=%s "$BASE_TAG"))"
say "Config:     $D/.config"
say "nouveau.ko: $ko ($(modinfo -F vermagic "$ko"))"
