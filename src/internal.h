/* SPDX-License-Identifier: MIT */
/*
 * internal.h — the single source of truth for the rounds, the constants,
 * little-endian loads/stores and tail handling.  Private to src/.
 */
#ifndef SIPHASH_INTERNAL_H
#define SIPHASH_INTERNAL_H

#include "siphash.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define SIP_INLINE static inline __attribute__((always_inline))
#define SIP_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define SIP_INLINE static inline
#define SIP_LIKELY(x) (x)
#endif

/* The hashing functions start on a 64-byte boundary: their straight-line
 * bodies (~500 bytes) then span the fewest fetch blocks and cache lines,
 * and their speed no longer depends on where the linker happens to put
 * them (measured: up to 4% either way for the same code). */
#if defined(__GNUC__) || defined(__clang__)
#define SIP_HOT __attribute__((aligned(64)))
#else
#define SIP_HOT
#endif

/* ---- byte order ------------------------------------------------------- */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SIP_LITTLE_ENDIAN 1
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SIP_LITTLE_ENDIAN 0
#else
#error "cannot tell the byte order of this target"
#endif

SIP_INLINE uint64_t sip_bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    x = (x & 0x00000000ffffffffULL) << 32 | x >> 32;
    x = (x & 0x0000ffff0000ffffULL) << 16 | (x & 0xffff0000ffff0000ULL) >> 16;
    return (x & 0x00ff00ff00ff00ffULL) << 8 | (x & 0xff00ff00ff00ff00ULL) >> 8;
#endif
}

SIP_INLINE uint32_t sip_bswap32(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap32(x);
#else
    return x << 24 | (x & 0xff00u) << 8 | (x >> 8 & 0xff00u) | x >> 24;
#endif
}

/* Loads and stores go through memcpy: any alignment, no aliasing UB. */
SIP_INLINE uint64_t sip_load64(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return SIP_LITTLE_ENDIAN ? x : sip_bswap64(x);
}

SIP_INLINE uint32_t sip_load32(const uint8_t *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return SIP_LITTLE_ENDIAN ? x : sip_bswap32(x);
}

SIP_INLINE void sip_store64(uint8_t *p, uint64_t x)
{
    x = SIP_LITTLE_ENDIAN ? x : sip_bswap64(x);
    memcpy(p, &x, 8);
}

SIP_INLINE void sip_store32(uint8_t *p, uint32_t x)
{
    x = SIP_LITTLE_ENDIAN ? x : sip_bswap32(x);
    memcpy(p, &x, 4);
}

SIP_INLINE uint32_t sip_load16(const uint8_t *p)
{
    uint16_t x;
    memcpy(&x, p, 2);
#if SIP_LITTLE_ENDIAN
    return x;
#else
    return (uint32_t)(x >> 8 | (uint16_t)(x << 8));
#endif
}

/*
 * The last len & 7 bytes of a message as a little-endian integer, without a
 * byte switch and without reading outside p[0 .. len-1].
 *   len >= 8:  one 8-byte load ending at the last byte, shifted right to
 *              drop the bytes already absorbed.
 *   r = 4..7:  a 4-byte load, and for 5..7 a second one ending at the last
 *              byte (they overlap; the shared bytes agree, so OR-ing them
 *              is exact).
 *   r = 2, 3:  the same with 2-byte loads.
 *   r = 1:     the one byte.
 * Each case is a handful of instructions: the paths are chosen by the bits
 * of the length, never by the data, and a caller with a constant length
 * keeps only its own path.
 */
SIP_INLINE uint64_t sip_tail64(const uint8_t *p, size_t len)
{
    size_t r = len & 7;
    if (SIP_LIKELY(len >= 8))
        return r ? sip_load64(p + len - 8) >> (64 - 8 * r) : 0;
    if (r & 4) {
        uint64_t t = sip_load32(p);
        if (r & 3) /* 5..7: the overlapping load; 4 needs none */
            t |= (uint64_t)sip_load32(p + r - 4) << (8 * r - 32);
        return t;
    }
    if (r & 2) {
        uint64_t t = sip_load16(p);
        if (r & 1)
            t |= (uint64_t)sip_load16(p + 1) << 8;
        return t;
    }
    return r ? p[0] : 0;
}

