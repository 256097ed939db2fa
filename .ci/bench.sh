#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for the benchmark: builds siphash-bench in the matrix's gcc build
# (default Release, no -march=native; reused when the matrix has run) with
# every optional anchor (OpenSSL, libsodium, Linux's lib/siphash.c from
# linux-source, XXH3 from libxxhash-dev, HighwayHash64 from
# libhighwayhash-dev, a C++ compiler and Abseil for the C++ section), runs
# `siphash-bench --quick` and checks that every row, all three modes, the
# cross-check, the extras, the batch section with its port bounds, the
# fast-hashes section, the C++ section (libsiphash::hasher against
# std::hash and absl::Hash; about a second) and the targets printed, then
# makes both plots from --csv runs in a temporary directory.  CI does not judge the numbers (a quick run on a
# shared machine means nothing); it proves the bench runs and says what it
# should.  The inline-path test (tests/inline) runs with the matrix's ctest.
# Packages: .ci/packages-bench.txt.  Bounded: seconds after the matrix
# (one build of ~1 min on 2 cores alone) and runs of a few seconds.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ci_reuse gcc siphash-bench
bench=$(ci_dir gcc)/bench/siphash-bench

echo "+ $bench --quick > $tmp/quick.txt"
start=$SECONDS
"$bench" --quick >"$tmp/quick.txt"
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
# The optional anchors must all be built here: a silently missing anchor
# would drop rows the README talks about.
if grep -q '^missing anchor:' "$tmp/quick.txt"; then
    grep '^missing anchor:' "$tmp/quick.txt"
    echo "bench.sh: an optional anchor is missing (see .ci/packages-bench.txt)"
    fail=1
fi
expect "CPU line with SHA-NI answer" '^cpu: .*\(family [0-9]+ model [0-9]+\); SHA-NI: (yes|no)$'
expect "core-clock estimate" 'core cycles per tick ~[0-9]'
expect "cross-check passed" '^cross-check: [0-9]+ row/size pairs agree'
for mode in throughput latency memory; do
    expect "$mode table" "^$mode, per hash"
    expect "$mode ratio to the best anchor" "^$mode, ratio to the best SipHash anchor"
    expect "$mode ratio to jhash" "^$mode, ratio to jhash"
done
# Every row, with a number in its first measured column (not "not built").
rows=("siphash" "siphash const" "siphash_Nu64" "siphash_Nu32" "siphash13_64" "hsiphash"
      "hsiphash const" "hsiphash_Nu32" "halfsiphash13_32" "siphash24_128" "siphash stream" "jhash"
      "jhash words" "redis siphash" "redis nocase" "linux" "linux fixed" "linux wordaccess"
      "linux hsiphash" "linux hsiphash fixed" "sodium siphash24" "sodium siphashx24"
      "openssl EVP_MAC" "md5 MD5()" "sha1 SHA1()" "sha1 SHA1_Init" "siphash12_64"
      "siphash12_nocase_64")
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
    # shellcheck disable=SC2086 # two numbers, split on purpose
    set -- $n
    # 3 modes x (cost, ratio, ratio) tables; the three cost lines have numbers
    if [ "$1" -ge 9 ] && [ "$2" -ge 3 ]; then
        echo "ok: row '$r' ($1 table lines)"
    else
        echo "MISSING: row '$r' printed $1 of 9 table lines"
        fail=1
    fi
done
expect "parity in every mode" 'siphash const vs the fastest .*latency through memory'
expect "hsiphash through memory" 'hsiphash vs Linux .*latency through memory'
expect "key struct row" 'key struct \(3 x 32-bit fields stored'
expect "8-byte latency against the 32-cycle bound" 'bound 32 core cycles'
expect "long-message cycles/byte" 'long messages \(16 KiB\): siphash [0-9.]+ c/B'
expect "MD5 claim" 'MD5 / siphash'
expect "SHA-1 claim" 'SHA-1 \((SHA-NI|no SHA-NI)\) / siphash'
expect "hsiphash vs jhash" 'vs jhash\(\)'
expect "streaming vs one-shot" 'streaming / one-shot'
expect "short streaming" 'short streaming, update\(\) in 4- and 8-byte pieces'
expect "SipHash-1-2 vs Redis" 'siphash12_64 vs Redis.*all three modes'
expect "SipHash-1-2 nocase vs Redis" 'siphash12_nocase_64 vs Redis'
expect "targets summary" 'targets? not met$'
expect "batch section" '^== batch'
expect "batch port model" '^batch bound model: '
expect "batch rows with their bound" 'bound [0-9.]+ cyc'
expect "SipHash-1-2 batch rows" '^siphash12_batchv '
expect "batch targets" 'batch targets not met$'
# The C++ section (bench/cpp_section.cpp): every table row at both sizes,
# the hashes alone, and the targets with met / not met.
expect "C++ section with the CPU and the load" '^== C\+\+ hash tables: .*; cpu .*; load average [0-9.]+ ==$'
for size in 1k 100k; do
    for r in "std::hash" "libsiphash::hasher" "inline, no cache" "plain call, cached" "plain call" "hasher24: SipHash-2-4"; do
        expect "C++ row $r, unordered_map, $size" "^$r +unord_map +$size +[0-9.]+ "
    done
    for r in "absl::Hash" "libsiphash::hasher"; do
        expect "C++ row $r, flat_hash_map, $size" "^$r +flat_map +$size +[0-9.]+ "
    done
    expect "C++ control row (std::hash, a second table), $size" "^std::hash \(control\) +unord_map +$size +[0-9.]+ "
    expect "C++ target at $size keys" "^  \[(met|NOT MET)\] std::unordered_map, $size keys: libsiphash::hasher / std::hash: x[0-9.]+ .*\(<= 1\.(15|30)\)$"
