#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/cpp.sh — the cpp step: include/siphash.hpp's tests (label "cpp":
# values, the strict-warnings build, std, Abseil and Boost containers, the
# failing random source; the strict build and the random source also with
# -fno-exceptions, the values also with -U__BYTE_ORDER__; what the hasher
# must refuse to compile) and the C++ flood test (test_flood_cpp) on the
# grid g++ / clang++ x C++17 / C++20, each with the project's -Wall
# -Wextra -Wpedantic and -Werror (SIPHASH_WERROR, as every CI build):
#   C++17  the matrix's gcc and clang builds (reused; configured and built
#          here when the matrix has not run)
#   C++20  build-ci/cpp20-gcc and build-ci/cpp20-clang: the same configure
#          with -DCMAKE_CXX_STANDARD=20 (std::unordered_map's heterogeneous
#          lookup is C++20), only these tests built
# The tests already ran in the gcc and clang configurations of the matrix,
# and under ASan + UBSan in asan-gcc and asan-clang; they take a second
# and are rerun here so the grid is in one place with its output.  Abseil
# and Boost must be found, or the step would test less.  Packages:
# .ci/packages-cpp.txt.  The C++20 builds leave the x86 SIMD batch files
# out (SIPHASH_CI_NO_SIMD_ARGS: these tests check the header against the
# library, whichever batch path it has; the SIMD paths are the matrix's).
# About 2 minutes on 2 cores after the matrix (the
# two C++20 builds), 4-5 alone.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ci_packages cpp
targets=(test_hasher_values test_header_strict test_hasher_std test_hasher_rng test_hasher_absl
    test_hasher_boost test_flood_cpp
    # built with -fno-exceptions: the header compiles there, and a failing
    # random source aborts with a message instead of throwing
    test_hasher_rng_noexcept test_header_strict_noexcept
    # the values through the header's byte-by-byte load (-U__BYTE_ORDER__)
    test_hasher_values_generic)
declare -A verdict

# check_build DIR NAME: the C++ parts were built with Abseil and Boost; run
# the tests with their output.
check_build() {
    local dir=$1 name=$2
    grep -q '^absl_DIR:PATH=/' "$dir/CMakeCache.txt" || { echo "cpp: $name: Abseil not found" >&2; return 1; }
    grep -q '^Boost_DIR:PATH=/' "$dir/CMakeCache.txt" || { echo "cpp: $name: Boost not found" >&2; return 1; }
    run ctest --test-dir "$dir" --output-on-failure --no-tests=error -V -R '^(test_hasher_.*|test_header_strict.*|test_flood_cpp)$'
    local n
    n=$(ctest --test-dir "$dir" -N -R '^(test_hasher_.*|test_header_strict.*|test_flood_cpp)$' | grep -c 'Test *#' || true)
    # the targets' tests, and test_hasher_refuses (no target: it compiles
    # tests/cpp/refused.cpp's cases, which must not compile, at test time)
    local want=$((${#targets[@]} + 1))
    [[ $n -eq $want ]] || { echo "cpp: $name: $n tests, expected $want" >&2; return 1; }
}

fail=0
for cc in gcc clang; do
    name="$(ci_cxx "$cc") C++17"
    if ci_reuse "$cc" "${targets[@]}" && check_build "$(ci_dir "$cc")" "$name"; then
        verdict[$name]=PASS
    else
        verdict[$name]=FAIL
        fail=1
    fi

    name="$(ci_cxx "$cc") C++20"
    dir=$(ci_dir "cpp20-$cc")
    ci_matrix_args "$cc"
    if run cmake -S "$SIPHASH_ROOT" -B "$dir" "${CI_ARGS[@]}" -DCMAKE_CXX_STANDARD=20 \
        -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_TOOLS=OFF "${SIPHASH_CI_NO_SIMD_ARGS[@]}" >/dev/null &&
        grep -q -- '-std=c++20' "$dir/compile_commands.json" &&
        run cmake --build "$dir" -j "$JOBS" --target "${targets[@]}" &&
        check_build "$dir" "$name"; then
        verdict[$name]=PASS
    else
        verdict[$name]=FAIL
        fail=1
    fi
done

echo
for name in "g++ C++17" "g++ C++20" "clang++ C++17" "clang++ C++20"; do
    printf 'cpp: %-14s %s\n' "$name" "${verdict[$name]:-not run}"
done
[[ $fail -eq 0 ]] && echo "cpp: OK" || echo "cpp: FAILED"
exit $fail
