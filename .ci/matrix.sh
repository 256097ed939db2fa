#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/matrix.sh — build libsiphash and run its whole CTest suite in every
# configuration of the CI matrix, one build directory per configuration.
#
#   .ci/matrix.sh                      all configurations
#   .ci/matrix.sh gcc m32 s390x        a subset, in the order given
#   .ci/matrix.sh --list               the configuration names
#
# Configurations:
#   gcc         gcc   Release                               (x86-64)
#   clang       clang Release                               (x86-64)
#   asan-gcc    gcc   Debug + ASan + UBSan                  (SIPHASH_SANITIZE=ON)
#   asan-clang  clang Debug + ASan + UBSan
#   asan        = asan-gcc asan-clang
#   m32         gcc -m32 Release (i686; hsiphash is HalfSipHash-1-3 here)
#   s390x       clang cross, big-endian, tests under qemu-s390x
#   aarch64     clang cross, NEON, tests under qemu-aarch64
#   valgrind    memcheck over the test suite of the gcc Release build
#   install     cmake --install into a temporary prefix, then tests/install
#               built with pkg-config and with find_package(siphash) (shared
#               and static; and its C++ program on siphash.hpp, both ways);
#               all must print a129ca6149be45e5; SONAME and exported
#               symbols checked; siphashsum linked statically; the
#               SQLite extension installed as <libdir>/sqlite3/siphash.so,
#               loaded from there by sqlite3 and checked against the
#               known-answer files (tests/install/sqlite_vectors.sh)
#
# Environment (the common ones are described in .ci/lib.sh):
#   SIPHASH_CI_DIR      where the build directories go (default build-ci/;
#                       SIPHASH_MATRIX_DIR is its older name), one per
#                       configuration: build-ci/gcc, build-ci/s390x, ...
#                       Later steps (batch, cli, consumers, trust) reuse them.
#   JOBS                parallel build and test jobs (default 2)
#   CTEST_TIMEOUT       per-test timeout in seconds (default 900)
#   VALGRIND_EXCLUDE    ctest label regex left out of the memcheck run
#                       (default: see run_valgrind)
#   SIPHASH_MATRIX_QUICK  1 (default): the sanitizer, -m32, qemu and valgrind
#                       configurations set SIPHASH_TEST_QUICK=1 (fewer random
#                       cases; gcc and clang Release run the full size); 0
#                       runs the full-size suite there too
#
# Packages: .ci/packages-matrix.txt.  Exits non-zero if any configuration
# failed; every selected configuration runs regardless, and a summary line
# per configuration is printed at the end.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ROOT=$SIPHASH_ROOT
OUT=$SIPHASH_CI_DIR
CTEST_TIMEOUT=${CTEST_TIMEOUT:-900}
# The gcc tree first (its three configurations, then the others most steps
# reuse): side by side with other steps (scripts/test.sh), each tree is
# handed over as soon as the matrix is done with it.
ALL_CONFIGS=(gcc valgrind install clang m32 aarch64 s390x asan-gcc asan-clang)
# This script makes these trees; no other step may use one before it is done.
export SIPHASH_CI_MAKER=1
# The paper's example: SipHash-2-4, key 00..0f, message 00..0e.
PAPER_EXAMPLE=a129ca6149be45e5

# ---------------------------------------------------------------- helpers

# note TEXT: one fact for this configuration's summary line.
note() {
    echo "$*" >>"$OUT/.notes-$MATRIX_CONFIG"
}

header() {
    printf '\n==========================================================================\n'
    printf '== matrix: %s — %s\n' "$1" "$2"
    printf '==========================================================================\n'
}

# configure_build CONFIG: a fresh configure + build of the tree, with the
# configuration's arguments from lib.sh (the steps reusing it agree).
configure_build() {
    local dir=$OUT/$1
    ci_matrix_args "$1"
    rm -rf "$dir"
    ci_clock build
    ci_seed_tree "$dir"
    run cmake -S "$ROOT" -B "$dir" "${CI_ARGS[@]}" ||
        { note "configure failed"; return 1; }
    run cmake --build "$dir" -j "$JOBS" || { note "build failed"; return 1; }
    phase_time build
}

