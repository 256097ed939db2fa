#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# sqlite/test/run_sql.sh SQLITE3 SIPHASH_SO VECTOR_DIR — the .sql suite
# through the sqlite3 shell (CTest: sqlite_shell).
#
# In a temporary directory, so the suite's file names (and so the messages
# in expected/suite.out) are the same on every run: the extension as
# ./siphash.so (the suite .loads it, and again after .open), the vector
# files, and the key files the suite reads.  Two outputs are judged:
#   - the suite's own output (values, checks, every error message with its
#     line) against expected/suite.out;
#   - random.txt, written by the suite: random inputs of every type with
#     their SQL hashes, each recomputed here by sqlite_ref (the C library)
#     (SQLITE_REF, or sqlite_ref next to the extension's build).
# SIPHASH_SQLITE_WRAPPER runs sqlite3 under a command (CI: valgrind).
# SIPHASH_SQLITE_UPDATE=1 writes the output to expected/suite.out instead
# (after a deliberate change: review the diff).
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
[[ $# -eq 3 ]] || { echo "usage: $0 SQLITE3 SIPHASH_SO VECTOR_DIR" >&2; exit 2; }
sqlite3=$1 so=$2 vectors=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ref=${SQLITE_REF:-$(dirname "$so")/test/sqlite_ref}
[[ $ref == /* ]] || ref=$PWD/$ref
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siphash-sqlite.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cp "$so" "$tmp/siphash.so"
cp "$vectors"/siphash-2-4-64.txt "$vectors"/siphash-1-3-64.txt "$vectors"/siphash-2-4-128.txt "$tmp/"
cd "$tmp"
# The suite's keys: KEY_A (as hex and as raw bytes) and KEY_B; and files
# that must be refused, one per rule.
umask 077
echo 'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf' >key_a.hex
printf '\xa0\xa1\xa2\xa3\xa4\xa5\xa6\xa7\xa8\xa9\xaa\xab\xac\xad\xae\xaf' >key_a.raw
printf '  B0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF\r\n\n' >key_b.hex
cp key_a.hex key_a_group.hex && chmod 640 key_a_group.hex
cp key_a.hex key_world.hex && chmod 644 key_world.hex
cp key_a.hex key_world_w.hex && chmod 602 key_world_w.hex
echo 'a0a1a2a3a4a5a6a7' >key_short.hex
: >key_empty
printf ' \n\t\n' >key_blank
printf 'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf-\n' >key_stray
printf '\x01\x02\x03' >key_binary
head -c 5000 /dev/zero | tr '\0' 'a' >key_big
mkdir key_dir
mkfifo key_fifo

status=0
# shellcheck disable=SC2086  # the wrapper is a command with its options
${SIPHASH_SQLITE_WRAPPER:-} "$sqlite3" <"$here/suite.sql" >suite.out 2>&1 || true
# expected/suite.out opens with a header of "-- " lines (its SPDX line and
# what it is), which the suite's output does not have.
header='-- SPDX-License-Identifier: MIT
-- The output of sqlite/test/suite.sql, compared by run_sql.sh (its errors
-- on stderr included); SIPHASH_SQLITE_UPDATE=1 run_sql.sh ... rewrites it.'
if [[ ${SIPHASH_SQLITE_UPDATE:-0} == 1 ]]; then
    { printf '%s\n' "$header"; cat suite.out; } >"$here/expected/suite.out"
fi
if ! diff -u <(awk 'body || !/^-- / { body = 1; print }' "$here/expected/suite.out") suite.out; then
    echo "sqlite_shell: the suite's output differs from expected/suite.out (above): FAILED"
    status=1
fi

if [[ -x $ref ]]; then
    [[ -s random.txt ]] || { echo "sqlite_shell: the suite wrote no random.txt: FAILED"; exit 1; }
    cut -d'|' -f1 random.txt | "$ref" >ref.txt
    cut -d'|' -f2 random.txt >sql.txt
    if ! cmp -s ref.txt sql.txt; then
        paste -d'|' random.txt ref.txt | awk -F'|' '$2 != $3' | head -n 20
        echo "sqlite_shell: SQL values differ from the C library's (above: input|SQL|C): FAILED"
        status=1
    else
        echo "sqlite_shell: $(wc -l <random.txt) random cases (BLOB, TEXT, INTEGER; three functions) equal the C library's"
    fi
else
    echo "sqlite_shell: no sqlite_ref at $ref: random cases not cross-checked: FAILED"
    status=1
fi
[[ $status == 0 ]] && echo "sqlite_shell: passed"
exit "$status"