done
expect "C++ hashes alone" '^siphash13_64\(\) +hash only +1k '
expect "C++ targets summary" 'C\+\+ targets not met'

# The fast-hashes section: every hash at every length and on the column,
# with ns and cycles per key; the protocol and the CPU stated; its targets.
expect "fast-hashes section with the CPU and uarch model" '^== fast hashes: .*cpu .*\(uarch model: .*\); batch path '
expect "fast-hashes protocol" '^protocol: .*per-key throughput over independent keys'
expect "XXH3 anchor named" '^anchor: XXH3_64bits_withSeed inlined'
expect "HighwayHash64 anchor named" '^anchor: HighwayHash64 \(libhighwayhash'
fast=("XXH3 loop" "HighwayHash64 loop" "siphash24_64 loop" "siphash13_64 loop" "siphash12_64 loop"
      "siphash_batch" "siphash13_batch" "siphash12_batch")
for r in "${fast[@]}"; do
    for len in 8 16 24 32 64; do
        expect "fast row '$r' $len B" "^$r +contiguous +$len +[0-9.]+ +[0-9.]+ "
    done
    c=$r
    case $r in *_batch) c=${r}v ;; esac
    expect "fast row '$c' on the column" "^$c +column +3\.\.80 +[0-9.]+ +[0-9.]+ "
done
for len in 8 16 24 32 64; do
    expect "target siphash13_batch $len B vs XXH3" "\[(met|NOT MET|info)\] siphash13_batch $len B vs XXH3 loop: x[0-9.]+"
    expect "target siphash_batch $len B vs XXH3" "\[(met|NOT MET|info)\] siphash_batch $len B vs XXH3 loop: x[0-9.]+"
done
expect "target siphash13_batchv column vs XXH3" '\[(met|NOT MET|info)\] siphash13_batchv string column vs XXH3 loop: x[0-9.]+'
expect "target siphash_batchv column vs XXH3" '\[(met|NOT MET|info)\] siphash_batchv string column vs XXH3 loop: x[0-9.]+'
expect "ratios to HighwayHash64" 'cost / cost\(HighwayHash64 loop\):'
expect "fast-hash targets summary" 'fast-hash targets? not (met|judged)'

# CSV and the plot, into a temporary directory (docs/ keeps the real run).
echo "+ $bench --quick --csv --no-batch --no-cpp > $tmp/bench.csv"
"$bench" --quick --csv --no-batch --no-cpp >"$tmp/bench.csv"
head -n 1 "$tmp/bench.csv" | grep -q '^section,row,mode,size,ticks,cycles,spread_pct,ratio_1,ratio_2$' ||
    { echo "MISSING: CSV header"; fail=1; }
ncsv=$(grep -c '^main,' "$tmp/bench.csv" || true)
echo "csv: $ncsv main rows"
[ "$ncsv" -ge 600 ] || { echo "MISSING: too few CSV rows"; fail=1; }
# check_plot WHAT SVG WORD: the file is an SVG that names WORD (a legend
# entry), or the step fails.
check_plot() {
    if grep -q '<svg' "$2" && grep -q "$3" "$2"; then
        echo "ok: $1 ($(wc -c <"$2") bytes)"
    else
        echo "MISSING: $1 has no SVG or no '$3'"
        fail=1
    fi
}
run bash bench/plot.sh "$tmp/bench.csv" "$tmp/bench.svg"
check_plot plot "$tmp/bench.svg" 'siphash const'

echo "+ $bench --quick --fast-only --csv > $tmp/fast.csv"
"$bench" --quick --fast-only --csv >"$tmp/fast.csv"
nfast=$(grep -c '^fast,' "$tmp/fast.csv" || true)
echo "csv: $nfast fast rows"
[ "$nfast" -eq 48 ] || { echo "MISSING: the fast section has 48 CSV rows (8 hashes x 6 key sets)"; fail=1; }
run bash bench/plot_fast.sh "$tmp/fast.csv" "$tmp/fast.svg"
check_plot "fast-hashes plot" "$tmp/fast.svg" siphash13_batchv

[ $fail -eq 0 ] && echo "bench.sh: all rows and sections present" || echo "bench.sh: FAILED"
exit $fail
