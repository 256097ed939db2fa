/* SPDX-License-Identifier: MIT */
/*
 * batch_avx512.c — batch kernels for AVX-512F: one message per 64-bit lane,
 * 8 lanes per zmm register, the driver of batch_lanes.h over these
 * primitives.  Built with -mavx512f and called only when the dispatcher has
 * seen AVX-512F and the OS saving zmm state.
 *
 * The round maps one to one onto the scalar one: the rotates are native
 * (vprolq), lane selects use mask registers, and the output's three-way
 * xor is one vpternlogq.  Words are put together from eight scalar loads
 * (an AMD EPYC: 8.3 against 11.3 cycles per 32-byte record for
 * vpgatherqq, which also needs an index vector).
 */
#include "batch_internal.h"

#include <immintrin.h>

#define SIP_ISA avx512
#define SIP_V __m512i
#define SIP_M __mmask8
#define SIP_LANES 8
/* Independent registers per round: one round is a chain of 4 to 6
 * dependent instructions.  Measured on an AMD EPYC with AVX-512, 8-byte
 * keys, per hash against siphash_1u64: 1 register 0.19x, 2 0.16x, 3 0.16x,
 * 4 0.12x (docs/batch.md). */
#define SIP_NV 4
#define SIP_VNV 2
/* Messages hashed in general registers beside the 4 zmm registers
 * (batch_lanes.h's splits), per CPU class; batch.c picks the table.
 * AMD Zen 4 (family 25 with AVX-512; sip_batch_avx512_zen4): one lane
 * for 8-byte records and integer keys, none longer.  512-bit operations
 * run as two halves on 256-bit pipes, so a round of 4 x 8 lanes takes
 * about 30 cycles, and a scalar lane's 14 integer operations per round fit
 * beside them -- while the core's other hardware thread leaves the
 * integer ALUs alone.  Measured on Zen 4 (family 25 model 17, 2026-12-07,
 * the bench's split table, 13 runs in the three states the guest went
 * through: the rounds-only probe's scalar states at 3.7, 4.1 and 6.4
 * cycles per lane-round): 1 lane at 8 bytes 0.3-5.5 % faster than none in
 * every state (siphash_batch_u64 7.93 -> 7.54 quiet, 7.88 -> 7.78
 * contended), once even and once 1 % slower (of 39 row-runs); 2
 * lanes 2-6 % faster quiet but 4-6 % slower contended; 1 lane at 16-64
 * bytes 1-2 % faster quiet, 3-6 % slower in both contended states (its
 * word loads need general registers too).  One-word-count batchv chunks:
 * none (not compiled, as everywhere: batch_lanes.h).
 * Every other CPU (sip_batch_avx512): none.  Zen 5 (family 26 model 2,
 * 2026-12-07, an idle guest, taskset, medians of 41 alternating trials):
 * the rounds-only probe ran 4 zmm registers with 3 scalar lanes at 0.431
 * core cycles per lane-round against 0.456 alone, and 2 scalar lanes made
 * the 8-byte kernels 2.5-5.5 % faster in 5 runs (siphash13_batch 8 B 2.45
 * -> 2.33 cycles per hash) -- but 24-36 % slower in 2 runs of the next
 * hour on the same guest (siphash_batch 8 B 3.8-4.0 -> 4.9; 32 B 8.3 ->
 * 13.8), and 17-25 % slower at load 14-19 the day before: what the core's
 * other hardware thread runs decides, and a few percent does not pay for
 * a third.  Intel: not measured (its vector ALUs share ports p0/p5 with
 * the scalar ones). */
#define SIP_CLASS_TABLES(X) X(sip_batch_avx512_zen4, "avx512+zen4", 1, 0, 0)

SIP_INLINE __m512i avx512_from(const uint64_t *t)
{
    return _mm512_set_epi64((long long)t[7], (long long)t[6], (long long)t[5], (long long)t[4],
                            (long long)t[3], (long long)t[2], (long long)t[1], (long long)t[0]);
}

/* Two words of 8 lanes, as avx2_load2 with twice the width: a = lanes
 * 0 | 2 | 4 | 6, b = lanes 1 | 3 | 5 | 7 (16 bytes each per 128-bit part),
 * 3 inserts each; unpacking the low and the high words of a and b gives
 * word 0 and word 1 of the lanes in order.  8 shuffles for two vectors,
 * against 16 scalar loads, 16 moves into vector registers and 6 inserts
 * lane by lane. */
