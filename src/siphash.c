/* SPDX-License-Identifier: MIT */
/*
 * siphash.c — SipHash-c-d one-shot functions, Linux's fixed-size paths,
 * and hsiphash where it is SipHash-1-3 (64-bit unsigned long, as in Linux's
 * lib/siphash.c; the 32-bit hsiphash is in halfsiphash.c).
 *
 * Every function here is a thin instantiation of the core in internal.h
 * with constant round counts, so each compiles to straight-line rounds
 * with the key in registers.
 */
#include "internal.h"

#define HASH64(c, d, fold)                                                     \
    sip_hash64((const uint8_t *)data, len, key->key[0], key->key[1], (c), (d), (fold))

/* The 128-bit variant through the sip_state steps: the same blocks as
 * sip_hash64, which GCC schedules better in this form here (measured with
 * siphash-bench on AMD Zen 3: 5 % lower latency at 8..32 bytes than through
 * the four-variable core). */
/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1)) && \valid_read(key);
    requires \valid(out + (0 .. 15)) && \separated(out + (0 .. 15), key);
    requires \valid_read(sip_iv + (0 .. 3));
    assigns out[0 .. 15];
    SIP_FUNC(ensures func: le_stored(out, siphash128_lo_spec{Pre}((uint8_t *)data, len, c, d,
                                                                  key->key[0], key->key[1]));)
    SIP_FUNC(ensures func: le_stored(out + 8, siphash128_hi_spec{Pre}((uint8_t *)data, len, c, d,
                                                                      key->key[0], key->key[1]));) */
SIP_INLINE void sip_hash128(const void *data, size_t len, const siphash_key_t *key,
                            unsigned c, unsigned d, uint8_t out[16])
{
    const uint8_t *p = (const uint8_t *)data;
    const size_t full = len & ~(size_t)7;
    sip_state s = sip_init(key->key[0], key->key[1], 1);
    /*@ loop invariant 0 <= i <= full && i % 8 == 0;
        SIP_FUNC(loop invariant func:
                   SIP_FIELDS_(s, ==, sip_absorbed, p, i, c, key->key[0], key->key[1], 1);)
        loop assigns i, s;
        loop variant full - i; */
    for (size_t i = 0; i < full; i += 8)
        sip_absorb(&s, sip_load64(p + i), c);
    sip_absorb(&s, sip_last_word(p, len, 0), c);
#ifdef SIP_PROOF_FUNC
    //@ assert func: SIP_FIELDS_(s, ==, sip_compressed, p, len, c, key->key[0], key->key[1], 1);
#endif
    sip_store64(out, sip_finish1(&s, d, 1));
#ifdef SIP_PROOF_FUNC
    /*@ assert func: SIP_FIELDS_(s, ==, sip_final_state{Pre}, p, len, c, d, key->key[0],
                                 key->key[1], 1); */
#endif
    sip_store64(out + 8, sip_finish2(&s, d));
}

SIP_HOT SIPHASH_API uint64_t siphash24_64(const void *data, size_t len, const siphash_key_t *key)
{
    return HASH64(2, 4, 0);
}

SIP_HOT SIPHASH_API void siphash24_128(const void *data, size_t len, const siphash_key_t *key,
                                       uint8_t out[16])
{
    sip_hash128(data, len, key, 2, 4, out);
}

SIP_HOT SIPHASH_API uint64_t siphash13_64(const void *data, size_t len, const siphash_key_t *key)
{
    return HASH64(1, 3, 0);
}

SIP_HOT SIPHASH_API void siphash13_128(const void *data, size_t len, const siphash_key_t *key,
                                       uint8_t out[16])
{
    sip_hash128(data, len, key, 1, 3, out);
}

SIP_HOT SIPHASH_API uint64_t siphash12_64(const void *data, size_t len, const siphash_key_t *key)
{
    return HASH64(1, 2, 0);
}

SIP_HOT SIPHASH_API uint64_t siphash12_nocase_64(const void *data, size_t len,
                                                 const siphash_key_t *key)
{
    return HASH64(1, 2, 1);
}

#if ULONG_MAX > 0xffffffffUL
SIP_HOT SIPHASH_API uint32_t hsiphash_generic(const void *data, size_t len,
                                              const hsiphash_key_t *key)
{
    return (uint32_t)HASH64(1, 3, 0);
}
#endif

