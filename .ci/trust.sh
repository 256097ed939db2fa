#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/trust.sh — the checks users can rerun to trust libsiphash (SECURITY.md):
#   1. fuzz smoke runs: each libFuzzer target for FUZZ_SECONDS (default 30)
#      of its CPU time (tests/fuzz/run.sh: a busy machine does not shorten
#      them)
#   2. cppcheck over src/ and tools/
#   3. clang-tidy (.clang-tidy) over src/ and tools/
#   4. gcc -fanalyzer builds of src/ and tools/ (Release and -Og), the
#      SIMD intrinsic kernels left out (.ci/analyzer_launcher.sh)
#   5. constant-time test under valgrind memcheck, gcc and clang Release
#      builds, with its negative controls (the leaks it must catch); last,
#      because it reuses the matrix's trees, which another step may still
#      be making when this one starts (scripts/test.sh runs steps side by
#      side)
# Run from anywhere.  The constant-time test reuses the matrix's gcc and
# clang Release builds (.ci/lib.sh; made here when the matrix has not run):
# the matrix already ran it there, and it is rerun here (seconds) because
# a skipped constant-time test must fail this step, where in the matrix a
# skip is allowed.  The fuzzing,
# clang-tidy and -fanalyzer builds are this step's own (build-ci/trust-*):
# no other step builds with those flags.
# Packages: .ci/packages-trust.txt.  Bounded: about 3-4 minutes on 2 cores.
# TRUST_STEPS="ct fuzz cppcheck tidy analyzer" selects steps.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

FUZZ_SECONDS=${FUZZ_SECONDS:-30}
STEPS=${TRUST_STEPS:-fuzz cppcheck tidy analyzer ct}
t0=$(date +%s)
passed=0
failed=0
results=()

# step NAME FUNCTION: runs it, records the outcome, keeps going.
step() {
    local name=$1 s
    shift
    s=$(date +%s)
    echo
    echo "=== trust: $name ==="
    if "$@"; then
        passed=$((passed + 1))
        results+=("PASS  $name ($(($(date +%s) - s)) s)")
    else
        failed=$((failed + 1))
        results+=("FAIL  $name ($(($(date +%s) - s)) s)")
    fi
}

need() {
    local tool
    for tool in "$@"; do
        if ! command -v "$tool" >/dev/null; then
            echo "missing tool: $tool (install .ci/packages-trust.txt)"
            return 1
        fi
    done
}

# Configure options of this step's own builds: CI's common ones, no bench,
# no examples.
LEAN=("${SIPHASH_CI_CMAKE_ARGS[@]}" -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_EXAMPLES=OFF)

ct_with() {
    local cc=$1 dir log
    dir=$(ci_dir "$cc")
    need valgrind "$cc" || return 1
    ci_reuse "$cc" ct_test ct_negative >/dev/null || return 1
    log=$dir/trust-ct.log
    run ctest --test-dir "$dir" -L '^ct$' --output-on-failure --no-tests=error >"$log" 2>&1 || {
        cat "$log"
        return 1
    }
    grep -E 'Test +#|tests passed' "$log"
    # A skipped constant-time test proves nothing: fail on it here.
    if grep -q 'Skipped\|Not Run' "$log"; then
        echo "constant-time tests were skipped"
        return 1
    fi
}

ct() {
    ct_with gcc && ct_with clang
}

fuzz() {
    need clang || return 1
    local t rc=0
    for t in fuzz_diff fuzz_cli_key fuzz_cli_check; do
        FUZZ_OPT=-O0 FUZZ_CMAKE_ARGS="${SIPHASH_CI_CMAKE_ARGS[*]}" \
            run tests/fuzz/run.sh "$t" "$FUZZ_SECONDS" "$(ci_dir trust-fuzz)" || rc=1
    done
    return $rc
}

