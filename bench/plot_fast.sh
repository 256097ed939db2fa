#!/bin/bash
# SPDX-License-Identifier: MIT
# plot_fast.sh CSV OUT.svg — the fast-hashes section of siphash-bench as a
# plot: ns per key against record length (contiguous keys, one line per
# hash, log-y) and, beside it, ns per key on the string column (one bar per
# hash, same colours).  From `siphash-bench --fast-only --csv` (or any
# --csv output holding "fast" rows).  Needs gnuplot (Debian: gnuplot-nox).
#
#   build/bench/siphash-bench --fast-only --csv > docs/fast_hashes.csv
#   bench/plot_fast.sh docs/fast_hashes.csv docs/fast_hashes.svg
set -euo pipefail

csv=${1:?usage: plot_fast.sh CSV OUT.svg}
out=${2:?usage: plot_fast.sh CSV OUT.svg}
command -v gnuplot >/dev/null || { echo "plot_fast.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }

# The hashes in plot order: the anchors, our batches, our scalar loops.  On
# the column our batches are the batchv functions (same colour).
rows=("XXH3 loop" "HighwayHash64 loop" "siphash13_batch" "siphash_batch" "siphash12_batch"
      "siphash13_64 loop" "siphash24_64 loop" "siphash12_64 loop")
column_row() { # the name a row has on the column
    case $1 in *_batch) echo "${1}v" ;; *) echo "$1" ;; esac
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ns per key = ticks / (ticks per ns); the clock counts ns where there is no TSC.
ghz=$(awk -F, '$1 == "info" && $2 == "tsc_ghz" { print $3; exit }' "$csv")
ghz=${ghz:-1}
cpu=$(awk -F, '$1 == "info" && $2 == "cpu" { print $3; exit }' "$csv" || true)
when=$(awk -F, '$1 == "info" && $2 == "fast_date" { print $3; exit }' "$csv" || true)
path=$(awk -F, '$1 == "info" && $2 == "fast_batch_path" { print $3; exit }' "$csv" || true)

lines=""
: >"$tmp/column.dat"
i=0
for row in "${rows[@]}"; do
    i=$((i + 1))
    f="$tmp/line-$i.dat"
    awk -F, -v row="$row" -v ghz="$ghz" '
        $1 == "fast" && $2 == row && $3 == "contiguous" { print $4, $5 / ghz }' "$csv" |
        sort -n >"$f"
    [ -s "$f" ] && lines+="${lines:+, }'$f' using 1:2 with linespoints lt $i title '$row'"
    crow=$(column_row "$row")
    awk -F, -v row="$crow" -v ghz="$ghz" -v i="$i" '
        $1 == "fast" && $2 == row && $3 == "column" { printf "%d \"%s\" %s %d\n", i, row, $5 / ghz, i }' \
        "$csv" >>"$tmp/column.dat"
done
[ -n "$lines" ] || { echo "plot_fast.sh: no 'fast' rows in $csv" >&2; exit 1; }

gnuplot <<GP
set terminal svg size 1300,540 font "sans,11" background "white" noenhanced
set output "$out"
set linetype 1 lc rgb "#7f7f7f" lw 2.5 pt 5 ps 0.7 dt 2
set linetype 2 lc rgb "#bcbd22" lw 2.5 pt 5 ps 0.7 dt 2
set linetype 3 lc rgb "#d62728" lw 2.5 pt 7 ps 0.7
set linetype 4 lc rgb "#1f77b4" lw 2.5 pt 7 ps 0.7
set linetype 5 lc rgb "#2ca02c" lw 2.5 pt 7 ps 0.7
set linetype 6 lc rgb "#ff9896" lw 1.5 pt 6 ps 0.6
set linetype 7 lc rgb "#aec7e8" lw 1.5 pt 6 ps 0.6
set linetype 8 lc rgb "#98df8a" lw 1.5 pt 6 ps 0.6
set multiplot layout 1,2 title "Per-key throughput over 4096 independent keys, one alternating run${cpu:+ — $cpu}${path:+, batch path $path}${when:+, $when}"
set grid ytics mytics lc rgb "#dddddd"
set logscale y 2
set ylabel "ns per key (median run)"
set title "contiguous records packed back to back"
set xlabel "key length (bytes)"
set xrange [6:66]
set xtics (8, 16, 24, 32, 64)
set key bottom right font "sans,9" spacing 0.9 box opaque
plot $lines
set title "string column: 4096 separate strings of 3..80 bytes"
set xlabel ""
set xrange [0.3:$i.7]
unset logscale y
set yrange [0:*]
set ylabel "ns per key (median run)"
unset xtics
set xtics rotate by 30 right scale 0 font "sans,9"
set key off
set style fill solid 0.85 noborder
set boxwidth 0.7
plot "$tmp/column.dat" using 1:3:4:xtic(2) with boxes lc variable notitle, \
     "$tmp/column.dat" using 1:3:(sprintf("%.1f", \$3)) with labels offset 0,0.7 notitle
unset multiplot
GP
echo "plot_fast.sh: wrote $out"