SIP_INLINE __m512i avx512_load4(const uint8_t *const *lp, int first)
{
#define SIP_LOAD128_(l) _mm_loadu_si128((const __m128i *)(const void *)lp[l])
    const __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(SIP_LOAD128_(first)),
                                               SIP_LOAD128_(first + 2), 1);
    const __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(SIP_LOAD128_(first + 4)),
                                               SIP_LOAD128_(first + 6), 1);
#undef SIP_LOAD128_
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

SIP_INLINE void avx512_load2(const uint8_t *const *lp, __m512i *w0, __m512i *w1)
{
    const __m512i a = avx512_load4(lp, 0), b = avx512_load4(lp, 1);
    *w0 = _mm512_unpacklo_epi64(a, b);
    *w1 = _mm512_unpackhi_epi64(a, b);
}

/* Two words of 8 records 16 bytes apart (p: the first record's word):
 * the 128 bytes from p are those words and nothing else, so two plain
 * loads and two two-source permutes give word 0 and word 1 of the lanes in
 * order -- 2 shuffles for the pair instead of avx512_load2's 8. */
SIP_INLINE void avx512_load2_packed(const uint8_t *p, __m512i *w0, __m512i *w1)
{
    const __m512i a = _mm512_loadu_si512((const void *)p);
    const __m512i b = _mm512_loadu_si512((const void *)(p + 64));
    *w0 = _mm512_permutex2var_epi64(a, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), b);
    *w1 = _mm512_permutex2var_epi64(a, _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1), b);
}

#define v_set1(x) _mm512_set1_epi64((long long)(x))
#define v_xor(a, b) _mm512_xor_si512((a), (b))
/* 0x96 = three-way xor */
#define v_xor3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define v_add(a, b) _mm512_add_epi64((a), (b))
#define v_or(a, b) _mm512_or_si512((a), (b))
#define v_and(a, b) _mm512_and_si512((a), (b))
#define v_sub(a, b) _mm512_sub_epi64((a), (b))
#define v_shl_i(a, n) _mm512_slli_epi64((a), (n))
#define v_shr_i(a, n) _mm512_srli_epi64((a), (n))
#define v_rotl(a, n) _mm512_rol_epi64((a), (n))
#define v_shr_n(a, n) _mm512_srl_epi64((a), _mm_cvtsi32_si128(n))
#define v_shrv(a, cnt) _mm512_srlv_epi64((a), (cnt))
#define v_loadu(p) _mm512_loadu_si512((const void *)(p))
#define v_storeu(p, a) _mm512_storeu_si512((void *)(p), (a))
#define v_from(t) avx512_from(t)
#define v_load2(lp, w0, w1) avx512_load2((lp), &(w0), &(w1))
#define v_load2_packed(p, w0, w1) avx512_load2_packed((p), &(w0), &(w1))
#define v_le(a, b) _mm512_cmple_epu64_mask((a), (b))
#define v_sel(m, t, f) _mm512_mask_mov_epi64((f), (m), (t))
/* per-lane work in a mixed group costs as much as its rounds: the shortest
 * and longest length by vector min/max */
#define SIP_V_MINMAX(lenv, minlen, maxlen)                                     \
    do {                                                                       \
        __m512i mn_ = (lenv)[0], mx_ = (lenv)[0];                              \
        SIP_UNROLL                                                             \
        for (int j_ = 1; j_ < SIP_VNV; j_++) {                                 \
            mn_ = _mm512_min_epu64(mn_, (lenv)[j_]);                           \
            mx_ = _mm512_max_epu64(mx_, (lenv)[j_]);                           \
        }                                                                      \
        (minlen) = (uint64_t)_mm512_reduce_min_epu64(mn_);                     \
        (maxlen) = (uint64_t)_mm512_reduce_max_epu64(mx_);                     \
    } while (0)

#define SIP_ISA_NAME "avx512"
#define SIP_SPLITS SIP_AVX512_SPLITS
#define SIP_SPLIT_TABLES sip_batch_avx512_split
#define SIP_DEFAULT_TABLE sip_batch_avx512
#include "batch_lanes.h"
