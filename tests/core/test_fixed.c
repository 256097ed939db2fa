/* SPDX-License-Identifier: MIT */
/*
 * test_fixed.c — the fixed-size functions (siphash_NuXX, hsiphash_Nu32):
 * each equals the generic function over the little-endian bytes of its
 * arguments, for random keys and arguments, and Linux's own fixed-size
 * checks (vectors README) hold.
 * Usage: test_fixed VECTOR_DIR
 */
#include "check.h"
#include "random_key.h"
#include "vectors.h"

#include <siphash.h>

static void put64(uint8_t *p, uint64_t x)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

static void put32(uint8_t *p, uint32_t x)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

static void random_cases(int rounds)
{
    for (int r = 0; r < rounds; r++) {
        siphash_key_t k = check_random_key();
        hsiphash_key_t hk = check_random_hkey();
        uint64_t a[4] = {check_rand(), check_rand(), check_rand(), check_rand()};
        uint32_t w[4] = {(uint32_t)a[0], (uint32_t)(a[1] >> 7), (uint32_t)a[2], (uint32_t)(a[3] >> 29)};
        uint8_t b[32];
        for (int i = 0; i < 4; i++)
            put64(b + 8 * i, a[i]);
        CHECK_EQ_U64(siphash_1u64(a[0], &k), siphash24_64(b, 8, &k), "1u64");
        CHECK_EQ_U64(siphash_2u64(a[0], a[1], &k), siphash24_64(b, 16, &k), "2u64");
        CHECK_EQ_U64(siphash_3u64(a[0], a[1], a[2], &k), siphash24_64(b, 24, &k), "3u64");
        CHECK_EQ_U64(siphash_4u64(a[0], a[1], a[2], a[3], &k), siphash24_64(b, 32, &k), "4u64");
        for (int i = 0; i < 4; i++)
            put32(b + 4 * i, w[i]);
        CHECK_EQ_U64(siphash_1u32(w[0], &k), siphash24_64(b, 4, &k), "1u32");
        CHECK_EQ_U64(siphash_2u32(w[0], w[1], &k), siphash24_64(b, 8, &k), "2u32");
        CHECK_EQ_U64(siphash_3u32(w[0], w[1], w[2], &k), siphash24_64(b, 12, &k), "3u32");
        CHECK_EQ_U64(siphash_4u32(w[0], w[1], w[2], w[3], &k), siphash24_64(b, 16, &k), "4u32");
        CHECK_EQ_U64(hsiphash_1u32(w[0], &hk), hsiphash_generic(b, 4, &hk), "h1u32");
        CHECK_EQ_U64(hsiphash_2u32(w[0], w[1], &hk), hsiphash_generic(b, 8, &hk), "h2u32");
        CHECK_EQ_U64(hsiphash_3u32(w[0], w[1], w[2], &hk), hsiphash_generic(b, 12, &hk), "h3u32");
        CHECK_EQ_U64(hsiphash_4u32(w[0], w[1], w[2], w[3], &hk), hsiphash_generic(b, 16, &hk), "h4u32");
    }
}

/* Linux's lib/test_siphash.c checks, as listed in the vectors README. */
static void linux_checks(const char *dir)
{
    vec_file sv, hv;
    vec_load(dir, "linux-siphash.txt", &sv);
    vec_load(dir, sizeof(unsigned long) == 8 ? "linux-hsiphash-64bit.txt"
                                             : "linux-hsiphash-32bit.txt", &hv);
    siphash_key_t k = {{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL}};
    hsiphash_key_t hk;
    if (sizeof(unsigned long) == 8) {
        hk.key[0] = (unsigned long)k.key[0];
        hk.key[1] = (unsigned long)k.key[1];
    } else {
        hk.key[0] = 0x03020100UL;
        hk.key[1] = 0x07060504UL;
    }
    const uint64_t w64[4] = {0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL,
                             0x1716151413121110ULL, 0x1f1e1d1c1b1a1918ULL};
    const uint32_t w32[4] = {0x03020100u, 0x07060504u, 0x0b0a0908u, 0x0f0e0d0cu};
    CHECK_EQ_U64(siphash_1u64(w64[0], &k), sv.ints[8], "linux 1u64");
    CHECK_EQ_U64(siphash_2u64(w64[0], w64[1], &k), sv.ints[16], "linux 2u64");
    CHECK_EQ_U64(siphash_3u64(w64[0], w64[1], w64[2], &k), sv.ints[24], "linux 3u64");
    CHECK_EQ_U64(siphash_4u64(w64[0], w64[1], w64[2], w64[3], &k), sv.ints[32], "linux 4u64");
    CHECK_EQ_U64(siphash_1u32(w32[0], &k), sv.ints[4], "linux 1u32");
    CHECK_EQ_U64(siphash_2u32(w32[0], w32[1], &k), sv.ints[8], "linux 2u32");
    CHECK_EQ_U64(siphash_3u32(w32[0], w32[1], w32[2], &k), sv.ints[12], "linux 3u32");
    CHECK_EQ_U64(siphash_4u32(w32[0], w32[1], w32[2], w32[3], &k), sv.ints[16], "linux 4u32");
    CHECK_EQ_U64(hsiphash_1u32(w32[0], &hk), hv.ints[4], "linux h1u32");
    CHECK_EQ_U64(hsiphash_2u32(w32[0], w32[1], &hk), hv.ints[8], "linux h2u32");
    CHECK_EQ_U64(hsiphash_3u32(w32[0], w32[1], w32[2], &hk), hv.ints[12], "linux h3u32");
    CHECK_EQ_U64(hsiphash_4u32(w32[0], w32[1], w32[2], w32[3], &hk), hv.ints[16], "linux h4u32");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    check_seed("test_fixed");
    linux_checks(argv[1]);
    random_cases(getenv("SIPHASH_TEST_QUICK") ? 1000 : 100000);
    return check_finish("test_fixed");
}
