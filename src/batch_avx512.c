/* SPDX-License-Identifier: MIT */
/*
 * batch_avx512.c — batch kernels for AVX-512F: one message per 64-bit lane,
 * 8 lanes per zmm register, SIP_NV registers in flight.  Built with
 * -mavx512f and called only when the dispatcher has seen AVX-512F and the
 * OS saving zmm state.
 *
 * The round maps one to one onto the scalar one; the rotates are native
 * (vprolq).  Word w of every lane is put together from eight scalar loads
 * at the lane's record + 8w (one plain vector load when the records are 8
 * bytes apart), so only whole words inside a record are read.  The last
 * partial word is the same "overlapping load shifted right" as sip_tail64
 * when len >= 8, and comes from sip_tail64 lane by lane for records
 * shorter than 8 bytes.
 */
#include "batch_internal.h"

#include <immintrin.h>

#define LANES 8
/* Independent registers per round: one round is a chain of 4 to 6
 * dependent instructions.  Measured on an AMD EPYC with AVX-512, 8-byte
 * keys, per hash against siphash_1u64: 1 register 0.19x, 2 0.16x, 3 0.16x,
 * 4 0.12x (docs/batch.md). */
#ifndef SIP_NV
#define SIP_NV 4
#endif

typedef struct {
    __m512i v0, v1, v2, v3;
} st512;

#define X(a, b) _mm512_xor_si512((a), (b))
#define A(a, b) _mm512_add_epi64((a), (b))
#define R(a, b) _mm512_rol_epi64((a), (b))

SIP_INLINE void round512(st512 *s)
{
    __m512i v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
    v0 = A(v0, v1); v1 = R(v1, 13); v1 = X(v1, v0); v0 = R(v0, 32);
    v2 = A(v2, v3); v3 = R(v3, 16); v3 = X(v3, v2);
    v0 = A(v0, v3); v3 = R(v3, 21); v3 = X(v3, v0);
    v2 = A(v2, v1); v1 = R(v1, 17); v1 = X(v1, v2); v2 = R(v2, 32);
    s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
}

SIP_INLINE void init512(st512 *s, int nv, const siphash_key_t *key)
{
    const __m512i k0 = _mm512_set1_epi64((long long)key->key[0]);
    const __m512i k1 = _mm512_set1_epi64((long long)key->key[1]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        s[j].v0 = X(k0, _mm512_set1_epi64((long long)SIP_C0));
        s[j].v1 = X(k1, _mm512_set1_epi64((long long)SIP_C1));
        s[j].v2 = X(k0, _mm512_set1_epi64((long long)SIP_C2));
        s[j].v3 = X(k1, _mm512_set1_epi64((long long)SIP_C3));
    }
}

