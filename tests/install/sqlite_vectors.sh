#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# An installed SQLite extension against the known-answer files: loads
# MODULE (a path, as `.load` takes it: with or without .so) into the sqlite3
# shell SQLITE3 and checks siphash24, siphash13 and siphash24_128 on the 64
# messages of VECTORDIR's siphash-2-4-64.txt, siphash-1-3-64.txt and
# siphash-2-4-128.txt (key 00..0f, message i the bytes 00..i-1; see
# tests/vectors/README.md).  Used where the extension is installed: the
# matrix's install configuration (cmake --install), the adopt step's Meson
# install and the debian step's libsqlite3-mod-siphash.
#
#   usage: tests/install/sqlite_vectors.sh SQLITE3 MODULE VECTORDIR
# Prints one line on success; exit 1 naming the first wrong value.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: $0 SQLITE3 MODULE VECTORDIR" >&2; exit 2; }
sqlite3=$1 module=$2 vectors=$3

key="X'000102030405060708090a0b0c0d0e0f'"
# A 64-bit file's line is the output's little-endian bytes; SQL prints the
# integer's 16 hex digits, most significant first.
reverse_bytes() {
    local hex=$1 out="" i
    for ((i = ${#hex} - 2; i >= 0; i -= 2)); do out+=${hex:i:2}; done
    printf '%s\n' "$out"
}

sql=".load $module"$'\n'
expected=()
for spec in "siphash24 siphash-2-4-64.txt" "siphash13 siphash-1-3-64.txt" "siphash24_128 siphash-2-4-128.txt"; do
    read -r fn file <<<"$spec"
    [[ -f $vectors/$file ]] || { echo "sqlite_vectors: no $vectors/$file" >&2; exit 1; }
    mapfile -t want <"$vectors/$file"
    [[ ${#want[@]} -eq 64 ]] || { echo "sqlite_vectors: $file has ${#want[@]} lines, not 64" >&2; exit 1; }
    msg=""
    for ((i = 0; i < 64; i++)); do
        if [[ $fn == siphash24_128 ]]; then
            sql+="SELECT '$fn $i ' || lower(hex($fn(X'$msg', $key)));"$'\n'
            expected+=("$fn $i ${want[i]}")
        else
            sql+="SELECT '$fn $i ' || printf('%016x', $fn(X'$msg', $key));"$'\n'
            expected+=("$fn $i $(reverse_bytes "${want[i]}")")
        fi
        msg+=$(printf '%02x' "$i")
    done
done

got=$("$sqlite3" -batch -bail :memory: <<<"$sql" 2>&1) ||
    { printf '%s\n' "$got" | head -n 5 >&2; echo "sqlite_vectors: $sqlite3 failed to load or run $module" >&2; exit 1; }
mapfile -t lines <<<"$got"
for ((i = 0; i < ${#expected[@]}; i++)); do
    if [[ ${lines[i]:-} != "${expected[i]}" ]]; then
        echo "sqlite_vectors: $module: expected '${expected[i]}', got '${lines[i]:-(nothing)}'" >&2
        exit 1
    fi
done
[[ ${#lines[@]} -eq ${#expected[@]} ]] ||
    { echo "sqlite_vectors: $module: ${#lines[@]} lines of output, expected ${#expected[@]}" >&2; exit 1; }
echo "sqlite_vectors: $module: siphash24, siphash13 and siphash24_128 give all 192 known answers"
