/* SPDX-License-Identifier: MIT */
/*
 * fast_highway.c — the HighwayHash anchor: HighwayHash64 from Debian's
 * libhighwayhash, called through its C interface as a C program would
 * (the library picks its AVX2, SSE4.1 or portable code at every call).
 * The library is C++ inside: only siphash-bench links it (with
 * libstdc++), never libsiphash.  Compiled only when it was found.
 */
#include "fast_hashes.h"

#include <highwayhash/c_bindings.h>

/* The loops keep what they read in locals, as a user's loop would. */
uint64_t fast_highway_contiguous(void *arg, uint64_t iters)
{
    const struct fast_keys *k = arg;
    const char *const recs = (const char *)k->recs;
    const uint64_t *const key = k->hhkey;
    uint64_t *const out = k->out;
    const size_t n = k->n;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        size_t len = k->len;
        BENCH_OPAQUE(len);
        for (size_t j = 0; j < n; j++)
            out[j] = HighwayHash64(key, recs + j * len, len);
        h ^= out[0] ^ out[n - 1];
    }
    return h;
}

uint64_t fast_highway_column(void *arg, uint64_t iters)
{
    const struct fast_keys *k = arg;
    const uint64_t *const key = k->hhkey;
    uint64_t *const out = k->out;
    const size_t n = k->n;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        const void *const *const ptrs = k->ptrs + fast_order(k, i);
        const size_t *const lens = k->lens + fast_order(k, i);
        for (size_t j = 0; j < n; j++)
            out[j] = HighwayHash64(key, (const char *)ptrs[j], lens[j]);
        h ^= out[0] ^ out[n - 1];
    }
    return h;
}

const char *fast_highway_target(void)
{
    /* The order of the library's dispatch (instruction_sets.h): AVX2, then
     * SSE4.1, then portable code. */
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        return "AVX2";
    if (__builtin_cpu_supports("sse4.1"))
        return "SSE4.1";
#endif
    return "portable";
}

/* The first published test values of HighwayHash (highwayhash_test.cc):
 * key bytes 0..31, message bytes 0, 1, 2, ...; and key {1, 2, 3, 4} over
 * 33 bytes 128, 129, ... */
int fast_highway_selftest(void)
{
    static const uint64_t key[4] = {0x0706050403020100ULL, 0x0F0E0D0C0B0A0908ULL,
                                    0x1716151413121110ULL, 0x1F1E1D1C1B1A1918ULL};
    static const uint64_t key1234[4] = {1, 2, 3, 4};
    unsigned char msg[33];
    const char *m = (const char *)msg;
    for (int i = 0; i < 33; i++)
        msg[i] = (unsigned char)i;
    if (HighwayHash64(key, m, 0) != 0x907A56DE22C26E53ULL ||
        HighwayHash64(key, m, 7) != 0x4D02AE1738F59482ULL ||
        HighwayHash64(key, m, 8) != 0xE1205108E55F3171ULL)
        return 0;
    for (int i = 0; i < 33; i++)
        msg[i] = (unsigned char)(128 + i);
    return HighwayHash64(key1234, m, 33) == 0x53C516CCE478CAD7ULL;
}
