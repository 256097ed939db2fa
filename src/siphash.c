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
 * Each is written out (no macro makes a whole function) so that the proof
 * (proof/prove.sh, unit func-fixed) can say after every word which state of
 * the spec it has reached: for every message m whose little-endian words
 * are the arguments (le_u64s, le_u32s: proof/spec/bytes.h), the state is
 * the spec's after the first `at` bytes of m (SIP_FIXED_, prelude.h).
 */
#define PREAMBLE(len)                                                          \
    sip_state s = sip_init(key->key[0], key->key[1], 0);                       \
    uint64_t b = (uint64_t)(len) << 56
#define WORD(m, c) sip_absorb(&s, (m), (c))
#define LAST(c) sip_absorb(&s, b, (c))
#define FINISH(d) sip_finish1(&s, (d), 0)
#define U32PAIR(lo, hi) ((uint64_t)(hi) << 32 | (lo))

SIP_HOT SIPHASH_API uint64_t siphash_1u64(uint64_t a, const siphash_key_t *key)
{
    PREAMBLE(8);
    WORD(a, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 2, le_u64s(m, 1, a, 0, 0, 0));
    //@ assert func: SIP_FIXED_LAST_(8, le_u64s(m, 1, a, 0, 0, 0));
    LAST(2);
    //@ assert func: SIP_FIXED_(sip_compressed, 8, 2, le_u64s(m, 1, a, 0, 0, 0));
    return FINISH(4);
}

SIP_HOT SIPHASH_API uint64_t siphash_2u64(uint64_t a, uint64_t b2, const siphash_key_t *key)
{
    PREAMBLE(16);
    WORD(a, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 2, le_u64s(m, 1, a, 0, 0, 0));
    WORD(b2, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 16, 2, le_u64s(m, 2, a, b2, 0, 0));
    //@ assert func: SIP_FIXED_LAST_(16, le_u64s(m, 2, a, b2, 0, 0));
    LAST(2);
    //@ assert func: SIP_FIXED_(sip_compressed, 16, 2, le_u64s(m, 2, a, b2, 0, 0));
    return FINISH(4);
}

SIP_HOT SIPHASH_API uint64_t siphash_3u64(uint64_t a, uint64_t b2, uint64_t c,
                                          const siphash_key_t *key)
{
    PREAMBLE(24);
    WORD(a, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 2, le_u64s(m, 1, a, 0, 0, 0));
    WORD(b2, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 16, 2, le_u64s(m, 2, a, b2, 0, 0));
    WORD(c, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 24, 2, le_u64s(m, 3, a, b2, c, 0));
    //@ assert func: SIP_FIXED_LAST_(24, le_u64s(m, 3, a, b2, c, 0));
    LAST(2);
    //@ assert func: SIP_FIXED_(sip_compressed, 24, 2, le_u64s(m, 3, a, b2, c, 0));
    return FINISH(4);
}

SIP_HOT SIPHASH_API uint64_t siphash_4u64(uint64_t a, uint64_t b2, uint64_t c, uint64_t d,
                                          const siphash_key_t *key)
{
    PREAMBLE(32);
    WORD(a, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 2, le_u64s(m, 1, a, 0, 0, 0));
    WORD(b2, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 16, 2, le_u64s(m, 2, a, b2, 0, 0));
    WORD(c, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 24, 2, le_u64s(m, 3, a, b2, c, 0));
    WORD(d, 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 32, 2, le_u64s(m, 4, a, b2, c, d));
    //@ assert func: SIP_FIXED_LAST_(32, le_u64s(m, 4, a, b2, c, d));
    LAST(2);
    //@ assert func: SIP_FIXED_(sip_compressed, 32, 2, le_u64s(m, 4, a, b2, c, d));
    return FINISH(4);
}

SIP_HOT SIPHASH_API uint64_t siphash_1u32(uint32_t a, const siphash_key_t *key)
{
    PREAMBLE(4);
    b |= a;
    //@ assert func: SIP_FIXED_LAST_(4, le_u32s(m, 1, a, 0, 0, 0));
    LAST(2);
    //@ assert func: SIP_FIXED_(sip_compressed, 4, 2, le_u32s(m, 1, a, 0, 0, 0));
    return FINISH(4);
}

SIP_HOT SIPHASH_API uint64_t siphash_2u32(uint32_t a, uint32_t b2, const siphash_key_t *key)
{
    PREAMBLE(8);
    WORD(U32PAIR(a, b2), 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 2, le_u32s(m, 2, a, b2, 0, 0));
    //@ assert func: SIP_FIXED_LAST_(8, le_u32s(m, 2, a, b2, 0, 0));
    LAST(2);
    //@ assert func: SIP_FIXED_(sip_compressed, 8, 2, le_u32s(m, 2, a, b2, 0, 0));
    return FINISH(4);
}

