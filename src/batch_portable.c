/* SPDX-License-Identifier: MIT */
/*
 * batch_portable.c — batch kernels in plain C, for every target: the driver
 * of batch_lanes.h with one 64-bit lane per "vector".
 *
 * SipHash is one long dependency chain per message, so a single hash
 * leaves most of a superscalar core idle.  Here SIP_NV messages advance in
 * lock step: their rounds are independent, so the compiler and the
 * out-of-order core overlap them.  Loads go through sip_load64 /
 * sip_last_bytes64, so the results are the same on big-endian machines.
 * These kernels also finish the leftovers of the SIMD files.
 */
#include "batch_internal.h"

#define SIP_ISA sip_portable
#define SIP_KERNEL SIP_HIDDEN
#define SIP_V uint64_t
#define SIP_M uint64_t
#define SIP_LANES 1
/* Chains in lock step.  A chain's state is 4 words: on x86 (16 general
 * registers, fewer on i386) four chains spill.  Measured on Zen 3 (gcc 12,
 * per hash): three chains for the constant 8- and 16-byte copies
 * (SipHash-1-3 at 16 bytes 24.0 cycles against 28.7 with two), two for
 * the run-time length, whose loop keeps more live (32 bytes 57 against 60
 * with three).  Machines with 32 registers take four (not measured). */
#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
#define SIP_NV 3
#define SIP_NV_ANY 2
/* measured on x86: lock step gains nothing for mixed lengths over the
 * out-of-order core overlapping consecutive hashes, and costs 8% with the
 * sort: the plain loop below instead */
#define SIP_OWN_VEC
#else
#define SIP_NV 4
#endif
#define SIP_VNV SIP_NV
#define SIP_OWN_U64

SIP_INLINE uint64_t port_from(const uint64_t *t)
{
    return t[0];
}

SIP_INLINE uint64_t port_loadu(const void *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

#define v_set1(x) ((uint64_t)(x))
#define v_xor(a, b) ((a) ^ (b))
#define v_add(a, b) ((a) + (b))
#define v_or(a, b) ((a) | (b))
#define v_and(a, b) ((a) & (b))
#define v_sub(a, b) ((a) - (b))
#define v_shl_i(a, n) ((a) << (n))
#define v_shr_i(a, n) ((a) >> (n))
#define v_rotl(a, n) siphash_rotl64_((a), (n))
#define v_shr_n(a, n) ((a) >> (n))
#define v_shrv(a, cnt) ((cnt) < 64 ? (a) >> (cnt) : 0)
#define v_loadu(p) port_loadu(p)
#define v_storeu(p, a) memcpy((p), &(a), 8)
#define v_from(t) port_from(t)
#define v_le(a, b) ((uint64_t)0 - (uint64_t)((a) <= (b)))
#define v_sel(m, t, f) (((t) & (m)) | ((f) & ~(m)))

#if !defined(SIP_OWN_VEC)
#define PORT_GENERIC_VEC 1
/* the generic mixed-length kernels, of the only split compiled here */
#define sip_portable_vec24 sip_portable_vec24_s_0
#define sip_portable_vec13 sip_portable_vec13_s_0
#define sip_portable_vec12 sip_portable_vec12_s_0
#define sip_portable_vec12nc sip_portable_vec12nc_s_0
#else
#define PORT_GENERIC_VEC 0
#endif

#include "batch_lanes.h"

/*
 * 8-byte messages given as integers.  On a little-endian host their bytes
 * are the records of siphash_batch with stride and length 8, so the
 * lock-step kernel serves; its stride and length are read through
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

static volatile size_t port_u64_stride = 8, port_u64_len = 8;

SIP_HIDDEN void sip_portable_u64_24(const uint64_t *in, size_t n, const siphash_key_t *key,
                                    uint64_t *out)
{
    if (SIP_LITTLE_ENDIAN) /* the integers' bytes are their little-endian encoding */
        sip_portable_fixed24((const uint8_t *)(const void *)in, port_u64_stride, port_u64_len,
                             n, key, out);
    else
        for (size_t i = 0; i < n; i++)
            out[i] = port_one_u64_24(in[i], key);
}

SIP_HIDDEN void sip_portable_u64_13(const uint64_t *in, size_t n, const siphash_key_t *key,
                                    uint64_t *out)
{
    if (SIP_LITTLE_ENDIAN)
        sip_portable_fixed13((const uint8_t *)(const void *)in, port_u64_stride, port_u64_len,
                             n, key, out);
    else
        for (size_t i = 0; i < n; i++)
            out[i] = port_one_u64_13(in[i], key);
}

#if !PORT_GENERIC_VEC
/* Mixed lengths on x86: one message after the other (see SIP_OWN_VEC). */
SIP_INLINE void port_vec_loop(const void *const *msgs, const size_t *lens, size_t n,
                              const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d,
                              int fold)
{
    for (size_t i = 0; i < n; i++)
        out[i] = sip_hash64((const uint8_t *)msgs[i], lens[i], key->key[0], key->key[1], c, d,
                            fold);
}

static void sip_portable_vec24(const void *const *msgs, const size_t *lens, size_t n,
                               const siphash_key_t *key, uint64_t *out)
{
    port_vec_loop(msgs, lens, n, key, out, 2, 4, 0);
}

static void sip_portable_vec13(const void *const *msgs, const size_t *lens, size_t n,
                               const siphash_key_t *key, uint64_t *out)
{
    port_vec_loop(msgs, lens, n, key, out, 1, 3, 0);
}

static void sip_portable_vec12(const void *const *msgs, const size_t *lens, size_t n,
                               const siphash_key_t *key, uint64_t *out)
{
    port_vec_loop(msgs, lens, n, key, out, 1, 2, 0);
}

static void sip_portable_vec12nc(const void *const *msgs, const size_t *lens, size_t n,
                                 const siphash_key_t *key, uint64_t *out)
{
    port_vec_loop(msgs, lens, n, key, out, 1, 2, 1);
}
#endif
#undef PORT_GENERIC_VEC

SIP_HIDDEN const struct sip_batch_impl sip_batch_portable = {
    "portable",
    sip_portable_fixed24,
    sip_portable_fixed13,
    sip_portable_fixed12,
    sip_portable_vec24,
    sip_portable_vec13,
    sip_portable_vec12,
    sip_portable_vec12nc,
    sip_portable_u64_24,
    sip_portable_u64_13,
    sip_portable_probe,
    1,
};
