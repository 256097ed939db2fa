# SPDX-License-Identifier: MIT
# tests/dropin/redis_build.sh — builds Redis from an unpacked Debian source
# tree, the one way the dropin test (redis.sh) and the benchmark
# (redis_bench.sh) share, so that the two builds the benchmark compares
# differ only in their SipHash.  Sourced after tests/dropin/lib.sh.
#
#   redis_build SRC libsiphash   Redis with src/siphash.c deleted (by the
#                                caller), built against libsiphash
#   redis_build SRC stock        the same source with its own siphash.c
#
# Both: make's -j$JOBS (default 2), MALLOC=libc (no jemalloc),
# USE_SYSTEMD=no, BUILD_TLS=no, only redis-server, redis-cli,
# redis-benchmark and redis-check-aof (runtest needs those four).  The
# libsiphash build changes Redis only through make variables on the
# command line, no file of Redis's edited (docs/adopting.md (Redis) says why
# each is needed):
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
# The build log goes to SRC/build.log; on failure its end is printed.
# shellcheck shell=bash

redis_build() {
    local src=$1 mode=$2 var w
    local args=(-C "$src/src" -j "${JOBS:-2}" MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no)
    if [[ $mode == libsiphash ]]; then
        # Redis's object lists less siphash.o.  Each must name it once: an
        # upstream that drops it needs this script looked at again.
        for var in REDIS_SERVER_OBJ REDIS_CLI_OBJ REDIS_BENCHMARK_OBJ; do
            local words=() kept=()
            read -ra words <<<"$(sed -n "s/^$var=//p" "$src/src/Makefile")"
            for w in "${words[@]}"; do [[ $w == siphash.o ]] || kept+=("$w"); done
            [[ ${#kept[@]} -eq $((${#words[@]} - 1)) ]] || {
                echo "redis_build: $var in src/Makefile does not list siphash.o once" >&2
                return 1
            }
            args+=("$var=${kept[*]}")
        done
        local header=$DROPIN_PREFIX/include/siphash-compat/redis/siphash.h
        [[ -f $header ]] || { echo "redis_build: $header not installed" >&2; return 1; }
        # $@ is the object being compiled when make expands this.
        args+=("REDIS_CFLAGS=\$(if \$(filter dict.o,\$@),-include fmacros.h -include $header)")
        args+=("REDIS_LDFLAGS=-Wl,--push-state,--no-as-needed $(pkg-config --libs libsiphash) -Wl,--pop-state -Wl,-rpath,$DROPIN_PREFIX/lib")
    elif [[ $mode != stock ]]; then
        echo "redis_build: mode libsiphash or stock, not '$mode'" >&2
        return 2
    fi
    echo "redis_build ($mode): make ${args[*]:3}" >&2
    make "${args[@]}" redis-server redis-cli redis-benchmark redis-check-aof >"$src/build.log" 2>&1 || {
        tail -n 60 "$src/build.log"
        return 1
    }
}
