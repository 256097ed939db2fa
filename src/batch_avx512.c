/*
 * batch_avx512.c — batch kernels for AVX-512F: one message per 64-bit lane,
 * 8 lanes per zmm register, SIP_NV registers in flight.  Built with
 * -mavx512f and called only when the dispatcher has seen AVX-512F and the
 * OS saving zmm state.
 *
 * The round maps one to one onto the scalar one; the rotates are native
 * (vprolq).  Word w of every lane is one gather at the lane's record + 8w
 * (or one plain load when the records are 8 bytes apart), so only whole
 * words inside a record are read.  The last partial word is the same
 * "overlapping load shifted right" as sip_tail64 when len >= 8, and comes
 * from sip_tail64 lane by lane for records shorter than 8 bytes.
 */
#include "batch_internal.h"

#include <immintrin.h>

#define LANES 8
/* Two independent registers per round: one round is a chain of 4 to 6
 * dependent instructions, so a second register lets the core fill the
 * slots the first leaves idle.  Measured on an AMD EPYC (Zen 5) — see
 * docs/readme/batch.md. */
#define SIP_NV 2

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
    for (int j = 0; j < nv; j++)
        s[j].v3 = X(s[j].v3, m[j]);
    for (unsigned r = 0; r < c; r++)
        for (int j = 0; j < nv; j++)
            round512(&s[j]);
    for (int j = 0; j < nv; j++)
        s[j].v0 = X(s[j].v0, m[j]);
}

SIP_INLINE void finish512(st512 *s, int nv, unsigned d, uint64_t *out)
{
    for (int j = 0; j < nv; j++)
        s[j].v2 = X(s[j].v2, _mm512_set1_epi64(0xff));
    for (unsigned r = 0; r < d; r++)
        for (int j = 0; j < nv; j++)
            round512(&s[j]);
    for (int j = 0; j < nv; j++) {
        /* 0x96 = three-way xor */
        __m512i h = _mm512_ternarylogic_epi64(s[j].v0, s[j].v1, s[j].v2, 0x96);
        _mm512_storeu_si512((void *)(out + LANES * j), X(h, s[j].v3));
    }
}

/* Word at byte offset off of each of the 8 records starting at p. */
SIP_INLINE __m512i load_words(const uint8_t *p, size_t off, size_t stride, __m512i idx)
{
    if (stride == 8) /* records 8 bytes apart: one contiguous load */
        return _mm512_loadu_si512((const void *)(p + off));
    return _mm512_i64gather_epi64(idx, (const void *)(p + off), 1);
}

/* nv * 8 records of len > 0 bytes starting at base. */
SIP_INLINE void fixed_group(const uint8_t *base, size_t stride, size_t len,
                            const siphash_key_t *key, uint64_t *out, int nv, unsigned c,
                            unsigned d)
{
    const size_t full = len & ~(size_t)7, r = len & 7;
    const __m512i idx = _mm512_set_epi64((long long)(7 * stride), (long long)(6 * stride),
                                         (long long)(5 * stride), (long long)(4 * stride),
                                         (long long)(3 * stride), (long long)(2 * stride),
                                         (long long)stride, 0);
    const uint8_t *p[SIP_NV];
    st512 s[SIP_NV];
    __m512i m[SIP_NV];
    for (int j = 0; j < nv; j++)
        p[j] = base + (size_t)(LANES * j) * stride;
    init512(s, nv, key);
    for (size_t w = 0; w < full; w += 8) {
        for (int j = 0; j < nv; j++)
            m[j] = load_words(p[j], w, stride, idx);
        absorb512(s, m, nv, c);
    }
    for (int j = 0; j < nv; j++) {
        __m512i t = _mm512_setzero_si512();
        if (r && len >= 8) {
            /* the last 8 bytes, shifted down to the r bytes past full */
            t = load_words(p[j], len - 8, stride, idx);
            t = _mm512_srl_epi64(t, _mm_cvtsi32_si128((int)(64 - 8 * r)));
        } else if (r) {
            uint64_t tl[LANES];
            for (int l = 0; l < LANES; l++)
                tl[l] = sip_tail64(p[j] + (size_t)l * stride, len);
            t = _mm512_loadu_si512((const void *)tl);
        }
        m[j] = _mm512_or_si512(t, _mm512_set1_epi64((long long)((uint64_t)len << 56)));
    }
    absorb512(s, m, nv, c);
    finish512(s, nv, d, out);
}

