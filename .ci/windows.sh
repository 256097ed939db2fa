#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step "windows": the library, its tests and siphashsum.exe built for
# Windows x86-64 with mingw-w64 (cmake/toolchains/mingw-w64-x86_64.cmake)
# and run under Wine (64-bit, a throw-away WINEPREFIX, WINEDEBUG=-all):
#   1. the whole ctest suite under Wine (CMAKE_CROSSCOMPILING_EMULATOR),
#      the random sweeps short (SIPHASH_TEST_QUICK=1):
#      vectors (static and DLL), differential against the model, streaming,
#      siphash.hpp's values and standard containers (mingw g++),
#      every batch path the CPU has (forced in turn and by SIPHASH_IMPL),
#      keys from BCryptGenRandom with injected failures, death tests, and
#      the CLI tests; what cannot run there is printed with the reason
#   2. the DLL exports exactly the public API (the SIPHASH_API declarations
#      of include/), and the static library exports nothing
#   3. install, then tests/install/ (the Linux consumer project, used as
#      is) built with mingw through the CMake package against the DLL and
#      against the static library, and its C++ program on siphash.hpp: all
#      print a129ca6149be45e5 under Wine; and once more through pkg-config
#      (--static for the static library)
#   4. siphashsum.exe and the Linux siphashsum print byte-identical lines
#      for the same files, a CR LF file and standard input among them
# Packages: .ci/packages-windows.txt.  Measured on the 2-core CI machine (AMD
# EPYC, Zen 3) under a load average of 10: 6 min from scratch (CPU time
# 1.6 min), 70 s with the builds up to date.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages windows

