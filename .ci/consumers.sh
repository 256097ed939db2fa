#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/consumers.sh — the consumers step: what scripts/demo.sh shows (the API
# tour, then the flood demo on GLib, uthash and Linux-style tables in
# --quick mode, its CSV checked and plotted), the C++ flood demo
# (siphash-flood-cpp --quick: std::unordered_map and absl::flat_hash_map,
# its CSV checked and plotted: 2-3 s), and the flood and network tests
# (labels "flood" and "net").
# Those tests already ran in every matrix configuration; they take a
# second, and are rerun here so this step also stands alone.  The build is
# the matrix's gcc one (built here when the matrix has not run): the demo
# needs nothing else.  Packages: .ci/packages-consumers.txt (scripts/demo.sh
# installs the same list).  15-30 s, mostly compiling when run alone.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

build=$(ci_dir gcc)
ci_reuse gcc siphash-demo siphash-flood siphash-flood-cpp test_net_seq test_syncookie \
    test_flood_linux test_flood_glib test_flood_uthash test_uthash_adapter test_flood_cpp
out=$build/consumers-out

# The demo must have found the real libraries, or it would test less.
grep -q '^GLIB_FOUND:INTERNAL=1' "$build/CMakeCache.txt" || { echo "consumers: GLib not found" >&2; exit 1; }
grep -q '^SIPHASH_HAVE_UTHASH_H:INTERNAL=1' "$build/CMakeCache.txt" || { echo "consumers: uthash.h not found" >&2; exit 1; }
grep -q '^absl_DIR:PATH=/' "$build/CMakeCache.txt" || { echo "consumers: Abseil not found (C++ flood demo)" >&2; exit 1; }

run ctest --test-dir "$build" --output-on-failure --no-tests=error -L '^(flood|net)$'

run "$build/examples/siphash-demo" >/dev/null
mkdir -p "$out"
run timeout 120 "$build/examples/siphash-flood" --quick --csv "$out/flood.csv"
# Every series must have run at least the first N, weak ones at full collision.
run awk -F, 'NR > 1 && $3 == 1000 && ($2 == "g_str_hash" || $2 == "HASH_BER" || $2 == "jhash") && $6 != 1000 { bad = 1 }
             END { exit bad }' "$out/flood.csv"
[ "$(awk -F, 'NR > 1 && $3 == 1000' "$out/flood.csv" | wc -l)" -eq 6 ] || { echo "consumers: expected 6 series" >&2; exit 1; }
run examples/flood/plot.sh "$out/flood.csv" "$out/flood.svg"
grep -q '<svg' "$out/flood.svg"

# The C++ containers: four series; at N = 1000 the flooded unordered_map has
# every key in one bucket and the flooded flat_hash_map probes past all.
run timeout 120 "$build/examples/siphash-flood-cpp" --quick --csv "$out/flood-cpp.csv"
run awk -F, 'NR > 1 && $3 == 1000 { n++; if (($2 == "std::hash" || $2 == "absl::Hash") && $6 < 1000) bad = 1
                                           if ($2 == "siphash13" && $6 > 100) bad = 1 }
             END { exit (bad || n != 4) ? 1 : 0 }' "$out/flood-cpp.csv"
run examples/flood/plot.sh "$out/flood-cpp.csv" "$out/flood-cpp.svg"
grep -q '<svg' "$out/flood-cpp.svg"
echo "consumers: OK"
