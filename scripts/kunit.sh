#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build and run nouveau's KUnit suite in QEMU (x86_64) from the work tree.
#   kunit.sh normal   the suite, slow (benchmark) cases excluded
#   kunit.sh debug    the same under KASAN, lockdep, DEBUG_VM, DEBUG_LIST and
#                     DMA_API_DEBUG; a splat in the kernel log fails the run
#   kunit.sh bench    only the cases marked slow: the benchmarks
# Prints "kunit-MODE: N passed, N failed"; exits non-zero on any failure.
. "$(dirname "$0")/lib.sh"

mode=${1:-normal}
cd "$TREE" 2>/dev/null || die "no work tree at $TREE (make tree)"
[ -f drivers/gpu/drm/nouveau/.kunitconfig ] ||
	die "the tree has no drivers/gpu/drm/nouveau/.kunitconfig: is the series applied?"

args=(--arch=x86_64 --kunitconfig=drivers/gpu/drm/nouveau --jobs="$JOBS"
      --make_options "CC=ccache gcc")
# Two CPUs: x86_64's defaults give a UP kernel, and SVM has races to test.
# No KVM: it is not everywhere, and TCG boots this kernel in seconds.
qemu="-smp 2"
args+=(--qemu_args "$qemu")
case $mode in
normal)
	args+=(--filter "speed>slow" --timeout 600)
	;;
debug)
	# The page allocator's error injection point, which the cases of a CPU
	# fault that finds no system page probe: they skip without it.
	# kmemleak, with its scan thread off: the initramfs's /init scans once
	# the suite is done, and prints the report (kmemleak-init.c).
	for o in DEBUG_KERNEL KASAN KASAN_GENERIC PROVE_LOCKING DEBUG_VM DEBUG_LIST \
		 DMA_API_DEBUG FAULT_INJECTION FAIL_PAGE_ALLOC KPROBES \
		 FUNCTION_ERROR_INJECTION DEBUG_KMEMLEAK; do
		args+=(--kconfig_add "CONFIG_$o=y")
	done
	args+=(--kconfig_add "CONFIG_DEBUG_KMEMLEAK_AUTO_SCAN=n")
	args+=(--qemu_config "$TOP/scripts/kunit-qemu-init.py")
	args+=(--filter "speed>slow" --timeout 1500)
	;;
bench)
	# Tracing, for the tracepoint the benchmark counts mmap lock acquisitions
	# with. No function tracer: it would slow every function in the timings.
	for o in FTRACE ENABLE_DEFAULT_TRACERS; do
		args+=(--kconfig_add "CONFIG_$o=y")
	done
	args+=(--filter "speed<=slow" --timeout 1500)
	;;
*)	die "unknown mode $mode (normal, debug, bench)" ;;
esac

# QEMU on TCG always (scripts/qemu-tcg says why).
export PATH=$TOP/scripts/qemu-tcg:$PATH

build=$OUT/kunit-$mode
log=$OUT/kunit-$mode.log
json=$OUT/kunit-$mode.json
mkdir -p "$OUT"
rm -f "$log" "$json"
if [ "$mode" = debug ]; then
	# The initramfs: kmemleak-init.c as /init, built against the tree's nolibc,
	# packed by the tree's gen_init_cpio.
	initrd=$OUT/kunit-debug-initrd
	mkdir -p "$initrd"
	gcc -Os -fno-ident -fno-asynchronous-unwind-tables -W -Wall -nostdlib -static \
		-include tools/include/nolibc/nolibc.h -o "$initrd/init" \
		"$TOP/scripts/kmemleak-init.c" -lgcc
	gcc -O2 -o "$initrd/gen_init_cpio" usr/gen_init_cpio.c
	printf '%s\n' "dir /dev 0755 0 0" "nod /dev/console 0600 0 0 c 5 1" \
		"dir /debug 0755 0 0" "file /init $initrd/init 0755 0 0" >"$initrd/list"
	"$initrd/gen_init_cpio" "$initrd/list" >"$initrd/initramfs.cpio"
	export KUNIT_INITRD=$initrd/initramfs.cpio
fi
set +e
python3 tools/testing/kunit/kunit.py run --build_dir="$build" --raw_output=all \
	"${args[@]}" >"$log" 2>&1
