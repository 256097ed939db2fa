/*
 * batch_internal.h — the table of batch kernels each instruction set
 * provides, shared by the dispatcher (batch.c) and the per-ISA files
 * (batch_portable.c, batch_avx2.c, batch_avx512.c, batch_neon.c).
 * Private to src/.
 *
 * Every kernel takes any n and returns exactly the scalar answers: the
 * messages that do not fill the SIMD lanes go to the portable kernels, so
 * the ISA files only need to be fast on whole lane groups.  No kernel reads
 * a byte outside a record, and only lengths (never data or key bytes) steer
 * branches, masks or addresses.
 */
#ifndef SIPHASH_BATCH_INTERNAL_H
#define SIPHASH_BATCH_INTERNAL_H

#include "internal.h"

#if defined(__GNUC__) || defined(__clang__)
#define SIP_HIDDEN __attribute__((visibility("hidden")))
#else
#define SIP_HIDDEN
#endif

/* out[i] = SipHash-c-d(base + i*stride, len) for i < n; len > 0. */
typedef void sip_batch_fixed_fn(const uint8_t *base, size_t stride, size_t len, size_t n,
                                const siphash_key_t *key, uint64_t *out);
/* out[i] = SipHash-2-4(msgs[i], lens[i]). */
typedef void sip_batch_vec_fn(const void *const *msgs, const size_t *lens, size_t n,
                              const siphash_key_t *key, uint64_t *out);
/* out[i] = SipHash-c-d of the 8 little-endian bytes of in[i]. */
typedef void sip_batch_u64_fn(const uint64_t *in, size_t n, const siphash_key_t *key,
                              uint64_t *out);

struct sip_batch_impl {
    const char *name;           /* what siphash_batch_impl() returns */
    sip_batch_fixed_fn *fixed24, *fixed13;
    sip_batch_vec_fn *vec24;
    sip_batch_u64_fn *u64_24, *u64_13;
};

/* One table per instruction set; only the ones this build compiled exist
 * (batch.c knows which from SIPHASH_BATCH_HAVE_* definitions). */
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_portable;
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx2;
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx512;
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_neon;

/* The portable kernels, also used by the SIMD files for the leftover
 * messages (fewer than a lane group). */
SIP_HIDDEN void sip_portable_fixed24(const uint8_t *base, size_t stride, size_t len, size_t n,
                                     const siphash_key_t *key, uint64_t *out);
SIP_HIDDEN void sip_portable_fixed13(const uint8_t *base, size_t stride, size_t len, size_t n,
                                     const siphash_key_t *key, uint64_t *out);
SIP_HIDDEN void sip_portable_vec24(const void *const *msgs, const size_t *lens, size_t n,
                                   const siphash_key_t *key, uint64_t *out);
SIP_HIDDEN void sip_portable_u64_24(const uint64_t *in, size_t n, const siphash_key_t *key,
                                    uint64_t *out);
SIP_HIDDEN void sip_portable_u64_13(const uint64_t *in, size_t n, const siphash_key_t *key,
                                    uint64_t *out);

/* The final block of a message: length byte | last len & 7 bytes. */
SIP_INLINE uint64_t sip_final_word(const uint8_t *p, size_t len)
{
    return (uint64_t)len << 56 | sip_tail64(p, len);
}

#endif /* SIPHASH_BATCH_INTERNAL_H */
