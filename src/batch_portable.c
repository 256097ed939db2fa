/* SPDX-License-Identifier: MIT */
/*
 * batch_portable.c — batch kernels in plain C, for every target.
 *
 * SipHash is one long dependency chain per message, so a single hash
 * leaves most of a superscalar core idle.  Here PL messages advance in
 * lock step: their rounds are independent, so the compiler and the
 * out-of-order core overlap them.  Loads go through sip_load64 /
 * sip_tail64, so the results are the same on big-endian machines.
 * These kernels also finish the leftovers of the SIMD files.
 */
#include "batch_internal.h"

/* Chains in lock step.  A chain's state is 4 words: on x86 (16 general
 * registers, fewer on i386) two chains measured faster than four, which
 * spill; machines with 32 registers take four (not measured). */
#ifndef PL
#if defined(__x86_64__) || defined(__i386__)
#define PL 2
#else
#define PL 4
#endif
#endif

#if defined(__GNUC__) || defined(__clang__)
#define SIP_NOINLINE __attribute__((noinline))
#else
#define SIP_NOINLINE
#endif

/* nl (PL or 1) lanes of equal-length records; constant nl, c and d make
 * every loop over lanes and rounds unroll into straight-line code. */
SIP_INLINE void port_fixed_group(const uint8_t *base, size_t stride, size_t len,
                                 const siphash_key_t *key, uint64_t *out, int nl,
                                 unsigned c, unsigned d)
{
    const size_t full = len & ~(size_t)7;
    const uint8_t *p[PL];
    sip_state s[PL];
    SIP_UNROLL
    for (int l = 0; l < nl; l++) {
        p[l] = base + (size_t)l * stride;
        s[l] = sip_init(key->key[0], key->key[1], 0);
    }
    for (size_t w = 0; w < full; w += 8)
        SIP_UNROLL
        for (int l = 0; l < nl; l++)
            sip_absorb(&s[l], sip_load64(p[l] + w), c);
    SIP_UNROLL
    for (int l = 0; l < nl; l++)
        sip_absorb(&s[l], sip_final_word(p[l], len), c);
    SIP_UNROLL
    for (int l = 0; l < nl; l++)
        out[l] = sip_finish1(&s[l], d, 0);
}

SIP_INLINE void port_fixed(const uint8_t *base, size_t stride, size_t len, size_t n,
                           const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d)
{
    size_t i = 0;
    for (; n - i >= PL; i += PL)
        port_fixed_group(base + i * stride, stride, len, key, out + i, PL, c, d);
    for (; i < n; i++)
        port_fixed_group(base + i * stride, stride, len, key, out + i, 1, c, d);
}

SIP_HIDDEN void sip_portable_fixed24(const uint8_t *base, size_t stride, size_t len, size_t n,
                                     const siphash_key_t *key, uint64_t *out)
{
    port_fixed(base, stride, len, n, key, out, 2, 4);
}

SIP_HIDDEN void sip_portable_fixed13(const uint8_t *base, size_t stride, size_t len, size_t n,
                                     const siphash_key_t *key, uint64_t *out)
{
    port_fixed(base, stride, len, n, key, out, 1, 3);
}

/*
 * 8-byte messages given as integers.  On a little-endian host their bytes
 * are the records of siphash_batch with stride and length 8, so the
 * lock-step kernel above serves; its stride and length are read through
 * volatile, because with them visible GCC -O3 specialises the kernel and
 * packs its lanes into SSE2 registers, which have no rotate (measured
 * 1.3x slower than a plain loop, against 0.83x for the kernel).  On a
 * big-endian host the word is the value: one message per call of a
 * function kept out of line for the same reason.
 */
SIP_INLINE uint64_t port_one_u64(uint64_t m, const siphash_key_t *key, unsigned c, unsigned d)
{
    sip_state s = sip_init(key->key[0], key->key[1], 0);
    sip_absorb(&s, m, c);
    sip_absorb(&s, (uint64_t)8 << 56, c);
    return sip_finish1(&s, d, 0);
}

