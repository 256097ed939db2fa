/* SPDX-License-Identifier: MIT */
/*
 * fuzz_diff.c — differential fuzz target: every way this library computes
 * a SipHash/HalfSipHash value must agree with the tests' naive model
 * (tests/support/sipmodel.h, sharing no code with src/), with OpenSSL's
 * EVP_MAC "SIPHASH" (any c/d, 8 or 16 bytes) and with libsodium's
 * crypto_shorthash_siphash24/siphashx24 (2-4) — on arbitrary keys, round counts, lengths and update splits.  Any
 * disagreement aborts with both values printed, so libFuzzer/AFL++ keep the
 * input as a crash.
 *
 * Input layout (inputs shorter than the 23-byte header are ignored):
 *   [0..15]  key (SipHash key; its first 8 bytes are the HalfSipHash key)
 *   [16]     c = 1 + (byte & 3)            compression rounds 1..4
 *   [17]     d = 1 + (byte & 7)            finalisation rounds 1..8
 *   [18]     bit 0: wide output (SipHash 16 bytes / HalfSipHash 8 bytes,
 *                   else 8 / 4); bits 1..4: batch size n - 1 (1..16)
 *   [19..22] streaming split points: chunk sizes 0..255 of the first four
 *            update() calls, the rest goes in one last call
 *   [23..]   the message
 *
 * What is compared, per input:
 *   - streaming SipHash-c-d and HalfSipHash-c-d (with the splits, and a
 *     copied context) == ref; OpenSSL (SipHash-c-d) == ref
 *   - siphash24_64/_128, siphash13_64/_128, halfsiphash{24,13}_{32,64}
 *     == ref (always, whatever c/d the input chose); libsodium == ref (2-4)
 *   - the inline siphash()/hsiphash() with every constant length 0..65
 *     (const_len.h), and the fixed-size functions when the length is
 *     4/8/12/16/24/32, == the generic functions; hsiphash == its definition
 *     (SipHash-1-3 low half or HalfSipHash-1-3)
 *   - siphash_batch / siphash13_batch / siphash_batchv / *_batch_u64 on
 *     every batch path this build and CPU have == the one-shot functions
 * Every streaming chunk and every batchv message lives in its own
 * exact-size heap block, and the one-shot message ends where the fuzzer's
 * buffer ends, so ASan catches a read even one byte past any of them.
 * (Strided batch records share one block that ends with the last record;
 * tests/batch checks those against guard pages.)
 */
#include "siphash.h"
#include "sipmodel.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SIPHASH_FUZZ_OPENSSL
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#endif
#ifdef SIPHASH_FUZZ_SODIUM
#include <sodium.h>
#endif

#include "const_len.h"
#include "fuzz_batch_paths.h"

#define HEADER 23

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- reporting -------------------------------------------------------- */

static void hex(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %-10s", label);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%02x", p[i]);
    fputc('\n', stderr);
}

static void expect_bytes(const char *what, const uint8_t *want, const uint8_t *got, size_t n)
{
    if (memcmp(want, got, n) == 0)
        return;
    fprintf(stderr, "fuzz_diff: MISMATCH in %s\n", what);
    hex("expected", want, n);
    hex("got", got, n);
    abort();
}

static void expect_u64(const char *what, uint64_t want, uint64_t got)
{
    if (want == got)
        return;
    fprintf(stderr, "fuzz_diff: MISMATCH in %s: expected %016" PRIx64 ", got %016" PRIx64 "\n",
            what, want, got);
    abort();
}

/* The reference bytes of an integer result (little-endian reading). */
static void le_bytes(uint8_t *out, uint64_t x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(x >> (8 * i));
}

static uint64_t le_get(const uint8_t *p, size_t n)
{
    uint64_t x = 0;
    for (size_t i = n; i-- > 0;)
        x = x << 8 | p[i];
    return x;
}

/* An exact-size private copy (NULL-safe for n == 0: returns a 1-byte block
 * that the library must not read, since len is 0). */
static uint8_t *dup_exact(const uint8_t *p, size_t n)
{
    uint8_t *q = malloc(n ? n : 1);
    if (!q)
        abort();
    if (n)
        memcpy(q, p, n);
    return q;
}

