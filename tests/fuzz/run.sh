#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/fuzz/run.sh TARGET SECONDS [BUILD_DIR]
#
# Builds the libFuzzer targets (clang, -DSIPHASH_FUZZ=ON) in BUILD_DIR
# (default build-fuzz) if needed and fuzzes TARGET for SECONDS seconds of
# its CPU time (on an idle machine, SECONDS of wall time),
# starting from the checked-in seeds in tests/fuzz/corpus/TARGET.  New
# interesting inputs go to BUILD_DIR/fuzz-corpus/TARGET (the checked-in
# seeds are only read); a crash or mismatch is written to
# BUILD_DIR/fuzz-artifacts/ and the script exits non-zero.  Reproduce one
# with:  BUILD_DIR/tests/fuzz/TARGET FILE
# Extra libFuzzer flags can be passed in FUZZ_FLAGS (e.g. FUZZ_FLAGS=-jobs=2),
# extra configure arguments in FUZZ_CMAKE_ARGS (CI: -DSIPHASH_WERROR=ON), the
# optimisation level of a new build in FUZZ_OPT (default -O1).
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points

if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET SECONDS [BUILD_DIR]" >&2
    exit 2
fi
target=$1
seconds=$2
build=${3:-build-fuzz}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

if [ ! -f "$build/CMakeCache.txt" ]; then
    # FUZZ_OPT: -O1 (libFuzzer's usual level) unless told otherwise.  With
    # ASan, UBSan and coverage together clang 14's optimiser takes minutes
    # of CPU on each of src/batch_avx2.c and batch_avx512.c (seconds with
    # any two of the three, or at -O0): CI's short smoke runs use -O0.
    # shellcheck disable=SC2086  # FUZZ_CMAKE_ARGS is a list of arguments
    cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_FLAGS_RELWITHDEBINFO="${FUZZ_OPT:--O1} -g -DNDEBUG" \
        -DSIPHASH_FUZZ=ON -DSIPHASH_REQUIRE_DIFFERENTIAL=ON \
        -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_EXAMPLES=OFF ${FUZZ_CMAKE_ARGS:-} >/dev/null
else
    cmake "$build" >/dev/null # pick up new targets
fi
cmake --build "$build" --target "$target" -j2 >/dev/null

seeds=tests/fuzz/corpus/$target
work=$build/fuzz-corpus/$target
artifacts=$build/fuzz-artifacts
mkdir -p "$work" "$artifacts"

echo "fuzzing $target for ${seconds}s of its CPU time (seeds: $seeds, corpus: $work)"
# SECONDS counts the fuzzer's own CPU time (user + system), so that a
# machine busy with other work does not shorten the run: libFuzzer's
# -max_total_time counts wall seconds, so the fuzzer starts again on its
# corpus for the CPU seconds a busy machine took from it (on an idle one,
# the first run is the whole run).
# -timeout: one input taking > 10 s is a hang; -rss_limit_mb: a leak that
# grows without bound fails instead of swapping the machine.
# cpu_now: sets cpu to the CPU time of this shell's finished children, in
# hundredths of a second.  Not through $(...): its subshell has no children.
cpu_now() {
    times >"$artifacts/.times-$target"
    cpu=$(sed -n 2p "$artifacts/.times-$target" |
        awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%d\n", t * 100 }')
}
: >"$build/fuzz-$target.log"
left=$((seconds * 100)) runs=0 executed=0
while [ "$left" -ge 100 ]; do
    cpu_now
    before=$cpu
    # shellcheck disable=SC2086  # FUZZ_FLAGS is a list of flags
    "$build/tests/fuzz/$target" "$work" "$seeds" \
        -max_total_time=$((left / 100)) -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$target-" ${FUZZ_FLAGS:-} 2>"$build/fuzz-$target.run.log" || {
        status=$?
        cat "$build/fuzz-$target.run.log" >>"$build/fuzz-$target.log"
        tail -n 60 "$build/fuzz-$target.run.log" >&2
        echo "FAIL: $target (exit $status); artifacts in $artifacts" >&2
        exit 1
    }
    cat "$build/fuzz-$target.run.log" >>"$build/fuzz-$target.log"
    cpu_now
    # (At least a second per run: a run that could not use the CPU at all
    # must not make this loop endless.)
    used=$((cpu - before))
    [ "$used" -ge 100 ] || used=100
    left=$((left - used))
    runs=$((runs + 1))
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/fuzz-$target.run.log")
    executed=$((executed + ${n:-0}))
done
rm -f "$build/fuzz-$target.run.log" "$artifacts/.times-$target"
grep -E '^stat::(average_exec_per_sec|new_units_added|peak_rss_mb)' "$build/fuzz-$target.log" || true
echo "stat::number_of_executed_units: $executed (in $runs run(s))"
echo "OK: $target ran ${seconds}s of CPU time without a finding"
