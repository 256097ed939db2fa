/* SPDX-License-Identifier: MIT */
/*
 * batch_neon.c — batch kernels for AArch64 Advanced SIMD (NEON, part of
 * every AArch64 CPU): 2 messages per 128-bit register, two registers
 * interleaved (4 messages in flight) so one register's round latency hides
 * behind the other's; the driver of batch_lanes.h over these primitives.
 *
 * Rotates: by 32 swaps the 32-bit halves (rev64), the others are a shift
 * left plus a shift-right-and-insert (sri).
 */
#include "batch_internal.h"

#include <arm_neon.h>

#define SIP_ISA neon
#define SIP_V uint64x2_t
#define SIP_M uint64x2_t
#define SIP_LANES 2
#define SIP_NV 2
#define SIP_VNV 2

SIP_INLINE uint64x2_t neon_from(const uint64_t *t)
{
    return vcombine_u64(vcreate_u64(t[0]), vcreate_u64(t[1]));
}

#define v_set1(x) vdupq_n_u64((uint64_t)(x))
#define v_xor(a, b) veorq_u64((a), (b))
#define v_add(a, b) vaddq_u64((a), (b))
#define v_or(a, b) vorrq_u64((a), (b))
#define v_and(a, b) vandq_u64((a), (b))
#define v_sub(a, b) vsubq_u64((a), (b))
#define v_shl_i(a, n) vshlq_n_u64((a), (n))
#define v_shr_i(a, n) vshrq_n_u64((a), (n))
#define v_rotl(a, n)                                                           \
    ((n) == 32 ? vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(a)))  \
               : vsriq_n_u64(vshlq_n_u64((a), (n)), (a), 64 - (n)))
/* ushl by a negative count shifts right; by -64 it gives 0 */
#define v_shr_n(a, n) vshlq_u64((a), vdupq_n_s64(-(int64_t)(n)))
#define v_shrv(a, cnt) vshlq_u64((a), vnegq_s64(vreinterpretq_s64_u64(cnt)))
#define v_loadu(p) vreinterpretq_u64_u8(vld1q_u8((const uint8_t *)(const void *)(p)))
#define v_storeu(p, a) vst1q_u8((uint8_t *)(void *)(p), vreinterpretq_u8_u64(a))
#define v_from(t) neon_from(t)
#define v_le(a, b) vcleq_u64((a), (b))
#define v_sel(m, t, f) vbslq_u64((m), (t), (f))

#define SIP_ISA_NAME "neon"
#define SIP_SPLITS SIP_NEON_SPLITS
#define SIP_SPLIT_TABLES sip_batch_neon_split
#define SIP_DEFAULT_TABLE sip_batch_neon
#include "batch_lanes.h"
