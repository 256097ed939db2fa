#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/dropin/redis.sh — Redis 7.0 (Debian 12's redis source package) with
# its src/siphash.c deleted, built against libsiphash through
# include/compat/redis/siphash.h, running Redis's own test suite on the
# units that exercise its hash tables: keyspace and SCAN (the main
# dictionary, its hashing and its cursor order), the hash, set and sorted
# set types (dict-encoded once they grow), unit/expire (the expires
# dictionary) and unit/other (DEBUG RELOAD, digest, rehashing, FLUSHALL
# ...).  Contract: tests/dropin/lib.sh.
#
# How it is built, and everything that changes in Redis's build (make
# variables on the command line only): tests/dropin/redis_build.sh.
#
# Environment: DROPIN_REDIS_UNITS overrides the units run (space-separated
# names as runtest's --single takes them); DROPIN_REDIS_CLIENTS the number
# of parallel test clients (default 2).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source=tests/dropin/redis_build.sh
source "$(dirname "${BASH_SOURCE[0]}")/redis_build.sh"

units=${DROPIN_REDIS_UNITS:-unit/keyspace unit/scan unit/type/hash unit/type/set unit/type/zset unit/expire unit/other}
clients=${DROPIN_REDIS_CLIENTS:-2}

src=$(dropin_fetch redis)
dropin_delete "$src/src/siphash.c"

redis_build "$src" libsiphash || {
    echo "dropin redis: 0 passed, 1 failed (the build)"
    exit 1
}

# The copy is gone: no SipHash defined in the server; it calls the library's
# SipHash-1-2 (undefined here), which the dynamic linker finds in
# libsiphash.so.
server=$src/src/redis-server
symbols=$(nm "$server")
defined=$(awk '$2 ~ /^[TtWw]$/ && $3 ~ /^(siphash|siphash_nocase|siptlw)$/' <<<"$symbols")
if [[ -n $defined ]]; then
    echo "dropin redis: redis-server still defines a SipHash of its own:" >&2
    echo "$defined" >&2
    exit 1
fi
for sym in siphash12_64 siphash12_nocase_64; do
    grep -Eq "^ +U $sym\$" <<<"$symbols" || {
        echo "dropin redis: redis-server does not call $sym from the library" >&2
        exit 1
    }
done
lib=$(ldd "$server" | awk '/libsiphash/ {print $3}')
[[ $lib == "$DROPIN_PREFIX"/lib/* ]] || { echo "dropin redis: libsiphash not linked from the prefix: '$lib'" >&2; exit 1; }
echo "dropin redis: nm redis-server | grep -i siphash (U: from $lib):"
grep -i siphash <<<"$symbols" | sed 's/^ */  /'

single=()
for u in $units; do single+=(--single "$u"); done
cd "$src"
set +e
./runtest --clients "$clients" "${single[@]}" >"$DROPIN_WORK/runtest.raw" 2>&1
rc=$?
set -e
# runtest colours its verdicts; the counts are taken from the plain text.
log=$DROPIN_WORK/runtest.log
sed 's/\x1b\[[0-9;]*m//g' "$DROPIN_WORK/runtest.raw" >"$log"
grep -E -A 8 '^\[(err|exception)\]' "$log" || true
grep -E ' seconds - |All tests passed|failed' "$log" || true
passed=$(grep -c '^\[ok\]' "$log" || true)
failed=$(grep -Ec '^\[(err|exception)\]' "$log" || true)
ignored=$(grep -c '^\[ignore\]' "$log" || true)
# runtest's own verdict counts too: a crash between tests prints no [err].
if [[ $rc -ne 0 && $failed -eq 0 ]]; then failed=1; fi
echo "dropin redis: runtest --clients $clients, units: $units ($ignored ignored by their tags)"
echo "dropin redis: $passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
