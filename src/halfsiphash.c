/* SPDX-License-Identifier: MIT */
/*
 * halfsiphash.c — HalfSipHash-c-d and Linux's hsiphash.
 *
 * hsiphash is kernel-compatible: where unsigned long is 64 bits it is
 * SipHash-1-3 truncated to 32 bits (Linux's choice for speed on 64-bit
 * machines), where it is 32 bits it is HalfSipHash-1-3.
 */
#include "internal.h"

SIP_INLINE uint32_t hsip_hash32(const void *data, size_t len, const halfsiphash_key_t *key,
                                unsigned c, unsigned d)
{
    hsip_state s = hsip_init(key->key[0], key->key[1], 0);
    hsip_absorb_all(&s, (const uint8_t *)data, len, c);
    return hsip_finish1(&s, d, 0);
}

/* The 64-bit output as the little-endian reading of the reference bytes:
 * first word computed in the low half. */
SIP_INLINE uint64_t hsip_hash64(const void *data, size_t len, const halfsiphash_key_t *key,
                                unsigned c, unsigned d)
{
    hsip_state s = hsip_init(key->key[0], key->key[1], 1);
    hsip_absorb_all(&s, (const uint8_t *)data, len, c);
    uint64_t lo = hsip_finish1(&s, d, 1);
    return lo | (uint64_t)hsip_finish2(&s, d) << 32;
}

SIP_HOT SIPHASH_API uint32_t halfsiphash24_32(const void *data, size_t len, const halfsiphash_key_t *key)
{
    return hsip_hash32(data, len, key, 2, 4);
}

SIP_HOT SIPHASH_API uint64_t halfsiphash24_64(const void *data, size_t len, const halfsiphash_key_t *key)
{
    return hsip_hash64(data, len, key, 2, 4);
}

SIP_HOT SIPHASH_API uint32_t halfsiphash13_32(const void *data, size_t len, const halfsiphash_key_t *key)
{
    return hsip_hash32(data, len, key, 1, 3);
}

SIP_HOT SIPHASH_API uint64_t halfsiphash13_64(const void *data, size_t len, const halfsiphash_key_t *key)
{
    return hsip_hash64(data, len, key, 1, 3);
}

#if ULONG_MAX > 0xffffffffUL
/* 64-bit: SipHash-1-3, low 32 bits.  The fixed-size functions absorb whole
 * 64-bit words and put a leftover 32-bit word into the length block. */
#define HPREAMBLE(len)                                                         \
    uint64_t v0 = sip_iv[0] ^ key->key[0], v1 = sip_iv[1] ^ key->key[1];      \
    uint64_t v2 = sip_iv[2] ^ key->key[0], v3 = sip_iv[3] ^ key->key[1];      \
    uint64_t b = (uint64_t)(len) << 56
#define HWORD64(lo, hi)                                                        \
    do {                                                                       \
        uint64_t m_ = (uint64_t)(hi) << 32 | (lo);                             \
        v3 ^= m_;                                                              \
        SIPROUND(v0, v1, v2, v3);                                              \
        v0 ^= m_;                                                              \
    } while (0)
#define HPOSTAMBLE                                                             \
    v3 ^= b;                                                                   \
    SIPROUND(v0, v1, v2, v3);                                                  \
    v0 ^= b;                                                                   \
    v2 ^= 0xff;                                                                \
    SIPROUND(v0, v1, v2, v3);                                                  \
    SIPROUND(v0, v1, v2, v3);                                                  \
    SIPROUND(v0, v1, v2, v3);                                                  \
    return (uint32_t)((v0 ^ v1) ^ (v2 ^ v3))

SIP_HOT SIPHASH_API uint32_t hsiphash_generic(const void *data, size_t len, const hsiphash_key_t *key)
{
    return (uint32_t)sip_oneshot64((const uint8_t *)data, len, key->key[0], key->key[1], 1, 3);
}

SIP_HOT SIPHASH_API uint32_t hsiphash_1u32(uint32_t a, const hsiphash_key_t *key)
{
    HPREAMBLE(4);
    b |= a;
    HPOSTAMBLE;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_2u32(uint32_t a, uint32_t b2, const hsiphash_key_t *key)
{
    HPREAMBLE(8);
    HWORD64(a, b2);
    HPOSTAMBLE;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_3u32(uint32_t a, uint32_t b2, uint32_t c, const hsiphash_key_t *key)
{
    HPREAMBLE(12);
    HWORD64(a, b2);
    b |= c;
    HPOSTAMBLE;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_4u32(uint32_t a, uint32_t b2, uint32_t c, uint32_t d,
                                   const hsiphash_key_t *key)
{
    HPREAMBLE(16);
    HWORD64(a, b2);
    HWORD64(c, d);
    HPOSTAMBLE;
}

#else
/* 32-bit: HalfSipHash-1-3 with 32-bit output; every argument is one block. */
#define HPREAMBLE(len)                                                         \
    hsip_state s = hsip_init((uint32_t)key->key[0], (uint32_t)key->key[1], 0); \
    uint32_t b = (uint32_t)(len) << 24
#define HWORD32(m) hsip_absorb(&s, (m), 1)
#define HPOSTAMBLE                                                             \
    hsip_absorb(&s, b, 1);                                                     \
    return hsip_finish1(&s, 3, 0)

SIP_HOT SIPHASH_API uint32_t hsiphash_generic(const void *data, size_t len, const hsiphash_key_t *key)
{
    hsip_state s = hsip_init((uint32_t)key->key[0], (uint32_t)key->key[1], 0);
    hsip_absorb_all(&s, (const uint8_t *)data, len, 1);
    return hsip_finish1(&s, 3, 0);
}

SIP_HOT SIPHASH_API uint32_t hsiphash_1u32(uint32_t a, const hsiphash_key_t *key)
{
    HPREAMBLE(4);
    HWORD32(a);
    HPOSTAMBLE;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_2u32(uint32_t a, uint32_t b2, const hsiphash_key_t *key)
{
    HPREAMBLE(8);
    HWORD32(a);
    HWORD32(b2);
    HPOSTAMBLE;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_3u32(uint32_t a, uint32_t b2, uint32_t c, const hsiphash_key_t *key)
{
    HPREAMBLE(12);
    HWORD32(a);
    HWORD32(b2);
    HWORD32(c);
    HPOSTAMBLE;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_4u32(uint32_t a, uint32_t b2, uint32_t c, uint32_t d,
                                   const hsiphash_key_t *key)
{
    HPREAMBLE(16);
    HWORD32(a);
    HWORD32(b2);
    HWORD32(c);
    HWORD32(d);
    HPOSTAMBLE;
}
#endif
