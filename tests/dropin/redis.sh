#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/dropin/redis.sh — Redis 7.0 (Debian 12's redis source package) with
# its src/siphash.c deleted, built against libsiphash through
# include/compat/redis/siphash.h, running Redis's own test suite on the
# units that exercise its hash tables: keyspace and SCAN (the main
# dictionary, its hashing and its cursor order), the hash, set and sorted
# set types (dict-encoded once they grow), unit/expire (the expires
# dictionary) and unit/other (DEBUG RELOAD, digest, rehashing, FLUSHALL ...).  Contract: tests/dropin/lib.sh.
#
# What changes in Redis, all of it on make's command line (no file of
# Redis's is edited; docs/adopting-redis.md says why each is needed):
#   - src/siphash.c is deleted;
#   - REDIS_SERVER_OBJ, REDIS_CLI_OBJ, REDIS_BENCHMARK_OBJ: Redis's own
#     object lists from its Makefile without siphash.o (make has no rule
#     left for it);
#   - REDIS_CFLAGS: for dict.o alone, -include Redis's fmacros.h and then
#     the compat header, because src/dict.c declares siphash() and
#     siphash_nocase() itself instead of including a header (fmacros.h
#     first: it is dict.c's own first include, and the feature macros must
#     come before any system header);
#   - REDIS_LDFLAGS: -lsiphash, inside -Wl,--no-as-needed (the variable
#     comes before the objects on the link line), and an rpath to the
#     prefix it is in.
# Build choices that only keep the build light (not needed by the swap):
# MALLOC=libc (no jemalloc), USE_SYSTEMD=no, BUILD_TLS=no.
#
# Environment: DROPIN_REDIS_UNITS overrides the units run (space-separated
# names as runtest's --single takes them); DROPIN_REDIS_CLIENTS the number
# of parallel test clients (default 2).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

units=${DROPIN_REDIS_UNITS:-unit/keyspace unit/scan unit/type/hash unit/type/set unit/type/zset unit/expire unit/other}
clients=${DROPIN_REDIS_CLIENTS:-2}
jobs=${JOBS:-2}

src=$(dropin_fetch redis)
dropin_delete "$src/src/siphash.c"

# Redis's object lists as its Makefile has them, less siphash.o.  Each
# list must have named it: if an upstream drops it, this script must
# be looked at again rather than quietly build something else.
objs=()
for var in REDIS_SERVER_OBJ REDIS_CLI_OBJ REDIS_BENCHMARK_OBJ; do
    read -ra words <<<"$(sed -n "s/^$var=//p" "$src/src/Makefile")"
    kept=()
    for w in "${words[@]}"; do [[ $w == siphash.o ]] || kept+=("$w"); done
    [[ ${#kept[@]} -eq $((${#words[@]} - 1)) ]] || {
        echo "dropin redis: $var in src/Makefile does not list siphash.o once" >&2
        exit 1
    }
    objs+=("$var=${kept[*]}")
done

header=$DROPIN_PREFIX/include/siphash-compat/redis/siphash.h
[[ -f $header ]] || { echo "dropin redis: $header not installed" >&2; exit 1; }
make_args=(
    -C "$src/src" -j "$jobs"
    MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no
    "${objs[@]}"
    # dict.o only ($@ is the object being compiled when make expands it):
    # Redis's fmacros.h first, as dict.c's own first line, so the system
    # headers ours includes see Redis's feature macros; then ours.
    "REDIS_CFLAGS=\$(if \$(filter dict.o,\$@),-include fmacros.h -include $header)"
    # REDIS_LDFLAGS comes before the objects on Redis's link line, and
    # Debian's gcc links --as-needed: a library named there would be
    # dropped as unneeded, so -lsiphash goes in a --no-as-needed bracket.
    "REDIS_LDFLAGS=-Wl,--push-state,--no-as-needed $(pkg-config --libs libsiphash) -Wl,--pop-state -Wl,-rpath,$DROPIN_PREFIX/lib"
)
echo "dropin redis: make ${make_args[*]:3}" >&2
make "${make_args[@]}" redis-server redis-cli redis-benchmark redis-check-aof >"$DROPIN_WORK/build.log" 2>&1 || {
    tail -n 60 "$DROPIN_WORK/build.log"
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