SIP_HOT SIPHASH_API uint64_t siphash_3u32(uint32_t a, uint32_t b2, uint32_t c3,
                                          const siphash_key_t *key)
{
    PREAMBLE(12);
    WORD(U32PAIR(a, b2), 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 2, le_u32s(m, 2, a, b2, 0, 0));
    b |= c3;
    //@ assert func: SIP_FIXED_LAST_(12, le_u32s(m, 3, a, b2, c3, 0));
    LAST(2);
    //@ assert func: SIP_FIXED_(sip_compressed, 12, 2, le_u32s(m, 3, a, b2, c3, 0));
    return FINISH(4);
}

SIP_HOT SIPHASH_API uint64_t siphash_4u32(uint32_t a, uint32_t b2, uint32_t c3, uint32_t d4,
                                  const siphash_key_t *key)
{
    PREAMBLE(16);
    WORD(U32PAIR(a, b2), 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 2, le_u32s(m, 2, a, b2, 0, 0));
    WORD(U32PAIR(c3, d4), 2);
    //@ assert func: SIP_FIXED_(sip_absorbed, 16, 2, le_u32s(m, 4, a, b2, c3, d4));
    //@ assert func: SIP_FIXED_LAST_(16, le_u32s(m, 4, a, b2, c3, d4));
    LAST(2);
    //@ assert func: SIP_FIXED_(sip_compressed, 16, 2, le_u32s(m, 4, a, b2, c3, d4));
    return FINISH(4);
}

/* hsiphash on 64-bit targets: SipHash-1-3, the low 32 bits. */
#if ULONG_MAX > 0xffffffffUL
SIP_HOT SIPHASH_API uint32_t hsiphash_1u32(uint32_t a, const hsiphash_key_t *key)
{
    PREAMBLE(4);
    b |= a;
    //@ assert func: SIP_FIXED_LAST_(4, le_u32s(m, 1, a, 0, 0, 0));
    LAST(1);
    //@ assert func: SIP_FIXED_(sip_compressed, 4, 1, le_u32s(m, 1, a, 0, 0, 0));
    return FINISH(3);
}

SIP_HOT SIPHASH_API uint32_t hsiphash_2u32(uint32_t a, uint32_t b2, const hsiphash_key_t *key)
{
    PREAMBLE(8);
    WORD(U32PAIR(a, b2), 1);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 1, le_u32s(m, 2, a, b2, 0, 0));
    //@ assert func: SIP_FIXED_LAST_(8, le_u32s(m, 2, a, b2, 0, 0));
    LAST(1);
    //@ assert func: SIP_FIXED_(sip_compressed, 8, 1, le_u32s(m, 2, a, b2, 0, 0));
    return FINISH(3);
}

SIP_HOT SIPHASH_API uint32_t hsiphash_3u32(uint32_t a, uint32_t b2, uint32_t c3,
                                           const hsiphash_key_t *key)
{
    PREAMBLE(12);
    WORD(U32PAIR(a, b2), 1);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 1, le_u32s(m, 2, a, b2, 0, 0));
    b |= c3;
    //@ assert func: SIP_FIXED_LAST_(12, le_u32s(m, 3, a, b2, c3, 0));
    LAST(1);
    //@ assert func: SIP_FIXED_(sip_compressed, 12, 1, le_u32s(m, 3, a, b2, c3, 0));
    return FINISH(3);
}

SIP_HOT SIPHASH_API uint32_t hsiphash_4u32(uint32_t a, uint32_t b2, uint32_t c3, uint32_t d4,
                                  const hsiphash_key_t *key)
{
    PREAMBLE(16);
    WORD(U32PAIR(a, b2), 1);
    //@ assert func: SIP_FIXED_(sip_absorbed, 8, 1, le_u32s(m, 2, a, b2, 0, 0));
    WORD(U32PAIR(c3, d4), 1);
    //@ assert func: SIP_FIXED_(sip_absorbed, 16, 1, le_u32s(m, 4, a, b2, c3, d4));
    //@ assert func: SIP_FIXED_LAST_(16, le_u32s(m, 4, a, b2, c3, d4));
    LAST(1);
    //@ assert func: SIP_FIXED_(sip_compressed, 16, 1, le_u32s(m, 4, a, b2, c3, d4));
    return FINISH(3);
}
#endif

#undef PREAMBLE
#undef WORD
#undef LAST
#undef FINISH
#undef U32PAIR

SIPHASH_API const char *siphash_version(void)
{
    return SIPHASH_VERSION_STRING;
}
