/* SPDX-License-Identifier: MIT */
/*
 * test_compat_reference.c — include/compat/reference/{siphash,halfsiphash}.h,
 * the reference implementation's siphash() and halfsiphash() over
 * libsiphash.  Built once per round choice (CMakeLists.txt): the defaults
 * (2-4), cROUNDS=1 dROUNDS=3 defined before the include, and 3-7 with
 * SIPHASH_REFERENCE_UINT8 and Unbound's own prototype declared after the
 * include (what `-include` does to util/edns.c).  Checks:
 *   - the reference's own known answers (tests/vectors, from its
 *     vectors.h) for 2-4 and 1-3, both output sizes, both functions;
 *   - every length 0..1024 with a random key and message: the bytes equal
 *     the tests' independent model (sipmodel.h) and the library's own
 *     functions, nothing written past out + outlen, the result 0;
 *   - a bad outlen aborts (the reference asserts) instead of writing.
 *
 * Usage: test_compat_reference VECTOR_DIR
 */
#include <reference/halfsiphash.h>
#include <reference/siphash.h>

#ifdef SIPHASH_REFERENCE_UINT8
/* Unbound's util/edns.c declares the function itself, after config.h. */
int siphash(const uint8_t *in, const size_t inlen, const uint8_t *k, uint8_t *out,
            const size_t outlen);
#endif

#include "aborts.h"
#include "check.h"
#include "sipmodel.h"
#include "vectors.h"

#define NAME "test_compat_reference"
#define MAXLEN 1024

#if (cROUNDS == 2 && dROUNDS == 4) || (cROUNDS == 1 && dROUNDS == 3)
static void store_le(uint8_t *out, uint64_t h, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(h >> (8 * i));
}
#endif

/* The library's own answer for SipHash-cROUNDS-dROUNDS, outlen bytes: its
 * one-shot functions where it has the variant, otherwise the exported
 * streaming functions (not the header's inline path). */
static void lib_sip(const uint8_t *key16, const uint8_t *m, size_t len, uint8_t *out,
                    size_t outlen)
{
    const siphash_key_t k = siphash_key_from_bytes(key16);
#if cROUNDS == 2 && dROUNDS == 4
    if (outlen == 16)
        siphash24_128(m, len, &k, out);
    else
        store_le(out, siphash24_64(m, len, &k), 8);
#elif cROUNDS == 1 && dROUNDS == 3
    if (outlen == 16)
        siphash13_128(m, len, &k, out);
    else
        store_le(out, siphash13_64(m, len, &k), 8);
#else
    siphash_ctx_t ctx;
    (siphash_ctx_init)(&ctx, &k, cROUNDS, dROUNDS, outlen);
    (siphash_ctx_update)(&ctx, m, len);
    (siphash_ctx_final)(&ctx, out);
#endif
}

/* The same for HalfSipHash. */
static void lib_half(const uint8_t *key8, const uint8_t *m, size_t len, uint8_t *out,
                     size_t outlen)
{
    const halfsiphash_key_t k = halfsiphash_key_from_bytes(key8);
#if cROUNDS == 2 && dROUNDS == 4
    if (outlen == 4) {
        store_le(out, halfsiphash24_32(m, len, &k), 4);
        return;
    }
    store_le(out, halfsiphash24_64(m, len, &k), 8);
#elif cROUNDS == 1 && dROUNDS == 3
    if (outlen == 4) {
        store_le(out, halfsiphash13_32(m, len, &k), 4);
        return;
    }
    store_le(out, halfsiphash13_64(m, len, &k), 8);
#else
    halfsiphash_ctx_t ctx;
    (halfsiphash_ctx_init)(&ctx, &k, cROUNDS, dROUNDS, outlen);
    (halfsiphash_ctx_update)(&ctx, m, len);
    (halfsiphash_ctx_final)(&ctx, out);
#endif
}