/* The same for 4-byte blocks (HalfSipHash): the last len & 3 bytes. */
SIP_INLINE uint32_t sip_tail32(const uint8_t *p, size_t len)
{
    size_t r = len & 3;
    if (len >= 4)
        return r ? sip_load32(p + len - 4) >> (32 - 8 * r) : 0;
    if (r & 2) {
        uint32_t t = sip_load16(p);
        if (r & 1)
            t |= sip_load16(p + 1) << 8;
        return t;
    }
    return r ? p[0] : 0;
}

/* ---- SipHash (64-bit words) ------------------------------------------- */

/* The round and the constants are defined once, in the public header (its
 * inline constant-length path needs them too). */
#define SIPROUND(v0, v1, v2, v3) SIPHASH_PERMUTATION(v0, v1, v2, v3)
#define SIP_C0 SIPHASH_CONST_0
#define SIP_C1 SIPHASH_CONST_1
#define SIP_C2 SIPHASH_CONST_2
#define SIP_C3 SIPHASH_CONST_3

typedef struct {
    uint64_t v0, v1, v2, v3;
} sip_state;

SIP_INLINE sip_state sip_init(uint64_t k0, uint64_t k1, int out128)
{
    sip_state s = {SIP_C0 ^ k0, SIP_C1 ^ k1, SIP_C2 ^ k0, SIP_C3 ^ k1};
    if (out128)
        s.v1 ^= 0xee;
    return s;
}

/*
 * The same initial state, for the one-shot functions: the constants are
 * read from memory (sip_iv, defined in sip_iv.c) instead of being built
 * from 64-bit immediates.  "xor reg, [mem]" is one ALU operation where
 * "movabs reg, imm64; xor" is two, and a short hash is bound by ALU
 * operations, not by loads: this saves 4 of its ~120.  (The compiler cannot
 * fold the values back in: it does not see them here.)
 */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
/* Hidden: addressed PC-relative, not through the GOT, in the shared library. */
__attribute__((visibility("hidden")))
#endif
extern const uint64_t sip_iv[4];

SIP_INLINE sip_state sip_init_mem(uint64_t k0, uint64_t k1, int out128)
{
    sip_state s = {sip_iv[0] ^ k0, sip_iv[1] ^ k1, sip_iv[2] ^ k0, sip_iv[3] ^ k1};
    if (out128)
        s.v1 ^= 0xee;
    return s;
}

/* n rounds; with a constant n (the usual case) the loop unrolls away. */
SIP_INLINE void sip_rounds(sip_state *s, unsigned n)
{
    uint64_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
    for (unsigned i = 0; i < n; i++)
        SIPROUND(v0, v1, v2, v3);
    s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
}

SIP_INLINE void sip_absorb(sip_state *s, uint64_t m, unsigned c)
{
    s->v3 ^= m;
    sip_rounds(s, c);
    s->v0 ^= m;
}

/* First (or only) output word; out128 selects the 0xee/0xff constant. */
SIP_INLINE uint64_t sip_finish1(sip_state *s, unsigned d, int out128)
{
    s->v2 ^= out128 ? 0xee : 0xff;
    sip_rounds(s, d);
    return (s->v0 ^ s->v1) ^ (s->v2 ^ s->v3);
}

/* Second output word of the 128-bit variant. */
SIP_INLINE uint64_t sip_finish2(sip_state *s, unsigned d)
{
    s->v1 ^= 0xdd;
    sip_rounds(s, d);
    return (s->v0 ^ s->v1) ^ (s->v2 ^ s->v3);
}

/* Absorbs a whole message including the final length block.  Indexes
 * instead of advancing p, so a NULL p with len 0 sees no arithmetic. */
