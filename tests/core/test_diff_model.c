/* SPDX-License-Identifier: MIT */
/*
 * test_diff_model.c — HalfSipHash has no implementation in OpenSSL or
 * libsodium, so it is checked against a deliberately naive model written
 * here from the paper: the whole message is padded into a block array
 * byte by byte, and the round is a function on an array.  It shares no
 * code with src/ (not the round, not the loads, not the tail handling).
 * SipHash is run through the same model as a cross-check of the model.
 */
#include "diffcase.h"

#include <siphash.h>

static uint32_t rotl32(uint32_t x, int b) { return x << b | x >> (32 - b); }
static uint64_t rotl64(uint64_t x, int b) { return x << b | x >> (64 - b); }

static void half_round(uint32_t v[4])
{
    v[0] += v[1]; v[1] = rotl32(v[1], 5);  v[1] ^= v[0]; v[0] = rotl32(v[0], 16);
    v[2] += v[3]; v[3] = rotl32(v[3], 8);  v[3] ^= v[2];
    v[0] += v[3]; v[3] = rotl32(v[3], 7);  v[3] ^= v[0];
    v[2] += v[1]; v[1] = rotl32(v[1], 13); v[1] ^= v[2]; v[2] = rotl32(v[2], 16);
}

static void full_round(uint64_t v[4])
{
    v[0] += v[1]; v[1] = rotl64(v[1], 13); v[1] ^= v[0]; v[0] = rotl64(v[0], 32);
    v[2] += v[3]; v[3] = rotl64(v[3], 16); v[3] ^= v[2];
    v[0] += v[3]; v[3] = rotl64(v[3], 21); v[3] ^= v[0];
    v[2] += v[1]; v[1] = rotl64(v[1], 17); v[1] ^= v[2]; v[2] = rotl64(v[2], 32);
}

/* Pads m to whole w-byte words: message, zeros, length byte last. */
static uint8_t *pad(const uint8_t *m, size_t len, size_t w, size_t *nwords)
{
    *nwords = len / w + 1;
    uint8_t *p = calloc(*nwords, w);
    if (!p)
        exit(2);
    for (size_t i = 0; i < len; i++)
        p[i] = m[i];
    p[*nwords * w - 1] = (uint8_t)len;
    return p;
}

static void model_half(const uint8_t key[8], int c, int d, size_t outlen, const uint8_t *m,
                       size_t len, uint8_t *out)
{
    uint32_t k0 = 0, k1 = 0;
    for (int i = 3; i >= 0; i--) {
        k0 = k0 << 8 | key[i];
        k1 = k1 << 8 | key[4 + i];
    }
    uint32_t v[4] = {k0, k1, 0x6c796765u ^ k0, 0x74656462u ^ k1};
    if (outlen == 8)
        v[1] ^= 0xee;
    size_t nw;
    uint8_t *p = pad(m, len, 4, &nw);
    for (size_t w = 0; w < nw; w++) {
        uint32_t mi = 0;
        for (int i = 3; i >= 0; i--)
            mi = mi << 8 | p[4 * w + (size_t)i];
        v[3] ^= mi;
        for (int r = 0; r < c; r++)
            half_round(v);
        v[0] ^= mi;
    }
    free(p);
    v[2] ^= outlen == 8 ? 0xee : 0xff;
    for (size_t o = 0; o < outlen; o += 4) {
        if (o) {
            v[1] ^= 0xdd;
        }
        for (int r = 0; r < d; r++)
            half_round(v);
        uint32_t b = v[1] ^ v[3];
        for (int i = 0; i < 4; i++)
            out[o + (size_t)i] = (uint8_t)(b >> (8 * i));
    }
}

