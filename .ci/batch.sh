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
# builds (building them when the matrix has not run) and names each path
# that was tested and how, and each batch test's verdict.  Where the
# matrix has run the label in that tree (its whole output kept in
# matrix-lasttest.log, newer than the test binary), that run is read, not
# repeated; otherwise the label runs here.
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
    record=$dir/matrix-lasttest.log
    rc=0
    if [[ -f $record && $record -nt $dir/tests/batch/test_batch ]]; then
        echo "batch ($config): the matrix's run of this tree, read from $record"
        log=$record
        # Each batch-labelled test's verdict in that run: every one passed
        # (or was skipped: a path this CPU lacks), none missing.
        names=$(ctest --test-dir "$dir" -N -L '^batch$' | sed -n 's/^ *Test *#[0-9]*: //p')
        for t in $names; do
            verdict=$(awk -v t="$t" '$2 == "Test:" && $3 == t { on = 1; next }
                on && /^Test Pass Reason:/ { reason = 1; next }
                on && reason { print "skipped: " $0; exit }
                on && /^Test (Passed|Failed|Not Run)/ { print; exit }' "$record")
            echo "    $t: ${verdict:-not in the record}"
            case $verdict in
                "Test Passed."* | "skipped: Skip regular expression found"*) ;;
                *) status=1 ;;
            esac
        done
    else
        run ctest --test-dir "$dir" -L '^batch$' --output-on-failure --no-tests=error \
            --timeout 600 -V >"$log" 2>&1 || rc=$?
        if [[ $rc -ne 0 ]]; then
            cat "$log"
            status=1
        fi
    fi
    # test_batch and test_batchv_overlap name each path they forced (or
    # that this CPU lacks it) and what SIPHASH_IMPL selected.
    echo "batch ($config):"
    grep -E 'test_batch(v_overlap)?: (testing|SIPHASH_IMPL|best path|[0-9]+ checks|.*not available)|tests passed' "$log" |
        sed 's/^[0-9]*: /    /' || true
done
exit "$status"