SIP_NOINLINE static uint64_t port_one_u64_24(uint64_t m, const siphash_key_t *key)
{
    return port_one_u64(m, key, 2, 4);
}

SIP_NOINLINE static uint64_t port_one_u64_13(uint64_t m, const siphash_key_t *key)
{
    return port_one_u64(m, key, 1, 3);
}

static volatile size_t u64_stride = 8, u64_len = 8;

SIP_HIDDEN void sip_portable_u64_24(const uint64_t *in, size_t n, const siphash_key_t *key,
                                    uint64_t *out)
{
    if (SIP_LITTLE_ENDIAN) /* the integers' bytes are their little-endian encoding */
        sip_portable_fixed24((const uint8_t *)(const void *)in, u64_stride, u64_len, n, key, out);
    else
        for (size_t i = 0; i < n; i++)
            out[i] = port_one_u64_24(in[i], key);
}

SIP_HIDDEN void sip_portable_u64_13(const uint64_t *in, size_t n, const siphash_key_t *key,
                                    uint64_t *out)
{
    if (SIP_LITTLE_ENDIAN)
        sip_portable_fixed13((const uint8_t *)(const void *)in, u64_stride, u64_len, n, key, out);
    else
        for (size_t i = 0; i < n; i++)
            out[i] = port_one_u64_13(in[i], key);
}

#if !(defined(__x86_64__) || defined(__i386__))
/*
 * Mixed lengths: PL messages in lock step, word by word, ordered by word
 * count first (sip_vec_grouped) so lock-stepped lanes rarely wait for each
 * other.  At step w a lane absorbs its word w while it has one, its final
 * block at w == its word count, and sits idle after that.  Only the
 * lengths decide.
 */
static void port_vgroups(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                         size_t cnt, const siphash_key_t *key, uint64_t *out)
{
    for (size_t g = 0; g < cnt; g += PL) {
        const uint8_t *p[PL];
        size_t nw[PL], len[PL], maxw = 0;
        sip_state s[PL];
        SIP_UNROLL
        for (int l = 0; l < PL; l++) {
            p[l] = (const uint8_t *)msgs[idx[g + l]];
            len[l] = lens[idx[g + l]];
            nw[l] = len[l] >> 3;
            maxw = nw[l] > maxw ? nw[l] : maxw;
            s[l] = sip_init(key->key[0], key->key[1], 0);
        }
        for (size_t w = 0; w <= maxw; w++)
            SIP_UNROLL
            for (int l = 0; l < PL; l++) {
                if (w < nw[l])
                    sip_absorb(&s[l], sip_load64(p[l] + 8 * w), 2);
                else if (w == nw[l])
                    sip_absorb(&s[l], sip_final_word(p[l], len[l]), 2);
            }
        SIP_UNROLL
        for (int l = 0; l < PL; l++)
            out[idx[g + l]] = sip_finish1(&s[l], 4, 0);
    }
}
#endif

SIP_HIDDEN void sip_portable_vec24(const void *const *msgs, const size_t *lens, size_t n,
                                   const siphash_key_t *key, uint64_t *out)
{
#if defined(__x86_64__) || defined(__i386__)
    /* measured on x86: lock step gains nothing over the out-of-order core
     * overlapping consecutive hashes, and costs 8% with the sort */
    for (size_t i = 0; i < n; i++) {
        sip_state s = sip_init(key->key[0], key->key[1], 0);
        sip_absorb_all(&s, (const uint8_t *)msgs[i], lens[i], 2);
        out[i] = sip_finish1(&s, 4, 0);
    }
#else
    sip_vec_grouped(msgs, lens, n, key, out, port_vgroups, PL);
#endif
}

SIP_HIDDEN const struct sip_batch_impl sip_batch_portable = {
    "portable",          sip_portable_fixed24, sip_portable_fixed13, sip_portable_vec24,
    sip_portable_u64_24, sip_portable_u64_13,
};
