#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# mdtable.sh — the flood demo's CSV as the README's markdown table:
# insert + lookup time in ms per N, and the longest chain at the largest N.
#   examples/flood/mdtable.sh docs/flood.csv
set -euo pipefail
awk -F, '
NR > 1 {
    k = $1 " | `" $2 "`"
    if (!(k in seen)) { seen[k] = 1; order[++n] = k }
    ms = ($4 + $5) * 1e3
    t[k, $3] = sprintf(ms < 1 ? "%.2f" : ms < 100 ? "%.1f" : "%.0f", ms)
    len[k, $3] = $6; last[k] = $3
    if (!($3 in isn)) { isn[$3] = 1; ns[++m] = $3 }
}
END {
    printf "| table | hash |"
    for (j = 1; j <= m; j++) printf " N = %s |", ns[j]
    printf " longest chain (at N) |\n|---|---|"
    for (j = 1; j <= m; j++) printf "--:|"
    printf "--:|\n"
    for (i = 1; i <= n; i++) {
        k = order[i]; printf "| %s |", k
        for (j = 1; j <= m; j++) { v = t[k, ns[j]]; printf " %s |", (v == "" ? "(stopped)" : v) }
        printf " %s (%s) |\n", len[k, last[k]], last[k]
    }
}' "${1:?usage: mdtable.sh FILE.csv}"