/* ---- streaming -------------------------------------------------------- */

/* Hands m[0..n-1] to update() from its own exact-size block. */
static void sip_feed(siphash_ctx_t *ctx, const uint8_t *m, size_t n)
{
    uint8_t *q = dup_exact(m, n);
    siphash_ctx_update(ctx, q, n);
    free(q);
}

static void hsip_feed(halfsiphash_ctx_t *ctx, const uint8_t *m, size_t n)
{
    uint8_t *q = dup_exact(m, n);
    halfsiphash_ctx_update(ctx, q, n);
    free(q);
}

/* Streams msg in the input's chunks; after the first chunk the context is
 * copied and the copy finished the same way, which must agree. */
static void check_sip_stream(const uint8_t *msg, size_t len, const uint8_t *splits,
                             const siphash_key_t *key, unsigned c, unsigned d, size_t outlen,
                             const uint8_t *want)
{
    siphash_ctx_t ctx, fork;
    uint8_t got[16], got_fork[16];
    siphash_ctx_init(&ctx, key, c, d, outlen);
    siphash_ctx_update(&ctx, NULL, 0);
    size_t off = 0;
    for (int i = 0; i < 4; i++) {
        size_t n = splits[i] < len - off ? splits[i] : len - off;
        sip_feed(&ctx, msg + off, n);
        off += n;
        if (i == 0)
            fork = ctx;
    }
    sip_feed(&ctx, msg + off, len - off);
    siphash_ctx_final(&ctx, got);
    expect_bytes("siphash_ctx (split)", want, got, outlen);

    size_t first = splits[0] < len ? splits[0] : len;
    sip_feed(&fork, msg + first, len - first);
    siphash_ctx_final(&fork, got_fork);
    expect_bytes("siphash_ctx (copied context)", want, got_fork, outlen);
}

static void check_hsip_stream(const uint8_t *msg, size_t len, const uint8_t *splits,
                              const halfsiphash_key_t *key, unsigned c, unsigned d,
                              size_t outlen, const uint8_t *want)
{
    halfsiphash_ctx_t ctx;
    uint8_t got[8];
    halfsiphash_ctx_init(&ctx, key, c, d, outlen);
    halfsiphash_ctx_update(&ctx, NULL, 0);
    size_t off = 0;
    for (int i = 0; i < 4; i++) {
        size_t n = splits[i] < len - off ? splits[i] : len - off;
        hsip_feed(&ctx, msg + off, n);
        off += n;
    }
    hsip_feed(&ctx, msg + off, len - off);
    halfsiphash_ctx_final(&ctx, got);
    expect_bytes("halfsiphash_ctx (split)", want, got, outlen);
}

/* ---- independent implementations --------------------------------------- */

#ifdef SIPHASH_FUZZ_OPENSSL
static void check_openssl(const uint8_t *msg, size_t len, const uint8_t kb[16], unsigned c,
                          unsigned d, size_t outlen, const uint8_t *want)
{
    static EVP_MAC *mac;
    if (!mac && !(mac = EVP_MAC_fetch(NULL, "SIPHASH", NULL))) {
        fprintf(stderr, "fuzz_diff: OpenSSL has no SIPHASH MAC\n");
        ERR_print_errors_fp(stderr);
        abort();
    }
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    size_t size = outlen;
    unsigned int cr = c, dr = d;
    /* The size must be known before the key: it changes the initial
     * state (v1 ^= 0xee for 16-byte output). */
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size),
        OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_C_ROUNDS, &cr),
        OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_D_ROUNDS, &dr),
        OSSL_PARAM_construct_end(),
    };
    uint8_t got[16];
    size_t gotlen = 0;
    if (!ctx || !EVP_MAC_CTX_set_params(ctx, params) || !EVP_MAC_init(ctx, kb, 16, NULL) ||
        !EVP_MAC_update(ctx, msg, len) || !EVP_MAC_final(ctx, got, &gotlen, sizeof got) ||
        gotlen != outlen) {
        fprintf(stderr, "fuzz_diff: OpenSSL EVP_MAC SIPHASH failed (c=%u d=%u size=%zu)\n", c,
                d, outlen);
        ERR_print_errors_fp(stderr);
        abort();
    }
    EVP_MAC_CTX_free(ctx);
    expect_bytes("OpenSSL EVP_MAC SIPHASH vs ref", want, got, outlen);
}
#endif