#undef HASH64

/*
 * Fixed-size functions, after Linux's PREAMBLE/POSTAMBLE: absorb whole
 * 64-bit words, then the final block = length byte | leftover 32-bit word.
 * SipHash-2-4 for siphash_*, SipHash-1-3 for hsiphash_* on 64-bit targets.
 */
#define PREAMBLE(len)                                                          \
    sip_state s = sip_init(key->key[0], key->key[1], 0);                       \
    uint64_t b = (uint64_t)(len) << 56
#define WORD(m, c) sip_absorb(&s, (m), (c))
#define POSTAMBLE(c, d)                                                        \
    sip_absorb(&s, b, (c));                                                    \
    return sip_finish1(&s, (d), 0)
#define U32PAIR(lo, hi) ((uint64_t)(hi) << 32 | (lo))

SIP_HOT SIPHASH_API uint64_t siphash_1u64(uint64_t a, const siphash_key_t *key)
{
    PREAMBLE(8);
    WORD(a, 2);
    POSTAMBLE(2, 4);
}

SIP_HOT SIPHASH_API uint64_t siphash_2u64(uint64_t a, uint64_t b2, const siphash_key_t *key)
{
    PREAMBLE(16);
    WORD(a, 2);
    WORD(b2, 2);
    POSTAMBLE(2, 4);
}

SIP_HOT SIPHASH_API uint64_t siphash_3u64(uint64_t a, uint64_t b2, uint64_t c,
                                          const siphash_key_t *key)
{
    PREAMBLE(24);
    WORD(a, 2);
    WORD(b2, 2);
    WORD(c, 2);
    POSTAMBLE(2, 4);
}

SIP_HOT SIPHASH_API uint64_t siphash_4u64(uint64_t a, uint64_t b2, uint64_t c, uint64_t d,
                                          const siphash_key_t *key)
{
    PREAMBLE(32);
    WORD(a, 2);
    WORD(b2, 2);
    WORD(c, 2);
    WORD(d, 2);
    POSTAMBLE(2, 4);
}

/* The four 32-bit-argument functions of a family, each written once:
 * siphash_1u32 .. siphash_4u32 (SipHash-2-4) and, on 64-bit targets,
 * hsiphash_1u32 .. hsiphash_4u32 (SipHash-1-3). */
#define U32_FUNCTIONS(name, ret_t, keytype, c, d)                                \
    SIP_HOT SIPHASH_API ret_t name##_1u32(uint32_t a, const keytype *key)        \
    {                                                                          \
        PREAMBLE(4);                                                           \
        b |= a;                                                                \
        POSTAMBLE(c, d);                                                       \
    }                                                                          \
    SIP_HOT SIPHASH_API ret_t name##_2u32(uint32_t a, uint32_t b2, const keytype *key) \
    {                                                                          \
        PREAMBLE(8);                                                           \
        WORD(U32PAIR(a, b2), c);                                               \
        POSTAMBLE(c, d);                                                       \
    }                                                                          \
    SIP_HOT SIPHASH_API ret_t name##_3u32(uint32_t a, uint32_t b2, uint32_t c3, \
                                          const keytype *key)                    \
    {                                                                          \
        PREAMBLE(12);                                                          \
        WORD(U32PAIR(a, b2), c);                                               \
        b |= c3;                                                               \
        POSTAMBLE(c, d);                                                       \
    }                                                                          \
    SIP_HOT SIPHASH_API ret_t name##_4u32(uint32_t a, uint32_t b2, uint32_t c3, \
                                          uint32_t d4, const keytype *key)       \
    {                                                                          \
        PREAMBLE(16);                                                          \
        WORD(U32PAIR(a, b2), c);                                               \
        WORD(U32PAIR(c3, d4), c);                                              \
        POSTAMBLE(c, d);                                                       \
    }

U32_FUNCTIONS(siphash, uint64_t, siphash_key_t, 2, 4)
#if ULONG_MAX > 0xffffffffUL
U32_FUNCTIONS(hsiphash, uint32_t, hsiphash_key_t, 1, 3)
#endif

#undef U32_FUNCTIONS
#undef PREAMBLE
#undef WORD
#undef POSTAMBLE
#undef U32PAIR

SIPHASH_API const char *siphash_version(void)
{
    return SIPHASH_VERSION_STRING;
}
