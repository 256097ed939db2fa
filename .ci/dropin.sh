#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/dropin.sh — the dropin step: real C projects with their own SipHash
# file deleted, built against libsiphash through the matching compat
# header (include/compat/), each running its own test suite.  libsiphash
# is built and installed once into a prefix of its own (shared library,
# headers, compat headers, pkg-config file); then each consumer script
# tests/dropin/<project>.sh (contract in tests/dropin/lib.sh) takes the
# project's Debian 12 source package, deletes its copy, builds and tests.
# Each prints its suite's own counts; a failing consumer test fails the
# step.  A consumer script exiting 77 cannot run here (its source package
# is out of reach): it is reported as SKIPPED with its reason, not passed.
# `bash .ci/dropin.sh PROJECT...` runs some of them.  Downloads are kept
# in build-ci/dropin-cache (sources only; every build starts from a fresh
# unpack).  Docs: docs/adopting.md.  Packages: .ci/packages-dropin.txt
# (the consumers' build dependencies among them).
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages dropin

projects=("$@")
[[ ${#projects[@]} -gt 0 ]] || projects=(unbound knot redis expat)

build=$(ci_dir dropin-build)
export DROPIN_PREFIX DROPIN_CACHE
DROPIN_PREFIX=$(ci_dir dropin-prefix)
DROPIN_CACHE=$(ci_dir dropin-cache)
rm -rf "$DROPIN_PREFIX"
mkdir -p "$SIPHASH_CI_DIR" # the configure log goes beside the build tree
run cmake -S "$SIPHASH_ROOT" -B "$build" "${SIPHASH_CI_CMAKE_ARGS[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DSIPHASH_BUILD_TESTS=OFF -DSIPHASH_BUILD_BENCH=OFF "${SIPHASH_CI_NO_SIMD_ARGS[@]}" \
    -DSIPHASH_BUILD_EXAMPLES=OFF -DSIPHASH_BUILD_TOOLS=OFF -DCMAKE_INSTALL_PREFIX="$DROPIN_PREFIX" \
    -DCMAKE_INSTALL_LIBDIR=lib >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
run cmake --build "$build" -j "$JOBS"
run cmake --install "$build" >/dev/null

status=0
declare -A verdict
for p in "${projects[@]}"; do
    script=$SIPHASH_ROOT/tests/dropin/$p.sh
    [[ -f $script ]] || { echo "dropin: no consumer script $script" >&2; exit 2; }
    export DROPIN_WORK
    DROPIN_WORK=$(ci_dir "dropin-$p")
    rm -rf "$DROPIN_WORK"
    mkdir -p "$DROPIN_WORK"
    ci_clock "$p"
    log=$DROPIN_WORK.log
    rc=0
    bash "$script" >"$log" 2>&1 || rc=$?
    ci_clock_read "$p"
    counts=$(grep -E "^dropin $p: [0-9]+ passed, [0-9]+ failed" "$log" | tail -n 1 || true)
    if [[ $rc -eq 77 ]]; then
        # The consumer cannot be tested here (its source package is out of
        # reach): skipped and named, never counted as passed.
        v=SKIPPED
        counts="dropin $p: $(grep -E "SKIPPED" "$log" | tail -n 1 | sed 's/.*SKIPPED: //')"
    elif [[ $rc -ne 0 ]]; then
        v=FAILED status=1
    else
        v=passed
    fi
    if [[ -z $counts ]]; then
        v=FAILED status=1
        counts="dropin $p: no counts printed"
    fi
    # The whole log when it failed; its last lines otherwise.
    if [[ $v == passed ]]; then tail -n 40 "$log"; else cat "$log"; fi
    verdict[$p]="$v: ${counts#dropin "$p": } (${CI_WALL} s, CPU ${CI_CPU} s)"
    ci_note "$p: ${verdict[$p]}"
done
echo "== dropin =="
for p in "${projects[@]}"; do printf '%-8s %s\n' "$p" "${verdict[$p]}"; done
exit "$status"
