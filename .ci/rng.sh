#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step "rng": the key sources of other systems, tested on Linux.
# getentropy() (OpenBSD, FreeBSD, macOS) and arc4random_buf() (NetBSD,
# DragonFly) also exist in glibc (2.25 and 2.36), so a build forcing each
# (-DSIPHASH_RNG=getentropy / arc4random) runs its key test from tests/rng/:
# the source is really used, large requests are split as it requires,
# EINTR is retried, and an injected failure returns -errno with a zeroed
# buffer and zeroed keys.  The known-answer test runs in each build too.
# (BCryptGenRandom is tested under Wine by the windows step; getrandom by
# every Linux build.)  Packages: .ci/packages-rng.txt.  Two small builds
# without the x86 SIMD batch files (SIPHASH_CI_NO_SIMD_ARGS): 20 s on Zen 5
# beside a proof run (87 s with them, beside a CI run).
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages rng

status=0
for source in getentropy arc4random; do
    dir=$(ci_dir "rng-$source")
    run cmake -S "$SIPHASH_ROOT" -B "$dir" "${SIPHASH_CI_CMAKE_ARGS[@]}" -DCMAKE_BUILD_TYPE=Release \
        -DSIPHASH_RNG="$source" -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_EXAMPLES=OFF \
        "${SIPHASH_CI_NO_SIMD_ARGS[@]}" \
        -DSIPHASH_BUILD_TOOLS=OFF >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
    grep -q "keys from $source" "$dir.configure.log" || { echo "rng: $source not selected"; exit 1; }
    run cmake --build "$dir" -j "$JOBS" --target "test_keys_$source" test_vectors
    run ctest --test-dir "$dir" -R "^(test_keys_$source|test_vectors)\$" --no-tests=error \
        --output-on-failure -V | grep -E 'checks|tests passed|Failed' || status=1
done
exit "$status"
