#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Quick start 1: installs the build tools (and GLib/uthash for the flood
# demonstration) if missing, builds the library (Release, build/), and runs
# the demonstration: a tour of the API, then hash flooding against GLib,
# uthash and a Linux-style table, weak hash vs SipHash (quick mode, a few
# seconds; the full run is `build/examples/siphash-flood`).
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
cd "$(dirname "$0")/.."
bash scripts/deps.sh .ci/packages-consumers.txt
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target siphash-demo siphash-flood
./build/examples/siphash-demo
echo
cd build && ./examples/siphash-flood --quick --csv flood-quick.csv
