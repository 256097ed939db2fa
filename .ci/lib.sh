# SPDX-License-Identifier: MIT
# .ci/lib.sh — what every CI step shares.  Each .ci/<step>.sh starts with
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
#
# which sets strict mode, moves to the repository root and defines:
#
#   SIPHASH_ROOT           the repository root (also the working directory)
#   SIPHASH_CI_DIR         where every step's build directories go: one tree,
#                          so a step can reuse the matrix's builds.  Default
#                          build-ci/ in the root; SIPHASH_MATRIX_DIR is still
#                          honoured as its older name.
#   JOBS                   parallel build and test jobs (default 2)
#   SIPHASH_CI_CMAKE_ARGS  arguments of every configure in CI.  -Werror is
#                          on here and only here: the project's own default
#                          stays off so a project embedding us never fails
#                          on a newer compiler's new warning.
#   SIPHASH_CI_NATIVE_ARGS added by native builds: the differential tests'
#                          OpenSSL and libsodium must be found, not skipped.
#   run CMD...             print the command (to stderr, so it shows even
#                          when stdout is redirected), then run it
#   ci_dir NAME            the build directory NAME under SIPHASH_CI_DIR
#   ci_packages STEP       install the missing packages of that step's list
#                          (.ci/packages-STEP.txt); a step run on its own
#                          calls it for itself
#   ci_m32_emulator        qemu-i386 where this host cannot run 32-bit x86
#                          programs, else nothing
#   ci_matrix_args CONFIG  sets the array CI_ARGS to the configure arguments
#                          of a matrix configuration (gcc, clang, asan-gcc,
#                          asan-clang, m32, s390x, aarch64), common ones
#                          included: the matrix and the steps reusing its
#                          builds configure alike.  The native ones name
#                          the C++ compiler too (ci_cxx: g++ or clang++)
#   ci_configure CONFIG    (re)configures the matrix's build directory of
#                          CONFIG, creating it when the matrix has not run
#   ci_reuse CONFIG [TARGET...]
#                          ci_configure, then brings the given targets (or
#                          all) up to date: after the matrix, a no-op build
# shellcheck shell=bash

set -euo pipefail

SIPHASH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$SIPHASH_ROOT"
SIPHASH_CI_DIR=${SIPHASH_CI_DIR:-${SIPHASH_MATRIX_DIR:-$SIPHASH_ROOT/build-ci}}
JOBS=${JOBS:-2}

SIPHASH_CI_CMAKE_ARGS=(-DSIPHASH_WERROR=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)
SIPHASH_CI_NATIVE_ARGS=(-DSIPHASH_REQUIRE_DIFFERENTIAL=ON)

run() {
    printf '+ %s\n' "$*" >&2
    "$@"
}

ci_dir() {
    printf '%s/%s\n' "$SIPHASH_CI_DIR" "$1"
}

ci_packages() {
    local list=$SIPHASH_ROOT/.ci/packages-$1.txt
    [[ -f $list ]] || { echo "ci_packages: no $list" >&2; return 1; }
    bash "$SIPHASH_ROOT/scripts/deps.sh" "$list"
}

# ci_m32_emulator: prints nothing where this host runs 32-bit x86 programs,
# else qemu-i386 (a kernel without IA32 emulation, or a PVM guest as some
# CI machines are: "Exec format error"); the m32 toolchain file decides the
# same way for the CMake builds.
ci_m32_emulator() {
    local probe
    probe=$(mktemp)
    if printf 'int main(void) { return 0; }\n' | gcc -m32 -x c - -o "$probe" 2>/dev/null &&
        ! "$probe" 2>/dev/null; then
        echo qemu-i386
    fi
    rm -f "$probe"
}

ci_matrix_args() {
    local tc=$SIPHASH_ROOT/cmake/toolchains
    CI_ARGS=("${SIPHASH_CI_CMAKE_ARGS[@]}")
    case $1 in
        gcc | clang) CI_ARGS+=(-DCMAKE_C_COMPILER="$1" -DCMAKE_CXX_COMPILER="$(ci_cxx "$1")"
            -DCMAKE_BUILD_TYPE=Release "${SIPHASH_CI_NATIVE_ARGS[@]}") ;;
        asan-gcc | asan-clang)
            CI_ARGS+=(-DCMAKE_C_COMPILER="${1#asan-}" -DCMAKE_CXX_COMPILER="$(ci_cxx "${1#asan-}")"
                -DCMAKE_BUILD_TYPE=Debug -DSIPHASH_SANITIZE=ON "${SIPHASH_CI_NATIVE_ARGS[@]}") ;;
        m32) CI_ARGS+=(-DCMAKE_TOOLCHAIN_FILE="$tc/i686-linux-gnu-m32.cmake" -DCMAKE_BUILD_TYPE=Release) ;;
        s390x | aarch64) CI_ARGS+=(-DCMAKE_TOOLCHAIN_FILE="$tc/$1-linux-gnu.cmake" -DCMAKE_BUILD_TYPE=Release) ;;
        *) echo "ci_matrix_args: unknown configuration '$1'" >&2; return 2 ;;
    esac
}

# ci_cxx CC: the C++ compiler of the same family (siphash.hpp's tests are
# built with it: g++ beside gcc, clang++ beside clang).
ci_cxx() {
    case $1 in
        gcc) echo g++ ;;
        clang) echo clang++ ;;
        *) echo "ci_cxx: no C++ compiler for '$1'" >&2; return 2 ;;
    esac
}

ci_configure() {
    local dir
    dir=$(ci_dir "$1")
    ci_matrix_args "$1"
    if [[ -f $dir/CMakeCache.txt ]]; then
        echo "reusing the matrix build $dir" >&2
    else
        echo "no matrix build of $1 yet: configuring $dir" >&2
    fi
    # Configuring again is cheap and keeps a reused tree identical to a fresh one.
    run cmake -S "$SIPHASH_ROOT" -B "$dir" "${CI_ARGS[@]}" >/dev/null
}

ci_reuse() {
    local dir
    dir=$(ci_dir "$1")
    ci_configure "$1"
    shift
    if [[ $# -gt 0 ]]; then
        run cmake --build "$dir" -j "$JOBS" --target "$@"
    else
        run cmake --build "$dir" -j "$JOBS"
    fi
}
