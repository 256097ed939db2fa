/* SPDX-License-Identifier: MIT */
/*
 * batch_neon.c — batch kernels for AArch64 Advanced SIMD (NEON, part of
 * every AArch64 CPU): 2 messages per 128-bit register, and two registers
 * interleaved (4 messages in flight) so one register's round latency hides
 * behind the other's.
 *
 * Rotates: by 32 swaps the 32-bit halves (rev64), the others are a shift
 * left plus a shift-right-and-insert (sri).  Words come from sip_load64
 * lane by lane (one plain load when records are 8 bytes apart on a
 * little-endian target), the tail from sip_tail64.
 */
#include "batch_internal.h"

#include <arm_neon.h>

#define LANES 2
#define SIP_NV 2

typedef struct {
    uint64x2_t v0, v1, v2, v3;
} st128;

#define X(a, b) veorq_u64((a), (b))
#define A(a, b) vaddq_u64((a), (b))
#define RS(a, b) vsriq_n_u64(vshlq_n_u64((a), (b)), (a), 64 - (b))
#define R32(a) vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(a)))

SIP_INLINE void round128(st128 *s)
{
    uint64x2_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
    v0 = A(v0, v1); v1 = RS(v1, 13); v1 = X(v1, v0); v0 = R32(v0);
    v2 = A(v2, v3); v3 = RS(v3, 16); v3 = X(v3, v2);
    v0 = A(v0, v3); v3 = RS(v3, 21); v3 = X(v3, v0);
    v2 = A(v2, v1); v1 = RS(v1, 17); v1 = X(v1, v2); v2 = R32(v2);
    s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
}

SIP_INLINE void init128(st128 *s, int nv, const siphash_key_t *key)
{
    const uint64x2_t k0 = vdupq_n_u64(key->key[0]), k1 = vdupq_n_u64(key->key[1]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        s[j].v0 = X(k0, vdupq_n_u64(SIP_C0));
        s[j].v1 = X(k1, vdupq_n_u64(SIP_C1));
        s[j].v2 = X(k0, vdupq_n_u64(SIP_C2));
        s[j].v3 = X(k1, vdupq_n_u64(SIP_C3));
    }
}