WINE=/usr/lib/wine/wine64
[[ -x $WINE ]] || WINE=$(command -v wine64 || command -v wine)
WINESERVER=/usr/lib/wine/wineserver
[[ -x $WINESERVER ]] || WINESERVER=$(command -v wineserver)
work=$(mktemp -d /tmp/siphash-windows.XXXXXX)
export WINEPREFIX=$work/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
# One persistent wineserver for the whole step: each program then starts
# in milliseconds instead of seconds.  Stopped (this prefix's only) on exit.
# shellcheck disable=SC2317  # called by the trap
cleanup() {
    "$WINESERVER" -k 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$WINEPREFIX"
"$WINESERVER" -p
run "$WINE" cmd /c ver >/dev/null 2>&1 # creates the prefix (seconds)

build=$(ci_dir windows)
prefix=$work/prefix
status=0
fail() {
    echo "windows: FAILED: $*" >&2
    status=1
}
phase() {
    echo "windows: [${SECONDS}s] $*"
}

# ---- 1. build and ctest under Wine ---------------------------------------
phase "build"
run cmake -S "$SIPHASH_ROOT" -B "$build" "${SIPHASH_CI_CMAKE_ARGS[@]}" \
    -DCMAKE_TOOLCHAIN_FILE="$SIPHASH_ROOT/cmake/toolchains/mingw-w64-x86_64.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_EXAMPLES=OFF >/dev/null
run cmake --build "$build" -j "$JOBS"
# siphash.hpp's tests (tests/cpp) are built with mingw's g++ and run below.
grep -q '^SIPHASH_CXX17_WORKS:INTERNAL=1' "$build/CMakeCache.txt" ||
    fail "no C++ compiler for Windows (g++-mingw-w64-x86-64-posix): siphash.hpp's tests not built"
# test_vectors_shared loads libsiphash.dll: Wine searches WINEPATH.
export WINEPATH="$build/src"
phase "ctest under Wine"
# --repeat until-pass:2: a test program that dies as Wine starts it (seen
# once in 50: test_diff_model, 0.05 s, no output, passing on every rerun)
# gets a second start; a real failure fails both and is reported.
# The random sweeps in their short form (SIPHASH_TEST_QUICK=1: every shape,
# path and known answer still runs): here they check the Windows build, and
# their full depth is the matrix's gcc and clang runs, on the same sources.
SIPHASH_TEST_QUICK=1 run ctest --test-dir "$build" -j "$JOBS" --output-on-failure --timeout 600 --repeat until-pass:2 ||
    fail "ctest under Wine"
cat <<'NOTRUN'
windows: not run under Wine, and why:
    ct_valgrind, ct_negative_*   valgrind runs Linux programs only (they skip themselves)
    test_diff_openssl, _sodium   Debian has no mingw build of OpenSSL or libsodium; the
                                 differential test against the in-tree model (test_diff_model)
                                 and the fuzz corpus replay run
    test_keys, test_hasher_rng   interpose Linux's getrandom(); test_keys_bcrypt does the
                                 same for BCryptGenRandom
    test_hasher_absl, _boost     no mingw build of Abseil or Boost in Debian
    cli_output, _check, _keys,   POSIX behaviour: owners and modes, FIFOs, symlinks, SIGPIPE,
    _keygen, _errors, _stdout,   ulimit, names with '\', LF or CR, glibc's message texts,
    _memory, _largefile          resident size, 4 GiB files (tmpfs); win_cli covers what
                                 Windows has instead
    fuzz_cli_check               its escaping check uses open_memstream (POSIX)
NOTRUN

# ---- 2. exports ------------------------------------------------------------
phase "exports"
dll=$build/src/libsiphash.dll
x86_64-w64-mingw32-objdump -p "$dll" |
    sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' | awk 'NF>1 {print $NF}' |
    grep -v '^Table$' | sort >"$work/exports.txt"
grep -h '^SIPHASH_API' include/*.h | sed -E 's/\(.*//; s/.*[ *]//' | sort -u >"$work/api.txt"
if diff -u "$work/api.txt" "$work/exports.txt"; then
    echo "windows: libsiphash.dll exports exactly the $(wc -l <"$work/api.txt") public functions"
else
    fail "DLL exports differ from the SIPHASH_API declarations (- api, + dll)"
fi
directives=$(x86_64-w64-mingw32-objdump -s -j .drectve "$build/src/libsiphash.a" 2>/dev/null || true)
[[ $directives != *export* ]] || fail "the static library carries dllexport directives"

# ---- 3. install and consumers --------------------------------------------
phase "install and consumers"
run cmake --install "$build" >/dev/null
export WINEPATH="$prefix/bin"
expect=a129ca6149be45e5
consumer=$work/consumer
if ! run cmake -S tests/install -B "$consumer" -Dsiphash_DIR="$prefix/lib/cmake/siphash" \
    -DCMAKE_TOOLCHAIN_FILE="$SIPHASH_ROOT/cmake/toolchains/mingw-w64-x86_64.cmake" >/dev/null ||
    ! run cmake --build "$consumer" -j "$JOBS" >/dev/null; then
    fail "consumer build (CMake package)"
fi
for exe in consumer consumer_static consumer_cpp; do
    out=$("$WINE" "$consumer/$exe.exe" | tr -d '\r') || true
    if [[ $out == "$expect" ]]; then
        echo "windows: $exe.exe (CMake package) prints $out"
    else
        fail "$exe.exe printed '$out', expected $expect"
    fi
done
# The DLL consumer must import from libsiphash.dll; the static one must not.
imports=$(x86_64-w64-mingw32-objdump -p "$consumer/consumer.exe")
[[ $imports == *"DLL Name: libsiphash.dll"* ]] || fail "consumer.exe does not import libsiphash.dll"
imports=$(x86_64-w64-mingw32-objdump -p "$consumer/consumer_static.exe")
[[ $imports != *libsiphash.dll* ]] || fail "consumer_static.exe depends on libsiphash.dll"

pc() {
    PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig" PKG_CONFIG_PATH="" pkg-config "$@" libsiphash
}
cc=x86_64-w64-mingw32-gcc
# shellcheck disable=SC2046
run $cc -std=c11 -Wall -Wextra -Wpedantic -Werror tests/install/consumer.c \
    $(pc --cflags --libs) -o "$work/pc_consumer.exe" || fail "pkg-config consumer build"
# shellcheck disable=SC2046
run $cc -std=c11 -Wall -Wextra -Wpedantic -Werror -static tests/install/consumer.c \
    $(pc --static --cflags --libs) -o "$work/pc_consumer_static.exe" ||
    fail "pkg-config --static consumer build"
for exe in pc_consumer pc_consumer_static; do
    out=$("$WINE" "$work/$exe.exe" | tr -d '\r') || true
    if [[ $out == "$expect" ]]; then
        echo "windows: $exe.exe (pkg-config) prints $out"
    else
        fail "$exe.exe printed '$out', expected $expect"
    fi
done

# ---- 4. siphashsum.exe against the Linux build -----------------------------
phase "siphashsum.exe against the Linux build"
host=$(ci_dir windows-host)
run cmake -S "$SIPHASH_ROOT" -B "$host" "${SIPHASH_CI_CMAKE_ARGS[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DSIPHASH_BUILD_TESTS=OFF -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_EXAMPLES=OFF >/dev/null
run cmake --build "$host" -j "$JOBS" --target siphashsum >/dev/null
files=$work/files
mkdir -p "$files"
(
    cd "$files" || exit 1
    export LC_ALL=C.UTF-8 # UTF-8 names reach Wine as UTF-16 by the locale
    cp "$SIPHASH_ROOT"/tests/vectors/*.txt .
    printf 'line 1\r\nline 2\r\n' >crlf.txt
    printf 'cr\ronly\rhere' >cr.txt
    printf 'before\032after' >ctrl-z.bin
    : >empty
    head -c 1048583 /dev/urandom >random.bin
    printf 'x\r\n' >'naïve-日本語.txt'
    mkdir a-directory # the diagnostics (stderr) and exit status are compared too
    K=000102030405060708090a0b0c0d0e0f HK=0001020304050607
    export SIPHASH_KEY=$K,$HK
    linux=$host/tools/siphashsum windows=$build/tools/siphashsum.exe
    n=0 bad=0
    for opts in "" "--tag" "-z" "-a siphash-1-3 -l 128" "-a siphash-1-2" \
        "-a halfsiphash-2-4" "-a halfsiphash-1-3 -l 64 --tag"; do
        # shellcheck disable=SC2086
        "$linux" $opts -- * missing >"$work/linux.out" 2>&1
        echo "exit $?" >>"$work/linux.out"
        # shellcheck disable=SC2086
        "$WINE" "$windows" $opts -- * missing >"$work/windows.out" 2>&1
        echo "exit $?" >>"$work/windows.out"
        # shellcheck disable=SC2086
        "$linux" $opts <crlf.txt >>"$work/linux.out" 2>&1
        # shellcheck disable=SC2086
        "$WINE" "$windows" $opts <crlf.txt >>"$work/windows.out" 2>&1
        n=$((n + 1))
        if ! cmp -s "$work/linux.out" "$work/windows.out"; then
            bad=$((bad + 1))
            echo "windows: siphashsum ${opts:-(defaults)}: Linux and Windows differ:" >&2
            diff "$work/linux.out" "$work/windows.out" | head -20 >&2
        fi
    done
    # Check files written on one system verify on the other.
    "$linux" -- *.txt *.bin empty >"$work/sums.linux"
    "$WINE" "$windows" -c "$work/sums.linux" >"$work/check.out" 2>&1 ||
        { bad=$((bad + 1)); cat "$work/check.out" >&2; }
    "$WINE" "$windows" -- *.txt *.bin empty >"$work/sums.windows"
    "$linux" -c "$work/sums.windows" >"$work/check.out" 2>&1 ||
        { bad=$((bad + 1)); cat "$work/check.out" >&2; }
    echo "windows: siphashsum.exe vs Linux siphashsum: $((n - bad + 2)) of $((n + 2)) comparisons" \
        "byte-identical, stdout, stderr and exit status ($(find . -type f | wc -l) files incl. CR LF, CR," \
        "Ctrl-Z, 1 MiB random, a UTF-8 name; a directory, a missing file; and stdin)"
    [ "$bad" -eq 0 ]
) || fail "siphashsum.exe and the Linux siphashsum differ"

phase "done"
exit "$status"
