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
#                          calls it for itself.  In the quick suite, the
#                          quick suite's list (.ci/packages-quick.txt)
#                          instead: a quick step uses what is installed
#   ci_quick               true when the step runs in the quick suite
#                          (SIPHASH_CI_QUICK=1, set by scripts/test.sh):
#                          the step does its short form, e.g. without its
#                          benchmark smoke runs
#   ci_note TEXT           prints TEXT and keeps it for the summary line of
#                          this step that scripts/test.sh prints at the end
#                          (a skipped part, what failed)
#   ci_skip REASON         the whole step cannot run here: notes why and
#                          exits 77, which scripts/test.sh counts as skipped
#   ci_m32_emulator        qemu-i386 where this host cannot run 32-bit x86
#                          programs, else nothing
#   ci_matrix_args CONFIG  sets the array CI_ARGS to the configure arguments
#                          of a matrix configuration (gcc, clang, asan-gcc,
#                          asan-clang, m32, s390x, aarch64), common ones
#                          included: the matrix and the steps reusing its
#                          builds configure alike.  The native ones name
#                          the C++ compiler too (ci_cxx: g++ or clang++)
#   ci_configure CONFIG    (re)configures the matrix's build directory of
#                          CONFIG, creating it when the matrix has not run;
#                          first waits while another step of this run still
#                          makes that tree (ci_wait_tree)
#   ci_wait_tree TREE      steps run side by side (scripts/test.sh): waits
#                          while the step that makes the build tree TREE
#                          (the matrix; the quick suite's ctest) works in
#                          it.  test.sh writes $SIPHASH_CI_DIR/.busy/TREE,
#                          holding its own process id, before the run; the
#                          maker removes it when done with the tree
#                          (ci_tree_done), test.sh when the maker ends.  A
#                          maker sets SIPHASH_CI_MAKER=1: it never waits
#   ci_tree_done TREE      the maker is done with TREE: others may use it
#   ci_reuse CONFIG [TARGET...]
#                          ci_configure, then brings the given targets (or
#                          all) up to date: after the matrix, a no-op build
#   ci_seed_tree DIR       before the first configure of the build tree DIR:
#                          puts the bench's two Linux files where its
#                          configure looks first (see "Linux's sources")
#   ci_clock NAME          remembers the time now under NAME: the wall clock
#                          and the CPU time (user + system) of this shell's
#                          finished children
#   ci_clock_read NAME     sets CI_WALL and CI_CPU to the seconds of each
#                          since ci_clock NAME (CPU: what the children that
#                          finished since then used, on all cores together)
# shellcheck shell=bash

set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points

SIPHASH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$SIPHASH_ROOT"
SIPHASH_CI_DIR=${SIPHASH_CI_DIR:-${SIPHASH_MATRIX_DIR:-$SIPHASH_ROOT/build-ci}}
JOBS=${JOBS:-2}

SIPHASH_CI_CMAKE_ARGS=(-DSIPHASH_WERROR=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)
SIPHASH_CI_NATIVE_ARGS=(-DSIPHASH_REQUIRE_DIFFERENTIAL=ON)
# For the builds of steps whose subject is not the batch kernels (rng's key
# sources, dropin's installed library, cpp's C++20 header tests): the x86
# SIMD batch files left out by answering src/CMakeLists.txt's compiler-flag
# checks "no" in advance (the batch functions then run the portable path).
# Those two files are about a third of a whole build's compile time; the
# matrix, distcheck, Debian, Windows and the batch step build them.
SIPHASH_CI_NO_SIMD_ARGS=(-DSIPHASH_CC_HAS_MAVX2=OFF -DSIPHASH_CC_HAS_MAVX512F=OFF)

# Linux's sources, for tests/linux (Linux's self-test and secure_seq.c
# against our compat header) and the bench's Linux rows: the five files they
# use, cut once per SIPHASH_CI_DIR into a small tarball of the same layout.
# Debian's linux-source tarball is 138 MB of xz: unpacking it costs ~7 s of
# CPU, and every configure of the bench and every build of tests/linux did
# it (about 17 times a CI run, 8 of them in a configure, where nothing else
# runs).  Every CI configure points tests/linux at the small one
# (SIPHASH_LINUX_SOURCE, in SIPHASH_CI_CMAKE_ARGS); ci_seed_tree gives the
# bench its two files.  The files are the same bytes.
CI_LINUX_FULL=/usr/src/linux-source-6.1.tar.xz
CI_LINUX_MIN=$SIPHASH_CI_DIR/linux-source-min.tar.xz
if [[ -f $CI_LINUX_FULL ]]; then
    if [[ ! -f $CI_LINUX_MIN || $CI_LINUX_MIN -ot $CI_LINUX_FULL ]]; then
        mkdir -p "$SIPHASH_CI_DIR"
        # One step cuts it; a step beside it waits for the lock.
        (
            flock 9
            [[ -f $CI_LINUX_MIN && ! $CI_LINUX_MIN -ot $CI_LINUX_FULL ]] && exit 0
            cut=$(mktemp -d "$SIPHASH_CI_DIR/.linux-cut.XXXXXX")
            tar -xJf "$CI_LINUX_FULL" -C "$cut" --wildcards '*/lib/siphash.c' '*/include/linux/siphash.h' \
                '*/lib/test_siphash.c' '*/net/core/secure_seq.c' '*/include/net/secure_seq.h' &&
                (cd "$cut" && tar -cJf "$cut.tar.xz" -- *) &&
                mv "$cut.tar.xz" "$CI_LINUX_MIN"
            rc=$?
            rm -rf "$cut"
            exit $rc
        ) 9>"$SIPHASH_CI_DIR/.linux-source.lock" || echo "lib.sh: cutting $CI_LINUX_FULL failed" >&2
    fi
    [[ ! -f $CI_LINUX_MIN ]] || SIPHASH_CI_CMAKE_ARGS+=(-DSIPHASH_LINUX_SOURCE="$CI_LINUX_MIN")
