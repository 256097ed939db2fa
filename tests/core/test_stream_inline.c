/* SPDX-License-Identifier: MIT */
/*
 * test_stream_inline.c — the header's inline streaming path (siphash_ctx_*
 * called by name with constant round counts and piece sizes up to 8) and
 * the exported functions (through pointers and parenthesised names), for
 * SipHash-2-4 and 1-3 with 64- and 128-bit output:
 *   - pieces of every constant size 1..8 after every prefix 0..8, so every
 *     piece meets every number of pending bytes, against the one-shot
 *     functions, and the same through the exported functions;
 *   - random sequences of constant-size pieces (0..8 bytes) against the
 *     one-shot functions;
 *   - the known-answer files, fed in 4- and 8-byte pieces;
 *   - after every piece, the inline and the exported update leave the same
 *     fields, so a context may pass between the two paths;
 *   - the inline final zeroes the context;
 *   - HalfSipHash likewise with pieces of constant sizes 0..4.
 * Usage: test_stream_inline VECTOR_DIR
 */
#include "check.h"
#include "vectors.h"

#include <siphash.h>

static siphash_key_t key;

typedef void (*init_fn)(siphash_ctx_t *, const siphash_key_t *, unsigned, unsigned, size_t);
typedef void (*update_fn)(siphash_ctx_t *, const void *, size_t);
typedef void (*final_fn)(siphash_ctx_t *, uint8_t *);

/* Not expanded as macros: the names without a call are the functions. */
static init_fn volatile ext_init = siphash_ctx_init;
static update_fn volatile ext_update = siphash_ctx_update;
static final_fn volatile ext_final = siphash_ctx_final;

static void put_le(uint8_t *out, uint64_t x)
{
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(x >> (8 * i));
}

static void oneshot(int c, size_t outlen, const uint8_t *m, size_t len, uint8_t *out)
{
    if (outlen == 8)
        put_le(out, c == 2 ? siphash24_64(m, len, &key) : siphash13_64(m, len, &key));
    else
        (c == 2 ? siphash24_128 : siphash13_128)(m, len, &key, out);
}

/* off advanced by constant-size pieces of K bytes while they fit. */
#define PIECES(K)                                                              \
    for (; off + (K) <= len; off += (K))                                       \
    siphash_ctx_update(&ctx, m + off, K)

#define SWITCH_PIECES(k)                                                       \
    switch (k) {                                                               \
    case 1: PIECES(1); break;                                                  \
    case 2: PIECES(2); break;                                                  \
    case 3: PIECES(3); break;                                                  \
    case 4: PIECES(4); break;                                                  \
    case 5: PIECES(5); break;                                                  \
    case 6: PIECES(6); break;                                                  \
    case 7: PIECES(7); break;                                                  \
    default: PIECES(8); break;                                                 \
    }

/* One piece of constant size sz (0..8) at m + off. */
#define ONE_PIECE(sz)                                                          \
    switch (sz) {                                                              \
    case 0: siphash_ctx_update(&ctx, NULL, 0); break;                          \
    case 1: siphash_ctx_update(&ctx, m + off, 1); break;                       \
    case 2: siphash_ctx_update(&ctx, m + off, 2); break;                       \
    case 3: siphash_ctx_update(&ctx, m + off, 3); break;                       \
    case 4: siphash_ctx_update(&ctx, m + off, 4); break;                       \
    case 5: siphash_ctx_update(&ctx, m + off, 5); break;                       \
    case 6: siphash_ctx_update(&ctx, m + off, 6); break;                       \
    case 7: siphash_ctx_update(&ctx, m + off, 7); break;                       \
    default: siphash_ctx_update(&ctx, m + off, 8); break;                      \
    }

/* Per variant (literal c, d, outlen, so init is inline and the context
 * never leaves the function: the whole computation is the inline path):
 *   NAME_pieces: pre 1-byte pieces, then k-byte pieces, then 1-byte ones;
 *   NAME_random: random piece sizes 0..8 (a prefix of sizes given). */