rc=$?
set -e
python3 tools/testing/kunit/kunit.py parse --json="$json" "$log" \
	>"$OUT/kunit-$mode.txt" 2>&1 || true
if [ ! -s "$json" ] || ! grep -q '"test_cases"' "$json"; then
	tail -n 40 "$log" >&2
	say "kunit-$mode: FAILED: no results (build or boot failed; see $log)"
	say "kunit-$mode: 0 passed, 1 failed"
	exit 1
fi
# A failed case must not end the script (set -e): the checks below still run.
status=0
python3 - "$json" "$mode" <<'PY' || status=$?
import json, sys
res = json.load(open(sys.argv[1]))
counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
failed = []
def walk(group, path):
    for sub in group.get("sub_groups", []):
        walk(sub, path + [sub["name"]])
    for case in group.get("test_cases", []):
        st = case["status"]
        counts[st if st in counts else "FAIL"] += 1
        if st not in ("PASS", "SKIP"):
            failed.append(".".join(path + [case["name"]]))
walk(res, [])
for f in failed:
    print(f"kunit-{sys.argv[2]}: FAILED test {f}")
print(f"kunit-{sys.argv[2]}: {counts['PASS']} passed, {len(failed)} failed, "
      f"{counts['SKIP']} skipped", flush=True)
sys.exit(1 if failed else 0)
PY
# The benchmarks' figures, on the terminal: what kunit_info() printed.
if [ "$mode" = bench ]; then
	grep -vE '# (svm|dmem)_bench_[a-z_]+: pass:[0-9]' "$log" |
		sed -nE 's/^[[:space:]]*# ((svm|dmem)_bench_[a-z_]+): (.*[0-9].*)$/kunit-bench: \3/p'
fi
# The debug run is only worth something if the kernel stayed quiet: KASAN
# reports fail their test by themselves, but lockdep, DEBUG_VM, DEBUG_LIST and
# DMA-API debugging only warn, and a WARN_ON in nouveau does not fail a test.
splats=$(grep -E 'WARNING:|BUG:|kernel BUG|Oops|general protection fault' "$log" || true)
if [ -n "$splats" ]; then
	printf '%s\n' "$splats" | sort | uniq -c | sort -rn | head -n 20 |
		sed "s/^/kunit-$mode: kernel log: /"
	say "kunit-$mode: FAILED: the kernel log has warnings or splats (see $log)"
	status=1
fi
# kmemleak's report, printed by the initramfs's /init after the suite: any
# object it lists was allocated during boot or the suite and is now lost.
if [ "$mode" = debug ]; then
	if ! grep -q 'kmemleak-init: report ends' "$log"; then
		{ grep 'kmemleak-init:' "$log" || true; } | sed "s/^/kunit-$mode: /"
		say "kunit-$mode: FAILED: no kmemleak report (see $log)"
		status=1
	else
		leaks=$(sed -n '/kmemleak-init: report begins/,/kmemleak-init: report ends/p' "$log" |
			grep -c 'unreferenced object' || true)
		if [ "$leaks" -gt 0 ]; then
			# Each object by its size and the first caller past the allocator.
			sed -n '/kmemleak-init: report begins/,/kmemleak-init: report ends/p' "$log" |
				awk '/unreferenced object/ { size = $NF; sub(/\):$/, "", size); bt = 0; next }
				     /backtrace/ { bt = 1; next }
				     bt && $1 !~ /^_*(kmalloc|kmem_cache|kvmalloc|kvzalloc|krealloc|kmemdup|kstrdup|kvasprintf|vmalloc|vzalloc|pcpu_alloc|slab|kmemleak|do_kmalloc)/ {
					sub(/\+.*/, "", $1); print size "-byte objects from " $1; bt = 0 }' |
				sort | uniq -c | sort -rn | head -n 20 | sed "s/^ */kunit-$mode: kmemleak: /"
			say "kunit-$mode: FAILED: kmemleak lists $leaks leaked objects (see $log)"
			status=1
		else
			say "kunit-$mode: kmemleak: no leaks"
		fi
	fi
fi
[ $rc -eq 0 ] || status=1
exit $status