/* Absorbs m[j] into state j, the nv chains interleaved round by round. */
SIP_INLINE void absorb512(st512 *s, const __m512i *m, int nv, unsigned c)
{
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v3 = X(s[j].v3, m[j]);
    SIP_UNROLL
    for (unsigned r = 0; r < c; r++)
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            round512(&s[j]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v0 = X(s[j].v0, m[j]);
}

SIP_INLINE void finish512(st512 *s, int nv, unsigned d, uint64_t *out)
{
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v2 = X(s[j].v2, _mm512_set1_epi64(0xff));
    SIP_UNROLL
    for (unsigned r = 0; r < d; r++)
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            round512(&s[j]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        /* 0x96 = three-way xor */
        __m512i h = _mm512_ternarylogic_epi64(s[j].v0, s[j].v1, s[j].v2, 0x96);
        _mm512_storeu_si512((void *)(out + LANES * j), X(h, s[j].v3));
    }
}

/* Word at byte offset off of each of the 8 records starting at p.  Eight
 * scalar loads put together beat vpgatherqq here (an AMD EPYC: 8.3 against
 * 11.3 cycles per 32-byte record), and they need no index vector. */
SIP_INLINE __m512i load_words(const uint8_t *p, size_t off, size_t stride)
{
    if (stride == 8) /* records 8 bytes apart: one contiguous load */
        return _mm512_loadu_si512((const void *)(p + off));
    p += off;
    return _mm512_set_epi64((long long)sip_load64(p + 7 * stride), (long long)sip_load64(p + 6 * stride),
                            (long long)sip_load64(p + 5 * stride), (long long)sip_load64(p + 4 * stride),
                            (long long)sip_load64(p + 3 * stride), (long long)sip_load64(p + 2 * stride),
                            (long long)sip_load64(p + stride), (long long)sip_load64(p));
}

/* nv * 8 records of len > 0 bytes starting at base. */
SIP_INLINE void fixed_group(const uint8_t *base, size_t stride, size_t len,
                            const siphash_key_t *key, uint64_t *out, int nv, unsigned c,
                            unsigned d)
{
    const size_t full = len & ~(size_t)7, r = len & 7;
    const uint8_t *p[SIP_NV];
    st512 s[SIP_NV];
    __m512i m[SIP_NV];
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        p[j] = base + (size_t)(LANES * j) * stride;
    init512(s, nv, key);
    for (size_t w = 0; w < full; w += 8) {
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            m[j] = load_words(p[j], w, stride);
        absorb512(s, m, nv, c);
    }
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        __m512i t = _mm512_setzero_si512();
        if (r && len >= 8) {
            /* the last 8 bytes, shifted down to the r bytes past full */
            t = load_words(p[j], len - 8, stride);
            t = _mm512_srl_epi64(t, _mm_cvtsi32_si128((int)(64 - 8 * r)));
        } else if (r) {
            const uint8_t *q = p[j];
            t = _mm512_set_epi64(
                (long long)sip_tail64(q + 7 * stride, len), (long long)sip_tail64(q + 6 * stride, len),
                (long long)sip_tail64(q + 5 * stride, len), (long long)sip_tail64(q + 4 * stride, len),
                (long long)sip_tail64(q + 3 * stride, len), (long long)sip_tail64(q + 2 * stride, len),
                (long long)sip_tail64(q + stride, len), (long long)sip_tail64(q, len));
        }
        m[j] = _mm512_or_si512(t, _mm512_set1_epi64((long long)((uint64_t)len << 56)));
    }
    absorb512(s, m, nv, c);
    finish512(s, nv, d, out);
}

SIP_INLINE void fixed_any(const uint8_t *base, size_t stride, size_t len, size_t n,
                          const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d)
{
    size_t i = 0;
    for (; n - i >= LANES * SIP_NV; i += LANES * SIP_NV)
        fixed_group(base + i * stride, stride, len, key, out + i, SIP_NV, c, d);
    for (; n - i >= LANES; i += LANES)
        fixed_group(base + i * stride, stride, len, key, out + i, 1, c, d);
    if (i < n) {
        if (c == 2)
            sip_portable_fixed24(base + i * stride, stride, len, n - i, key, out + i);
        else
            sip_portable_fixed13(base + i * stride, stride, len, n - i, key, out + i);
    }
}

/* The commonest key sizes get a copy with the length a constant: the word
 * loop unrolls and the states stay in registers across it. */
SIP_INLINE void fixed(const uint8_t *base, size_t stride, size_t len, size_t n,
                      const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d)
{
    if (len == 8)
        fixed_any(base, stride, 8, n, key, out, c, d);
    else if (len == 16)
        fixed_any(base, stride, 16, n, key, out, c, d);
    else
        fixed_any(base, stride, len, n, key, out, c, d);
}

static void avx512_fixed24(const uint8_t *base, size_t stride, size_t len, size_t n,
                           const siphash_key_t *key, uint64_t *out)
{
    fixed(base, stride, len, n, key, out, 2, 4);
}

static void avx512_fixed13(const uint8_t *base, size_t stride, size_t len, size_t n,
                           const siphash_key_t *key, uint64_t *out)
{
    fixed(base, stride, len, n, key, out, 1, 3);
}

/* nv registers of integers: the word is the value (x86 is little-endian). */
SIP_INLINE void u64_group(const uint64_t *in, const siphash_key_t *key, uint64_t *out, int nv,
                          unsigned c, unsigned d)
{
    st512 s[SIP_NV];
    __m512i m[SIP_NV];
    init512(s, nv, key);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        m[j] = _mm512_loadu_si512((const void *)(in + LANES * j));
    absorb512(s, m, nv, c);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        m[j] = _mm512_set1_epi64((long long)((uint64_t)8 << 56));
    absorb512(s, m, nv, c);
    finish512(s, nv, d, out);
}