#ifdef SIPHASH_FUZZ_SODIUM
static void check_sodium(const uint8_t *msg, size_t len, const uint8_t kb[16], size_t outlen,
                         const uint8_t *want)
{
    static int ready;
    if (!ready) {
        if (sodium_init() < 0)
            abort();
        ready = 1;
    }
    uint8_t got[16];
    if (outlen == 8)
        crypto_shorthash_siphash24(got, msg, len, kb);
    else
        crypto_shorthash_siphashx24(got, msg, len, kb);
    expect_bytes("libsodium crypto_shorthash_siphash(x)24 vs ref", want, got, outlen);
}
#endif

/* ---- fixed-size functions --------------------------------------------- */

static uint32_t w32(const uint8_t *m, size_t i)
{
    return (uint32_t)le_get(m + 4 * i, 4);
}

static uint64_t w64(const uint8_t *m, size_t i)
{
    return le_get(m + 8 * i, 8);
}

/* siphash_Nu32/Nu64 and the inline siphash() with a constant length must
 * equal siphash24_64 of the same bytes (the length byte is kept). */
static void check_fixed(const uint8_t *m, size_t len, const siphash_key_t *k)
{
    /* Every constant length the header computes inline (0..64) and the
     * first one past it; m ends where the fuzzer's buffer ends, so ASan
     * sees any read past the message in the inline tail code. */
    if (len <= CONST_LEN_MAX)
        expect_u64("siphash() with a constant length", siphash24_64(m, len, k),
                   siphash_const_len(m, len, k));
    if (len > 32 || len % 4 != 0)
        return;
    uint64_t want = siphash24_64(m, len, k);
    uint8_t b[32];
    memcpy(b, m, len);
    switch (len) {
    case 4:
        expect_u64("siphash_1u32", want, siphash_1u32(w32(m, 0), k));
        expect_u64("siphash(.., 4, ..)", want, siphash(b, 4, k));
        break;
    case 8:
        expect_u64("siphash_1u64", want, siphash_1u64(w64(m, 0), k));
        expect_u64("siphash_2u32", want, siphash_2u32(w32(m, 0), w32(m, 1), k));
        expect_u64("siphash(.., 8, ..)", want, siphash(b, 8, k));
        break;
    case 12:
        expect_u64("siphash_3u32", want, siphash_3u32(w32(m, 0), w32(m, 1), w32(m, 2), k));
        expect_u64("siphash(.., 12, ..)", want, siphash(b, 12, k));
        break;
    case 16:
        expect_u64("siphash_2u64", want, siphash_2u64(w64(m, 0), w64(m, 1), k));
        expect_u64("siphash_4u32", want,
                   siphash_4u32(w32(m, 0), w32(m, 1), w32(m, 2), w32(m, 3), k));
        expect_u64("siphash(.., 16, ..)", want, siphash(b, 16, k));
        break;
    case 24:
        expect_u64("siphash_3u64", want, siphash_3u64(w64(m, 0), w64(m, 1), w64(m, 2), k));
        expect_u64("siphash(.., 24, ..)", want, siphash(b, 24, k));
        break;
    case 32:
        expect_u64("siphash_4u64", want,
                   siphash_4u64(w64(m, 0), w64(m, 1), w64(m, 2), w64(m, 3), k));
        expect_u64("siphash(.., 32, ..)", want, siphash(b, 32, k));
        break;
    default:
        break;
    }
}

/* hsiphash is defined by the word size (see siphash.h); the generic
 * function must match that definition for every length, and the fixed-size
 * functions and the inline hsiphash() must match the generic one. */
