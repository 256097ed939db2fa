#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/dropin/redis_bench.sh — a real client's numbers: Debian's own
# redis-benchmark (package redis-tools) against two builds of the same
# Redis 7.0 source (Debian 12's redis), made the same way
# (tests/dropin/redis_build.sh), one with its own src/siphash.c ("stock"),
# one with it deleted and linked to libsiphash ("libsiphash"): only the
# SipHash differs.  Both servers run side by side (no persistence), pinned
# to CPU 0, the client to CPU 1; each round runs the stock server and then
# the libsiphash one, the next round the other way round (A B B A ...), and
# each run is, after a FLUSHALL, pipelined (-P 16) with random keys
# (-r 1000000):
#   SET, GET   key:__rand_int__ (the main dictionary)
#   HSET       myhash element:__rand_int__ (one hash of up to 1M fields)
#   HGET       myhash element:__rand_int__ (a custom command)
# It prints every run and the median requests/s of each test for each
# build (with the range of its runs), the ratio libsiphash / stock and
# the CPU and load average.  Not part of CI:
# a benchmark on a shared machine is a measurement, not a test.
#
#   bash .ci/dropin.sh redis        # once: libsiphash into build-ci/dropin-prefix
#   bash tests/dropin/redis_bench.sh [ROUNDS] [REQUESTS]   # default 5, 2000000
#
# Builds go to build-ci/dropin-redis-bench (kept; REDIS_BENCH_REBUILD=1
# builds again).  Packages: redis-tools, util-linux (taskset), and the
# dropin step's list (.ci/packages-dropin.txt).
set -euo pipefail
unset CDPATH # cd below takes relative paths
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export DROPIN_PREFIX=${DROPIN_PREFIX:-$root/build-ci/dropin-prefix}
export DROPIN_CACHE=${DROPIN_CACHE:-$root/build-ci/dropin-cache}
export DROPIN_WORK=${DROPIN_WORK:-$root/build-ci/dropin-redis-bench}
# shellcheck source=tests/dropin/lib.sh
source "$root/tests/dropin/lib.sh"
# shellcheck source=tests/dropin/redis_build.sh
source "$root/tests/dropin/redis_build.sh"

rounds=${1:-5}
requests=${2:-2000000}
client=/usr/bin/redis-benchmark
[[ -x $client ]] || { echo "redis_bench: $client missing (apt-get install redis-tools)" >&2; exit 2; }
[[ -f $DROPIN_PREFIX/lib/pkgconfig/libsiphash.pc ]] ||
    { echo "redis_bench: no libsiphash in $DROPIN_PREFIX (run: bash .ci/dropin.sh redis)" >&2; exit 2; }

mkdir -p "$DROPIN_WORK"
lib_src=$DROPIN_WORK/redis
stock_src=$DROPIN_WORK/redis-stock
if [[ -n ${REDIS_BENCH_REBUILD:-} || ! -x $lib_src/src/redis-server || ! -x $stock_src/src/redis-server ]]; then
    lib_src=$(dropin_fetch redis)
    rm -rf "$stock_src"
    cp -a "$lib_src" "$stock_src"
    dropin_delete "$lib_src/src/siphash.c"
    redis_build "$stock_src" stock
    redis_build "$lib_src" libsiphash
fi
ldd "$lib_src/src/redis-server" | grep -q libsiphash || { echo "redis_bench: libsiphash build not linked to it" >&2; exit 1; }
! ldd "$stock_src/src/redis-server" | grep -q libsiphash || { echo "redis_bench: stock build linked to libsiphash" >&2; exit 1; }

declare -A port=([stock]=16379 [libsiphash]=16380) dir=([stock]=$stock_src [libsiphash]=$lib_src)
pids=()
stop() { local p; for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap stop EXIT
for b in stock libsiphash; do
    taskset -c 0 "${dir[$b]}/src/redis-server" --port "${port[$b]}" --save '' --appendonly no \
        --dir "$DROPIN_WORK" --logfile "$DROPIN_WORK/$b.log" &
    pids+=($!)
done
for b in stock libsiphash; do
    for _ in $(seq 50); do redis-cli -p "${port[$b]}" ping >/dev/null 2>&1 && break; sleep 0.1; done
done

runs=$DROPIN_WORK/runs.csv
: >"$runs"
# One run: every test against build $1; appends "build,round,test,rps".
bench_one() {
    local b=$1 r=$2 p=${port[$1]}
    redis-cli -p "$p" flushall >/dev/null
    local common=(-p "$p" -r 1000000 -n "$requests" -P 16 --csv)
    {
        taskset -c 1 "$client" "${common[@]}" -t set,get,hset
        taskset -c 1 "$client" "${common[@]}" HGET myhash element:__rand_int__
    } | awk -F'","' -v b="$b" -v r="$r" '
        /^"test"/ { next }
        { t = substr($1, 2); if (t ~ /^HGET /) t = "HGET"; print b "," r "," t "," $2 }' >>"$runs"
}
for r in $(seq "$rounds"); do
    if ((r % 2)); then order=(stock libsiphash); else order=(libsiphash stock); fi
    for b in "${order[@]}"; do bench_one "$b" "$r"; done
    echo "round $r/$rounds done" >&2
done

cpu=$(awk -F': ' '/^model name/ && !n {n = $2} /^cpu family/ && !f {f = $2} /^model[[:space:]]*:/ && !m {m = $2}
    END {printf "%s (family %s model %s)", n, f, m}' /proc/cpuinfo)
echo "redis-benchmark $($client --version | awk '{print $2}') (Debian), $rounds rounds, $requests requests, -P 16, -r 1000000"
echo "CPU: $cpu, $(nproc) CPUs (server on CPU 0, client on CPU 1); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "every run (requests/s): build,round,test,rps"
sed 's/^/  /' "$runs"
awk -F, '
    { v[$1 SUBSEP $3] = v[$1 SUBSEP $3] " " $4; tests[$3] = 1 }
    # sorts the runs of one build and test into a[1..n]; returns n
    function runs(s, a,   n, i, j, t) {
        n = split(s, a, " ")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
        return n
    }
    function median(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    END {
        printf "%-5s %10s %19s %10s %19s %7s\n", "test", "stock", "(runs: min..max)", "libsiphash", "(runs: min..max)", "ratio"
        n = split("SET GET HSET HGET", order, " ")
        for (i = 1; i <= n; i++) {
            t = order[i]; if (!(t in tests)) continue
            ns = runs(v["stock" SUBSEP t], s); nl = runs(v["libsiphash" SUBSEP t], l)
            ms = median(s, ns); ml = median(l, nl)
            printf "%-5s %10.0f %8.0f..%-8.0f  %10.0f %8.0f..%-8.0f  %7.3f\n", t, ms, s[1], s[ns], ml, l[1], l[nl], ml / ms
        }
        print "requests/s, medians; ratio = libsiphash / stock"
    }' "$runs"