SIP_INLINE void u64s(const uint64_t *in, size_t n, const siphash_key_t *key, uint64_t *out,
                     unsigned c, unsigned d)
{
    size_t i = 0;
    for (; n - i >= LANES * SIP_NV; i += LANES * SIP_NV)
        u64_group(in + i, key, out + i, SIP_NV, c, d);
    for (; n - i >= LANES; i += LANES)
        u64_group(in + i, key, out + i, 1, c, d);
    if (i < n) {
        if (c == 2)
            sip_portable_u64_24(in + i, n - i, key, out + i);
        else
            sip_portable_u64_13(in + i, n - i, key, out + i);
    }
}

static void avx512_u64_24(const uint64_t *in, size_t n, const siphash_key_t *key,
                          uint64_t *out)
{
    u64s(in, n, key, out, 2, 4);
}

static void avx512_u64_13(const uint64_t *in, size_t n, const siphash_key_t *key,
                          uint64_t *out)
{
    u64s(in, n, key, out, 1, 3);
}

/*
 * Mixed lengths: VNV registers of 8 messages, the messages ordered by word
 * count beforehand (sip_vec_grouped), so the lanes of a group finish at
 * about the same step.  Steps below the group's smallest word count load
 * every lane; the final blocks go in together when all lanes have the same
 * count (the usual case after the sort).  Otherwise, at step w, lanes with
 * more than w words absorb word w, the lane with w words its final block
 * (its load address switches to the block's copy on the stack: a select on
 * lengths, not a branch), and finished lanes keep their state (masked
 * move).
 */
#ifndef VNV
#define VNV 2
#endif