fi

run() {
    printf '+ %s\n' "$*" >&2
    "$@"
}

ci_dir() {
    printf '%s/%s\n' "$SIPHASH_CI_DIR" "$1"
}

ci_packages() {
    local list=$SIPHASH_ROOT/.ci/packages-$1.txt
    ci_quick && list=$SIPHASH_ROOT/.ci/packages-quick.txt
    [[ -f $list ]] || { echo "ci_packages: no $list" >&2; return 1; }
    bash "$SIPHASH_ROOT/scripts/deps.sh" "$list"
}

# bench/get-linux-siphash.sh finds its two files already there and keeps
# them (a configure would otherwise unpack the whole tarball for them).
ci_seed_tree() {
    local out=$1/bench/linux-siphash
    [[ -f $CI_LINUX_MIN && ! -f $out/lib/siphash.c ]] || return 0
    mkdir -p "$out"
    tar -xJf "$CI_LINUX_MIN" -C "$out" --strip-components=1 --wildcards '*/lib/siphash.c' '*/include/linux/siphash.h'
    echo "$CI_LINUX_MIN" >"$out/SOURCE"
}

ci_quick() {
    [[ ${SIPHASH_CI_QUICK:-0} == 1 ]]
}

# The notes go to the file scripts/test.sh names in SIPHASH_CI_NOTES (one
# per step); a step run by hand just prints them.
ci_note() {
    echo "note: $*"
    [[ -z ${SIPHASH_CI_NOTES:-} ]] || echo "$*" >>"$SIPHASH_CI_NOTES"
}

ci_skip() {
    ci_note "skipped: $*"
    exit 77
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

ci_wait_tree() {
    local marker=$SIPHASH_CI_DIR/.busy/$1 owner said=0
    [[ ${SIPHASH_CI_MAKER:-0} != 1 ]] || return 0
    # A marker whose test.sh is gone (a killed run) holds nothing back.
    while [[ -f $marker ]] && read -r owner 2>/dev/null <"$marker" && kill -0 "$owner" 2>/dev/null; do
        if [[ $said -eq 0 ]]; then
            echo "waiting for the $1 build: another step of this run is making it" >&2
            said=1
        fi
        sleep 2
    done
}

ci_tree_done() {
    rm -f "$SIPHASH_CI_DIR/.busy/$1"
}

ci_configure() {
    local dir
    ci_wait_tree "$1"
    dir=$(ci_dir "$1")
    ci_matrix_args "$1"
    if [[ -f $dir/CMakeCache.txt ]]; then
        echo "reusing the matrix build $dir" >&2
    else
        echo "no matrix build of $1 yet: configuring $dir" >&2
        ci_seed_tree "$dir"
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

_CI_HZ=$(getconf CLK_TCK)

# The CPU time of this shell's finished children (and theirs), in clock
# ticks, from /proc: no command substitution, whose subshell would have
# children of its own.  Fields 16 and 17 are cutime and cstime; the name
# field before them may hold spaces, hence the split after its ')'.
_ci_cpu_ticks() {
    local stat
    read -r stat </proc/"$BASHPID"/stat
    stat=${stat##*) }
    # shellcheck disable=SC2086  # split on purpose
    set -- $stat
    _CI_TICKS=$((${14} + ${15}))
}

ci_clock() {
    _ci_cpu_ticks
    printf -v "_ci_clock_$1" '%s %s' "${EPOCHREALTIME/[.,]/}" "$_CI_TICKS"
}

# shellcheck disable=SC2034  # CI_WALL and CI_CPU are for the caller
ci_clock_read() {
    local var=_ci_clock_$1 t0 c0
    read -r t0 c0 <<<"${!var:?ci_clock_read: no ci_clock $1}"
    _ci_cpu_ticks
    CI_WALL=$(((${EPOCHREALTIME/[.,]/} - t0 + 500000) / 1000000))
    CI_CPU=$(((_CI_TICKS - c0 + _CI_HZ / 2) / _CI_HZ))
}
