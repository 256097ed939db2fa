#!/usr/bin/env bash
# Quick start 1: installs the build tools if missing, builds the library
# (Release, build/), and runs the demonstration.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh .ci/packages-build.txt
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target siphash-demo
./build/examples/siphash-demo
