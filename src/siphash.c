/* SPDX-License-Identifier: MIT */
/*
 * siphash.c — SipHash-c-d one-shot functions and Linux's fixed-size paths.
 *
 * Every function here is a thin instantiation of the inline core in
 * internal.h with constant round counts, so each compiles to straight-line
 * rounds with the key in registers.
 */
#include "internal.h"

/* Exported names are the contract; the core does the work. */
SIP_INLINE uint64_t sip_hash64(const void *data, size_t len, const siphash_key_t *key,
                               unsigned c, unsigned d)
{
    return sip_oneshot64((const uint8_t *)data, len, key->key[0], key->key[1], c, d);
}

SIP_INLINE void sip_hash128(const void *data, size_t len, const siphash_key_t *key,
                            unsigned c, unsigned d, uint8_t out[16])
{
    sip_state s = sip_init_mem(key->key[0], key->key[1], 1);
    sip_absorb_all(&s, (const uint8_t *)data, len, c);
    sip_store64(out, sip_finish1(&s, d, 1));
    sip_store64(out + 8, sip_finish2(&s, d));
}

SIP_HOT SIPHASH_API uint64_t siphash24_64(const void *data, size_t len, const siphash_key_t *key)
{
    return sip_hash64(data, len, key, 2, 4);
}

SIP_HOT SIPHASH_API void siphash24_128(const void *data, size_t len, const siphash_key_t *key,
                               uint8_t out[16])
{
    sip_hash128(data, len, key, 2, 4, out);
}

SIP_HOT SIPHASH_API uint64_t siphash13_64(const void *data, size_t len, const siphash_key_t *key)
{
    return sip_hash64(data, len, key, 1, 3);
}

SIP_HOT SIPHASH_API void siphash13_128(const void *data, size_t len, const siphash_key_t *key,
                               uint8_t out[16])
{
    sip_hash128(data, len, key, 1, 3, out);
}

/*
 * Fixed-size SipHash-2-4, after Linux's PREAMBLE/POSTAMBLE: absorb whole
 * 64-bit words, then the final block = length byte | leftover 32-bit word.
 */
#define PREAMBLE(len)                                                          \
    sip_state s = sip_init_mem(key->key[0], key->key[1], 0);                       \
    uint64_t b = (uint64_t)(len) << 56
#define WORD(m) sip_absorb(&s, (m), 2)
#define POSTAMBLE                                                              \
    sip_absorb(&s, b, 2);                                                      \
    return sip_finish1(&s, 4, 0)

#define U32PAIR(lo, hi) ((uint64_t)(hi) << 32 | (lo))

SIP_HOT SIPHASH_API uint64_t siphash_1u64(uint64_t a, const siphash_key_t *key)
{
    PREAMBLE(8);
    WORD(a);
    POSTAMBLE;
}

SIP_HOT SIPHASH_API uint64_t siphash_2u64(uint64_t a, uint64_t b2, const siphash_key_t *key)
{
    PREAMBLE(16);
    WORD(a);
    WORD(b2);
    POSTAMBLE;
}

SIP_HOT SIPHASH_API uint64_t siphash_3u64(uint64_t a, uint64_t b2, uint64_t c, const siphash_key_t *key)
{
    PREAMBLE(24);
    WORD(a);
    WORD(b2);
    WORD(c);
    POSTAMBLE;
}

SIP_HOT SIPHASH_API uint64_t siphash_4u64(uint64_t a, uint64_t b2, uint64_t c, uint64_t d,
                                  const siphash_key_t *key)
{
    PREAMBLE(32);
    WORD(a);
    WORD(b2);
    WORD(c);
    WORD(d);
    POSTAMBLE;
}

SIP_HOT SIPHASH_API uint64_t siphash_1u32(uint32_t a, const siphash_key_t *key)
{
    PREAMBLE(4);
    b |= a;
    POSTAMBLE;
}

SIP_HOT SIPHASH_API uint64_t siphash_2u32(uint32_t a, uint32_t b2, const siphash_key_t *key)
{
    PREAMBLE(8);
    WORD(U32PAIR(a, b2));
    POSTAMBLE;
}

SIP_HOT SIPHASH_API uint64_t siphash_3u32(uint32_t a, uint32_t b2, uint32_t c, const siphash_key_t *key)
{
    PREAMBLE(12);
    WORD(U32PAIR(a, b2));
    b |= c;
    POSTAMBLE;
}

SIP_HOT SIPHASH_API uint64_t siphash_4u32(uint32_t a, uint32_t b2, uint32_t c, uint32_t d,
                                  const siphash_key_t *key)
{
    PREAMBLE(16);
    WORD(U32PAIR(a, b2));
    WORD(U32PAIR(c, d));
    POSTAMBLE;
}

SIPHASH_API const char *siphash_version(void)
{
    return SIPHASH_VERSION_STRING;
}