static void known_answers(const char *dir)
{
    static vec_file v;
    char name[64];
    uint8_t key[16], msg[VEC_COUNT], out[16];
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)i;
    for (int i = 0; i < VEC_COUNT; i++)
        msg[i] = (uint8_t)i;
    static const struct {
        int half;
        size_t outlen;
    } kinds[] = {{0, 8}, {0, 16}, {1, 4}, {1, 8}};
    for (size_t kind = 0; kind < sizeof kinds / sizeof kinds[0]; kind++) {
        const int half = kinds[kind].half;
        const size_t outlen = kinds[kind].outlen;
        /* %u, not %zu: msvcrt's printf (mingw-w64 under Wine) lacks z */
        snprintf(name, sizeof name, "%s-%d-%d-%u.txt", half ? "halfsiphash" : "siphash",
                 cROUNDS, dROUNDS, (unsigned)(outlen * 8));
        vec_load(dir, name, &v);
        CHECK(v.nbytes == outlen, "%s: %zu-byte answers", name, v.nbytes);
        for (size_t i = 0; i < VEC_COUNT; i++) {
            int r = half ? halfsiphash(msg, i, key, out, outlen)
                         : siphash(msg, i, key, out, outlen);
            CHECK(r == 0, "%s message %zu: returned %d", name, i, r);
            CHECK(memcmp(out, v.bytes[i], outlen) == 0, "%s message %zu differs", name, i);
        }
    }
    /* The paper's example (appendix A): message 00..0e. */
    if (cROUNDS == 2 && dROUNDS == 4) {
        static const uint8_t want[8] = {0xe5, 0x45, 0xbe, 0x49, 0x61, 0xca, 0x29, 0xa1};
        siphash(msg, 15, key, out, 8);
        CHECK(memcmp(out, want, 8) == 0, "the paper's example");
    }
}

static void random_lengths(void)
{
    uint8_t *m = check_xmalloc(MAXLEN);
    /* want and lib are larger than any output: gcc 12 -O3 cannot see that
     * outlen stays <= 16 in the model and warns (-Wstringop-overflow). */
    uint8_t key[16], out[17], want[32], lib[32];
    size_t step = getenv("SIPHASH_TEST_QUICK") ? 7 : 1;
    for (size_t len = 0; len <= MAXLEN; len += (len < 70 ? 1 : step)) {
        check_rand_bytes(key, sizeof key);
        check_rand_bytes(m, len);
        for (size_t outlen = 8; outlen <= 16; outlen += 8) {
            memset(out, 0xa5, sizeof out);
            CHECK(siphash(m, len, key, out, outlen) == 0, "siphash returned non-zero");
            sipmodel(8, cROUNDS, dROUNDS, key, m, len, want, outlen);
            lib_sip(key, m, len, lib, outlen);
            CHECK(memcmp(out, want, outlen) == 0, "siphash len %zu outlen %zu != model", len,
                  outlen);
            CHECK(memcmp(out, lib, outlen) == 0, "siphash len %zu outlen %zu != library",
                  len, outlen);
            CHECK(out[outlen] == 0xa5, "siphash wrote past outlen %zu", outlen);
        }
        for (size_t outlen = 4; outlen <= 8; outlen += 4) {
            memset(out, 0xa5, sizeof out);
            CHECK(halfsiphash(m, len, key, out, outlen) == 0, "halfsiphash returned non-zero");
            sipmodel(4, cROUNDS, dROUNDS, key, m, len, want, outlen);
            lib_half(key, m, len, lib, outlen);
            CHECK(memcmp(out, want, outlen) == 0, "halfsiphash len %zu outlen %zu != model",
                  len, outlen);
            CHECK(memcmp(out, lib, outlen) == 0, "halfsiphash len %zu outlen %zu != library",
                  len, outlen);
            CHECK(out[outlen] == 0xa5, "halfsiphash wrote past outlen %zu", outlen);
        }
    }
    free(m);
}

static uint8_t bad_out[64];
static const uint8_t bad_key[16];
static const uint8_t abc[3] = {'a', 'b', 'c'};
static void sip_outlen_4(void) { siphash(abc, 3, bad_key, bad_out, 4); }
static void sip_outlen_0(void) { siphash(abc, 3, bad_key, bad_out, 0); }
static void sip_outlen_32(void) { siphash(abc, 3, bad_key, bad_out, 32); }
static void half_outlen_16(void) { halfsiphash(abc, 3, bad_key, bad_out, 16); }
static void half_outlen_2(void) { halfsiphash(abc, 3, bad_key, bad_out, 2); }

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    check_seed(NAME);
    printf("%s: SipHash-%d-%d%s\n", NAME, cROUNDS, dROUNDS,
#ifdef SIPHASH_REFERENCE_UINT8
           ", uint8_t prototype"
#else
           ""
#endif
    );
    if ((cROUNDS == 2 && dROUNDS == 4) || (cROUNDS == 1 && dROUNDS == 3))
        known_answers(argv[1]);
    random_lengths();
    CHECK(aborts(sip_outlen_4), "siphash outlen 4 accepted");
    CHECK(aborts(sip_outlen_0), "siphash outlen 0 accepted");
    CHECK(aborts(sip_outlen_32), "siphash outlen 32 accepted");
    CHECK(aborts(half_outlen_16), "halfsiphash outlen 16 accepted");
    CHECK(aborts(half_outlen_2), "halfsiphash outlen 2 accepted");
    return check_finish(NAME);
}
