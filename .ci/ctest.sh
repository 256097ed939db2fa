#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/ctest.sh — the quick suite's core: the one native build and its whole
# CTest suite.  The build is the matrix's gcc Release tree (build-ci/gcc,
# the same configure as the matrix and the steps that reuse it): made when
# missing, else brought up to date, so a second run builds nothing.  Then
# every CTest test, JOBS at a time, each random sweep in its short form
# (SIPHASH_TEST_QUICK=1): the vectors and the
# differential tests (the model, OpenSSL, libsodium) of every variant,
# streaming, fixed sizes, keys with the interposed randomness failures, the
# batch paths (each one this CPU has, forced, and the portable one),
# siphashsum (cli_*), the consumers (flood, net, uthash), the SQLite
# extension, DPDK's rte_hash when libdpdk-dev is installed, Linux's own
# sources when linux-source-6.1 is, the constant-time test under valgrind.
#
# The summary names every test that failed, every test CTest skipped with
# the reason it printed, every "SKIP" a passing test printed (a part it
# could not run here), and each optional part this build has not got.
# Packages: the quick suite's, .ci/packages-quick.txt.  The matrix runs the
# same suite in every configuration, the deep sweeps included; this step is
# the quick suite's (scripts/test.sh), for a developer's machine.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages quick
# This step makes the gcc tree: steps beside it that reuse it wait (lib.sh).
export SIPHASH_CI_MAKER=1

export SIPHASH_TEST_QUICK=1
dir=$(ci_dir gcc)
ci_reuse gcc
cache=$dir/CMakeCache.txt

# What the quick suite must have: the consumers' real tables and the SQLite
# extension (OpenSSL and libsodium are required by the configure itself).
missing=()
grep -q '^GLIB_FOUND:INTERNAL=1' "$cache" || missing+=("GLib (libglib2.0-dev)")
grep -q '^SIPHASH_HAVE_UTHASH_H:INTERNAL=1' "$cache" || missing+=("uthash.h (uthash-dev)")
grep -q 'Test *#' <<<"$(ctest --test-dir "$dir" -N -L '^sqlite$')" ||
    missing+=("the SQLite extension (sqlite3, libsqlite3-dev)")
if [[ ${#missing[@]} -gt 0 ]]; then
    ci_note "not built, but the suite needs it: ${missing[*]} (bash scripts/deps.sh .ci/packages-quick.txt)"
    exit 1
fi

# What the configure left out, as it says (DPDK, Abseil, Boost, Linux's
# sources... not installed): each named.  (CMake's own probes end "- skipped".)
cmake "$dir" 2>&1 | grep -E '^-- .*(not built|skipping|skipped|left out)' | grep -v -- '- skipped$' |
    sed 's/^-- //' | while IFS= read -r line; do ci_note "not built: $line"; done || true
# DPDK's tests start EAL, which needs root.
exclude=()
if grep -q '^DPDK_FOUND:INTERNAL=1' "$cache" && [[ $(id -u) -ne 0 ]]; then
    ci_note "skipped: the DPDK tests (EAL needs root; CI runs them as root)"
    exclude=(-LE '^dpdk$')
fi

log=$dir/ctest-quick.log
rc=0
run ctest --test-dir "$dir" --output-on-failure --no-tests=error -j "$JOBS" --timeout 900 \
    "${exclude[@]}" 2>&1 | tee "$log" || rc=$?

# The summary: CTest's own count, then each failure and skip by name.
ci_note "$(grep -E 'tests passed|No tests were found' "$log" | tail -n 1)"
failed=$(sed -n '/^The following tests FAILED:/,/^[^[:space:]]/s/^[[:space:]]*[0-9]* - \(.*\) (.*)$/\1/p' "$log" |
    paste -sd' ' -)
[[ -z $failed ]] || ci_note "FAILED: $failed"
record=$dir/Testing/Temporary/LastTest.log
# test_output NAME: the output the last run recorded for the test NAME.
test_output() {
    awk -v t="$1" '$0 ~ "^[0-9]+/[0-9]+ Test: " t "$" { f = 1; next }
        f && /^Output:$/ { o = 1; getline; next } o && /^<end of output>$/ { exit } o { print }' "$record"
}
skipped=$(sed -n '/^The following tests did not run:/,/^[^[:space:]]/s/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/\1/p' "$log")
for t in $skipped; do
    why=$(test_output "$t" | grep -iE 'skip|not (found|available)|cannot|lacks|missing| -> ' | head -n 1 || true)
    # (No reason printed: its last line, e.g. what it found instead.)
    [[ -n $why ]] || why=$(test_output "$t" | tail -n 1)
    ci_note "skipped: $t: ${why:-(it printed nothing)}"
done
# A passing test's own "SKIP: ..." lines: parts it could not run here.
awk '/^[0-9]+\/[0-9]+ Test: / { t = $3 } /^SKIP/ { print t ": " $0 }' "$record" | sort -u |
    while IFS= read -r line; do ci_note "skipped part: $line"; done
exit "$rc"
