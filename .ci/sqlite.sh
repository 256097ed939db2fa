#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for the SQLite extension (sqlite/, docs/sqlite.md):
#   1. builds siphash.so in the matrix's gcc build (reused) and checks that
#      it exports only sqlite3_siphash_init, the library compiled in and
#      local;
#   2. runs its two suites (CTest label sqlite: the .sql file through the
#      sqlite3 shell, the Python suite through /usr/bin/python3's sqlite3
#      module), which the matrix already ran: again here to show their
#      output, which costs two seconds; and the shell suite once more with
#      sqlite3 under valgrind memcheck;
#   3. builds it again with the plain cc line, exactly as docs/sqlite.md
#      prints it, in a copy of the sources; compiles the extension's files
#      with gcc and clang, -Wall -Wextra -Wpedantic -Werror; checks that
#      build's exports and runs the shell suite against it;
#   4. compares the SQL values with siphashsum's for a few strings (ASCII
#      and not, empty, long) under a fresh key, and the doc's one number;
#   5. runs sqlite/bench.py --quick (printed; CI does not judge it).
# Packages: .ci/packages-sqlite.txt.  About 35 s when the matrix's gcc build
# exists.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages sqlite

py=/usr/bin/python3 # the system Python (its sqlite3 loads extensions), not pyenv's
phase() { echo "sqlite: $1 in $((SECONDS - phase_start)) s"; phase_start=$SECONDS; }
phase_start=$SECONDS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siphash-ci-sqlite.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
status=0

# exports_ok SO: only the entry point exported, siphash24_64 local inside.
exports_ok() {
    local exported stray
    exported=$(nm -D --defined-only "$1" | awk '{print $3}')
    stray=$(grep -vx 'sqlite3_siphash_init' <<<"$exported" || true)
    if [[ -n $stray || -z $exported ]]; then
        echo "sqlite: $1 exports more (or less) than sqlite3_siphash_init:"
        echo "$exported"
        return 1
    fi
    # (Not nm | grep -q: grep's early exit would fail nm, and so the pipeline.)
    grep -qE ' t siphash24_64$' <<<"$(nm "$1")" ||
        { echo "sqlite: $1 has no local siphash24_64: the library is not compiled in"; return 1; }
    echo "sqlite: $1 exports sqlite3_siphash_init only; the library's symbols are local"
}

# ------------------------------------------------------------ CMake build
build=$(ci_dir gcc)
# (SIPHASH_BUILD_SQLITE=AUTO probes again now that libsqlite3-dev is
# installed, if the matrix ran without it.)
ci_configure gcc
[[ -f $build/sqlite/Makefile || -f $build/sqlite/cmake_install.cmake ]] ||
    { echo "sqlite: the extension is not configured in $build (is libsqlite3-dev installed?)"; exit 1; }
run cmake --build "$build" -j "$JOBS" --target siphash_sqlite sqlite_ref siphashsum >/dev/null
so=$build/sqlite/siphash.so
ref=$build/sqlite/test/sqlite_ref
exports_ok "$so" || status=1
phase "built (or reused)"

# ------------------------------------------------------------- the suites
run ctest --test-dir "$build" -L sqlite --no-tests=error --output-on-failure -V |
    grep -E '^[0-9]+: |tests passed|tests failed|Failed|\*\*\*' || true
run ctest --test-dir "$build" -L sqlite --no-tests=error --output-on-failure >/dev/null ||
    { echo "sqlite: the CTest suites FAILED"; status=1; }

# The shell suite again with sqlite3 under memcheck: the extension's code
# runs in that process (the matrix's memcheck run leaves the suites' programs
# alone, see sqlite/test/CMakeLists.txt).  A memcheck report lands in the
# suite's output, which then differs from the expected one.
SIPHASH_SQLITE_WRAPPER="valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --track-origins=yes --quiet" \
    SQLITE_REF=$ref run bash sqlite/test/run_sql.sh sqlite3 "$so" tests/vectors || status=1
phase "suites run (the shell suite also under valgrind)"