static void model_full(const uint8_t key[16], int c, int d, size_t outlen, const uint8_t *m,
                       size_t len, uint8_t *out)
{
    uint64_t k0 = 0, k1 = 0;
    for (int i = 7; i >= 0; i--) {
        k0 = k0 << 8 | key[i];
        k1 = k1 << 8 | key[8 + i];
    }
    uint64_t v[4] = {k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL,
                     k0 ^ 0x6c7967656e657261ULL, k1 ^ 0x7465646279746573ULL};
    if (outlen == 16)
        v[1] ^= 0xee;
    size_t nw;
    uint8_t *p = pad(m, len, 8, &nw);
    for (size_t w = 0; w < nw; w++) {
        uint64_t mi = 0;
        for (int i = 7; i >= 0; i--)
            mi = mi << 8 | p[8 * w + (size_t)i];
        v[3] ^= mi;
        for (int r = 0; r < c; r++)
            full_round(v);
        v[0] ^= mi;
    }
    free(p);
    v[2] ^= outlen == 16 ? 0xee : 0xff;
    for (size_t o = 0; o < outlen; o += 8) {
        if (o)
            v[1] ^= 0xdd;
        for (int r = 0; r < d; r++)
            full_round(v);
        uint64_t b = v[0] ^ v[1] ^ v[2] ^ v[3];
        for (int i = 0; i < 8; i++)
            out[o + (size_t)i] = (uint8_t)(b >> (8 * i));
    }
}

int main(void)
{
    check_seed("test_diff_model");
    int n = diff_cases();
    uint8_t want[16], got[16];
    for (int i = 0; i < n; i++) {
        diff_case dc;
        diff_case_make(&dc);
        halfsiphash_key_t hk = halfsiphash_key_from_bytes(dc.key);
        siphash_key_t k = siphash_key_from_bytes(dc.key);
        const uint8_t *m = dc.msg;
        size_t len = dc.len;

        model_half(dc.key, 2, 4, 4, m, len, want);
        CHECK_EQ_U64(halfsiphash24_32(m, len, &hk), diff_le64((uint8_t[8]){want[0], want[1], want[2], want[3]}), "H24-32 len %zu", len);
        model_half(dc.key, 2, 4, 8, m, len, want);
        CHECK_EQ_U64(halfsiphash24_64(m, len, &hk), diff_le64(want), "H24-64 len %zu", len);
        model_half(dc.key, 1, 3, 4, m, len, want);
        CHECK_EQ_U64(halfsiphash13_32(m, len, &hk), diff_le64((uint8_t[8]){want[0], want[1], want[2], want[3]}), "H13-32 len %zu", len);
        model_half(dc.key, 1, 3, 8, m, len, want);
        CHECK_EQ_U64(halfsiphash13_64(m, len, &hk), diff_le64(want), "H13-64 len %zu", len);

        /* Odd round counts through the streaming API. */
        int c = 1 + (int)(check_rand() % 4), d = 1 + (int)(check_rand() % 6);
        halfsiphash_ctx_t hctx;
        halfsiphash_ctx_init(&hctx, &hk, (unsigned)c, (unsigned)d, 8);
        halfsiphash_ctx_update(&hctx, m, len / 2);
        halfsiphash_ctx_update(&hctx, m + len / 2, len - len / 2);
        halfsiphash_ctx_final(&hctx, got);
        model_half(dc.key, c, d, 8, m, len, want);
        CHECK(memcmp(got, want, 8) == 0, "HalfSipHash-%d-%d-64 stream len %zu", c, d, len);

        if (i % 4 == 0) { /* the model of SipHash, checked against ours */
            model_full(dc.key, 2, 4, 16, m, len, want);
            siphash24_128(m, len, &k, got);
            CHECK(memcmp(got, want, 16) == 0, "model SipHash-2-4-128 len %zu", len);
            model_full(dc.key, 1, 3, 8, m, len, want);
            CHECK_EQ_U64(siphash13_64(m, len, &k), diff_le64(want), "model 1-3 len %zu", len);
        }
        diff_case_free(&dc);
    }
    return check_finish("test_diff_model");
}