#define VARIANT(NAME, C, D, OUTLEN)                                            \
    static void NAME##_pieces(const uint8_t *m, size_t len, size_t pre, int k, \
                              uint8_t *out)                                    \
    {                                                                          \
        siphash_ctx_t ctx;                                                     \
        size_t off = 0;                                                        \
        siphash_ctx_init(&ctx, &key, C, D, OUTLEN);                            \
        for (; off < pre && off < len; off++)                                  \
            siphash_ctx_update(&ctx, m + off, 1);                              \
        SWITCH_PIECES(k);                                                      \
        for (; off < len; off++)                                               \
            siphash_ctx_update(&ctx, m + off, 1);                              \
        siphash_ctx_final(&ctx, out);                                          \
    }                                                                          \
    static void NAME##_random(const uint8_t *m, size_t len, const uint8_t *sizes, \
                              uint8_t *out)                                    \
    {                                                                          \
        siphash_ctx_t ctx;                                                     \
        size_t off = 0, i = 0;                                                 \
        siphash_ctx_init(&ctx, &key, C, D, OUTLEN);                            \
        while (off < len) {                                                    \
            size_t sz = sizes[i++ % 64];                                       \
            if (sz > len - off)                                                \
                sz = len - off;                                                \
            ONE_PIECE(sz);                                                     \
            off += sz;                                                         \
        }                                                                      \
        siphash_ctx_final(&ctx, out);                                          \
    }

VARIANT(sip24_64, 2, 4, 8)
VARIANT(sip24_128, 2, 4, 16)
VARIANT(sip13_64, 1, 3, 8)
VARIANT(sip13_128, 1, 3, 16)

typedef struct {
    const char *name;
    int c, d;
    size_t outlen;
    void (*pieces)(const uint8_t *, size_t, size_t, int, uint8_t *);
    void (*random)(const uint8_t *, size_t, const uint8_t *, uint8_t *);
    const char *vector_file;
} variant;

static const variant variants[] = {
    {"SipHash-2-4-64", 2, 4, 8, sip24_64_pieces, sip24_64_random, "siphash-2-4-64.txt"},
    {"SipHash-2-4-128", 2, 4, 16, sip24_128_pieces, sip24_128_random, "siphash-2-4-128.txt"},
    {"SipHash-1-3-64", 1, 3, 8, sip13_64_pieces, sip13_64_random, "siphash-1-3-64.txt"},
    {"SipHash-1-3-128", 1, 3, 16, sip13_128_pieces, sip13_128_random, "siphash-1-3-128.txt"},
};

/* The same feeding through the exported functions only. */
static void exported_pieces(const variant *v, const uint8_t *m, size_t len, size_t pre, size_t k,
                            uint8_t *out)
{
    siphash_ctx_t ctx;
    size_t off = 0;
    ext_init(&ctx, &key, (unsigned)v->c, (unsigned)v->d, v->outlen);
    for (; off < pre && off < len; off++)
        ext_update(&ctx, m + off, 1);
    for (; off + k <= len; off += k)
        (siphash_ctx_update)(&ctx, m + off, k);
    for (; off < len; off++)
        ext_update(&ctx, m + off, 1);
    ext_final(&ctx, out);
}

static void check_pieces(const variant *v, const uint8_t *m)
{
    uint8_t want[16], got[16];
    for (size_t len = 0; len <= 72; len++) {
        oneshot(v->c, v->outlen, m, len, want);
        for (size_t pre = 0; pre <= 8; pre++) {
            for (int k = 1; k <= 8; k++) {
                v->pieces(m, len, pre, k, got);
                CHECK(memcmp(got, want, v->outlen) == 0, "%s inline len %zu pre %zu piece %d",
                      v->name, len, pre, k);
                exported_pieces(v, m, len, pre, (size_t)k, got);
                CHECK(memcmp(got, want, v->outlen) == 0,
                      "%s exported len %zu pre %zu piece %d", v->name, len, pre, k);
            }
        }
    }
}

static void check_random(const variant *v, const uint8_t *m, int rounds)
{
    uint8_t want[16], got[16], sizes[64];
    for (int r = 0; r < rounds; r++) {
        size_t len = (size_t)(check_rand() % 201);
        for (int i = 0; i < 64; i++)
            sizes[i] = (uint8_t)(check_rand() % 9);
        oneshot(v->c, v->outlen, m, len, want);
        v->random(m, len, sizes, got);
        CHECK(memcmp(got, want, v->outlen) == 0, "%s random pieces len %zu", v->name, len);
    }
}

/* The known answers (key 00..0f, message 00..i-1) in 4- and 8-byte pieces,
 * the shape of a key hashed field by field. */
