#!/bin/bash
# SPDX-License-Identifier: MIT
# plot.sh CSV OUT.svg — cycles per hash against input size (log-x, log-y),
# throughput, latency and latency through memory side by side, from
# `siphash-bench --csv` output.
# Needs gnuplot (Debian: gnuplot-nox).
#
#   build/bench/siphash-bench --csv > docs/bench.csv
#   bench/plot.sh docs/bench.csv docs/bench.svg
set -euo pipefail

csv=${1:?usage: plot.sh CSV OUT.svg}
out=${2:?usage: plot.sh CSV OUT.svg}
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }

# The rows worth a line: ours, and the anchors a user would otherwise pick.
rows=("siphash" "siphash const" "hsiphash" "siphash13_64" "jhash" "linux" "linux fixed"
      "sodium siphash24" "openssl EVP_MAC" "md5 MD5()" "sha1 SHA1_Init")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One data file per (row, mode): "size value", value = estimated core
# cycles (ticks when the bench could not estimate the core clock).
unit="estimated core cycles per hash"
if ! awk -F, '$1 == "main" && $6 != "" { found = 1 } END { exit !found }' "$csv"; then
    unit="TSC ticks per hash"
fi
for mode in throughput latency memory; do
    plots=""
    i=0
    for row in "${rows[@]}"; do
        i=$((i + 1))
        f="$tmp/$mode-$i.dat"
        awk -F, -v row="$row" -v mode="$mode" '
            $1 == "main" && $2 == row && $3 == mode {
                v = ($6 != "") ? $6 : $5
                print $4, v
            }' "$csv" | sort -n > "$f"
        [ -s "$f" ] || continue
        plots+="${plots:+, }'$f' using 1:2 with linespoints ls $i title '$row'"
    done
    echo "$plots" > "$tmp/$mode.plots"
done
[ -s "$tmp/throughput.plots" ] || { echo "plot.sh: no 'main' rows in $csv" >&2; exit 1; }

cpu=$(awk -F, '$1 == "info" && $2 == "cpu" { print $3; exit }' "$csv" || true)

gnuplot <<GP
set terminal svg size 1650,520 font "sans,11" background "white" noenhanced
set output "$out"
set datafile separator " "
set logscale x 2
set logscale y 10
set xrange [0.8:20000]
set yrange [5:*]
set xtics ("1" 1, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "256" 256, "1K" 1024, "16K" 16384)
set grid xtics ytics mytics lc rgb "#dddddd"
set key top left font "sans,9" spacing 0.9
set xlabel "input size (bytes)"
set ylabel "$unit"
set style line 1 lc rgb "#d62728" lw 2.5 pt 7 ps 0.6
set style line 2 lc rgb "#ff7f0e" lw 2.5 pt 7 ps 0.6
set style line 3 lc rgb "#9467bd" lw 2 pt 5 ps 0.5
set style line 4 lc rgb "#c5b0d5" lw 2 pt 5 ps 0.5
set style line 5 lc rgb "#2ca02c" lw 2 pt 9 ps 0.6
set style line 6 lc rgb "#1f77b4" lw 1.5 pt 4 ps 0.5
set style line 7 lc rgb "#17becf" lw 1.5 pt 4 ps 0.5
set style line 8 lc rgb "#8c564b" lw 1.5 pt 6 ps 0.5
set style line 9 lc rgb "#7f7f7f" lw 1.5 pt 6 ps 0.5
set style line 10 lc rgb "#bcbd22" lw 1.5 pt 8 ps 0.5
set style line 11 lc rgb "#e377c2" lw 1.5 pt 8 ps 0.5
set multiplot layout 1,3 title "siphash-bench: cost per hash (median of alternating runs)${cpu:+ — $cpu}"
set title "throughput (independent inputs)"
plot $(cat "$tmp/throughput.plots")
set title "latency (each input depends on the previous hash)"
set key off
plot $(cat "$tmp/latency.plots")
set title "memory (the hash is stored into the next message)"
plot $(cat "$tmp/memory.plots")
unset multiplot
GP
echo "plot.sh: wrote $out"
