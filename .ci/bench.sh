#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for the benchmark (issue 3): builds siphash-bench in the default
# Release configuration (no -march=native) with every optional anchor
# (OpenSSL, libsodium, Linux's lib/siphash.c from linux-source), runs the
# inline-path test, runs `siphash-bench --quick` and checks that every row,
# both modes, the cross-check and the targets section printed, then makes
# the plot from a --csv run in a temporary directory.  The inline-path test
# lives in tests/inline/ (it is a correctness test) and runs here too.  CI does not judge the
# numbers (a quick run on a shared machine means nothing); it proves the
# bench runs and says what it should.  Packages: .ci/packages-bench.txt.
# Bounded: one build (~1 min on 2 cores) and runs of a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

run() { echo "+ $*"; "$@"; }
b=${BENCH_BUILD_DIR:-build-ci-bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run cmake -S . -B "$b" -DCMAKE_BUILD_TYPE=Release -DSIPHASH_BUILD_TOOLS=OFF \
    -DSIPHASH_BUILD_EXAMPLES=OFF >"$tmp/cmake.log"
# The optional anchors must all be found here: a silently missing anchor
# would drop rows the README talks about.
if grep -q 'siphash-bench: no ' "$tmp/cmake.log"; then
    grep 'siphash-bench: no ' "$tmp/cmake.log"
    echo "bench.sh: an optional anchor is missing (see .ci/packages-bench.txt)"
    exit 1
fi
run cmake --build "$b" -j2 --target siphash-bench test_inline
run ctest --test-dir "$b" -R '^test_inline$' --output-on-failure --no-tests=error --timeout 300

echo "+ $b/bench/siphash-bench --quick > $tmp/quick.txt"
start=$SECONDS
"$b/bench/siphash-bench" --quick >"$tmp/quick.txt"
echo "   ($((SECONDS - start)) s)"
cat "$tmp/quick.txt"

fail=0
expect() { # expect LABEL REGEX: the quick output must match REGEX
    if grep -Eq -- "$2" "$tmp/quick.txt"; then
        echo "ok: $1"
    else
        echo "MISSING: $1 (/$2/)"
        fail=1
    fi
}
expect "CPU line with SHA-NI answer" '^cpu: .*; SHA-NI: (yes|no)$'
expect "core-clock estimate" 'core cycles per tick ~[0-9]'
expect "cross-check passed" '^cross-check: [0-9]+ row/size pairs agree'
for mode in throughput latency; do
    expect "$mode table" "^$mode, per hash"
    expect "$mode ratio to the best anchor" "^$mode, ratio to the best SipHash anchor"
    expect "$mode ratio to jhash" "^$mode, ratio to jhash"
done
# Every row, with a number in its first measured column (not "not built").
rows=("siphash" "siphash const" "siphash_Nu64" "siphash_Nu32" "siphash13_64" "hsiphash"
      "hsiphash const" "hsiphash_Nu32" "halfsiphash13_32" "siphash24_128" "siphash stream" "jhash"
      "jhash words" "linux" "linux fixed" "linux wordaccess" "linux hsiphash"
      "linux hsiphash fixed" "sodium siphash24" "sodium siphashx24" "openssl EVP_MAC"
      "md5 MD5()" "sha1 SHA1()" "sha1 SHA1_Init")
for r in "${rows[@]}"; do
    # table lines: the row name, padded, then numbers or "-" (at least 3)
    n=$(awk -v r="$r" 'substr($0, 1, length(r) + 1) == r " " {
            rest = substr($0, length(r) + 1)
            if (rest !~ /^ /) next
            k = split(rest, f, " ")
            ok = 0
            for (i = 1; i <= k; i++) if (f[i] ~ /^([0-9.]+%?|-)$/) ok++
            if (ok >= 3 && ok == k) { c++; if (rest ~ /[0-9]/) d++ }
        } END { print c + 0, d + 0 }' "$tmp/quick.txt")
    set -- $n
    n=$1
    # 2 modes x (cost, ratio, ratio) tables; the two cost lines have numbers
    if [ "$1" -ge 6 ] && [ "$2" -ge 2 ]; then
        echo "ok: row '$r' ($n table lines)"
    else
        echo "MISSING: row '$r' printed $n of 6 table lines"
        fail=1
    fi
done
expect "8-byte latency against the 32-cycle bound" 'bound 32 core cycles'
expect "long-message cycles/byte" 'long messages \(16 KiB\): siphash [0-9.]+ c/B'
expect "MD5 claim" 'MD5 / siphash'
expect "SHA-1 claim" 'SHA-1 \((SHA-NI|no SHA-NI)\) / siphash'
expect "hsiphash vs jhash" 'vs jhash\(\)'
expect "streaming vs one-shot" 'streaming / one-shot'
expect "targets summary" 'targets? not met$'
expect "batch section" '^== batch'

# CSV and the plot, into a temporary directory (docs/ keeps the real run).
echo "+ $b/bench/siphash-bench --quick --csv --no-batch > $tmp/bench.csv"
"$b/bench/siphash-bench" --quick --csv --no-batch >"$tmp/bench.csv"
head -n 1 "$tmp/bench.csv" | grep -q '^section,row,mode,size,ticks,cycles,spread_pct,ratio_1,ratio_2$' ||
    { echo "MISSING: CSV header"; fail=1; }
ncsv=$(grep -c '^main,' "$tmp/bench.csv" || true)
echo "csv: $ncsv main rows"
[ "$ncsv" -ge 400 ] || { echo "MISSING: too few CSV rows"; fail=1; }
run bash bench/plot.sh "$tmp/bench.csv" "$tmp/bench.svg"
if grep -q '<svg' "$tmp/bench.svg" && grep -q 'siphash const' "$tmp/bench.svg"; then
    echo "ok: plot ($(wc -c <"$tmp/bench.svg") bytes)"
else
    echo "MISSING: the plot has no SVG or no legend"
    fail=1
fi

[ $fail -eq 0 ] && echo "bench.sh: all rows and sections present" || echo "bench.sh: FAILED"
exit $fail