# phase_time PHASE: the wall and CPU seconds since `ci_clock PHASE`, for the
# summary's build column (the rest of a configuration's time is its tests).
phase_time() {
    ci_clock_read "$1"
    echo "$1 $CI_WALL $CI_CPU" >>"$OUT/.times-$MATRIX_CONFIG"
}

# run_ctest DIR [CTEST_ARGS...]: the whole suite; the log is kept so the
# summary can quote ctest's own "N% tests passed" line.
run_ctest() {
    local dir=$1
    shift
    local log=$dir/matrix-ctest.log
    local rc=0
    run ctest --test-dir "$dir" --output-on-failure --no-tests=error \
        -j "$JOBS" --timeout "$CTEST_TIMEOUT" "$@" 2>&1 | tee "$log" || rc=$?
    note "$(grep -E 'tests passed|No tests were found' "$log" | tail -n1)"
    # Every test's whole output, kept (CTest's LastTest.log is overwritten
    # by the next ctest call in this tree): the batch step reads the paths
    # the batch tests forced from it instead of running them again.
    if [[ " $* " != *" memcheck "* ]]; then
        cp "$dir/Testing/Temporary/LastTest.log" "$dir/matrix-lasttest.log" 2>/dev/null || true
    fi
    return "$rc"
}

# expect_elf FILE PATTERN: the build really is for the intended target
# before its test results are trusted.
expect_elf() {
    local what
    what=$(file -L "$1")
    echo "$what"
    grep -q "$2" <<<"$what" || { echo "matrix: $1 is not '$2'"; return 1; }
}

# The gcc Release build is shared by gcc, valgrind and install: "gcc" makes
# it from scratch, the other two reuse it (configure + incremental build,
# which also makes it when it is missing).
ensure_gcc_build() {
    ci_clock build
    ci_reuse gcc || { note "gcc build failed"; return 1; }
    phase_time build
}

# ---------------------------------------------------------- configurations
#
# Every configuration builds everything (tools, bench, examples): bench/ and
# examples/ register tests too (test_inline, the header's constant-length
# path; test_flood_*, test_uthash_adapter), and those matter most on the
# 32-bit and big-endian targets.  It costs ~15 s per configuration.

# Slow configurations (emulated, instrumented: Debug + ASan runs the batch
# sweep ~20x slower than Release, and -m32 runs under qemu-i386 on hosts
# without 32-bit support) ask the tests for fewer random cases: every shape,
# path and known-answer vector still runs, the full-size sweep runs in the
# gcc and clang Release builds.
quick_mode() {
    if [[ ${SIPHASH_MATRIX_QUICK:-1} != 0 ]]; then
        export SIPHASH_TEST_QUICK=1
    fi
}

run_gcc() {
    configure_build gcc
    run_ctest "$OUT/gcc"
}

run_clang() {
    configure_build clang
    run_ctest "$OUT/clang"
}

sanitizer_env() {
    # Leaks fail the test; UBSan stops at the first report (the build also
    # has -fno-sanitize-recover=all).
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
}

run_asan-gcc() {
    quick_mode
    sanitizer_env
    configure_build asan-gcc
    run_ctest "$OUT/asan-gcc"
}

run_asan-clang() {
    quick_mode
    sanitizer_env
    configure_build asan-clang
    run_ctest "$OUT/asan-clang"
}

run_m32() {
    quick_mode
    configure_build m32
    # Prove the build really is 32-bit before trusting its test results.
    expect_elf "$OUT/m32/src/libsiphash.so" 'ELF 32-bit LSB.*80386'
    run_ctest "$OUT/m32"
}

