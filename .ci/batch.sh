#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for the batch API: every batch path by name, on the machines that
# have one — the native paths (AVX2, AVX-512 when the CPU has it, portable),
# NEON under qemu-aarch64 and the portable path on big-endian s390x under
# qemu-s390x.
#
# The batch tests are ordinary CTest tests (label "batch"), so the matrix
# has already run them in every configuration, valgrind memcheck included,
# and the bench step prints the batch rows and their targets.  This step
# adds no build of its own: it reuses the matrix's gcc, aarch64 and s390x
# builds (building them when the matrix has not run) and reruns the label
# verbosely, so the log names each path that was tested and how.
# Packages: .ci/packages-batch.txt.  Seconds after the matrix; a few
# minutes alone (three builds).
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

status=0
for config in gcc aarch64 s390x; do
    [[ $config == gcc ]] || export QEMU_LD_PREFIX=/usr/$config-linux-gnu
    ci_reuse "$config" test_batch test_batchv_overlap
    dir=$(ci_dir "$config")
    log=$dir/batch-ctest.log
    rc=0
    run ctest --test-dir "$dir" -L '^batch$' --output-on-failure --no-tests=error \
        --timeout 600 -V >"$log" 2>&1 || rc=$?
    if [[ $rc -ne 0 ]]; then
        cat "$log"
        status=1
    fi
    # test_batch and test_batchv_overlap name each path they forced (or
    # that this CPU lacks it) and what SIPHASH_IMPL selected.
    echo "batch ($config):"
    grep -E 'test_batch(v_overlap)?: (testing|SIPHASH_IMPL|best path|[0-9]+ checks|.*not available)|tests passed' "$log" |
        sed 's/^[0-9]*: /    /' || true
done
exit "$status"