# ------------------------------------------- the cc line of docs/sqlite.md
cc_block=$(awk '/<!-- sqlite-cc-build -->/ { on = 1; next } /<!-- \/sqlite-cc-build -->/ { on = 0 }
               on && !/^```/ { print }' docs/sqlite.md)
[[ -n $cc_block ]] || { echo "sqlite: no sqlite-cc-build block in docs/sqlite.md"; exit 1; }
mkdir -p "$tmp/tree"
cp -r include src scripts sqlite "$tmp/tree/"
rm -rf "$tmp/tree/sqlite/libsiphash" "$tmp/tree/sqlite/siphash.so"
echo "sqlite: the doc's build, as printed:"
printf '%s\n' "$cc_block"
(cd "$tmp/tree" && bash -euo pipefail -c "$cc_block") || { echo "sqlite: the doc's cc line FAILED"; exit 1; }
for c in gcc clang; do
    for f in "$tmp"/tree/sqlite/*.c; do
        run "$c" -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Wmissing-prototypes -Werror \
            -I"$tmp/tree/sqlite/libsiphash" "$f" || status=1
    done
done
exports_ok "$tmp/tree/sqlite/siphash.so" || status=1
SQLITE_REF=$ref run bash sqlite/test/run_sql.sh sqlite3 "$tmp/tree/sqlite/siphash.so" tests/vectors ||
    status=1
phase "the doc's cc build checked"

# -------------------------------------------------- against siphashsum
sum=$build/tools/siphashsum
key=$(sqlite3 :memory: -cmd ".load $so" "SELECT lower(hex(siphash_generate_key()))")
sql_of() { # sql_of EXPR STRING: EXPR over s (the string, as TEXT) and k (the key)
    local hex
    hex=$(printf '%s' "$2" | od -An -v -tx1 | tr -d ' \n')
    sqlite3 :memory: -cmd ".load $so" \
        "WITH p(s, k) AS (SELECT CAST(X'$hex' AS TEXT), X'$key') SELECT $1 FROM p"
}
sum_of() { # sum_of STRING SIPHASHSUM-ARGS...: the hex digest
    local s=$1
    shift
    printf '%s' "$s" | SIPHASH_KEY=$key "$sum" "$@" - | awk '{print $1}' | cut -d: -f2
}
le_hex() { # the 16 hex digits of a uint64 written as its little-endian bytes
    local i
    for ((i = 14; i >= 0; i -= 2)); do printf '%s' "${1:i:2}"; done
}
n=0
while IFS= read -r s; do
    u24=$(sql_of "printf('%016x', siphash24(s, k))" "$s")
    u13=$(sql_of "printf('%016x', siphash13(s, k))" "$s")
    b128=$(sql_of "lower(hex(siphash24_128(s, k)))" "$s")
    if [[ $(le_hex "$u24") != "$(sum_of "$s" -a siphash-2-4)" ||
        $(le_hex "$u13") != "$(sum_of "$s" -a siphash-1-3)" ||
        $b128 != "$(sum_of "$s" -a siphash-2-4 -l 128)" ]]; then
        echo "sqlite: '$s': SQL and siphashsum differ: FAILED"
        status=1
    fi
    n=$((n + 1))
done <<'STRINGS'
user@example.com
a
Grüße, Jürgen
東京都 😀
it's
0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0

STRINGS
echo "sqlite: $n strings: siphash24, siphash13 and siphash24_128 equal siphashsum's (a fresh key)"
# The doc's number, with the vectors' key.
key=000102030405060708090a0b0c0d0e0f
got=$(sql_of "siphash24(s, k) || ' ' || printf('%016x', siphash24(s, k))" frank@example.com)
[[ $got == "-3614538409354901214 cdd69477a3654922" &&
    $(le_hex cdd69477a3654922) == "$(sum_of frank@example.com)" ]] ||
    { echo "sqlite: the documented number: SQL $got: FAILED"; status=1; }
echo "sqlite: docs/sqlite.md's number: -3614538409354901214 = cdd69477a3654922 = siphashsum's"
phase "cross-checked with siphashsum"

# ------------------------------------------------------------------ bench
run timeout 300 "$py" sqlite/bench.py --extension "$so" --quick || status=1
phase "bench.py --quick ran"
exit "$status"
