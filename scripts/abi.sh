#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The binary interface behind SONAME 1 (docs/releases.md).
#
#   scripts/abi.sh baseline REV   builds the shared library of commit REV and
#                                 writes its abidw description to
#                                 abi/libsiphash-VERSION.abi (once per
#                                 release, committed)
#   scripts/abi.sh check [SRCDIR] builds SRCDIR's shared library (default:
#                                 this tree) and fails when
#                                 1. it exports a symbol that
#                                    debian/libsiphash1.symbols does not list,
#                                    or lacks one that it lists, or
#                                 2. abidiff finds, against any baseline in
#                                    abi/, a change other than an addition:
#                                    a removed function, a changed signature,
#                                    a changed layout of a type a function
#                                    takes or returns
#
# Both build the same way (ABI_CMAKE_ARGS: the default Release build plus
# -g, because abidw reads the types from the debug information), and both
# describe only the types of the installed headers (--headers-dir include),
# so a change to a type private to src/ is not a change of the interface.
# The baseline was made with Debian 12's gcc 12 and libabigail 2.2 on
# x86-64; the check is meant to run there (CI's machine).
#
# abidiff's exit status is a bit set (4: some ABI change, 8: an
# incompatible one); an added function sets 4 too, so the check runs it with
# --no-added-syms (additions are allowed in 1.x) and fails on any bit.  It
# prints the full report, additions included, for the record.
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
cd "$(dirname "$0")/.."
root=$PWD

ABI_CMAKE_ARGS=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-g
    -DSIPHASH_BUILD_TESTS=OFF -DSIPHASH_BUILD_TOOLS=OFF
    -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_EXAMPLES=OFF)
# ABI_LEAN=1 (CI's planted breaks, which only show that the check bites):
# the x86 SIMD batch files left out, by answering src/CMakeLists.txt's
# compiler-flag checks "no" in advance.  Their functions are hidden, so
# the interface is the same; they are most of the build's time.
if [[ ${ABI_LEAN:-0} == 1 ]]; then
    ABI_CMAKE_ARGS+=(-DSIPHASH_CC_HAS_MAVX2=OFF -DSIPHASH_CC_HAS_MAVX512F=OFF)
fi

die() { echo "abi.sh: $*" >&2; exit 1; }
command -v abidw >/dev/null && command -v abidiff >/dev/null ||
    die "abidw and abidiff are missing (Debian: apt-get install abigail-tools)"

# build_lib SRCDIR BUILDDIR: prints the path of the built libsiphash.so.1.
build_lib() {
    cmake -S "$1" -B "$2" "${ABI_CMAKE_ARGS[@]}" >"$2.log" 2>&1 &&
        cmake --build "$2" -j "${JOBS:-2}" --target siphash >>"$2.log" 2>&1 ||
        { cat "$2.log" >&2; die "building the library of $1 failed"; }
    readlink -f "$2/src/libsiphash.so.1"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case ${1:-} in
baseline)
    rev=${2:?usage: scripts/abi.sh baseline REV}
    mkdir "$tmp/src"
    git archive "$rev" | tar -x -C "$tmp/src"
    version=$(sed -n 's/^#define SIPHASH_VERSION_STRING "\(.*\)"$/\1/p' "$tmp/src/include/siphash.h")
    lib=$(build_lib "$tmp/src" "$tmp/build")
    mkdir -p abi
    # File names only, no directories: the description does not depend on
    # where the tree was built.
    abidw --headers-dir "$tmp/src/include" --no-corpus-path --short-locs --no-comp-dir-path \
        --out-file "$tmp/out.abi" "$lib"
    mv "$tmp/out.abi" "abi/libsiphash-$version.abi"
    echo "abi.sh: abi/libsiphash-$version.abi from $(git rev-parse --short "$rev^{commit}")"
    ;;
check)
    src=$(cd "${2:-$root}" && pwd)
    lib=$(build_lib "$src" "$tmp/build")
    status=0

    # 1. The exported names against the symbols file (dpkg-gensymbols' form:
    #    " name@Base minimal-version"; lines starting with '*' are fields).
    sed -n 's/^ \([A-Za-z_][A-Za-z0-9_]*\)@Base .*/\1/p' debian/libsiphash1.symbols | sort >"$tmp/listed"
    nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sort >"$tmp/exported"
    extra=$(comm -13 "$tmp/listed" "$tmp/exported")
    missing=$(comm -23 "$tmp/listed" "$tmp/exported")
    if [[ -n $extra ]]; then
        echo "abi.sh: exported but not in debian/libsiphash1.symbols (an accidental export, or a new function to list with the version that adds it):" >&2
        sed 's/^/    /' <<<"$extra" >&2
        status=1
    fi
    if [[ -n $missing ]]; then
        echo "abi.sh: listed in debian/libsiphash1.symbols but not exported (a removal breaks SONAME 1):" >&2
        sed 's/^/    /' <<<"$missing" >&2
        status=1
    fi
    [[ $status -ne 0 ]] ||
        echo "abi.sh: $(wc -l <"$tmp/exported") exported symbols, exactly those of debian/libsiphash1.symbols"

    # 2. abidiff against every baseline.
    shopt -s nullglob
    baselines=(abi/*.abi)
    [[ ${#baselines[@]} -gt 0 ]] || die "no baseline in abi/"
    for base in "${baselines[@]}"; do
        echo "abi.sh: abidiff $base $(basename "$lib") (additions shown, not judged):"
        abidiff --hd2 "$src/include" "$base" "$lib" | sed 's/^/    /' || true
        if abidiff --no-added-syms --hd2 "$src/include" "$base" "$lib" >/dev/null; then
            echo "abi.sh: compatible with $base"
        else
            echo "abi.sh: INCOMPATIBLE with $base (abidiff exit $?; report above)" >&2
            status=1
        fi
    done
    exit $status
    ;;
*)
    die "usage: scripts/abi.sh baseline REV | scripts/abi.sh check [SRCDIR]"
    ;;
esac
