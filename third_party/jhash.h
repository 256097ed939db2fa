/* SPDX-License-Identifier: MIT */
/*
 * jhash.h — Bob Jenkins' lookup3 hash as Linux's jhash() uses it: the
 * anchor that hsiphash() was offered to replace.  Written here from the
 * published algorithm (mix/final of lookup3, 2006): the same three 32-bit
 * lanes, the same rotations, the same 0xdeadbeef seed.  Not keyed in any
 * useful sense: a benchmark anchor, never a defence against hash flooding.
 *
 * Everything is static inline so a caller can time an inlined loop (the
 * batch section) or wrap it in a noinline function (the main table).
 */
#ifndef SIPHASH_BENCH_JHASH_H
#define SIPHASH_BENCH_JHASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define JHASH_INITVAL 0xdeadbeefu

static inline uint32_t jhash_rol32(uint32_t x, unsigned k)
{
    return (x << k) | (x >> (32 - k));
}

/* Little-endian 32-bit load, any alignment (jhash reads CPU order; this
 * bench runs on little-endian hosts where the two agree, and using LE
 * everywhere keeps results comparable across hosts). */
static inline uint32_t jhash_le32(const uint8_t *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap32(x);
#endif
    return x;
}

/* lookup3 mix(): reversible mixing of three words, run per 12-byte block. */
#define JHASH_MIX(a, b, c)                                                     \
    do {                                                                       \
        a -= c; a ^= jhash_rol32(c, 4);  c += b;                               \
        b -= a; b ^= jhash_rol32(a, 6);  a += c;                               \
        c -= b; c ^= jhash_rol32(b, 8);  b += a;                               \
        a -= c; a ^= jhash_rol32(c, 16); c += b;                               \
        b -= a; b ^= jhash_rol32(a, 19); a += c;                               \
        c -= b; c ^= jhash_rol32(b, 4);  b += a;                               \
    } while (0)

/* lookup3 final(): final mixing of the three words into c. */
#define JHASH_FINAL(a, b, c)                                                   \
    do {                                                                       \
        c ^= b; c -= jhash_rol32(b, 14);                                       \
        a ^= c; a -= jhash_rol32(c, 11);                                       \
        b ^= a; b -= jhash_rol32(a, 25);                                       \
        c ^= b; c -= jhash_rol32(b, 16);                                       \
        a ^= c; a -= jhash_rol32(c, 4);                                        \
        b ^= a; b -= jhash_rol32(a, 14);                                       \
        c ^= b; c -= jhash_rol32(b, 24);                                       \
    } while (0)

/* jhash(): any length, as Linux's (= lookup3 hashlittle() on little-endian
 * hosts).  Blocks of 12 bytes are mixed; the last 1..12 bytes are added
 * byte by byte (Linux's switch) and finalised; length 0 returns the seed. */
static inline uint32_t jhash(const void *key, size_t length, uint32_t initval)
{
    const uint8_t *k = (const uint8_t *)key;
    uint32_t a, b, c;
    a = b = c = JHASH_INITVAL + (uint32_t)length + initval;
    while (length > 12) {
        a += jhash_le32(k);
        b += jhash_le32(k + 4);
        c += jhash_le32(k + 8);
        JHASH_MIX(a, b, c);
        length -= 12;
        k += 12;
    }
    switch (length) {
    case 12: c += (uint32_t)k[11] << 24; /* fall through */
    case 11: c += (uint32_t)k[10] << 16; /* fall through */
    case 10: c += (uint32_t)k[9] << 8;   /* fall through */
    case 9:  c += k[8];                  /* fall through */
    case 8:  b += (uint32_t)k[7] << 24;  /* fall through */
    case 7:  b += (uint32_t)k[6] << 16;  /* fall through */
    case 6:  b += (uint32_t)k[5] << 8;   /* fall through */
    case 5:  b += k[4];                  /* fall through */
    case 4:  a += (uint32_t)k[3] << 24;  /* fall through */
    case 3:  a += (uint32_t)k[2] << 16;  /* fall through */
    case 2:  a += (uint32_t)k[1] << 8;   /* fall through */
    case 1:  a += k[0];
        JHASH_FINAL(a, b, c);
        break;
    default: /* 0: nothing left to add */
        break;
    }
    return c;
}

/* jhash2(): an array of 32-bit words (lookup3 hashword()). */
static inline uint32_t jhash2(const uint32_t *k, size_t length, uint32_t initval)
{
    uint32_t a, b, c;
    a = b = c = JHASH_INITVAL + ((uint32_t)length << 2) + initval;
    while (length > 3) {
        a += k[0];
        b += k[1];
        c += k[2];
        JHASH_MIX(a, b, c);
        length -= 3;
        k += 3;
    }
    switch (length) {
    case 3: c += k[2]; /* fall through */
    case 2: b += k[1]; /* fall through */
    case 1: a += k[0];
        JHASH_FINAL(a, b, c);
        break;
    default:
        break;
    }
    return c;
}

/* The fixed-size fast paths (Linux's jhash_3words/2words/1word): the words
 * go straight into final(), no length loop and no byte tail.  They equal
 * jhash2() over the same words. */
static inline uint32_t jhash_nwords_(uint32_t a, uint32_t b, uint32_t c, uint32_t initval)
{
    a += initval;
    b += initval;
    c += initval;
    JHASH_FINAL(a, b, c);
    return c;
}

static inline uint32_t jhash_3words(uint32_t a, uint32_t b, uint32_t c, uint32_t initval)
{
    return jhash_nwords_(a, b, c, initval + JHASH_INITVAL + (3u << 2));
}

static inline uint32_t jhash_2words(uint32_t a, uint32_t b, uint32_t initval)
{
    return jhash_nwords_(a, b, 0, initval + JHASH_INITVAL + (2u << 2));
}

static inline uint32_t jhash_1word(uint32_t a, uint32_t initval)
{
    return jhash_nwords_(a, 0, 0, initval + JHASH_INITVAL + (1u << 2));
}

#endif /* SIPHASH_BENCH_JHASH_H */
