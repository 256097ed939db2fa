/* SPDX-License-Identifier: MIT */
/*
 * halfsiphash.c — HalfSipHash-c-d, and Linux's hsiphash where it is
 * HalfSipHash-1-3 (32-bit unsigned long; on 64-bit targets hsiphash is
 * SipHash-1-3 and lives with the 64-bit code in siphash.c, as in Linux).
 */
#include "internal.h"

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    assigns \nothing;
    SIP_FUNC(ensures func: \result == halfsiphash32_spec((uint8_t *)data, len, c, d, k0, k1);) */
SIP_INLINE uint32_t hsip_hash32(const void *data, size_t len, uint32_t k0, uint32_t k1,
                                unsigned c, unsigned d)
{
    hsip_state s = hsip_init(k0, k1, 0);
    hsip_absorb_all(&s, (const uint8_t *)data, len, c);
    return hsip_finish1(&s, d, 0);
}

/* The 64-bit output as the little-endian reading of the reference bytes:
 * first word computed in the low half. */
/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1)) && \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == halfsiphash64_spec((uint8_t *)data, len, c, d,
                                                        key->key[0], key->key[1]);) */
SIP_INLINE uint64_t hsip_hash64(const void *data, size_t len, const halfsiphash_key_t *key,
                                unsigned c, unsigned d)
{
    hsip_state s = hsip_init(key->key[0], key->key[1], 1);
    hsip_absorb_all(&s, (const uint8_t *)data, len, c);
    uint64_t lo = hsip_finish1(&s, d, 1);
    return lo | (uint64_t)hsip_finish2(&s, d) << 32;
}

/* halfsiphash<c><d>_32 and halfsiphash<c><d>_64 for one pair of round
 * counts. */
#define HALFSIPHASH_FUNCTIONS(c, d)                                            \
    SIP_HOT SIPHASH_API uint32_t halfsiphash##c##d##_32(const void *data, size_t len, \
                                                        const halfsiphash_key_t *key) \
    {                                                                          \
        return hsip_hash32(data, len, key->key[0], key->key[1], c, d);         \
    }                                                                          \
    SIP_HOT SIPHASH_API uint64_t halfsiphash##c##d##_64(const void *data, size_t len, \
                                                        const halfsiphash_key_t *key) \
    {                                                                          \
        return hsip_hash64(data, len, key, c, d);                              \
    }

HALFSIPHASH_FUNCTIONS(2, 4)
HALFSIPHASH_FUNCTIONS(1, 3)
#undef HALFSIPHASH_FUNCTIONS

#if ULONG_MAX <= 0xffffffffUL
/* HalfSipHash-1-3 with 32-bit output and the two-word key; every argument
 * of the fixed-size functions is one block. */
SIP_HOT SIPHASH_API uint32_t hsiphash_generic(const void *data, size_t len,
                                              const hsiphash_key_t *key)
{
    return hsip_hash32(data, len, (uint32_t)key->key[0], (uint32_t)key->key[1], 1, 3);
}

#define HPREAMBLE(len)                                                         \
    hsip_state s = hsip_init((uint32_t)key->key[0], (uint32_t)key->key[1], 0); \
    uint32_t b = (uint32_t)(len) << 24
#define HWORD(m) hsip_absorb(&s, (m), 1)
#define HLAST hsip_absorb(&s, b, 1)
#define HFINISH hsip_finish1(&s, 3, 0)

SIP_HOT SIPHASH_API uint32_t hsiphash_1u32(uint32_t a, const hsiphash_key_t *key)
{
    HPREAMBLE(4);
    HWORD(a);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 4, le_u32s(m, 1, a, 0, 0, 0));
    //@ assert func: SIP_HFIXED_LAST_(4, le_u32s(m, 1, a, 0, 0, 0));
    HLAST;
    //@ assert func: SIP_HFIXED_(hsip_compress_all, 4, le_u32s(m, 1, a, 0, 0, 0));
    return HFINISH;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_2u32(uint32_t a, uint32_t b2, const hsiphash_key_t *key)
{
    HPREAMBLE(8);
    HWORD(a);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 4, le_u32s(m, 1, a, 0, 0, 0));
    HWORD(b2);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 8, le_u32s(m, 2, a, b2, 0, 0));
    //@ assert func: SIP_HFIXED_LAST_(8, le_u32s(m, 2, a, b2, 0, 0));
    HLAST;
    //@ assert func: SIP_HFIXED_(hsip_compress_all, 8, le_u32s(m, 2, a, b2, 0, 0));
    return HFINISH;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_3u32(uint32_t a, uint32_t b2, uint32_t c,
                                           const hsiphash_key_t *key)
{
    HPREAMBLE(12);
    HWORD(a);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 4, le_u32s(m, 1, a, 0, 0, 0));
    HWORD(b2);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 8, le_u32s(m, 2, a, b2, 0, 0));
    HWORD(c);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 12, le_u32s(m, 3, a, b2, c, 0));
    //@ assert func: SIP_HFIXED_LAST_(12, le_u32s(m, 3, a, b2, c, 0));
    HLAST;
    //@ assert func: SIP_HFIXED_(hsip_compress_all, 12, le_u32s(m, 3, a, b2, c, 0));
    return HFINISH;
}

SIP_HOT SIPHASH_API uint32_t hsiphash_4u32(uint32_t a, uint32_t b2, uint32_t c, uint32_t d,
                                           const hsiphash_key_t *key)
{
    HPREAMBLE(16);
    HWORD(a);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 4, le_u32s(m, 1, a, 0, 0, 0));
    HWORD(b2);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 8, le_u32s(m, 2, a, b2, 0, 0));
    HWORD(c);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 12, le_u32s(m, 3, a, b2, c, 0));
    HWORD(d);
    //@ assert func: SIP_HFIXED_(hsip_absorb_from, 16, le_u32s(m, 4, a, b2, c, d));
    //@ assert func: SIP_HFIXED_LAST_(16, le_u32s(m, 4, a, b2, c, d));
    HLAST;
    //@ assert func: SIP_HFIXED_(hsip_compress_all, 16, le_u32s(m, 4, a, b2, c, d));
    return HFINISH;
}

#undef HPREAMBLE
#undef HWORD
#undef HLAST
#undef HFINISH
#endif
