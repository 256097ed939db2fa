#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# plot.sh — draw siphash-dpdk's CSV (key,hash,offered,accepted) as an SVG
# with gnuplot: keys a table accepted against keys offered, one line per
# key type and hash.  The CRC and jhash lines go flat at 16 (two full
# buckets, then -ENOSPC; CRC at 8 when the init value makes the two buckets
# one); SipHash follows the diagonal to the last key offered.
#   examples/dpdk/plot.sh dpdk.csv dpdk.svg
set -euo pipefail

csv=${1:?usage: plot.sh FILE.csv OUT.svg}
out=${2:?usage: plot.sh FILE.csv OUT.svg}
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

series=$(awk -F, 'NR > 1 && !seen[$1 "/" $2]++ { print $1 "/" $2 }' "$csv")
[ -n "$series" ] || { echo "plot.sh: no data in $csv" >&2; exit 1; }
plots=""
i=0
for s in $series; do
    i=$((i + 1))
    awk -F, -v s="$s" 'NR > 1 && $1 "/" $2 == s { print $3, $4 }' "$csv" > "$tmp/$i.dat"
    case $s in
        ipv4/*) dash=1 ;;
        *) dash=2 ;;
    esac
    case $s in
        */siphash*) color='#2ca02c' ;;
        */rte_hash_crc) color='#d62728' ;;
        *) color='#ff7f0e' ;;
    esac
    plots="$plots${plots:+, }'$tmp/$i.dat' using 1:2 with lines lw 2 dt $dash lc rgb '$color' title '$s' noenhanced"
done

gnuplot <<GNUPLOT
${FLOOD_TERMINAL:-set terminal svg size 760,480 dynamic enhanced font 'sans,12'}
set output '$out'
set title 'DPDK rte\_hash under colliding 5-tuples: keys accepted'
set logscale xy
set xlabel 'colliding keys offered'
set ylabel 'keys in the table'
set key top left box opaque
set xrange [1:*]
set yrange [1:*]
set grid
plot $plots
GNUPLOT
echo "plot.sh: wrote $out"
