#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/consumers.sh — the consumers step: build the flood demo (GLib, uthash
# and Linux-style tables) and the network/adapter tests, run the tests, run
# the demo in --quick mode and plot its CSV.  Run from the repository root;
# needs the packages in .ci/packages-consumers.txt.  15-30 s, mostly compiling.
set -euo pipefail

build=${BUILD_DIR:-build-ci-consumers}
out=$build/consumers-out
run() { echo "+ $*"; "$@"; }

run cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_TOOLS=OFF
# The demo must have found the real libraries, or it would test less.
grep -q '^GLIB_FOUND:INTERNAL=1' "$build/CMakeCache.txt" || { echo "consumers: GLib not found" >&2; exit 1; }
grep -q '^SIPHASH_HAVE_UTHASH_H:INTERNAL=1' "$build/CMakeCache.txt" || { echo "consumers: uthash.h not found" >&2; exit 1; }

run cmake --build "$build" -j2 --target siphash-flood test_net_seq test_syncookie \
    test_flood_linux test_flood_glib test_flood_uthash test_uthash_adapter
run ctest --test-dir "$build" --output-on-failure -R '^(test_net_seq|test_syncookie|test_flood_linux|test_flood_glib|test_flood_uthash|test_uthash_adapter)$'

mkdir -p "$out"
run timeout 120 "$build/examples/siphash-flood" --quick --csv "$out/flood.csv"
# Every series must have run at least the first N, weak ones at full collision.
run awk -F, 'NR > 1 && $3 == 1000 && ($2 == "g_str_hash" || $2 == "HASH_BER" || $2 == "jhash") && $6 != 1000 { bad = 1 }
             END { exit bad }' "$out/flood.csv"
[ "$(awk -F, 'NR > 1 && $3 == 1000' "$out/flood.csv" | wc -l)" -eq 6 ] || { echo "consumers: expected 6 series" >&2; exit 1; }
run examples/flood/plot.sh "$out/flood.csv" "$out/flood.svg"
grep -q '<svg' "$out/flood.svg"
echo "consumers: OK"
