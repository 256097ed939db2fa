#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for the batch API (issue 4): the forced-path tests natively (every
# path this CPU has, and SIPHASH_IMPL), under valgrind memcheck (reads past
# a record show up as invalid reads), the NEON path under qemu-aarch64 and
# the portable path on big-endian s390x under qemu-s390x (clang cross
# toolchains in cmake/toolchains/), then the batch rows of siphash-bench
# --quick with their targets.  The tests are ordinary CTest tests, so the
# main ctest run covers them too; this step shows each path by name.
# Packages: .ci/packages-batch.txt.  Bounded: a few minutes, mostly builds.
set -euo pipefail
cd "$(dirname "$0")/.."

run() { echo "+ $*"; "$@"; }
pre=${BATCH_BUILD_PREFIX:-build-ci-batch}

# native Release build (the default configuration: no -march=native)
run cmake -S . -B "$pre" -DCMAKE_BUILD_TYPE=Release \
    -DSIPHASH_BUILD_TOOLS=OFF -DSIPHASH_BUILD_EXAMPLES=OFF >/dev/null
run cmake --build "$pre" -j2 --target test_batch siphash-bench
run ctest --test-dir "$pre" -R '^test_batch' --output-on-failure --no-tests=error --timeout 300
run "$pre/tests/batch/test_batch"

# memcheck: valgrind has no AVX-512, so the dispatcher offers AVX2 and portable
echo "+ SIPHASH_TEST_QUICK=1 valgrind --error-exitcode=9 $pre/tests/batch/test_batch"
SIPHASH_TEST_QUICK=1 valgrind -q --error-exitcode=9 "$pre/tests/batch/test_batch"

# cross: NEON on aarch64, portable on big-endian s390x, under qemu-user
for t in aarch64 s390x; do
    run cmake -S . -B "$pre-$t" -DCMAKE_TOOLCHAIN_FILE="cmake/toolchains/$t-linux-gnu.cmake" \
        -DSIPHASH_BUILD_TOOLS=OFF -DSIPHASH_BUILD_EXAMPLES=OFF -DSIPHASH_BUILD_BENCH=OFF >/dev/null
    run cmake --build "$pre-$t" -j2 --target test_batch
    run ctest --test-dir "$pre-$t" -R '^test_batch' --output-on-failure --no-tests=error --timeout 600
done

# speed: the batch rows and the issue's targets (quick runs: rows must
# print; the ratios of a quick run are indicative only)
echo "+ $pre/bench/siphash-bench --quick | sed -n '/== batch/,\$p'"
"$pre/bench/siphash-bench" --quick | sed -n '/== batch/,$p'
