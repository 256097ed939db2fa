/* SPDX-License-Identifier: MIT */
/*
 * batch_avx2.c — batch kernels for AVX2: one message per 64-bit lane,
 * 4 lanes per ymm register, SIP_NV registers in flight.  Built with -mavx2
 * and called only when the dispatcher has seen AVX2 and the OS saving ymm
 * state.
 *
 * AVX2 has no 64-bit rotate.  Rotating by 32 swaps the halves of each
 * word (vpshufd), rotating by 16 moves whole bytes (vpshufb); 13, 17 and 21
 * are shift, shift, or.  Words come from sip_load64 lane by lane (or one
 * plain load when records are 8 bytes apart); the tail from sip_tail64.
 * No vpgatherqq: slower than scalar loads on the machine measured.
 */
#include "batch_internal.h"

#include <immintrin.h>

#define LANES 4
/* Registers in flight; measured on an AMD EPYC (AVX2 path forced), 8-byte
 * keys against siphash_1u64: 2 registers 0.44x, 3 0.37x, 4 0.35x. */
#ifndef SIP_NV
#define SIP_NV 4
#endif

typedef struct {
    __m256i v0, v1, v2, v3;
} st256;

#define X(a, b) _mm256_xor_si256((a), (b))
#define A(a, b) _mm256_add_epi64((a), (b))
#define RS(a, b) _mm256_or_si256(_mm256_slli_epi64((a), (b)), _mm256_srli_epi64((a), 64 - (b)))
#define R32(a) _mm256_shuffle_epi32((a), 0xb1)

SIP_INLINE __m256i rot16(__m256i a)
{
    /* byte k of each word takes byte k-2 (mod 8) */
    const __m256i sh = _mm256_setr_epi8(6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13,
                                        6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13);
    return _mm256_shuffle_epi8(a, sh);
}

SIP_INLINE void round256(st256 *s)
{
    __m256i v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
    v0 = A(v0, v1); v1 = RS(v1, 13); v1 = X(v1, v0); v0 = R32(v0);
    v2 = A(v2, v3); v3 = rot16(v3); v3 = X(v3, v2);
    v0 = A(v0, v3); v3 = RS(v3, 21); v3 = X(v3, v0);
    v2 = A(v2, v1); v1 = RS(v1, 17); v1 = X(v1, v2); v2 = R32(v2);
    s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
}

SIP_INLINE void init256(st256 *s, int nv, const siphash_key_t *key)
{
    const __m256i k0 = _mm256_set1_epi64x((long long)key->key[0]);
    const __m256i k1 = _mm256_set1_epi64x((long long)key->key[1]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        s[j].v0 = X(k0, _mm256_set1_epi64x((long long)SIP_C0));
        s[j].v1 = X(k1, _mm256_set1_epi64x((long long)SIP_C1));
        s[j].v2 = X(k0, _mm256_set1_epi64x((long long)SIP_C2));
        s[j].v3 = X(k1, _mm256_set1_epi64x((long long)SIP_C3));
    }
}

