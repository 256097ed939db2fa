/* SPDX-License-Identifier: MIT */
/*
 * ref.h — a deliberately naive SipHash-c-d / HalfSipHash-c-d for the
 * differential fuzzer, written from the paper's description and sharing no
 * code with src/.  It builds every block byte by byte (padding and the
 * length byte included), keeps the state in an array and never unrolls, so
 * a bug in the library's word loads, tail handling or fixed-size folding
 * cannot be mirrored here.  Speed is irrelevant; obviousness is the point.
 * Test use only.
 */
#ifndef SIPHASH_FUZZ_REF_H
#define SIPHASH_FUZZ_REF_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t ref_rotl64(uint64_t x, unsigned b)
{
    return (x << b) | (x >> (64 - b));
}

static inline uint32_t ref_rotl32(uint32_t x, unsigned b)
{
    return (x << b) | (x >> (32 - b));
}

static inline uint64_t ref_get64(const uint8_t *p)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | p[i];
    return x;
}

static inline uint32_t ref_get32(const uint8_t *p)
{
    uint32_t x = 0;
    for (int i = 3; i >= 0; i--)
        x = x << 8 | p[i];
    return x;
}

static inline void ref_sipround(uint64_t v[4])
{
    v[0] += v[1], v[1] = ref_rotl64(v[1], 13), v[1] ^= v[0], v[0] = ref_rotl64(v[0], 32);
    v[2] += v[3], v[3] = ref_rotl64(v[3], 16), v[3] ^= v[2];
    v[0] += v[3], v[3] = ref_rotl64(v[3], 21), v[3] ^= v[0];
    v[2] += v[1], v[1] = ref_rotl64(v[1], 17), v[1] ^= v[2], v[2] = ref_rotl64(v[2], 32);
}

static inline void ref_hsipround(uint32_t v[4])
{
    v[0] += v[1], v[1] = ref_rotl32(v[1], 5), v[1] ^= v[0], v[0] = ref_rotl32(v[0], 16);
    v[2] += v[3], v[3] = ref_rotl32(v[3], 8), v[3] ^= v[2];
    v[0] += v[3], v[3] = ref_rotl32(v[3], 7), v[3] ^= v[0];
    v[2] += v[1], v[1] = ref_rotl32(v[1], 13), v[1] ^= v[2], v[2] = ref_rotl32(v[2], 16);
}

/* Byte i of the padded message: the data, then zeros, and the last byte of
 * the last block (of size bs) is the length mod 256. */
static inline uint8_t ref_padded_byte(const uint8_t *m, size_t len, size_t nblocks, size_t bs,
                                      size_t i)
{
    if (i == nblocks * bs - 1)
        return (uint8_t)len;
    return i < len ? m[i] : 0;
}

/* SipHash-c-d of m[0..len-1] with the 16-byte key k; writes outlen (8 or
 * 16) reference bytes to out. */
static inline void ref_siphash(const uint8_t *m, size_t len, const uint8_t k[16], unsigned c,
                               unsigned d, uint8_t *out, size_t outlen)
{
    uint64_t k0 = ref_get64(k), k1 = ref_get64(k + 8);
    uint64_t v[4] = {k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL,
                     k0 ^ 0x6c7967656e657261ULL, k1 ^ 0x7465646279746573ULL};
    if (outlen == 16)
        v[1] ^= 0xee;
    size_t nblocks = len / 8 + 1;
    for (size_t b = 0; b < nblocks; b++) {
        uint64_t w = 0;
        for (size_t j = 0; j < 8; j++)
            w |= (uint64_t)ref_padded_byte(m, len, nblocks, 8, 8 * b + j) << (8 * j);
        v[3] ^= w;
        for (unsigned r = 0; r < c; r++)
            ref_sipround(v);
        v[0] ^= w;
    }
    v[2] ^= outlen == 16 ? 0xee : 0xff;
    for (size_t half = 0; half < outlen / 8; half++) {
        if (half == 1)
            v[1] ^= 0xdd;
        for (unsigned r = 0; r < d; r++)
            ref_sipround(v);
        uint64_t h = v[0] ^ v[1] ^ v[2] ^ v[3];
        for (size_t j = 0; j < 8; j++)
            out[8 * half + j] = (uint8_t)(h >> (8 * j));
    }
}

/* HalfSipHash-c-d of m[0..len-1] with the 8-byte key k; outlen 4 or 8. */
static inline void ref_halfsiphash(const uint8_t *m, size_t len, const uint8_t k[8], unsigned c,
                                   unsigned d, uint8_t *out, size_t outlen)
{
    uint32_t k0 = ref_get32(k), k1 = ref_get32(k + 4);
    uint32_t v[4] = {k0, k1, k0 ^ 0x6c796765u, k1 ^ 0x74656462u};
    if (outlen == 8)
        v[1] ^= 0xee;
    size_t nblocks = len / 4 + 1;
    for (size_t b = 0; b < nblocks; b++) {
        uint32_t w = 0;
        for (size_t j = 0; j < 4; j++)
            w |= (uint32_t)ref_padded_byte(m, len, nblocks, 4, 4 * b + j) << (8 * j);
        v[3] ^= w;
        for (unsigned r = 0; r < c; r++)
            ref_hsipround(v);
        v[0] ^= w;
    }
    v[2] ^= outlen == 8 ? 0xee : 0xff;
    for (size_t half = 0; half < outlen / 4; half++) {
        if (half == 1)
            v[1] ^= 0xdd;
        for (unsigned r = 0; r < d; r++)
            ref_hsipround(v);
        uint32_t h = v[1] ^ v[3];
        for (size_t j = 0; j < 4; j++)
            out[4 * half + j] = (uint8_t)(h >> (8 * j));
    }
}

#endif
