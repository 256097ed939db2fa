/* SPDX-License-Identifier: MIT */
/*
 * anchors_jhash.c — jhash behind a call (its own translation unit, so the
 * compiler cannot inline or specialise it into the timing loops), and a
 * check against lookup3's published test values.
 */
#include "anchors.h"
#include "jhash.h"

uint32_t bench_jhash(const void *p, size_t len, uint32_t seed)
{
    return jhash(p, len, seed);
}

uint32_t bench_jhash_1word(uint32_t a, uint32_t seed)
{
    return jhash_1word(a, seed);
}

uint32_t bench_jhash_2words(uint32_t a, uint32_t b, uint32_t seed)
{
    return jhash_2words(a, b, seed);
}

uint32_t bench_jhash_3words(uint32_t a, uint32_t b, uint32_t c, uint32_t seed)
{
    return jhash_3words(a, b, c, seed);
}

uint32_t bench_jhash2_4(const uint32_t *k, uint32_t seed)
{
    return jhash2(k, 4, seed);
}

uint32_t bench_jhash2_6(const uint32_t *k, uint32_t seed)
{
    return jhash2(k, 6, seed);
}

uint32_t bench_jhash2_8(const uint32_t *k, uint32_t seed)
{
    return jhash2(k, 8, seed);
}

int bench_jhash_selftest(void)
{
    /* lookup3.c's driver5() prints these for hashlittle(), which jhash()
     * equals on little-endian data: "" -> deadbeef, and the 30-byte
     * "Four score and seven years ago" -> 17770551 (seed 0), cd628161
     * (seed 1). */
    static const char fs[] = "Four score and seven years ago";
    uint32_t w[3] = {1, 2, 3};
    return jhash("", 0, 0) == 0xdeadbeefu && jhash(fs, 30, 0) == 0x17770551u &&
           jhash(fs, 30, 1) == 0xcd628161u &&
           /* the word fast paths equal jhash2 over the same words */
           jhash_3words(w[0], w[1], w[2], 7) == jhash2(w, 3, 7) &&
           jhash_2words(w[0], w[1], 7) == jhash2(w, 2, 7) &&
           jhash_1word(w[0], 7) == jhash2(w, 1, 7);
}