cppcheck_step() {
    need cppcheck || return 1
    run cppcheck --version
    # batch_lanes.h pastes names from nested macro arguments (the kernels of
    # each split): gcc, clang and mingw expand them, cppcheck 2.10's own
    # preprocessor stops with "Invalid ## usage" there.  Its other files
    # and the rest of src/ are still checked.
    run cppcheck --enable=warning,performance,portability --error-exitcode=1 --inline-suppr \
        --suppress=preprocessorErrorDirective:src/batch_lanes.h \
        --std=c11 -q -I include -I src -I tools src tools
}

tidy() {
    need clang clang-tidy || return 1
    local dir
    dir=$(ci_dir trust-tidy)
    # The library and the tool only, one file per clang-tidy process:
    # clang-tidy 14's valist.Uninitialized check carries state from one
    # translation unit to the next in a process (a file listed twice in
    # compile_commands.json, or several files at once) and then reports a
    # bogus "uninitialized va_list" right after va_start.  Hence a
    # configure of its own without tests (the matrix's clang build lists
    # tools/ files twice: the CLI fuzz targets compile them too); it only
    # configures, nothing is built.
    run cmake -S . -B "$dir" -DCMAKE_C_COMPILER=clang -DSIPHASH_BUILD_TESTS=OFF "${LEAN[@]}" \
        >/dev/null || return 1
    local files
    files=$(sed -n 's/^ *"file": "\(.*\)",\{0,1\}$/\1/p' "$dir/compile_commands.json" |
        grep -E '/(src|tools)/[^/]+\.c$' | sort -u)
    if [ -z "$files" ]; then
        echo "no src/ or tools/ files in $dir/compile_commands.json"
        return 1
    fi
    echo "clang-tidy over $(echo "$files" | wc -l) files"
    # --quiet drops the "N warnings generated" chatter; any finding is an
    # error (WarningsAsErrors: '*') and makes xargs fail.
    echo "$files" | xargs -P"$JOBS" -n1 clang-tidy -p "$dir" --quiet 2>/dev/null
}

analyzer() {
    need gcc || return 1
    local rc=0
    # Release (-O3, what ships) and -Og.  At -O0 gcc 12's analyzer reports
    # an uninitialised value in sip_store64 on an impossible path through
    # the always_inline round loops (see SECURITY.md); -Og keeps every
    # function and is what GCC recommends for debugging builds.
    local rel og
    rel=$(ci_dir trust-analyzer)
    og=$(ci_dir trust-analyzer-og)
    # -fanalyzer on every file but the intrinsic kernels (the launcher says
    # why).
    local launcher=$SIPHASH_ROOT/.ci/analyzer_launcher.sh
    run cmake -S . -B "$rel" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_C_COMPILER_LAUNCHER="bash;$launcher" -DSIPHASH_BUILD_TESTS=OFF "${LEAN[@]}" >/dev/null &&
        run cmake --build "$rel" -j"$JOBS" || rc=1
    run cmake -S . -B "$og" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_C_FLAGS_DEBUG="-Og -g" -DCMAKE_C_COMPILER_LAUNCHER="bash;$launcher" -DSIPHASH_BUILD_TESTS=OFF \
        "${LEAN[@]}" >/dev/null &&
        run cmake --build "$og" -j"$JOBS" || rc=1
    return $rc
}

for s in $STEPS; do
    case $s in
    ct) step "constant-time test (valgrind memcheck, gcc + clang Release)" ct ;;
    fuzz) step "fuzz smoke runs (${FUZZ_SECONDS} s of CPU per target)" fuzz ;;
    cppcheck) step "cppcheck src/ tools/" cppcheck_step ;;
    tidy) step "clang-tidy src/ tools/" tidy ;;
    analyzer) step "gcc -fanalyzer src/ tools/" analyzer ;;
    *)
        echo "unknown step: $s"
        exit 2
        ;;
    esac
done

echo
echo "=== trust summary ($(($(date +%s) - t0)) s) ==="
printf '%s\n' "${results[@]}"
echo "trust: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