static void check_vectors(const variant *v, const char *dir)
{
    vec_file f;
    uint8_t m[VEC_COUNT], got[16];
    siphash_key_t saved = key;
    uint8_t kb[16];
    for (int i = 0; i < 16; i++)
        kb[i] = (uint8_t)i;
    key = siphash_key_from_bytes(kb);
    vec_load(dir, v->vector_file, &f);
    for (int i = 0; i < VEC_COUNT; i++)
        m[i] = (uint8_t)i;
    for (int i = 0; i < VEC_COUNT; i++) {
        v->pieces(m, (size_t)i, 0, 4, got);
        CHECK(memcmp(got, f.bytes[i], v->outlen) == 0, "%s vector %d in 4-byte pieces", v->name, i);
        v->pieces(m, (size_t)i, 0, 8, got);
        CHECK(memcmp(got, f.bytes[i], v->outlen) == 0, "%s vector %d in 8-byte pieces", v->name, i);
    }
    key = saved;
}

/* HalfSipHash: pieces of every constant size 1..4 after every prefix
 * 0..4, and random sizes 0..4, against the one-shot functions and the
 * exported streaming functions. */
static halfsiphash_key_t hkey;

static void half_oneshot(int c, size_t outlen, const uint8_t *m, size_t len, uint8_t *out)
{
    uint64_t h;
    if (outlen == 4)
        h = c == 2 ? halfsiphash24_32(m, len, &hkey) : halfsiphash13_32(m, len, &hkey);
    else
        h = c == 2 ? halfsiphash24_64(m, len, &hkey) : halfsiphash13_64(m, len, &hkey);
    put_le(out, h);
}

#define HPIECES(K)                                                             \
    for (; off + (K) <= len; off += (K))                                       \
    halfsiphash_ctx_update(&ctx, m + off, K)

#define HVARIANT(NAME, C, D, OUTLEN)                                           \
    static void NAME(const uint8_t *m, size_t len, size_t pre, int k, uint8_t *out) \
    {                                                                          \
        halfsiphash_ctx_t ctx;                                                 \
        size_t off = 0;                                                        \
        halfsiphash_ctx_init(&ctx, &hkey, C, D, OUTLEN);                       \
        for (; off < pre && off < len; off++)                                  \
            halfsiphash_ctx_update(&ctx, m + off, 1);                          \
        switch (k) {                                                           \
        case 0: halfsiphash_ctx_update(&ctx, NULL, 0); break;                  \
        case 1: HPIECES(1); break;                                             \
        case 2: HPIECES(2); break;                                             \
        case 3: HPIECES(3); break;                                             \
        default: HPIECES(4); break;                                            \
        }                                                                      \
        for (; off < len; off++)                                               \
            halfsiphash_ctx_update(&ctx, m + off, 1);                          \
        halfsiphash_ctx_final(&ctx, out);                                      \
    }

HVARIANT(hsip24_32, 2, 4, 4)
HVARIANT(hsip24_64, 2, 4, 8)
HVARIANT(hsip13_32, 1, 3, 4)
HVARIANT(hsip13_64, 1, 3, 8)

static void check_half(const uint8_t *m)
{
    static const struct {
        const char *name;
        int c;
        size_t outlen;
        void (*fn)(const uint8_t *, size_t, size_t, int, uint8_t *);
    } hv[] = {{"HalfSipHash-2-4-32", 2, 4, hsip24_32},
              {"HalfSipHash-2-4-64", 2, 8, hsip24_64},
              {"HalfSipHash-1-3-32", 1, 4, hsip13_32},
              {"HalfSipHash-1-3-64", 1, 8, hsip13_64}};
    uint8_t want[8], got[8], ext[8];
    for (size_t i = 0; i < sizeof hv / sizeof hv[0]; i++) {
        for (size_t len = 0; len <= 40; len++) {
            half_oneshot(hv[i].c, hv[i].outlen, m, len, want);
            for (size_t pre = 0; pre <= 4; pre++) {
                for (int k = 0; k <= 4; k++) {
                    hv[i].fn(m, len, pre, k, got);
                    CHECK(memcmp(got, want, hv[i].outlen) == 0, "%s inline len %zu pre %zu piece %d",
                          hv[i].name, len, pre, k);
                }
            }
            /* The exported functions, through their parenthesised names. */
            halfsiphash_ctx_t ctx;
            (halfsiphash_ctx_init)(&ctx, &hkey, (unsigned)hv[i].c, hv[i].c == 2 ? 4u : 3u,
                                   hv[i].outlen);
            for (size_t off = 0; off < len; off += 3)
                (halfsiphash_ctx_update)(&ctx, m + off, len - off < 3 ? len - off : 3);
            (halfsiphash_ctx_final)(&ctx, ext);
            CHECK(memcmp(ext, want, hv[i].outlen) == 0, "%s exported len %zu", hv[i].name, len);
        }
    }
    /* The inline final zeroes the context. */
    halfsiphash_ctx_t z;
    memset(&z, 0, sizeof z);
    halfsiphash_ctx_init(&z, &hkey, 2, 4, 8);
    halfsiphash_ctx_update(&z, m, 4);
    halfsiphash_ctx_update(&z, m + 4, 3);
    halfsiphash_ctx_final(&z, got);
    CHECK(check_all_zero(&z, sizeof z), "inline halfsiphash final leaves state behind");
    half_oneshot(2, 8, m, 7, want);
    CHECK(memcmp(got, want, 8) == 0, "inline halfsiphash final");
}