static void avx512_vgroup(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                          const siphash_key_t *key, uint64_t *out)
{
    enum { G = LANES * VNV };
    const uint8_t *p[G];
    uint64_t ln[G];
    SIP_UNROLL
    for (int l = 0; l < G; l++) {
        p[l] = (const uint8_t *)msgs[idx[l]];
        ln[l] = lens[idx[l]];
    }
    /* per-lane work here costs as much as the rounds: vectors where possible */
    __m512i lenv[VNV], nwv[VNV], fin[VNV];
    __m512i minv = _mm512_set1_epi64(-1), maxv = _mm512_setzero_si512();
    SIP_UNROLL
    for (int j = 0; j < VNV; j++) {
        const uint64_t *n8 = ln + LANES * j;
        lenv[j] = _mm512_set_epi64((long long)n8[7], (long long)n8[6], (long long)n8[5],
                                   (long long)n8[4], (long long)n8[3], (long long)n8[2],
                                   (long long)n8[1], (long long)n8[0]);
        nwv[j] = _mm512_srli_epi64(lenv[j], 3);
        minv = _mm512_min_epu64(minv, lenv[j]);
        maxv = _mm512_max_epu64(maxv, lenv[j]);
    }
    const uint64_t minlen = (uint64_t)_mm512_reduce_min_epu64(minv);
    const uint64_t minw = minlen >> 3, maxw = (uint64_t)_mm512_reduce_max_epu64(maxv) >> 3;
    if (minlen >= 8) {
        /* tails: the last 8 bytes shifted right by 64 - 8 * (len & 7) (by
         * 64 gives 0, the empty tail) */
        SIP_UNROLL
        for (int j = 0; j < VNV; j++) {
            const uint8_t *const *q = p + LANES * j;
            const uint64_t *n8 = ln + LANES * j;
            __m512i t = _mm512_set_epi64(
                (long long)sip_load64(q[7] + n8[7] - 8), (long long)sip_load64(q[6] + n8[6] - 8),
                (long long)sip_load64(q[5] + n8[5] - 8), (long long)sip_load64(q[4] + n8[4] - 8),
                (long long)sip_load64(q[3] + n8[3] - 8), (long long)sip_load64(q[2] + n8[2] - 8),
                (long long)sip_load64(q[1] + n8[1] - 8), (long long)sip_load64(q[0] + n8[0] - 8));
            const __m512i r8 = _mm512_slli_epi64(_mm512_and_si512(lenv[j], _mm512_set1_epi64(7)), 3);
            t = _mm512_srlv_epi64(t, _mm512_sub_epi64(_mm512_set1_epi64(64), r8));
            fin[j] = _mm512_or_si512(t, _mm512_slli_epi64(lenv[j], 56));
        }
    } else {
        uint64_t fl[G];
        SIP_UNROLL
        for (int l = 0; l < G; l++)
            fl[l] = sip_final_word(p[l], ln[l]);
        SIP_UNROLL
        for (int j = 0; j < VNV; j++)
            fin[j] = _mm512_loadu_si512((const void *)(fl + LANES * j));
    }
    st512 s[VNV], t[VNV];
    __m512i m[VNV];
    init512(s, VNV, key);
    for (uint64_t w = 0; w < minw; w++) {
        SIP_UNROLL
        for (int j = 0; j < VNV; j++) {
            const uint8_t *const *q = p + LANES * j;
            m[j] = _mm512_set_epi64(
                (long long)sip_load64(q[7] + 8 * w), (long long)sip_load64(q[6] + 8 * w),
                (long long)sip_load64(q[5] + 8 * w), (long long)sip_load64(q[4] + 8 * w),
                (long long)sip_load64(q[3] + 8 * w), (long long)sip_load64(q[2] + 8 * w),
                (long long)sip_load64(q[1] + 8 * w), (long long)sip_load64(q[0] + 8 * w));
        }
        absorb512(s, m, VNV, 2);
    }
    if (minw == maxw) {
        absorb512(s, fin, VNV, 2);
    } else {
        uint64_t fl[G];
        SIP_UNROLL
        for (int j = 0; j < VNV; j++)
            _mm512_storeu_si512((void *)(fl + LANES * j), fin[j]);
        for (uint64_t w = minw; w <= maxw; w++) {
            const __m512i wv = _mm512_set1_epi64((long long)w);
            __mmask8 live[VNV];
            SIP_UNROLL
            for (int j = 0; j < VNV; j++) {
                /* lanes past their words load their final block's copy
                 * instead (fl is host order, on x86 the little-endian load) */
                const uint8_t *a[LANES];
                SIP_UNROLL
                for (int l = 0; l < LANES; l++) {
                    const int k = LANES * j + l;
                    a[l] = w < ln[k] >> 3 ? p[k] + 8 * w : (const uint8_t *)&fl[k];
                }
                /* built in registers: eight stores then one wide load
                 * would stall on store forwarding */
                m[j] = _mm512_set_epi64((long long)sip_load64(a[7]), (long long)sip_load64(a[6]),
                                        (long long)sip_load64(a[5]), (long long)sip_load64(a[4]),
                                        (long long)sip_load64(a[3]), (long long)sip_load64(a[2]),
                                        (long long)sip_load64(a[1]), (long long)sip_load64(a[0]));
                live[j] = _mm512_cmple_epu64_mask(wv, nwv[j]);
                t[j] = s[j];
            }
            absorb512(t, m, VNV, 2);
            SIP_UNROLL
            for (int j = 0; j < VNV; j++) {
                s[j].v0 = _mm512_mask_mov_epi64(s[j].v0, live[j], t[j].v0);
                s[j].v1 = _mm512_mask_mov_epi64(s[j].v1, live[j], t[j].v1);
                s[j].v2 = _mm512_mask_mov_epi64(s[j].v2, live[j], t[j].v2);
                s[j].v3 = _mm512_mask_mov_epi64(s[j].v3, live[j], t[j].v3);
            }
        }
    }
    uint64_t res[G];
    finish512(s, VNV, 4, res);
    SIP_UNROLL
    for (int l = 0; l < G; l++)
        out[idx[l]] = res[l];
}

static void avx512_vgroups(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                           size_t cnt, const siphash_key_t *key, uint64_t *out)
{
    for (size_t g = 0; g < cnt; g += LANES * VNV)
        avx512_vgroup(msgs, lens, idx + g, key, out);
}

static void avx512_vec24(const void *const *msgs, const size_t *lens, size_t n,
                         const siphash_key_t *key, uint64_t *out)
{
    sip_vec_grouped(msgs, lens, n, key, out, avx512_vgroups, LANES * VNV);
}

SIP_HIDDEN const struct sip_batch_impl sip_batch_avx512 = {
    "avx512", avx512_fixed24, avx512_fixed13, avx512_vec24, avx512_u64_24, avx512_u64_13,
};