SIP_INLINE void sip_absorb_all(sip_state *s, const uint8_t *p, size_t len, unsigned c)
{
    size_t full = len & ~(size_t)7;
    for (size_t i = 0; i < full; i += 8)
        sip_absorb(s, sip_load64(p + i), c);
    sip_absorb(s, (uint64_t)len << 56 | sip_tail64(p, len), c);
}

/*
 * SipHash-c-d of a whole message with the 64-bit output, the one-shot
 * functions' core.  The same steps as sip_init_mem + sip_absorb_all +
 * sip_finish1, written on four local variables: clang schedules this form
 * measurably better (2-4 % lower latency at 8..64 bytes; gcc is unchanged).
 */
SIP_INLINE uint64_t sip_oneshot64(const uint8_t *p, size_t len, uint64_t k0, uint64_t k1,
                                  unsigned c, unsigned d)
{
    uint64_t v0 = sip_iv[0] ^ k0, v1 = sip_iv[1] ^ k1;
    uint64_t v2 = sip_iv[2] ^ k0, v3 = sip_iv[3] ^ k1;
    size_t full = len & ~(size_t)7;
    for (size_t i = 0; i < full; i += 8) {
        uint64_t m = sip_load64(p + i);
        v3 ^= m;
        for (unsigned j = 0; j < c; j++)
            SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint64_t b = (uint64_t)len << 56 | sip_tail64(p, len);
    v3 ^= b;
    for (unsigned j = 0; j < c; j++)
        SIPROUND(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= 0xff;
    for (unsigned j = 0; j < d; j++)
        SIPROUND(v0, v1, v2, v3);
    return (v0 ^ v1) ^ (v2 ^ v3);
}

/* ---- HalfSipHash (32-bit words) --------------------------------------- */

#define SIP_ROTL32(x, b) (uint32_t)(((x) << (b)) | ((x) >> (32 - (b))))

#define HSIPROUND(v0, v1, v2, v3)                                              \
    do {                                                                       \
        v0 += v1; v1 = SIP_ROTL32(v1, 5); v1 ^= v0; v0 = SIP_ROTL32(v0, 16);  \
        v2 += v3; v3 = SIP_ROTL32(v3, 8); v3 ^= v2;                            \
        v0 += v3; v3 = SIP_ROTL32(v3, 7); v3 ^= v0;                            \
        v2 += v1; v1 = SIP_ROTL32(v1, 13); v1 ^= v2; v2 = SIP_ROTL32(v2, 16); \
    } while (0)

typedef struct {
    uint32_t v0, v1, v2, v3;
} hsip_state;

SIP_INLINE hsip_state hsip_init(uint32_t k0, uint32_t k1, int out64)
{
    hsip_state s = {k0, k1, 0x6c796765u ^ k0, 0x74656462u ^ k1};
    if (out64)
        s.v1 ^= 0xee;
    return s;
}

SIP_INLINE void hsip_rounds(hsip_state *s, unsigned n)
{
    uint32_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
    for (unsigned i = 0; i < n; i++)
        HSIPROUND(v0, v1, v2, v3);
    s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
}

SIP_INLINE void hsip_absorb(hsip_state *s, uint32_t m, unsigned c)
{
    s->v3 ^= m;
    hsip_rounds(s, c);
    s->v0 ^= m;
}

SIP_INLINE uint32_t hsip_finish1(hsip_state *s, unsigned d, int out64)
{
    s->v2 ^= out64 ? 0xee : 0xff;
    hsip_rounds(s, d);
    return s->v1 ^ s->v3;
}

SIP_INLINE uint32_t hsip_finish2(hsip_state *s, unsigned d)
{
    s->v1 ^= 0xdd;
    hsip_rounds(s, d);
    return s->v1 ^ s->v3;
}

SIP_INLINE void hsip_absorb_all(hsip_state *s, const uint8_t *p, size_t len, unsigned c)
{
    size_t full = len & ~(size_t)3;
    for (size_t i = 0; i < full; i += 4)
        hsip_absorb(s, sip_load32(p + i), c);
    hsip_absorb(s, (uint32_t)len << 24 | sip_tail32(p, len), c);
}

#endif /* SIPHASH_INTERNAL_H */
