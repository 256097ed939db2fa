#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/dpdk.sh — the dpdk step: siphash_dpdk.h on DPDK's real rte_hash.
# Its tests (label "dpdk": signatures against siphash13_64 on every batch
# path, the CRC collisions checked through rte_hash_crc, refusal and
# acceptance, round trips, bad input, hand-made table wrappers refused, the
# key shared through a memzone, the records of freed tables), rerun here with their output shown
# although the matrix's native builds ran them too; then the two-process
# test where hugepages are free; then the example in --quick mode: the
# attack (its CSV checked and plotted) and the cost ratios, printed with
# met / not met and the CPU (speed is reported, never asserted).
# EAL runs without hugepages, devices or shared files (examples/dpdk/eal.h)
# and needs root, as CI runs.  The build is the matrix's gcc one (built
# here when the matrix has not run).  Packages: .ci/packages-dpdk.txt.
# About 12 s after the matrix, a minute when it builds alone (2 cores).
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ci_packages dpdk
build=$(ci_dir gcc)
out=$build/dpdk-out
ci_configure gcc
# Without DPDK the targets would not exist and the step would test nothing.
grep -q '^DPDK_FOUND:INTERNAL=1' "$build/CMakeCache.txt" || { echo "dpdk: libdpdk not found by the gcc build" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || echo "dpdk: not root: EAL may refuse to start (the tests then fail)" >&2
run cmake --build "$build" -j "$JOBS" --target siphash-dpdk test_dpdk_sigs test_dpdk_attack \
    test_dpdk_table test_dpdk_wrap test_dpdk_share test_dpdk_stale test_dpdk_mp

run ctest --test-dir "$build" --output-on-failure --no-tests=error -V -L '^dpdk$'

# A primary and a secondary process sharing the key (test_dpdk_mp.c).  DPDK
# 22.11 cannot attach a secondary to a --no-huge primary, so this needs free
# hugepages and a hugetlbfs mount.  As root (CI), the step reserves 8 pages
# of 2 MiB and mounts hugetlbfs in a temporary directory for this test only,
# and gives both back afterwards (the page count as it was); elsewhere it
# uses what exists, or says that the test did not run.
hp_sys=/proc/sys/vm/nr_hugepages hp_was="" hp_dir=""
hp_restore() {
    [ -z "$hp_dir" ] || { umount "$hp_dir" 2>/dev/null; rmdir "$hp_dir"; }
    [ -z "$hp_was" ] || echo "$hp_was" >"$hp_sys" 2>/dev/null || true
    hp_dir="" hp_was=""
}
trap hp_restore EXIT
hp_free=$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)
hp_mounted=$(awk '$3 == "hugetlbfs" { print $2; exit }' /proc/mounts)
if [ "$(id -u)" -eq 0 ] && [ -w "$hp_sys" ] && { [ "${hp_free:-0}" -lt 4 ] || [ -z "$hp_mounted" ]; }; then
    hp_was=$(cat "$hp_sys")
    echo $((hp_was + 8)) >"$hp_sys" 2>/dev/null || true
    hp_dir=$(mktemp -d)
    mount -t hugetlbfs none "$hp_dir" 2>/dev/null || { rmdir "$hp_dir"; hp_dir=""; }
    hp_free=$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)
    hp_mounted=${hp_dir:-$hp_mounted}
fi
if [ "${hp_free:-0}" -ge 4 ] && [ -n "$hp_mounted" ]; then
    SIPHASH_DPDK_HUGE_DIR=$hp_mounted run "$build/tests/dpdk/test_dpdk_mp"
else
    echo "dpdk: test_dpdk_mp NOT RUN: ${hp_free:-0} free hugepages or no hugetlbfs mount" \
         "(a secondary process cannot attach to a --no-huge primary; to run it as root:" \
         "echo 64 > /proc/sys/vm/nr_hugepages; mount -t hugetlbfs none DIR)" >&2
fi
hp_restore

mkdir -p "$out"
run timeout 120 "$build/examples/dpdk/siphash-dpdk" --quick --csv "$out/dpdk.csv" | tee "$out/dpdk.txt"
# Three series per key type, at 1000 keys offered to tables of 2048 entries:
# jhash holds 16 (the attacker picked two distinct buckets), CRC 16, or 8
# when the secret init value makes both buckets one (1 init in 256; the
# example says so), SipHash all (half full: cuckoo insertion does not fail).
run awk -F, 'NR > 1 && $3 == 1000 { n++
                 if ($2 == "siphash13") bad += $4 != 1000
                 else if ($2 == "rte_hash_crc") bad += $4 != 16 && $4 != 8
                 else bad += $4 != 16 }
             END { exit (bad || n != 6) ? 1 : 0 }' "$out/dpdk.csv"
[ "$(grep -c '^  ratio ipv[46], .*: \(met\|not met\) ' "$out/dpdk.txt")" -eq 4 ] || { echo "dpdk: expected 4 ratios" >&2; exit 1; }
[ "$(grep -c '^  scattered pointers, .*batchv / per key' "$out/dpdk.txt")" -eq 4 ] || { echo "dpdk: expected 4 scattered-pointer lines" >&2; exit 1; }
run examples/dpdk/plot.sh "$out/dpdk.csv" "$out/dpdk.svg"
grep -q '<svg' "$out/dpdk.svg"
# EAL's runtime directory of each run is removed (eal.c); nothing else is left.
echo "dpdk: OK"
