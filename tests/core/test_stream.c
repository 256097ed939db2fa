/* SPDX-License-Identifier: MIT */
/*
 * test_stream.c — streaming equals one-shot: every 2-way split point and
 * every 3-way split of messages up to 200 bytes, byte-at-a-time feeding,
 * all eight variants; final wipes the context; copies fork a computation.
 */
#include "check.h"

#include <siphash.h>

typedef struct {
    const char *name;
    int half;         /* HalfSipHash? */
    unsigned c, d;
    size_t outlen;
} variant;

static const variant variants[] = {
    {"SipHash-2-4-64", 0, 2, 4, 8},       {"SipHash-2-4-128", 0, 2, 4, 16},
    {"SipHash-1-3-64", 0, 1, 3, 8},       {"SipHash-1-3-128", 0, 1, 3, 16},
    {"HalfSipHash-2-4-32", 1, 2, 4, 4},   {"HalfSipHash-2-4-64", 1, 2, 4, 8},
    {"HalfSipHash-1-3-32", 1, 1, 3, 4},   {"HalfSipHash-1-3-64", 1, 1, 3, 8},
};

static siphash_key_t key;
static halfsiphash_key_t hkey;

static void put_le(uint8_t *out, uint64_t x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(x >> (8 * i));
}

/* The one-shot answer as reference bytes. */
static void oneshot(const variant *v, const uint8_t *m, size_t len, uint8_t *out)
{
    int is24 = v->c == 2;
    if (!v->half && v->outlen == 8)
        put_le(out, is24 ? siphash24_64(m, len, &key) : siphash13_64(m, len, &key), 8);
    else if (!v->half)
        (is24 ? siphash24_128 : siphash13_128)(m, len, &key, out);
    else if (v->outlen == 4)
        put_le(out, is24 ? halfsiphash24_32(m, len, &hkey) : halfsiphash13_32(m, len, &hkey), 4);
    else
        put_le(out, is24 ? halfsiphash24_64(m, len, &hkey) : halfsiphash13_64(m, len, &hkey), 8);
}

/* Streams m split at the given cut points (ascending, ncuts of them). */
static void streamed(const variant *v, const uint8_t *m, size_t len, const size_t *cuts,
                     int ncuts, uint8_t *out)
{
    size_t prev = 0;
    if (!v->half) {
        siphash_ctx_t ctx;
        siphash_ctx_init(&ctx, &key, v->c, v->d, v->outlen);
        for (int i = 0; i <= ncuts; i++) {
            size_t end = i < ncuts ? cuts[i] : len;
            siphash_ctx_update(&ctx, m + prev, end - prev);
            prev = end;
        }
        siphash_ctx_final(&ctx, out);
    } else {
        halfsiphash_ctx_t ctx;
        halfsiphash_ctx_init(&ctx, &hkey, v->c, v->d, v->outlen);
        for (int i = 0; i <= ncuts; i++) {
            size_t end = i < ncuts ? cuts[i] : len;
            halfsiphash_ctx_update(&ctx, m + prev, end - prev);
            prev = end;
        }
        halfsiphash_ctx_final(&ctx, out);
    }
}

static void check_splits(const variant *v, const uint8_t *m, size_t maxlen, size_t max3)
{
    uint8_t want[16], got[16];
    for (size_t len = 0; len <= maxlen; len++) {
        oneshot(v, m, len, want);
        for (size_t a = 0; a <= len; a++) {
            size_t cuts[2] = {a, 0};
            streamed(v, m, len, cuts, 1, got);
            CHECK(memcmp(got, want, v->outlen) == 0, "%s len %zu split %zu", v->name, len, a);
            if (len > max3)
                continue;
            for (size_t b = a; b <= len; b++) {
                cuts[1] = b;
                streamed(v, m, len, cuts, 2, got);
                CHECK(memcmp(got, want, v->outlen) == 0, "%s len %zu splits %zu,%zu",
                      v->name, len, a, b);
            }
        }
        /* One byte at a time. */
        size_t cuts[200];
        for (size_t i = 0; i + 1 < len && i < 200; i++)
            cuts[i] = i + 1;
        streamed(v, m, len, cuts, len > 1 ? (int)len - 1 : 0, got);
        CHECK(memcmp(got, want, v->outlen) == 0, "%s len %zu bytewise", v->name, len);
    }
}

static void check_wipe_and_copy(const uint8_t *m)
{
    uint8_t a[16], b[16], want[16];
    siphash_ctx_t ctx, fork;
    siphash_ctx_init(&ctx, &key, 2, 4, 16);
    siphash_ctx_update(&ctx, m, 21);
    fork = ctx; /* a copied context continues independently */
    siphash_ctx_update(&ctx, m + 21, 30);
    siphash_ctx_final(&ctx, a);
    CHECK(check_all_zero(&ctx, sizeof ctx), "siphash_ctx_final leaves state behind");
    siphash_ctx_update(&fork, m + 21, 30);
    siphash_ctx_final(&fork, b);
    siphash24_128(m, 51, &key, want);
    CHECK(memcmp(a, want, 16) == 0 && memcmp(b, want, 16) == 0, "fork");

    halfsiphash_ctx_t hctx;
    halfsiphash_ctx_init(&hctx, &hkey, 2, 4, 8);
    halfsiphash_ctx_update(&hctx, m, 13);
    halfsiphash_ctx_final(&hctx, a);
    CHECK(check_all_zero(&hctx, sizeof hctx), "halfsiphash_ctx_final leaves state behind");

    /* NULL with length 0 is allowed in update. */
    siphash_ctx_init(&ctx, &key, 1, 3, 8);
    siphash_ctx_update(&ctx, NULL, 0);
    siphash_ctx_final(&ctx, a);
    put_le(b, siphash13_64(NULL, 0, &key), 8);
    CHECK(memcmp(a, b, 8) == 0, "NULL update");
}

/* Rounds other than 2-4/1-3 must differ from each other and be consistent
 * across splits (OpenSSL checks their values in test_diff_openssl). */
static void check_other_rounds(const uint8_t *m)
{
    uint8_t one[8], split[8], base[8];
    siphash_ctx_t ctx;
    for (unsigned c = 1; c <= 4; c++) {
        for (unsigned d = 1; d <= 8; d++) {
            siphash_ctx_init(&ctx, &key, c, d, 8);
            siphash_ctx_update(&ctx, m, 77);
            siphash_ctx_final(&ctx, one);
            siphash_ctx_init(&ctx, &key, c, d, 8);
            siphash_ctx_update(&ctx, m, 5);
            siphash_ctx_update(&ctx, m + 5, 72);
            siphash_ctx_final(&ctx, split);
            CHECK(memcmp(one, split, 8) == 0, "c=%u d=%u split", c, d);
            if (c == 1 && d == 1)
                memcpy(base, one, 8);
            else
                CHECK(memcmp(one, base, 8) != 0, "c=%u d=%u equals c=1 d=1", c, d);
        }
    }
}

int main(void)
{
    check_seed("test_stream");
    int quick = getenv("SIPHASH_TEST_QUICK") != NULL;
    key.key[0] = check_rand();
    key.key[1] = check_rand();
    hkey.key[0] = (uint32_t)check_rand();
    hkey.key[1] = (uint32_t)check_rand();
    uint8_t m[200];
    check_rand_bytes(m, sizeof m);
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        check_splits(&variants[i], m, quick ? 80 : 200, quick ? 24 : 200);
    check_wipe_and_copy(m);
    check_other_rounds(m);
    return check_finish("test_stream");
}
