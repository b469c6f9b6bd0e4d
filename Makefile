# SPDX-License-Identifier: GPL-2.0
# The nouveau HMM/SVM series for mainline Linux (Debian's linux-source-7.3;
# the base is MAINLINE in scripts/lib.sh). BASE=6.12 works on the 6.12.y
# stable backports instead (stable/6.12/). See README.md. Everything
# generated lives in work/ (ignored).

S := scripts

.PHONY: all deps tree reset-tree export apply mail kunit kunit-debug bench check fresh-check help

all: deps			## the main job: patched tree + nouveau.ko with Debian's config of the base
	@$(S)/build.sh

deps:				## install the Debian packages the tooling needs
	@$(S)/deps.sh

tree: deps			## create work/linux: base commit + one commit per patch
	@$(S)/tree.sh

reset-tree: deps		## throw work/linux away and create it again from patches/
	rm -rf work/linux
	@$(S)/tree.sh

export:				## write work/linux's commits back into patches/
	@$(S)/export.sh

apply: deps			## apply the series onto your own git tree of the base, as you: make apply KTREE=path
	@test -n "$(KTREE)" || { echo "usage: make apply KTREE=/path/to/your/kernel/git/tree"; exit 2; }
	@$(S)/apply.sh "$(KTREE)"

mail: tree			## cover letters + patches from you (git config user.*) in work/mail, send-email dry run
	@$(S)/mail.sh

kunit: tree			## the KUnit suite in QEMU, on work/linux as it is committed
	@$(S)/kunit.sh normal

kunit-debug: tree		## the same under KASAN, lockdep, DEBUG_VM, DEBUG_LIST, DMA_API_DEBUG
	@$(S)/kunit.sh debug

bench: tree			## the benchmarks (KUnit cases marked slow), printing ratios
	@$(S)/kunit.sh bench

check: deps			## every gate, then the KUnit suite; ends with "N passed, N failed"
	@$(S)/check.sh

fresh-check:			## make, then make check, in a fresh minimal Debian 12 root (slow)
	@$(S)/fresh-check.sh

help:
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## /  make \1\t/'