# run_cross NAME TRIPLE ELF_PATTERN
run_cross() {
    local name=$1 triple=$2 pattern=$3
    quick_mode
    # For a test that execs a target binary from a script rather than
    # through CMAKE_CROSSCOMPILING_EMULATOR: qemu's loader prefix.
    export QEMU_LD_PREFIX=/usr/$triple
    configure_build "$name"
    expect_elf "$OUT/$name/src/libsiphash.so" "$pattern"
    run_ctest "$OUT/$name"
}

run_s390x() { run_cross s390x s390x-linux-gnu 'ELF 64-bit MSB.*S/390'; }
run_aarch64() { run_cross aarch64 aarch64-linux-gnu 'ELF 64-bit LSB.*aarch64'; }

# memcheck over the gcc Release build's suite.  Left out of `ctest -T
# memcheck`:
#   label "valgrind"  tests that run valgrind themselves (constant-time test)
#   name  ^cli_       the CLI tests: their command is `bash run.sh`, so
#                     memcheck would check bash, not siphashsum.  They run
#                     afterwards instead, with valgrind as the wrapper of
#                     every siphashsum run (run.sh's SIPHASHSUM_EMULATOR,
#                     the hook qemu uses), so the tool itself is checked;
#                     READFAIL_SHIM is dropped there (an LD_PRELOAD'ed
#                     read() failing under valgrind tests valgrind).
#   names of tests whose command is cmake, bash or python (the refused
#   C++ cases, the SQLite extension's shell and Python suites, the Redis
#   vectors' model): memcheck would check that interpreter, not our code
#   (it does not follow exec or children), at 10-20 s each
VALGRIND_NOT_OURS='^cli_|^test_hasher_refuses$|^sqlite_(shell|python|schema_routes)$|^redis_vectors_model$'
VALGRIND_LEAKS="--leak-check=full --errors-for-leak-kinds=definite,indirect"
run_valgrind() {
    quick_mode
    # The batch tests on the default tables only (tests/support/batch_test.h):
    # under memcheck each path costs minutes, and the forced splits run in
    # every other configuration.
    export SIPHASH_TEST_SPLITS=defaults
    ensure_gcc_build
    local rc=0 exclude=${VALGRIND_EXCLUDE:-valgrind}
    run_ctest "$OUT/gcc" -T memcheck -LE "$exclude" -E "$VALGRIND_NOT_OURS" \
        --overwrite MemoryCheckCommand="$(command -v valgrind)" \
        --overwrite "MemoryCheckCommandOptions=--error-exitcode=1 $VALGRIND_LEAKS --track-origins=yes --quiet" ||
        rc=$?
    valgrind_cli || rc=1
    return "$rc"
}