static void check_hsiphash(const uint8_t *m, size_t len, const uint8_t kb[16])
{
    hsiphash_key_t hk;
    uint8_t want_b[8];
#if ULONG_MAX > 0xffffffffUL
    hk.key[0] = (unsigned long)le_get(kb, 8);
    hk.key[1] = (unsigned long)le_get(kb + 8, 8);
    sipmodel(8, 1, 3, kb, m, len, want_b, 8);
#else
    hk.key[0] = (unsigned long)le_get(kb, 4);
    hk.key[1] = (unsigned long)le_get(kb + 4, 4);
    sipmodel(4, 1, 3, kb, m, len, want_b, 4);
#endif
    uint32_t want = (uint32_t)le_get(want_b, 4);
    expect_u64("hsiphash_generic vs its definition", want, hsiphash_generic(m, len, &hk));
    if (len <= CONST_LEN_MAX)
        expect_u64("hsiphash() with a constant length", want, hsiphash_const_len(m, len, &hk));

    uint8_t b[16];
    if (len <= sizeof b)
        memcpy(b, m, len);
    switch (len) {
    case 4:
        expect_u64("hsiphash_1u32", want, hsiphash_1u32(w32(m, 0), &hk));
        expect_u64("hsiphash(.., 4, ..)", want, hsiphash(b, 4, &hk));
        break;
    case 8:
        expect_u64("hsiphash_2u32", want, hsiphash_2u32(w32(m, 0), w32(m, 1), &hk));
        expect_u64("hsiphash(.., 8, ..)", want, hsiphash(b, 8, &hk));
        break;
    case 12:
        expect_u64("hsiphash_3u32", want, hsiphash_3u32(w32(m, 0), w32(m, 1), w32(m, 2), &hk));
        expect_u64("hsiphash(.., 12, ..)", want, hsiphash(b, 12, &hk));
        break;
    case 16:
        expect_u64("hsiphash_4u32", want,
                   hsiphash_4u32(w32(m, 0), w32(m, 1), w32(m, 2), w32(m, 3), &hk));
        expect_u64("hsiphash(.., 16, ..)", want, hsiphash(b, 16, &hk));
        break;
    default:
        break;
    }
}

/* ---- batches ----------------------------------------------------------- */

/* n records of reclen bytes (stride reclen, then stride 0), n pieces of
 * the input's lengths for batchv, and the message's 64-bit words. */
static void check_batches(const uint8_t *msg, size_t len, const uint8_t *splits, size_t n,
                          const siphash_key_t *k)
{
    uint64_t got[16], want24[16], want13[16];
    size_t reclen = len / n;
    uint8_t *recs = dup_exact(msg, reclen * n);
    for (size_t i = 0; i < n; i++) {
        want24[i] = siphash24_64(recs + i * reclen, reclen, k);
        want13[i] = siphash13_64(recs + i * reclen, reclen, k);
    }

    /* batchv: piece i has length splits[i % 4] + i (capped), any order of
     * short and long pieces, each in its own block. */
    uint8_t *pieces[16];
    const void *pp[16];
    size_t plen[16];
    uint64_t wantv[16];
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        size_t want = (size_t)splits[i % 4] + i;
        plen[i] = want < len - off ? want : len - off;
        pieces[i] = dup_exact(msg + off, plen[i]);
        pp[i] = pieces[i];
        wantv[i] = siphash24_64(pieces[i], plen[i], k);
        off += plen[i];
    }

    /* The message's whole 64-bit little-endian words. */
    size_t nw = len / 8 < 16 ? len / 8 : 16;
    uint64_t words[16], want_w24[16], want_w13[16];
    for (size_t i = 0; i < nw; i++) {
        words[i] = w64(msg, i);
        want_w24[i] = siphash_1u64(words[i], k);
        want_w13[i] = siphash13_64(msg + 8 * i, 8, k);
    }

    FUZZ_FOR_EACH_BATCH_PATH(path)
    {
        char what[96];
        snprintf(what, sizeof what, "siphash_batch [%s]", path);
        siphash_batch(recs, reclen, reclen, n, k, got);
        for (size_t i = 0; i < n; i++)
            expect_u64(what, want24[i], got[i]);

        snprintf(what, sizeof what, "siphash13_batch [%s]", path);
        siphash13_batch(recs, reclen, reclen, n, k, got);
        for (size_t i = 0; i < n; i++)
            expect_u64(what, want13[i], got[i]);

        snprintf(what, sizeof what, "siphash_batch stride 0 [%s]", path);
        siphash_batch(recs, 0, reclen, n, k, got);
        for (size_t i = 0; i < n; i++)
            expect_u64(what, want24[0], got[i]);

        snprintf(what, sizeof what, "siphash_batchv [%s]", path);
        siphash_batchv(pp, plen, n, k, got);
        for (size_t i = 0; i < n; i++)
            expect_u64(what, wantv[i], got[i]);

        snprintf(what, sizeof what, "siphash_batch_u64 [%s]", path);
        siphash_batch_u64(words, nw, k, got);
        for (size_t i = 0; i < nw; i++)
            expect_u64(what, want_w24[i], got[i]);

        snprintf(what, sizeof what, "siphash13_batch_u64 [%s]", path);
        siphash13_batch_u64(words, nw, k, got);
        for (size_t i = 0; i < nw; i++)
            expect_u64(what, want_w13[i], got[i]);
    }
    FUZZ_END_BATCH_PATHS;

    for (size_t i = 0; i < n; i++)
        free(pieces[i]);
    free(recs);
}

