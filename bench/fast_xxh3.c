/* SPDX-License-Identifier: MIT */
/*
 * fast_xxh3.c — the XXH3 anchor: XXH3_64bits_withSeed inlined into the
 * loop (XXH_INLINE_ALL, as the runtimes that use it compile it), with the
 * length and the seed run-time values, so the compiler cannot specialise
 * it for a constant length or a zero seed.  Compiled only when xxhash.h
 * (Debian libxxhash-dev) was found.
 */
#include "fast_hashes.h"

#include <stdio.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

/* The loops keep what they read in locals, as a user's loop would: a store
 * to out[j] could otherwise alias k->n and force a reload per key. */
uint64_t fast_xxh3_contiguous(void *arg, uint64_t iters)
{
    const struct fast_keys *k = arg;
    const uint8_t *const recs = k->recs;
    uint64_t *const out = k->out;
    const size_t n = k->n;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        size_t len = k->len;
        uint64_t seed = k->seed;
        BENCH_OPAQUE(len);
        BENCH_OPAQUE(seed);
        for (size_t j = 0; j < n; j++)
            out[j] = XXH3_64bits_withSeed(recs + j * len, len, seed);
        h ^= out[0] ^ out[n - 1];
    }
    return h;
}

uint64_t fast_xxh3_column(void *arg, uint64_t iters)
{
    const struct fast_keys *k = arg;
    uint64_t *const out = k->out;
    const size_t n = k->n;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        const void *const *const ptrs = k->ptrs + fast_order(k, i);
        const size_t *const lens = k->lens + fast_order(k, i);
        uint64_t seed = k->seed;
        BENCH_OPAQUE(seed);
        for (size_t j = 0; j < n; j++)
            out[j] = XXH3_64bits_withSeed(ptrs[j], lens[j], seed);
        h ^= out[0] ^ out[n - 1];
    }
    return h;
}

const char *fast_xxh3_version(void)
{
    static char v[32];
    if (!v[0]) {
        unsigned n = XXH_versionNumber();
        snprintf(v, sizeof v, "%u.%u.%u", n / 10000, n / 100 % 100, n % 100);
    }
    return v;
}