SIP_INLINE void fixed(const uint8_t *base, size_t stride, size_t len, size_t n,
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

/* Integers: the word is the value (x86 is little-endian), 8 per load. */
SIP_INLINE void u64s(const uint64_t *in, size_t n, const siphash_key_t *key, uint64_t *out,
                     unsigned c, unsigned d)
{
    size_t i = 0;
    st512 s[SIP_NV];
    __m512i m[SIP_NV];
    for (; n - i >= LANES * SIP_NV; i += LANES * SIP_NV) {
        init512(s, SIP_NV, key);
        for (int j = 0; j < SIP_NV; j++)
            m[j] = _mm512_loadu_si512((const void *)(in + i + LANES * j));
        absorb512(s, m, SIP_NV, c);
        for (int j = 0; j < SIP_NV; j++)
            m[j] = _mm512_set1_epi64((long long)((uint64_t)8 << 56));
        absorb512(s, m, SIP_NV, c);
        finish512(s, SIP_NV, d, out + i);
    }
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
 * Mixed lengths, 8 messages per register.  Step w: lanes with more than w
 * whole words absorb word w (a masked gather: other lanes load nothing),
 * the lane whose word count is w absorbs its final block, and lanes that
 * are done keep their state (masked move).  The group costs as many steps
 * as its longest message; the masks come from the lengths only.
 */
static void avx512_vec24(const void *const *msgs, const size_t *lens, size_t n,
                         const siphash_key_t *key, uint64_t *out)
{
    size_t i = 0;
    for (; n - i >= LANES; i += LANES) {
        const uint8_t *p0 = (const uint8_t *)msgs[i];
        uint64_t off[LANES], nw[LANES], fin[LANES], maxw = 0;
        for (int l = 0; l < LANES; l++) {
            const uint8_t *p = (const uint8_t *)msgs[i + l];
            /* addresses relative to lane 0, wrapping in 64 bits */
            off[l] = (uint64_t)((uintptr_t)p - (uintptr_t)p0);
            nw[l] = lens[i + l] >> 3;
            fin[l] = sip_final_word(p, lens[i + l]);
            maxw = nw[l] > maxw ? nw[l] : maxw;
        }
        __m512i idx = _mm512_loadu_si512((const void *)off);
        const __m512i nwv = _mm512_loadu_si512((const void *)nw);
        const __m512i finv = _mm512_loadu_si512((const void *)fin);
        st512 s;
        init512(&s, 1, key);
        for (uint64_t w = 0; w <= maxw; w++) {
            const __m512i wv = _mm512_set1_epi64((long long)w);
            const __mmask8 word = _mm512_cmplt_epu64_mask(wv, nwv);
            const __mmask8 live = _mm512_cmple_epu64_mask(wv, nwv);
            /* word lanes load at p + 8w; the others take their final block */
            const __m512i m = _mm512_mask_i64gather_epi64(finv, word, idx, (const void *)p0, 1);
            st512 t = s;
            absorb512(&t, &m, 1, 2);
            s.v0 = _mm512_mask_mov_epi64(s.v0, live, t.v0);
            s.v1 = _mm512_mask_mov_epi64(s.v1, live, t.v1);
            s.v2 = _mm512_mask_mov_epi64(s.v2, live, t.v2);
            s.v3 = _mm512_mask_mov_epi64(s.v3, live, t.v3);
            idx = _mm512_add_epi64(idx, _mm512_set1_epi64(8));
        }
        finish512(&s, 1, 4, out + i);
    }
    if (i < n)
        sip_portable_vec24(msgs + i, lens + i, n - i, key, out + i);
}

SIP_HIDDEN const struct sip_batch_impl sip_batch_avx512 = {
    "avx512", avx512_fixed24, avx512_fixed13, avx512_vec24, avx512_u64_24, avx512_u64_13,
};
