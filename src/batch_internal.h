/* SPDX-License-Identifier: MIT */
/*
 * batch_internal.h — the table of batch kernels each instruction set
 * provides, shared by the dispatcher (batch.c) and the per-ISA files
 * (batch_portable.c, batch_avx2.c, batch_avx512.c, batch_neon.c).
 * Private to src/.
 *
 * Every kernel takes any n and returns exactly the scalar answers: the
 * messages that do not fill the SIMD lanes go to scalar code, so the ISA
 * files only need to be fast on whole lane groups.  No kernel reads
 * a byte outside a record, and only lengths (never data or key bytes) steer
 * branches, masks or addresses.
 */
#ifndef SIPHASH_BATCH_INTERNAL_H
#define SIPHASH_BATCH_INTERNAL_H

#include "internal.h"

/* PE/COFF (Windows) has no visibility: there, only dllexport exports. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__CYGWIN__)
#define SIP_HIDDEN __attribute__((visibility("hidden")))
#else
#define SIP_HIDDEN
#endif

/* Fully unrolls the next loop (lanes, registers, rounds: all constant
 * counts), also at -O2, where GCC keeps vector loops rolled and the state
 * goes through memory (measured 2x slower than -O3). */
#if defined(__clang__)
#define SIP_UNROLL _Pragma("unroll")
#elif defined(__GNUC__) && __GNUC__ >= 8
#define SIP_UNROLL _Pragma("GCC unroll 16")
#else
#define SIP_UNROLL
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

/* The portable kernels; the SIMD files hand them the messages that do not
 * fill a register (siphash_batchv's leftovers go to siphash24_64 in
 * sip_vec_grouped). */
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

/*
 * siphash_batchv in lane groups.  Lanes in lock step cost as many steps as
 * the longest message of their group, so the messages are first ordered by
 * word count (a counting sort of indices over chunks of SIP_VCHUNK, on the
 * stack: lengths only, never data), and groups of G similar messages go to
 * the ISA's kernel; the last m % G of a chunk are hashed one by one.
 * group(msgs, lens, idx, cnt, key, out) hashes msgs[idx[l]] into
 * out[idx[l]] for l < cnt, a multiple of G.
 */
#ifndef SIP_VCHUNK
#define SIP_VCHUNK 512
#endif
#define SIP_VBUCKETS 16 /* word counts 0..14, and 15 or more */

typedef void sip_vgroup_fn(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                           size_t cnt, const siphash_key_t *key, uint64_t *out);

SIP_INLINE void sip_vec_grouped(const void *const *msgs, const size_t *lens, size_t n,
                                const siphash_key_t *key, uint64_t *out, sip_vgroup_fn *group,
                                size_t G)
{
    uint16_t order[SIP_VCHUNK];
    for (size_t c0 = 0; c0 < n; c0 += SIP_VCHUNK) {
        const size_t m = n - c0 < SIP_VCHUNK ? n - c0 : SIP_VCHUNK;
        /* zeroed: gcc -fanalyzer cannot tell that the unrolled loops below
         * stay under m (512 bytes, negligible against 512 hashes) */
        uint8_t bucket[SIP_VCHUNK] = {0};
        unsigned any = 0, all = ~0u;
        for (size_t i = 0; i < m; i++) {
            const size_t b = lens[c0 + i] >> 3;
            bucket[i] = (uint8_t)(b < SIP_VBUCKETS - 1 ? b : SIP_VBUCKETS - 1);
            any |= bucket[i], all &= bucket[i];
        }
        if (any == all) { /* one word count (the usual hash table): keep the order */
            for (size_t i = 0; i < m; i++)
                order[i] = (uint16_t)i;
        } else {
            /* Four sets of counters, used in turn: equal neighbours then
             * increment different memory words instead of queueing on one
             * (a store-to-load chain, measured 20% slower on sorted input). */
            uint16_t pos[4][SIP_VBUCKETS] = {{0}};
            size_t i = 0;
            for (; i < (m & ~(size_t)3); i += 4)
                pos[0][bucket[i]]++, pos[1][bucket[i + 1]]++, pos[2][bucket[i + 2]]++,
                    pos[3][bucket[i + 3]]++;
            for (; i < m; i++)
                pos[i & 3][bucket[i]]++;
            uint16_t at = 0;
            for (size_t b = 0; b < SIP_VBUCKETS; b++)
                for (size_t k = 0; k < 4; k++) {
                    const uint16_t c = pos[k][b];
                    pos[k][b] = at;
                    at = (uint16_t)(at + c);
                }
            for (i = 0; i < (m & ~(size_t)3); i += 4) {
                order[pos[0][bucket[i]]++] = (uint16_t)i;
                order[pos[1][bucket[i + 1]]++] = (uint16_t)(i + 1);
                order[pos[2][bucket[i + 2]]++] = (uint16_t)(i + 2);
                order[pos[3][bucket[i + 3]]++] = (uint16_t)(i + 3);
            }
            for (; i < m; i++)
                order[pos[i & 3][bucket[i]]++] = (uint16_t)i;
        }
        size_t g = m - m % G;
        if (g)
            group(msgs + c0, lens + c0, order, g, key, out + c0);
        for (; g < m; g++) {
            const size_t k = c0 + order[g];
            out[k] = siphash24_64(msgs[k], lens[k], key);
        }
    }
}

#endif /* SIPHASH_BATCH_INTERNAL_H */
