/* SPDX-License-Identifier: MIT */
/*
 * batch_avx2.c — batch kernels for AVX2: one message per 64-bit lane,
 * 4 lanes per ymm register, the driver of batch_lanes.h over these
 * primitives.  Built with -mavx2 and called only when the dispatcher has
 * seen AVX2 and the OS saving ymm state.
 *
 * AVX2 has no 64-bit rotate.  Rotating by 32 swaps the halves of each
 * word (vpshufd), rotating by 16 moves whole bytes (vpshufb); 13, 17 and 21
 * are shift, shift, or.
 */
#include "batch_internal.h"

#include <immintrin.h>

#define SIP_ISA avx2
#define SIP_V __m256i
#define SIP_M __m256i
#define SIP_LANES 4
/* Registers in flight; measured on an AMD EPYC (AVX2 path forced), 8-byte
 * keys against siphash_1u64: 2 registers 0.44x, 3 0.37x, 4 0.35x. */
#define SIP_NV 4
#define SIP_VNV 2
/* Messages hashed in general registers beside the 4 vectors
 * (batch_lanes.h's splits), per CPU class; batch.c picks the table.
 * AMD Zen 1-5 (family 23-26; sip_batch_avx2_zen): a SipRound is 20 vector
 * operations, 9 of them on the 2 shift/shuffle pipes, so the vector side
 * leaves dispatch slots and the integer ALUs idle.  Measured on Zen 3
 * (cycles per hash, 8-byte records, SipHash-2-4): none 11.5, 2 scalar
 * lanes 10.8; for longer records, whose word loads need general registers
 * too, 1 lane (64 bytes 35.1 -> 33.9; 2 lanes 35.3).  On Zen 5 (the
 * bench's split table, docs/batch.md) 2 lanes were 3-10 % faster than
 * none on every fixed-length row in one session and 1-10 % slower in
 * another, the machine shared both times: kept.  The issue that asked for
 * this measured a prototype on Zen 1 14 % faster with one scalar lane.
 * One-word-count batchv chunks: none.  Zen 3 (family 25 model 1, issue 46,
 * 20 alternating runs): with one scalar lane siphash12_batchv 32 B was
 * 8 % and siphash13_batchv 8 B 3.5 % slower than with none, 16 B even,
 * and 6-12 % slower in the runs where the core was contended; Zen 5's
 * split tables (forced AVX2) had none 4-7 % faster in one session, one
 * lane at most 3 % faster in the other.
 * Every other CPU (sip_batch_avx2): none (Intel is not measured; its
 * vector ALUs share ports p0/p1/p5 with the scalar ones). */
#define SIP_CLASS_TABLES(X) X(sip_batch_avx2_zen, "avx2+zen", 2, 1, 0)

SIP_INLINE __m256i avx2_rot16(__m256i a)
{
    /* byte k of each word takes byte k-2 (mod 8) */
    const __m256i sh = _mm256_setr_epi8(6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13,
                                        6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13);
    return _mm256_shuffle_epi8(a, sh);
}

/* Two words of 4 lanes: a = lanes 0 | 2, b = lanes 1 | 3 (16 bytes each
 * per 128-bit half); unpacking the low and the high words of a and b gives
 * word 0 and word 1 of lanes 0 1 | 2 3. */
SIP_INLINE void avx2_load2(const uint8_t *const *lp, __m256i *w0, __m256i *w1)
{
    const __m256i a = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)lp[0])),
        _mm_loadu_si128((const __m128i *)(const void *)lp[2]), 1);
    const __m256i b = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)lp[1])),
        _mm_loadu_si128((const __m128i *)(const void *)lp[3]), 1);
    *w0 = _mm256_unpacklo_epi64(a, b);
    *w1 = _mm256_unpackhi_epi64(a, b);
}

SIP_INLINE __m256i avx2_from(const uint64_t *t)
{
    return _mm256_set_epi64x((long long)t[3], (long long)t[2], (long long)t[1], (long long)t[0]);
}

#define v_set1(x) _mm256_set1_epi64x((long long)(x))
#define v_xor(a, b) _mm256_xor_si256((a), (b))
#define v_add(a, b) _mm256_add_epi64((a), (b))
#define v_or(a, b) _mm256_or_si256((a), (b))
#define v_and(a, b) _mm256_and_si256((a), (b))
#define v_sub(a, b) _mm256_sub_epi64((a), (b))
#define v_shl_i(a, n) _mm256_slli_epi64((a), (n))
#define v_shr_i(a, n) _mm256_srli_epi64((a), (n))
#define v_rotl(a, n)                                                           \
    ((n) == 32   ? _mm256_shuffle_epi32((a), 0xb1)                             \
     : (n) == 16 ? avx2_rot16(a)                                               \
                 : v_or(v_shl_i((a), (n)), v_shr_i((a), 64 - (n))))
#define v_shr_n(a, n) _mm256_srl_epi64((a), _mm_cvtsi32_si128(n))
#define v_shrv(a, cnt) _mm256_srlv_epi64((a), (cnt))
#define v_loadu(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define v_storeu(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), (a))
#define v_from(t) avx2_from(t)
#define v_load2(lp, w0, w1) avx2_load2((lp), &(w0), &(w1))
/* a <= b as b + 1 > a (signed compare: the values are below 2^62) */
#define v_le(a, b) _mm256_cmpgt_epi64(_mm256_add_epi64((b), _mm256_set1_epi64x(1)), (a))
#define v_sel(m, t, f) _mm256_blendv_epi8((f), (t), (m))

#define SIP_ISA_NAME "avx2"
#define SIP_SPLITS SIP_AVX2_SPLITS
#define SIP_SPLIT_TABLES sip_batch_avx2_split
#define SIP_DEFAULT_TABLE sip_batch_avx2
#include "batch_lanes.h"