SIP_INLINE void absorb256(st256 *s, const __m256i *m, int nv, unsigned c)
{
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v3 = X(s[j].v3, m[j]);
    SIP_UNROLL
    for (unsigned r = 0; r < c; r++)
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            round256(&s[j]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v0 = X(s[j].v0, m[j]);
}

SIP_INLINE void finish256(st256 *s, int nv, unsigned d, uint64_t *out)
{
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v2 = X(s[j].v2, _mm256_set1_epi64x(0xff));
    SIP_UNROLL
    for (unsigned r = 0; r < d; r++)
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            round256(&s[j]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        __m256i h = X(X(s[j].v0, s[j].v1), X(s[j].v2, s[j].v3));
        _mm256_storeu_si256((__m256i *)(void *)(out + LANES * j), h);
    }
}

/* Word at byte offset off of each of the 4 records starting at p. */
SIP_INLINE __m256i load_words(const uint8_t *p, size_t off, size_t stride)
{
    if (stride == 8) /* records 8 bytes apart: one contiguous load */
        return _mm256_loadu_si256((const __m256i *)(const void *)(p + off));
    return _mm256_set_epi64x((long long)sip_load64(p + 3 * stride + off),
                             (long long)sip_load64(p + 2 * stride + off),
                             (long long)sip_load64(p + stride + off),
                             (long long)sip_load64(p + off));
}

SIP_INLINE void fixed_group(const uint8_t *base, size_t stride, size_t len,
                            const siphash_key_t *key, uint64_t *out, int nv, unsigned c,
                            unsigned d)
{
    const size_t full = len & ~(size_t)7, r = len & 7;
    const uint8_t *p[SIP_NV];
    st256 s[SIP_NV];
    __m256i m[SIP_NV];
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        p[j] = base + (size_t)(LANES * j) * stride;
    init256(s, nv, key);
    for (size_t w = 0; w < full; w += 8) {
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            m[j] = load_words(p[j], w, stride);
        absorb256(s, m, nv, c);
    }
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        __m256i t = _mm256_setzero_si256();
        if (r && len >= 8) {
            /* the last 8 bytes, shifted down to the r bytes past full */
            t = load_words(p[j], len - 8, stride);
            t = _mm256_srl_epi64(t, _mm_cvtsi32_si128((int)(64 - 8 * r)));
        } else if (r) {
            t = _mm256_set_epi64x((long long)sip_tail64(p[j] + 3 * stride, len),
                                  (long long)sip_tail64(p[j] + 2 * stride, len),
                                  (long long)sip_tail64(p[j] + stride, len),
                                  (long long)sip_tail64(p[j], len));
        }
        m[j] = _mm256_or_si256(t, _mm256_set1_epi64x((long long)((uint64_t)len << 56)));
    }
    absorb256(s, m, nv, c);
    finish256(s, nv, d, out);
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

static void avx2_fixed24(const uint8_t *base, size_t stride, size_t len, size_t n,
                         const siphash_key_t *key, uint64_t *out)
{
    fixed(base, stride, len, n, key, out, 2, 4);
}

static void avx2_fixed13(const uint8_t *base, size_t stride, size_t len, size_t n,
                         const siphash_key_t *key, uint64_t *out)
{
    fixed(base, stride, len, n, key, out, 1, 3);
}

/* nv registers of integers: the word is the value (x86 is little-endian). */
SIP_INLINE void u64_group(const uint64_t *in, const siphash_key_t *key, uint64_t *out, int nv,
                          unsigned c, unsigned d)
{
    st256 s[SIP_NV];
    __m256i m[SIP_NV];
    init256(s, nv, key);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        m[j] = _mm256_loadu_si256((const __m256i *)(const void *)(in + LANES * j));
    absorb256(s, m, nv, c);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        m[j] = _mm256_set1_epi64x((long long)((uint64_t)8 << 56));
    absorb256(s, m, nv, c);
    finish256(s, nv, d, out);
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

static void avx2_u64_24(const uint64_t *in, size_t n, const siphash_key_t *key, uint64_t *out)
{
    u64s(in, n, key, out, 2, 4);
}

static void avx2_u64_13(const uint64_t *in, size_t n, const siphash_key_t *key, uint64_t *out)
{
    u64s(in, n, key, out, 1, 3);
}

/*
 * Mixed lengths, as in batch_avx512.c: VNV registers of 4 messages, the
 * messages ordered by word count beforehand (sip_vec_grouped).  Steps
 * below the group's smallest word count load every lane; when all lanes
 * have the same count the final blocks go in together; otherwise at step w
 * lanes past their words load their final block's copy instead (a select
 * on lengths) and finished lanes keep their state (blend).
 */
#ifndef VNV
#define VNV 2
#endif

SIP_INLINE __m256i load4(const uint8_t *const *a, size_t off)
{
    return _mm256_set_epi64x((long long)sip_load64(a[3] + off), (long long)sip_load64(a[2] + off),
                             (long long)sip_load64(a[1] + off), (long long)sip_load64(a[0] + off));
}

static void avx2_vgroup(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                        const siphash_key_t *key, uint64_t *out)
{
    enum { G = LANES * VNV };
    const uint8_t *p[G];
    uint64_t ln[G], fl[G], minlen = UINT64_MAX, maxlen = 0;
    SIP_UNROLL
    for (int l = 0; l < G; l++) {
        p[l] = (const uint8_t *)msgs[idx[l]];
        ln[l] = lens[idx[l]];
        minlen = ln[l] < minlen ? ln[l] : minlen;
        maxlen = ln[l] > maxlen ? ln[l] : maxlen;
    }
    const uint64_t minw = minlen >> 3, maxw = maxlen >> 3;
    __m256i lenv[VNV], fin[VNV], m[VNV];
    SIP_UNROLL
    for (int j = 0; j < VNV; j++) {
        const uint64_t *n4 = ln + LANES * j;
        lenv[j] = _mm256_set_epi64x((long long)n4[3], (long long)n4[2], (long long)n4[1],
                                    (long long)n4[0]);
    }
    if (minlen >= 8) {
        /* tails: the last 8 bytes shifted right by 64 - 8 * (len & 7) */
        SIP_UNROLL
        for (int j = 0; j < VNV; j++) {
            const uint64_t *n4 = ln + LANES * j;
            const uint8_t *const *q = p + LANES * j;
            __m256i t = _mm256_set_epi64x(
                (long long)sip_load64(q[3] + n4[3] - 8), (long long)sip_load64(q[2] + n4[2] - 8),
                (long long)sip_load64(q[1] + n4[1] - 8), (long long)sip_load64(q[0] + n4[0] - 8));
            const __m256i r8 =
                _mm256_slli_epi64(_mm256_and_si256(lenv[j], _mm256_set1_epi64x(7)), 3);
            t = _mm256_srlv_epi64(t, _mm256_sub_epi64(_mm256_set1_epi64x(64), r8));
            fin[j] = _mm256_or_si256(t, _mm256_slli_epi64(lenv[j], 56));
        }
    } else {
        SIP_UNROLL
        for (int l = 0; l < G; l++)
            fl[l] = sip_final_word(p[l], ln[l]);
        SIP_UNROLL
        for (int j = 0; j < VNV; j++)
            fin[j] = _mm256_loadu_si256((const __m256i *)(const void *)(fl + LANES * j));
    }
    st256 s[VNV], t[VNV];
    init256(s, VNV, key);
    for (uint64_t w = 0; w < minw; w++) {
        SIP_UNROLL
        for (int j = 0; j < VNV; j++)
            m[j] = load4(p + LANES * j, 8 * w);
        absorb256(s, m, VNV, 2);
    }
    if (minw == maxw) {
        absorb256(s, fin, VNV, 2);
    } else {
        SIP_UNROLL
        for (int j = 0; j < VNV; j++)
            _mm256_storeu_si256((__m256i *)(void *)(fl + LANES * j), fin[j]);
        for (uint64_t w = minw; w <= maxw; w++) {
            __m256i live[VNV];
            SIP_UNROLL
            for (int j = 0; j < VNV; j++) {
                /* lanes past their words load their final block's copy
                 * (fl is host order, on x86 the little-endian load) */
                const uint8_t *a[LANES];
                SIP_UNROLL
                for (int l = 0; l < LANES; l++) {
                    const int k = LANES * j + l;
                    a[l] = w < ln[k] >> 3 ? p[k] + 8 * w : (const uint8_t *)&fl[k];
                }
                m[j] = load4(a, 0);
                /* live: w <= nw, i.e. nw + 1 > w (signed: counts < 2^60) */
                live[j] = _mm256_cmpgt_epi64(
                    _mm256_add_epi64(_mm256_srli_epi64(lenv[j], 3), _mm256_set1_epi64x(1)),
                    _mm256_set1_epi64x((long long)w));
                t[j] = s[j];
            }
            absorb256(t, m, VNV, 2);
            SIP_UNROLL
            for (int j = 0; j < VNV; j++) {
                s[j].v0 = _mm256_blendv_epi8(s[j].v0, t[j].v0, live[j]);
                s[j].v1 = _mm256_blendv_epi8(s[j].v1, t[j].v1, live[j]);
                s[j].v2 = _mm256_blendv_epi8(s[j].v2, t[j].v2, live[j]);
                s[j].v3 = _mm256_blendv_epi8(s[j].v3, t[j].v3, live[j]);
            }
        }
    }
    uint64_t res[G];
    finish256(s, VNV, 4, res);
    SIP_UNROLL
    for (int l = 0; l < G; l++)
        out[idx[l]] = res[l];
}

static void avx2_vgroups(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                         size_t cnt, const siphash_key_t *key, uint64_t *out)
{
    for (size_t g = 0; g < cnt; g += LANES * VNV)
        avx2_vgroup(msgs, lens, idx + g, key, out);
}

static void avx2_vec24(const void *const *msgs, const size_t *lens, size_t n,
                       const siphash_key_t *key, uint64_t *out)
{
    sip_vec_grouped(msgs, lens, n, key, out, avx2_vgroups, LANES * VNV);
}

SIP_HIDDEN const struct sip_batch_impl sip_batch_avx2 = {
    "avx2", avx2_fixed24, avx2_fixed13, avx2_vec24, avx2_u64_24, avx2_u64_13,
};
