#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# plot.sh — draw the flood demo's CSV as a log-log plot (SVG) with gnuplot.
#   examples/flood/plot.sh flood.csv flood.svg
#   examples/flood/plot.sh flood-cpp.csv cpp.svg     (siphash-flood-cpp's)
# One line per table and hash: insert + lookup time against N.  Quadratic
# series (weak hashes under attack) climb with slope 2, SipHash ones with
# slope ~1.
set -euo pipefail

csv=${1:?usage: plot.sh FILE.csv OUT.svg}
out=${2:?usage: plot.sh FILE.csv OUT.svg}
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One data file per series (N, total seconds), in the CSV's order.
series=$(awk -F, 'NR > 1 && !seen[$1 "/" $2]++ { print $1 "/" $2 }' "$csv")
[ -n "$series" ] || { echo "plot.sh: no data in $csv" >&2; exit 1; }
plots=""
i=0
for s in $series; do
    i=$((i + 1))
    awk -F, -v s="$s" 'NR > 1 && $1 "/" $2 == s { print $3, $4 + $5 }' "$csv" > "$tmp/$i.dat"
    case $s in
        *siphash*) dash=1 ;;
        *) dash=2 ;;
    esac
    case $s in
        glib/*) color='#1f77b4' ;;
        uthash/*) color='#d62728' ;;
        unordered_map/*) color='#9467bd' ;;   # the C++ demo (siphash-flood-cpp)
        flat_hash_map/*) color='#ff7f0e' ;;
        *) color='#2ca02c' ;;
    esac
    plots="$plots${plots:+, }'$tmp/$i.dat' using 1:2 with linespoints lw 2 dt $dash pt 7 ps 0.6 lc rgb '$color' title '$s' noenhanced"
done

gnuplot <<GNUPLOT
${FLOOD_TERMINAL:-set terminal svg size 760,480 dynamic enhanced font 'sans,12'}
set output '$out'
set title 'Hash flooding: insert + lookup time for N attacker keys'
set logscale xy
set xlabel 'N (attacker keys)'
set ylabel 'seconds (insert + lookup)'
set format y '10^{%L}'
set key top left box opaque
set xrange [700:140000]
set grid
plot $plots
GNUPLOT
echo "plot.sh: wrote $out"
