/* SPDX-License-Identifier: MIT */
/*
 * sipmodel.h — the tests' one reference model of SipHash-c-d and
 * HalfSipHash-c-d, written from the paper (Aumasson and Bernstein,
 * "SipHash: a fast short-input PRF", and the HalfSipHash addendum of the
 * reference code) and sharing nothing with src/ or include/siphash.h.
 *
 * It is deliberately naive so that a bug in the library's word loads, tail
 * handling, fixed-size folding or round scheduling cannot be mirrored here:
 * the padded message is built byte by byte (data, zeros, length byte last),
 * the state is an array, the round reads its rotations from a table, every
 * loop runs its plain number of times.  One code path serves both word
 * sizes: HalfSipHash is the same construction on 32-bit words with its own
 * rotations, initial values and output word.  Speed is irrelevant.  No
 * allocation, so the fuzzer and the constant-time test can use it too.
 *
 *   sipmodel(word, c, d, key, msg, len, out, outlen)
 *       word    8: SipHash (64-bit words, 16-byte key)
 *               4: HalfSipHash (32-bit words, 8-byte key)
 *       c, d    compression and finalization rounds (any, 0 included)
 *       outlen  one word (SipHash-64, HalfSipHash-32) or two words
 *               (SipHash-128, HalfSipHash-64)
 *       out     outlen bytes in the reference code's order
 *   sipmodel_64(c, d, key16, msg, len)      SipHash-c-d-64 as the
 *       library's *_64 functions return it: out's 8 bytes read little-endian
 *   sipmodel_half32(c, d, key8, msg, len)   HalfSipHash-c-d-32, likewise
 *
 * Test use only.
 */
#ifndef SIPHASH_TEST_SIPMODEL_H
#define SIPHASH_TEST_SIPMODEL_H

#include <stddef.h>
#include <stdint.h>

/* One word size's constants: the round's rotations (in the order the
 * round uses them; the last is the half-word swap), the four initial
 * values xored with the key words (k0, k1, k0, k1), and the output word. */
typedef struct {
    unsigned bits;
    unsigned rot[5];
    uint64_t iv[4];
    int out_all_four; /* SipHash: v0^v1^v2^v3; HalfSipHash: v1^v3 */
} sipmodel_params_;

static const sipmodel_params_ sipmodel_sip_ = {
    64, {13, 16, 21, 17, 32},
    /* "somepseudorandomlygeneratedbytes", as four big-endian words */
    {0x736f6d6570736575ULL, 0x646f72616e646f6dULL, 0x6c7967656e657261ULL, 0x7465646279746573ULL},
    1};
static const sipmodel_params_ sipmodel_half_ = {
    32, {5, 8, 7, 13, 16},
    /* v0 = k0, v1 = k1, v2 = k0 ^ "lyge", v3 = k1 ^ "tedb" */
    {0, 0, 0x6c796765ULL, 0x74656462ULL},
    0};

static inline uint64_t sipmodel_rotl_(uint64_t x, unsigned b, unsigned bits)
{
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    return ((x << b) | (x >> (bits - b))) & mask;
}

static inline uint64_t sipmodel_add_(uint64_t a, uint64_t b, unsigned bits)
{
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    return (a + b) & mask;
}

/* SipRound, as the paper draws it: two half-rounds of add-rotate-xor. */
static inline void sipmodel_round_(uint64_t v[4], const sipmodel_params_ *p)
{
    unsigned n = p->bits;
    v[0] = sipmodel_add_(v[0], v[1], n); v[1] = sipmodel_rotl_(v[1], p->rot[0], n);
    v[1] ^= v[0]; v[0] = sipmodel_rotl_(v[0], p->rot[4], n);
    v[2] = sipmodel_add_(v[2], v[3], n); v[3] = sipmodel_rotl_(v[3], p->rot[1], n);
    v[3] ^= v[2];
    v[0] = sipmodel_add_(v[0], v[3], n); v[3] = sipmodel_rotl_(v[3], p->rot[2], n);
    v[3] ^= v[0];
    v[2] = sipmodel_add_(v[2], v[1], n); v[1] = sipmodel_rotl_(v[1], p->rot[3], n);
    v[1] ^= v[2]; v[2] = sipmodel_rotl_(v[2], p->rot[4], n);
}

/* Bytes p[0..w-1] as a little-endian word. */
static inline uint64_t sipmodel_word_(const uint8_t *p, size_t w)
{
    uint64_t x = 0;
    for (size_t i = w; i-- > 0;)
        x = x << 8 | p[i];
    return x;
}

static inline void sipmodel(unsigned word, unsigned c, unsigned d, const uint8_t *key,
                            const void *msg, size_t len, uint8_t *out, size_t outlen)
{
    const sipmodel_params_ *p = word == 8 ? &sipmodel_sip_ : &sipmodel_half_;
    const uint8_t *m = (const uint8_t *)msg;
    uint64_t k0 = sipmodel_word_(key, word), k1 = sipmodel_word_(key + word, word);
    uint64_t v[4] = {k0 ^ p->iv[0], k1 ^ p->iv[1], k0 ^ p->iv[2], k1 ^ p->iv[3]};
    if (outlen == 2 * word)
        v[1] ^= 0xee;

    /* The padded message: the data, zeros, and len mod 256 as the last
     * byte of the last word; always at least one word. */
    size_t nwords = len / word + 1;
    for (size_t b = 0; b < nwords; b++) {
        uint8_t block[8];
        for (size_t j = 0; j < word; j++) {
            size_t i = b * word + j;
            block[j] = i == nwords * word - 1 ? (uint8_t)len : i < len ? m[i] : 0;
        }
        uint64_t mi = sipmodel_word_(block, word);
        v[3] ^= mi;
        for (unsigned r = 0; r < c; r++)
            sipmodel_round_(v, p);
        v[0] ^= mi;
    }

    /* Finalization: one output word per d rounds; a second word (the
     * 128-bit / 64-bit output) follows after xoring 0xdd into v1. */
    v[2] ^= outlen == 2 * word ? 0xee : 0xff;
    for (size_t o = 0; o < outlen; o += word) {
        if (o > 0)
            v[1] ^= 0xdd;
        for (unsigned r = 0; r < d; r++)
            sipmodel_round_(v, p);
        uint64_t h = p->out_all_four ? v[0] ^ v[1] ^ v[2] ^ v[3] : v[1] ^ v[3];
        for (size_t j = 0; j < word; j++)
            out[o + j] = (uint8_t)(h >> (8 * j));
    }
}

static inline uint64_t sipmodel_64(unsigned c, unsigned d, const uint8_t key[16], const void *msg,
                                   size_t len)
{
    uint8_t out[8];
    sipmodel(8, c, d, key, msg, len, out, 8);
    return sipmodel_word_(out, 8);
}

static inline uint32_t sipmodel_half32(unsigned c, unsigned d, const uint8_t key[8],
                                       const void *msg, size_t len)
{
    uint8_t out[4];
    sipmodel(4, c, d, key, msg, len, out, 4);
    return (uint32_t)sipmodel_word_(out, 4);
}

#endif
