#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for siphashsum: the CLI test suite (tests/cli/run.sh, one CTest
# test per section) with its measurements shown, and both man pages
# rendered as `man -l` does.
# The CLI tests are ordinary CTest tests: the matrix runs them in every
# configuration (and with siphashsum under memcheck).  This step reuses the
# matrix's gcc build (building it when the matrix has not run) and reruns
# them verbosely, JOBS at a time, because their counts, skips and the
# large-file and memory measurements are what this step exists to show and
# a passing ctest run does not print them.  That rerun is the step's whole
# cost: about a minute on 2 busy cores (the large-file, memory and check
# sections are most of it).
# Packages: .ci/packages-cli.txt.  Bounded: 300 s per test.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ci_reuse gcc siphashsum cli_oneshot cli_readfail
build=$(ci_dir gcc)

log=$build/cli-ctest.log
status=0
run ctest --test-dir "$build" -R '^cli_' --output-on-failure --no-tests=error \
    --timeout 300 -j "$JOBS" -V >"$log" 2>&1 || status=$?
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