# The CLI tests, each run exactly as CTest would (its command, environment
# and working directory, read from `ctest --show-only=json-v1`), except that
# SIPHASHSUM_EMULATOR puts every siphashsum run under memcheck (the ONESHOT
# helper, test code, runs natively: ONESHOT_EMULATOR empty).
# A memcheck error exits 99, which run.sh sees as a wrong exit status.
valgrind_cli() {
    local tmp
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/siphash-vgcli.XXXXXX")
    # shellcheck disable=SC2064  # expand now: tmp is local
    trap "rm -rf '$tmp'" RETURN
    ctest --test-dir "$OUT/gcc" --show-only=json-v1 -R '^cli_' >"$tmp/tests.json"
    # Flatten the JSON with CMake's own parser (no jq/python needed):
    # lines "TEST name", "CMD arg", "ENV NAME=VALUE", "DIR path".
    cat >"$tmp/flatten.cmake" <<'CMAKE'
file(READ "${JSON}" j)
string(JSON n LENGTH "${j}" tests)
if(n EQUAL 0)
  return()
endif()
math(EXPR n "${n} - 1")
foreach(i RANGE ${n})
  string(JSON name GET "${j}" tests ${i} name)
  message("TEST ${name}")
  string(JSON nc LENGTH "${j}" tests ${i} command)
  math(EXPR nc "${nc} - 1")
  foreach(k RANGE ${nc})
    string(JSON a GET "${j}" tests ${i} command ${k})
    message("CMD ${a}")
  endforeach()
  string(JSON np ERROR_VARIABLE err LENGTH "${j}" tests ${i} properties)
  if(np GREATER 0)
    math(EXPR np "${np} - 1")
    foreach(k RANGE ${np})
      string(JSON pname GET "${j}" tests ${i} properties ${k} name)
      if(pname STREQUAL "ENVIRONMENT")
        string(JSON ne LENGTH "${j}" tests ${i} properties ${k} value)
        math(EXPR ne "${ne} - 1")
        foreach(e RANGE ${ne})
          string(JSON v GET "${j}" tests ${i} properties ${k} value ${e})
          message("ENV ${v}")
        endforeach()
      elseif(pname STREQUAL "WORKING_DIRECTORY")
        string(JSON v GET "${j}" tests ${i} properties ${k} value)
        message("DIR ${v}")
      endif()
    endforeach()
  endif()
endforeach()
CMAKE
    cmake -DJSON="$tmp/tests.json" -P "$tmp/flatten.cmake" >"$tmp/tests.txt" 2>&1
    if ! grep -q '^TEST ' "$tmp/tests.txt"; then
        echo "valgrind: no CLI tests in this build, nothing more to check"
        return 0
    fi
    # Errors also go to one log per process: a run whose exit status the
    # script does not check (e.g. inside $(...)) is still caught, since with
    # -q valgrind writes a log only when it has something to report.
    # (Writable by all: some CLI tests drop root privileges to run the tool.)
    mkdir "$tmp/vg"
    chmod 755 "$tmp"
    chmod 1777 "$tmp/vg"
    local memcheck="valgrind -q --error-exitcode=99 --log-file=$tmp/vg/%p.log $VALGRIND_LEAKS"
    # One small script per test, run $JOBS at a time; outputs are printed
    # afterwards in order.
    local n=0 name="" dir="" cmd=() envs=()
    write_one() {
        [[ -n $name ]] || return 0
        n=$((n + 1))
        {
            echo "# $name"
            printf 'cd %q || exit 1\n' "${dir:-$OUT/gcc}"
            printf 'exec env'
            printf ' %q' "${envs[@]}" "SIPHASHSUM_EMULATOR=$memcheck" "ONESHOT_EMULATOR=" "READFAIL_SHIM=" "${cmd[@]}"
            printf '\n'
        } >"$tmp/t$n.sh"
        echo "$name" >"$tmp/t$n.name"
    }
    local kind rest line
    while IFS= read -r line; do
        kind=${line%% *}
        rest=${line#* }
        case $kind in
            TEST) write_one; name=$rest dir="" cmd=() envs=() ;;
            CMD) cmd+=("$rest") ;;
            ENV) envs+=("$rest") ;;
            DIR) dir=$rest ;;
            *) echo "valgrind: unexpected line from the CTest JSON: $line"; return 1 ;;
        esac
    done <"$tmp/tests.txt"
    write_one
    echo "+ $n CLI tests, $JOBS at a time, each siphashsum run as: $memcheck siphashsum ..."
    # The longest first (by the cost CTest recorded for each in this tree's
    # runs): the last one to start should not run alone for minutes.
    local costs=$OUT/gcc/Testing/Temporary/CTestCostData.txt i
    for ((i = 1; i <= n; i++)); do
        awk -v t="$(<"$tmp/t$i.name")" -v i="$i" '$1 == t { c = $3 } END { print c + 0, i }' "$costs" 2>/dev/null ||
            echo "0 $i"
    done | sort -k1,1gr | awk '{ print $2 }' |
        xargs -P "$JOBS" -I{} bash -c "s=\$SECONDS; bash '$tmp/t{}.sh' >'$tmp/t{}.log' 2>&1; echo \$? \$((SECONDS - s)) >'$tmp/t{}.rc'"
    local r secs rc=0 passed=0
    for ((i = 1; i <= n; i++)); do
        name=$(<"$tmp/t$i.name")
        read -r r secs <"$tmp/t$i.rc"
        echo "---- valgrind: $name (exit $r, $secs s)"
        sed -n '2,$p' "$tmp/t$i.sh" | sed 's/^/    /'
        cat "$tmp/t$i.log"
        case $r in
            0) passed=$((passed + 1)) ;;
            77) echo "valgrind: $name skipped" ;;
            *) echo "valgrind: $name FAILED (exit $r)"; rc=1 ;;
        esac
    done
    local total=$n
    echo "valgrind: CLI tests under memcheck: $passed passed of $total"
    local reports
    reports=$(find "$tmp/vg" -type f -size +0c)
    if [[ -n $reports ]]; then
        echo "valgrind: memcheck reported errors in $(wc -l <<<"$reports") siphashsum/helper run(s):"
        find "$tmp/vg" -type f -size +0c -exec head -n 60 {} +
        rc=1
    fi
    local runs
    runs=$(find "$tmp/vg" -type f | wc -l)
    echo "valgrind: $runs siphashsum/helper processes ran under memcheck"
    note "CLI tests with siphashsum under memcheck: $passed/$total passed ($runs processes)"
    return "$rc"
}