/* The fields after each step agree between the paths (the padding is
 * left out: neither path writes it). */
static int same_fields(const siphash_ctx_t *a, const siphash_ctx_t *b)
{
    return memcmp(a->v, b->v, sizeof a->v) == 0 && a->tail == b->tail && a->total == b->total &&
           a->ntail == b->ntail && a->c_rounds == b->c_rounds && a->d_rounds == b->d_rounds &&
           a->outlen == b->outlen;
}

#define STEP(K)                                                                \
    do {                                                                       \
        siphash_ctx_update(&a, m + off, K);                                    \
        (siphash_ctx_update)(&b, m + off, K);                                  \
        off += (K);                                                            \
        CHECK(same_fields(&a, &b), "fields differ after a %d-byte piece at %zu", K, off); \
    } while (0)

static void check_fields(const uint8_t *m)
{
    siphash_ctx_t a, b;
    uint8_t oa[16], ob[16];
    size_t off = 0;
    siphash_ctx_init(&a, &key, 2, 4, 16);
    (siphash_ctx_init)(&b, &key, 2, 4, 16);
    CHECK(same_fields(&a, &b), "fields differ after init");
    STEP(3); STEP(8); STEP(5); STEP(1); STEP(7); STEP(2); STEP(6); STEP(4);
    STEP(8); STEP(4); STEP(4); STEP(0); STEP(1); STEP(8); STEP(3); STEP(8);
    /* Across paths: the inline context finished by the exported final and
     * the other way round. */
    (siphash_ctx_final)(&a, oa);
    siphash_ctx_final(&b, ob);
    CHECK(memcmp(oa, ob, 16) == 0, "finals differ");
    siphash24_128(m, off, &key, ob);
    CHECK(memcmp(oa, ob, 16) == 0, "mixed paths differ from one-shot");
}

static void check_final_zeroes(const uint8_t *m)
{
    siphash_ctx_t ctx;
    uint8_t out[16], want[16];
    memset(&ctx, 0, sizeof ctx); /* the padding, which no path writes */
    siphash_ctx_init(&ctx, &key, 1, 3, 16);
    siphash_ctx_update(&ctx, m, 8);
    siphash_ctx_update(&ctx, m + 8, 4);
    siphash_ctx_final(&ctx, out);
    CHECK(check_all_zero(&ctx, sizeof ctx), "inline final leaves state behind");
    siphash13_128(m, 12, &key, want);
    CHECK(memcmp(out, want, 16) == 0, "inline final");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    check_seed("test_stream_inline");
    int rounds = getenv("SIPHASH_TEST_QUICK") ? 300 : 3000;
    key.key[0] = check_rand();
    key.key[1] = check_rand();
    uint8_t m[200];
    check_rand_bytes(m, sizeof m);
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        check_pieces(&variants[i], m);
        check_random(&variants[i], m, rounds);
        check_vectors(&variants[i], argv[1]);
    }
    check_fields(m);
    check_final_zeroes(m);
    hkey.key[0] = (uint32_t)check_rand();
    hkey.key[1] = (uint32_t)check_rand();
    check_half(m);
    return check_finish("test_stream_inline");
}