/* ---- the target --------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEADER)
        return 0;
    const uint8_t *kb = data;
    unsigned c = 1 + (data[16] & 3u), d = 1 + (data[17] & 7u);
    int wide = data[18] & 1;
    size_t nbatch = 1 + (size_t)((data[18] >> 1) & 15u);
    const uint8_t *splits = data + 19;
    const uint8_t *msg = data + HEADER; /* ends where the fuzzer's buffer ends */
    size_t len = size - HEADER;

    siphash_key_t k = siphash_key_from_bytes(kb);
    halfsiphash_key_t hk = halfsiphash_key_from_bytes(kb);
    size_t sout = wide ? 16 : 8, hout = wide ? 8 : 4;
    uint8_t want[16], got[16];

    /* SipHash-c-d as the input chose: streaming and OpenSSL vs ref. */
    sipmodel(8, c, d, kb, msg, len, want, sout);
    check_sip_stream(msg, len, splits, &k, c, d, sout, want);
#ifdef SIPHASH_FUZZ_OPENSSL
    check_openssl(msg, len, kb, c, d, sout, want);
#endif

    /* HalfSipHash-c-d as the input chose: streaming vs ref. */
    sipmodel(4, c, d, kb, msg, len, want, hout);
    check_hsip_stream(msg, len, splits, &hk, c, d, hout, want);

    /* The named one-shot variants, always. */
    sipmodel(8, 2, 4, kb, msg, len, want, sout);
    if (wide) {
        siphash24_128(msg, len, &k, got);
        expect_bytes("siphash24_128 vs ref", want, got, 16);
    } else {
        le_bytes(got, siphash24_64(msg, len, &k), 8);
        expect_bytes("siphash24_64 vs ref", want, got, 8);
    }
#ifdef SIPHASH_FUZZ_SODIUM
    check_sodium(msg, len, kb, sout, want);
#endif
    sipmodel(8, 1, 3, kb, msg, len, want, sout);
    if (wide) {
        siphash13_128(msg, len, &k, got);
        expect_bytes("siphash13_128 vs ref", want, got, 16);
    } else {
        le_bytes(got, siphash13_64(msg, len, &k), 8);
        expect_bytes("siphash13_64 vs ref", want, got, 8);
    }
    sipmodel(4, 2, 4, kb, msg, len, want, hout);
    le_bytes(got, wide ? halfsiphash24_64(msg, len, &hk) : halfsiphash24_32(msg, len, &hk), hout);
    expect_bytes("halfsiphash24 vs ref", want, got, hout);
    sipmodel(4, 1, 3, kb, msg, len, want, hout);
    le_bytes(got, wide ? halfsiphash13_64(msg, len, &hk) : halfsiphash13_32(msg, len, &hk), hout);
    expect_bytes("halfsiphash13 vs ref", want, got, hout);

    /* Linux API. */
    check_fixed(msg, len, &k);
    check_hsiphash(msg, len, kb);

    /* Batches on every path. */
    check_batches(msg, len, splits, nbatch, &k);
    return 0;
}
