#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for siphashsum: build the tool and its test helpers in their own
# build directory, run the CLI test suite (tests/cli/run.sh, one CTest test
# per section) and render both man pages as `man -l` does.
# The CLI tests are ordinary CTest tests, so the main ctest run covers them
# as well; this step runs them alone, with their measurements shown.
# Packages: .ci/packages-cli.txt.  Bounded: ~20 s of tests, 300 s per test.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${CLI_BUILD_DIR:-build-ci-cli}
run() { echo "+ $*"; "$@"; }

run cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_EXAMPLES=OFF
run cmake --build "$build" -j2 --target siphashsum cli_oneshot cli_readfail

log=$build/cli-ctest.log
status=0
run ctest --test-dir "$build" -R '^cli_' --output-on-failure --no-tests=error \
    --timeout 300 -V >"$log" 2>&1 || status=$?
# The log in full on failure; otherwise each section's count, skips and
# the measurements.
if [[ $status -ne 0 ]]; then
    cat "$log"
else
    grep -E 'cli [a-z]+: [0-9]+ checks|SKIP|peak RSS|hashed|tests passed|Total Test time' "$log"
fi

for page in docs/siphashsum.1 docs/siphash.3; do
    echo "+ man -l $page | head -8"
    MANWIDTH=80 man -l "$page" 2>&1 | head -8
done
exit "$status"