run_install() {
    ensure_gcc_build
    local tmp
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/siphash-install.XXXXXX")
    # shellcheck disable=SC2064  # expand now: tmp is local
    trap "rm -rf '$tmp'" RETURN
    local prefix=$tmp/prefix
    run cmake --install "$OUT/gcc" --prefix "$prefix"

    local lib
    lib=$(find "$prefix" -name 'libsiphash.so' | head -n1)
    [[ -n $lib ]] || { echo "install: no libsiphash.so under $prefix"; return 1; }
    local libdir=${lib%/*}
    for f in "$prefix/include/siphash.h" "$prefix/include/siphash.hpp" "$libdir/libsiphash.a" "$libdir/pkgconfig/libsiphash.pc" \
        "$libdir/cmake/siphash/siphashConfig.cmake"; do
        [[ -f $f ]] || { echo "install: missing $f"; return 1; }
    done

    # ABI: the SONAME carries the major version, and only the API is exported.
    # (Outputs are captured before grep: `cmd | grep -q` under pipefail fails
    # whenever grep's early exit kills cmd with SIGPIPE.)
    local dyn
    dyn=$(readelf -d "$lib")
    grep -F SONAME <<<"$dyn"
    grep -q 'Library soname: \[libsiphash\.so\.1\]' <<<"$dyn" ||
        { echo "install: SONAME is not libsiphash.so.1"; return 1; }
    local syms bad
    syms=$(nm -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }')
    bad=$(grep -Ev '^(siphash|hsiphash|halfsiphash)' <<<"$syms" || true)
    echo "install: $(wc -l <<<"$syms") exported symbols"
    note "SONAME libsiphash.so.1, $(wc -l <<<"$syms") symbols, all public"
    if [[ -n $bad ]]; then
        echo "install: symbols exported outside the API:"
        echo "$bad"
        return 1
    fi

    # Consumer 1: a plain compiler line from pkg-config.
    local pc_flags
    pc_flags=$(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs libsiphash)
    echo "pkg-config --cflags --libs libsiphash: $pc_flags"
    # shellcheck disable=SC2086  # pkg-config output is a word list
    run cc -std=c11 -Wall -Wextra -Wpedantic -Werror "$ROOT/tests/install/consumer.c" \
        $pc_flags -Wl,-rpath,"$libdir" -o "$tmp/consumer-pkgconfig"
    # The same for C++: siphash.hpp, from the same package and flags.
    # shellcheck disable=SC2086  # pkg-config output is a word list
    run c++ -std=c++17 -Wall -Wextra -Wpedantic -Werror "$ROOT/tests/install/consumer.cpp" \
        $pc_flags -Wl,-rpath,"$libdir" -o "$tmp/consumer-pkgconfig-cpp"
    # Consumer 2: find_package(siphash CONFIG REQUIRED) -> siphash::siphash.
    run cmake -S "$ROOT/tests/install" -B "$tmp/consumer-cmake" -DCMAKE_PREFIX_PATH="$prefix"
    run cmake --build "$tmp/consumer-cmake"

    local exe out deps
    for exe in "$tmp/consumer-pkgconfig" "$tmp/consumer-cmake/consumer" "$tmp/consumer-pkgconfig-cpp" \
        "$tmp/consumer-cmake/consumer_cpp"; do
        # It must run against the installed library, not the build tree's.
        deps=$(ldd "$exe")
        grep libsiphash <<<"$deps"
        grep -q "libsiphash\.so\.1 => $libdir/" <<<"$deps" ||
            { echo "install: $exe does not load $libdir/libsiphash.so.1"; return 1; }
        echo "+ $exe"
        out=$("$exe")
        echo "$out"
        [[ $out == "$PAPER_EXAMPLE" ]] ||
            { echo "install: $exe printed '$out', expected $PAPER_EXAMPLE"; return 1; }
    done
    # The static library, through find_package too: no libsiphash.so needed.
    exe=$tmp/consumer-cmake/consumer_static
    deps=$(ldd "$exe" || true)
    if grep -q libsiphash <<<"$deps"; then
        echo "install: $exe should not need libsiphash.so"
        return 1
    fi
    echo "+ $exe"
    out=$("$exe")
    echo "$out"
    [[ $out == "$PAPER_EXAMPLE" ]] ||
        { echo "install: $exe printed '$out', expected $PAPER_EXAMPLE"; return 1; }
    echo "install: all five consumers print $PAPER_EXAMPLE"
    note "pkg-config and find_package consumers (C shared and static, C++ on siphash.hpp) print $PAPER_EXAMPLE"

    # siphashsum: the static library by default (SIPHASH_TOOLS_SHARED off),
    # so the installed tool runs from this prefix with no library path.
    deps=$(ldd "$prefix/bin/siphashsum" || true)
    if grep -q libsiphash <<<"$deps"; then
        echo "install: siphashsum needs libsiphash.so, but SIPHASH_TOOLS_SHARED is off by default"
        return 1
    fi

    # The SQLite extension (built: packages-matrix.txt has libsqlite3-dev),
    # in <libdir>/sqlite3, exporting its entry point only, loaded from there
    # by the sqlite3 shell and checked against the known-answer files.
    local ext=$libdir/sqlite3/siphash.so
    [[ -f $ext ]] || { echo "install: no $ext (is libsqlite3-dev installed? the gcc build's SIPHASH_BUILD_SQLITE is AUTO)"; return 1; }
    syms=$(nm -D --defined-only "$ext" | awk 'NF >= 3 { print $3 }')
    [[ $syms == sqlite3_siphash_init ]] ||
        { echo "install: $ext exports '${syms//$'\n'/ }', not just sqlite3_siphash_init"; return 1; }
    run bash "$ROOT/tests/install/sqlite_vectors.sh" sqlite3 "${ext%.so}" "$ROOT/tests/vectors" || return 1
    note "siphashsum static; the SQLite extension in ${libdir#"$prefix"/}/sqlite3 gives the vectors"
}

# tree_of CONFIG: the build tree a configuration works in.
tree_of() {
    case $1 in
        valgrind | install) echo gcc ;;
        *) echo "$1" ;;
    esac
}

# ------------------------------------------------------------------- main

mode=run
case ${1:-} in
    --list) printf '%s\n' "${ALL_CONFIGS[@]}"; exit 0 ;;
    --trees) mode=trees; shift ;;
esac
configs=()
for a in "${@:-${ALL_CONFIGS[@]}}"; do
    case $a in
        asan) configs+=(asan-gcc asan-clang) ;;
        all) configs+=("${ALL_CONFIGS[@]}") ;;
        gcc | clang | asan-gcc | asan-clang | m32 | s390x | aarch64 | valgrind | install) configs+=("$a") ;;
        *) echo "matrix.sh: unknown configuration '$a' (try --list)" >&2; exit 2 ;;
    esac
done
# --trees [CONFIG...]: the build trees those configurations make (what
# scripts/test.sh marks busy while this step runs).
if [[ $mode == trees ]]; then
    for c in "${configs[@]}"; do tree_of "$c"; done | sort -u
    exit 0
fi

mkdir -p "$OUT"
echo "matrix: configurations: ${configs[*]}"
echo "matrix: build directories under $OUT, $JOBS jobs"
for t in cmake gcc clang qemu-s390x valgrind; do
    command -v "$t" >/dev/null && printf '  %-11s %s\n' "$t" "$("$t" --version 2>&1 | head -n1)"
done

declare -A status seconds detail cpu build_wall build_cpu
done_configs=()
ci_clock matrix_total
failed=0
for c in "${configs[@]}"; do
    header "$c" "$(date -u +%H:%M:%S)"
    ci_clock matrix_config
    # A subshell per configuration: its environment stays its own, and set -e
    # still applies inside (it would not in an `if ( ... )` condition).
    set +e
    rm -f "$OUT/.notes-$c" "$OUT/.times-$c"
    (
        set -e
        MATRIX_CONFIG=$c
        "run_$c"
    )
    rc=$?
    set -e
    ci_clock_read matrix_config
    seconds[$c]=$CI_WALL cpu[$c]=$CI_CPU
    # The build's seconds (wall, CPU) as recorded; the rest is testing.
    build_wall[$c]=0 build_cpu[$c]=0
    if [[ -f $OUT/.times-$c ]]; then
        read -r "build_wall[$c]" "build_cpu[$c]" < <(awk '{ w += $2; c += $3 } END { print w + 0, c + 0 }' "$OUT/.times-$c")
    fi
    detail[$c]=""
    if [[ -f $OUT/.notes-$c ]]; then
        detail[$c]=$(paste -sd';' "$OUT/.notes-$c" | sed 's/;/; /g')
    fi
    if [[ $rc -eq 0 ]]; then
        status[$c]=PASS
    else
        status[$c]="FAIL($rc)"
        failed=$((failed + 1))
    fi
    echo "== matrix: $c: ${status[$c]} in ${seconds[$c]} s ${detail[$c]:+— ${detail[$c]}}"
    # Hand the tree over when no configuration still to run works in it.
    done_configs+=("$c")
    t=$(tree_of "$c")
    later=0
    for d in "${configs[@]:${#done_configs[@]}}"; do
        [[ $(tree_of "$d") != "$t" ]] || later=1
    done
    [[ $later -eq 1 ]] || ci_tree_done "$t"
done

ci_clock_read matrix_total
printf '\n== matrix summary (%d s total, CPU %d s; each configuration: wall seconds, CPU\n' "$CI_WALL" "$CI_CPU"
printf '== seconds in parentheses, whole and of its build and test phases)\n'
printf '%-11s %-8s %11s %11s %11s  %s\n' config result total build test details
for c in "${configs[@]}"; do
    printf '%-11s %-8s %11s %11s %11s  %s\n' "$c" "${status[$c]}" "${seconds[$c]} (${cpu[$c]})" \
        "${build_wall[$c]} (${build_cpu[$c]})" \
        "$((seconds[$c] - build_wall[$c])) ($((cpu[$c] - build_cpu[$c])))" "${detail[$c]}"
done
if [[ $failed -ne 0 ]]; then
    echo "matrix: $failed configuration(s) failed"
    exit 1
fi
echo "matrix: all ${#configs[@]} configurations passed"