SIP_INLINE void absorb128(st128 *s, const uint64x2_t *m, int nv, unsigned c)
{
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v3 = X(s[j].v3, m[j]);
    SIP_UNROLL
    for (unsigned r = 0; r < c; r++)
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            round128(&s[j]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v0 = X(s[j].v0, m[j]);
}

SIP_INLINE void finish128(st128 *s, int nv, unsigned d, uint64_t *out)
{
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v2 = X(s[j].v2, vdupq_n_u64(0xff));
    SIP_UNROLL
    for (unsigned r = 0; r < d; r++)
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            round128(&s[j]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        vst1q_u64(out + LANES * j, X(X(s[j].v0, s[j].v1), X(s[j].v2, s[j].v3)));
}

SIP_INLINE uint64x2_t pair(uint64_t lo, uint64_t hi)
{
    return vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
}

/* Word at byte offset off of the 2 records starting at p. */
SIP_INLINE uint64x2_t load_words(const uint8_t *p, size_t off, size_t stride)
{
    if (SIP_LITTLE_ENDIAN && stride == 8)
        return vreinterpretq_u64_u8(vld1q_u8(p + off));
    return pair(sip_load64(p + off), sip_load64(p + stride + off));
}

SIP_INLINE void fixed_group(const uint8_t *base, size_t stride, size_t len,
                            const siphash_key_t *key, uint64_t *out, int nv, unsigned c,
                            unsigned d)
{
    const size_t full = len & ~(size_t)7;
    const uint8_t *p[SIP_NV];
    st128 s[SIP_NV];
    uint64x2_t m[SIP_NV];
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        p[j] = base + (size_t)(LANES * j) * stride;
    init128(s, nv, key);
    for (size_t w = 0; w < full; w += 8) {
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            m[j] = load_words(p[j], w, stride);
        absorb128(s, m, nv, c);
    }
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        m[j] = pair(sip_final_word(p[j], len), sip_final_word(p[j] + stride, len));
    absorb128(s, m, nv, c);
    finish128(s, nv, d, out);
}

SIP_INLINE void fixed(const uint8_t *base, size_t stride, size_t len, size_t n,
                      const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d)
{
    size_t i = 0;
    for (; n - i >= LANES * SIP_NV; i += LANES * SIP_NV)
        fixed_group(base + i * stride, stride, len, key, out + i, SIP_NV, c, d);
    if (i < n) {
        if (c == 2)
            sip_portable_fixed24(base + i * stride, stride, len, n - i, key, out + i);
        else
            sip_portable_fixed13(base + i * stride, stride, len, n - i, key, out + i);
    }
}

static void neon_fixed24(const uint8_t *base, size_t stride, size_t len, size_t n,
                         const siphash_key_t *key, uint64_t *out)
{
    fixed(base, stride, len, n, key, out, 2, 4);
}

static void neon_fixed13(const uint8_t *base, size_t stride, size_t len, size_t n,
                         const siphash_key_t *key, uint64_t *out)
{
    fixed(base, stride, len, n, key, out, 1, 3);
}

/* Integers: host-order values are the words, on either byte order. */
SIP_INLINE void u64s(const uint64_t *in, size_t n, const siphash_key_t *key, uint64_t *out,
                     unsigned c, unsigned d)
{
    size_t i = 0;
    st128 s[SIP_NV];
    uint64x2_t m[SIP_NV];
    for (; n - i >= LANES * SIP_NV; i += LANES * SIP_NV) {
        init128(s, SIP_NV, key);
        SIP_UNROLL
        for (int j = 0; j < SIP_NV; j++)
            m[j] = vld1q_u64(in + i + LANES * j);
        absorb128(s, m, SIP_NV, c);
        SIP_UNROLL
        for (int j = 0; j < SIP_NV; j++)
            m[j] = vdupq_n_u64((uint64_t)8 << 56);
        absorb128(s, m, SIP_NV, c);
        finish128(s, SIP_NV, d, out + i);
    }
    if (i < n) {
        if (c == 2)
            sip_portable_u64_24(in + i, n - i, key, out + i);
        else
            sip_portable_u64_13(in + i, n - i, key, out + i);
    }
}

static void neon_u64_24(const uint64_t *in, size_t n, const siphash_key_t *key, uint64_t *out)
{
    u64s(in, n, key, out, 2, 4);
}

static void neon_u64_13(const uint64_t *in, size_t n, const siphash_key_t *key, uint64_t *out)
{
    u64s(in, n, key, out, 1, 3);
}

/*
 * Mixed lengths, 4 messages in lock step (two registers), ordered by word
 * count first (sip_vec_grouped): at step w a lane absorbs its word w, or
 * its final block when it has w words (its load address switches to the
 * block's copy: a select on lengths), or keeps its state (bit select on a
 * mask built from the lengths).
 */
static void neon_vgroups(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                         size_t cnt, const siphash_key_t *key, uint64_t *out)
{
    enum { G = LANES * SIP_NV };
    for (size_t g = 0; g < cnt; g += G) {
        const uint8_t *p[G];
        uint64_t nw[G], fin[G], maxw = 0;
        SIP_UNROLL
        for (int l = 0; l < G; l++) {
            const size_t len = lens[idx[g + l]];
            p[l] = (const uint8_t *)msgs[idx[g + l]];
            nw[l] = len >> 3;
            fin[l] = sip_final_word(p[l], len);
            maxw = nw[l] > maxw ? nw[l] : maxw;
        }
        st128 s[SIP_NV];
        init128(s, SIP_NV, key);
        for (uint64_t w = 0; w <= maxw; w++) {
            st128 t[SIP_NV];
            uint64x2_t m[SIP_NV], live[SIP_NV];
            SIP_UNROLL
            for (int j = 0; j < SIP_NV; j++) {
                const int k = LANES * j;
                /* a lane past its words takes its final block (host order) */
                const uint64_t m0 = w < nw[k] ? sip_load64(p[k] + 8 * w) : fin[k];
                const uint64_t m1 = w < nw[k + 1] ? sip_load64(p[k + 1] + 8 * w) : fin[k + 1];
                m[j] = pair(m0, m1);
                live[j] = vcleq_u64(vdupq_n_u64(w), vld1q_u64(nw + k));
                t[j] = s[j];
            }
            absorb128(t, m, SIP_NV, 2);
            SIP_UNROLL
            for (int j = 0; j < SIP_NV; j++) {
                s[j].v0 = vbslq_u64(live[j], t[j].v0, s[j].v0);
                s[j].v1 = vbslq_u64(live[j], t[j].v1, s[j].v1);
                s[j].v2 = vbslq_u64(live[j], t[j].v2, s[j].v2);
                s[j].v3 = vbslq_u64(live[j], t[j].v3, s[j].v3);
            }
        }
        uint64_t res[G];
        finish128(s, SIP_NV, 4, res);
        SIP_UNROLL
        for (int l = 0; l < G; l++)
            out[idx[g + l]] = res[l];
    }
}

static void neon_vec24(const void *const *msgs, const size_t *lens, size_t n,
                       const siphash_key_t *key, uint64_t *out)
{
    sip_vec_grouped(msgs, lens, n, key, out, neon_vgroups, LANES * SIP_NV);
}

SIP_HIDDEN const struct sip_batch_impl sip_batch_neon = {
    "neon", neon_fixed24, neon_fixed13, neon_vec24, neon_u64_24, neon_u64_13,
};
