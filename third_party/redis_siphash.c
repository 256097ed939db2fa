/* SPDX-License-Identifier: MIT */
/*
 * redis_siphash.c — SipHash-1-2 arranged as Redis arranges it, so the
 * bench's "redis" rows cost what Redis's dictGenHashFunction and
 * dictGenCaseHashFunction cost:
 *   - message words loaded with one unaligned 64-bit load (Redis casts the
 *     pointer on x86; memcpy compiles to the same single mov here);
 *   - a pointer loop to the last whole word, then a switch on the
 *     remaining 0..7 bytes that ORs them into the length word;
 *   - the case-insensitive variant lowercases every byte through a small
 *     function that branches on 'A' <= c <= 'Z', word by word and in the
 *     tail, as Redis's siptlw() does.
 * Written here from the SipHash paper and that description; none of
 * Redis's text.
 */
#include "redis_siphash.h"

#include <string.h>

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

#define SIPROUND                                                               \
    do {                                                                       \
        v0 += v1; v1 = ROTL(v1, 13); v1 ^= v0; v0 = ROTL(v0, 32);              \
        v2 += v3; v3 = ROTL(v3, 16); v3 ^= v2;                                 \
        v0 += v3; v3 = ROTL(v3, 21); v3 ^= v0;                                 \
        v2 += v1; v1 = ROTL(v1, 17); v1 ^= v2; v2 = ROTL(v2, 32);              \
    } while (0)

static uint64_t load64(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#else
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
           (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
           (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
#endif
}

static int tolower_ascii(int c)
{
    if (c >= 'A' && c <= 'Z')
        return c + ('a' - 'A');
    return c;
}

static uint64_t load64_nocase(const uint8_t *p)
{
    return (uint64_t)tolower_ascii(p[0]) | (uint64_t)tolower_ascii(p[1]) << 8 |
           (uint64_t)tolower_ascii(p[2]) << 16 | (uint64_t)tolower_ascii(p[3]) << 24 |
           (uint64_t)tolower_ascii(p[4]) << 32 | (uint64_t)tolower_ascii(p[5]) << 40 |
           (uint64_t)tolower_ascii(p[6]) << 48 | (uint64_t)tolower_ascii(p[7]) << 56;
}

/* The body, written once; NOCASE selects the loader and the tail bytes. */
#define REDIS_SIPHASH_BODY(LOAD, BYTE)                                         \
    uint64_t v0 = 0x736f6d6570736575ULL, v1 = 0x646f72616e646f6dULL;          \
    uint64_t v2 = 0x6c7967656e657261ULL, v3 = 0x7465646279746573ULL;          \
    const uint64_t k0 = load64(k), k1 = load64(k + 8);                         \
    const uint8_t *end = in + inlen - (inlen % 8);                             \
    const int left = (int)(inlen & 7);                                         \
    uint64_t b = (uint64_t)inlen << 56, m;                                     \
    v3 ^= k1; v2 ^= k0; v1 ^= k1; v0 ^= k0;                                    \
    for (; in != end; in += 8) {                                               \
        m = LOAD(in);                                                          \
        v3 ^= m;                                                               \
        SIPROUND;                                                              \
        v0 ^= m;                                                               \
    }                                                                          \
    switch (left) {                                                            \
    case 7: b |= (uint64_t)BYTE(in[6]) << 48; /* fall through */               \
    case 6: b |= (uint64_t)BYTE(in[5]) << 40; /* fall through */               \
    case 5: b |= (uint64_t)BYTE(in[4]) << 32; /* fall through */               \
    case 4: b |= (uint64_t)BYTE(in[3]) << 24; /* fall through */               \
    case 3: b |= (uint64_t)BYTE(in[2]) << 16; /* fall through */               \
    case 2: b |= (uint64_t)BYTE(in[1]) << 8;  /* fall through */               \
    case 1: b |= (uint64_t)BYTE(in[0]); break;                                 \
    case 0: break;                                                             \
    }                                                                          \
    v3 ^= b;                                                                   \
    SIPROUND;                                                                  \
    v0 ^= b;                                                                   \
    v2 ^= 0xff;                                                                \
    SIPROUND;                                                                  \
    SIPROUND;                                                                  \
    return v0 ^ v1 ^ v2 ^ v3

#define SAME(c) (c)

uint64_t redis_siphash(const uint8_t *in, size_t inlen, const uint8_t k[16])
{
    REDIS_SIPHASH_BODY(load64, SAME);
}

uint64_t redis_siphash_nocase(const uint8_t *in, size_t inlen, const uint8_t k[16])
{
    REDIS_SIPHASH_BODY(load64_nocase, tolower_ascii);
}
