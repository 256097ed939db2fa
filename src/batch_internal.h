/* SPDX-License-Identifier: MIT */
/*
 * batch_internal.h — the table of batch kernels each instruction set
 * provides, shared by the dispatcher (batch.c) and the per-ISA files
 * (batch_portable.c, batch_avx2.c, batch_avx512.c, batch_neon.c, each
 * stamping out batch_lanes.h over its own primitives).  Private to src/.
 *
 * Every kernel takes any n and returns exactly the scalar answers: the
 * messages that do not fill the SIMD lanes go to scalar code, so the ISA
 * files only need to be fast on whole lane groups.  No kernel reads
 * a byte outside a record, and only lengths (never data or key bytes) steer
 * branches, masks or addresses.
 */
#ifndef SIPHASH_BATCH_INTERNAL_H
#define SIPHASH_BATCH_INTERNAL_H

#include "batch_probe.h"
#include "internal.h"

/* out[i] = SipHash-c-d(base + i*stride, len) for i < n; len > 0. */
typedef void sip_batch_fixed_fn(const uint8_t *base, size_t stride, size_t len, size_t n,
                                const siphash_key_t *key, uint64_t *out);
/* out[i] = SipHash-c-d(msgs[i], lens[i]) (over the case-folded bytes for
 * the nocase kernel). */
typedef void sip_batch_vec_fn(const void *const *msgs, const size_t *lens, size_t n,
                              const siphash_key_t *key, uint64_t *out);
/* out[i] = SipHash-c-d of the 8 little-endian bytes of in[i]. */
typedef void sip_batch_u64_fn(const uint64_t *in, size_t n, const siphash_key_t *key,
                              uint64_t *out);

/* Rounds only, for siphash-bench's measured bound: iters x 4 SipRounds of
 * configuration cfg (SIP_PROBE_CONFIGS) with the kernels' own round code;
 * returns a value that depends on every lane. */
typedef uint64_t sip_batch_probe_fn(unsigned cfg, uint64_t iters);

struct sip_batch_impl {
    const char *name; /* what siphash_batch_impl() returns */
    sip_batch_fixed_fn *fixed24, *fixed13, *fixed12;
    sip_batch_vec_fn *vec24, *vec13, *vec12, *vec12_nocase;
    sip_batch_u64_fn *u64_24, *u64_13;
    sip_batch_probe_fn *probe;
    unsigned lanes; /* 64-bit lanes per vector */
};

/* The probe's configurations: nv vectors and ns scalar lanes in general
 * registers, one round of each per step, interleaved as the kernels
 * interleave them (batch_lanes.h); vectors alone, scalar lanes alone, and
 * both together.  X(nv, ns). */
#define SIP_PROBE_CONFIGS(X)                                                   \
    X(1, 0) X(2, 0) X(4, 0) X(6, 0) X(0, 1) X(0, 2) X(0, 3) X(0, 4) X(4, 1) X(4, 2) X(4, 3) \
    X(4, 4)
#define SIP_PROBE_COUNT_(nv, ns) +1
enum { SIP_PROBE_NCONFIGS = 0 SIP_PROBE_CONFIGS(SIP_PROBE_COUNT_) };


/* One table per instruction set; only the ones this build compiled exist
 * (batch.c knows which from SIPHASH_BATCH_HAVE_* definitions). */
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_portable;
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx2;
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx512;
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_neon;

/* The splits each SIMD file compiles (batch_lanes.h's SIP_SPLITS): s = 0,
 * 1 or 2 messages hashed in general registers beside each group of
 * vectors.  Each has a table of its own, "<path>+<s>"
 * (sip_batch_<path>_split[s]; a split not compiled is a hole, never
 * named), for tests and the bench to force; a path's default table takes
 * each kernel's split from measurement (docs/batch.md).
 * AVX-512 compiles 0 and 1, the one the Zen 4 table takes at 8 bytes: 2
 * scalar lanes beside AVX-512 were faster on an idle core and 4-36 %
 * slower when the core's other hardware thread ran integer work (Zen 4
 * and Zen 5, docs/batch.md), and other CPUs keep 0 (Intel's vector ALUs
 * share ports with its scalar ones).  Each split costs about 100 KB of
 * code and 2 s of gcc -O3 in every build (Zen 5; batchv's split kernels
 * are not compiled, see batch_lanes.h).  To measure splits on a new CPU,
 * list them here: the bench and tests pick them up. */
#define SIP_AVX2_SPLITS(X) X(0) X(1) X(2)
#define SIP_AVX512_SPLITS(X) X(0) X(1)
#define SIP_NEON_SPLITS(X) X(0) X(1) X(2)
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx2_split[];
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx512_split[];
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_neon_split[];

/* "avx2" on AMD Zen 1-5, with scalar lanes (batch_avx2.c); the same
 * under the name "avx2+zen", for tests to force anywhere */
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx2_zen;
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx2_zen_forced;
/* "avx512" on AMD Zen 4 (family 25 with AVX-512), with scalar lanes
 * (batch_avx512.c); the same under the name "avx512+zen4" */
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx512_zen4;
SIP_HIDDEN extern const struct sip_batch_impl sip_batch_avx512_zen4_forced;

/* The portable kernels; the SIMD files hand them the records that do not
 * fill a register. */
SIP_HIDDEN void sip_portable_fixed24(const uint8_t *base, size_t stride, size_t len, size_t n,
                                     const siphash_key_t *key, uint64_t *out);
SIP_HIDDEN void sip_portable_fixed13(const uint8_t *base, size_t stride, size_t len, size_t n,
                                     const siphash_key_t *key, uint64_t *out);
SIP_HIDDEN void sip_portable_fixed12(const uint8_t *base, size_t stride, size_t len, size_t n,
                                     const siphash_key_t *key, uint64_t *out);
SIP_HIDDEN void sip_portable_u64_24(const uint64_t *in, size_t n, const siphash_key_t *key,
                                    uint64_t *out);
SIP_HIDDEN void sip_portable_u64_13(const uint64_t *in, size_t n, const siphash_key_t *key,
                                    uint64_t *out);

/* The leftovers of a SIMD kernel for (c, d): the portable kernel (with
 * constant c and d one call remains). */
SIP_INLINE void sip_rest_fixed(const uint8_t *base, size_t stride, size_t len, size_t n,
                               const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d)
{
    if (c == 2)
        sip_portable_fixed24(base, stride, len, n, key, out);
    else if (d == 3)
        sip_portable_fixed13(base, stride, len, n, key, out);
    else
        sip_portable_fixed12(base, stride, len, n, key, out);
}

SIP_INLINE void sip_rest_u64(const uint64_t *in, size_t n, const siphash_key_t *key,
                             uint64_t *out, unsigned c)
{
    if (c == 2)
        sip_portable_u64_24(in, n, key, out);
    else
        sip_portable_u64_13(in, n, key, out);
}

/* One message of a batchv, by the exported one-shot function for (c, d,
 * fold). */
SIP_INLINE uint64_t sip_one(const void *msg, size_t len, const siphash_key_t *key, unsigned c,
                            unsigned d, int fold)
{
    if (c == 2)
        return siphash24_64(msg, len, key);
    if (fold)
        return siphash12_nocase_64(msg, len, key);
    return d == 2 ? siphash12_64(msg, len, key) : siphash13_64(msg, len, key);
}

/*
 * The final block of a message (sip_last_word's value) for the batch
 * kernels of one word count and any len & 7: neither helper branches on
 * the length, so lanes of different lengths cost no mispredictions
 * (sip_last_word's branches would mispredict on most messages of a
 * shuffled batch).
 * len >= 8: the 8 bytes ending at the last one, shifted right by
 * 64 - 8 * (len & 7) in two steps (by 64 gives the empty tail).
 */
SIP_INLINE uint64_t sip_final_long(const uint8_t *p, size_t len, int fold)
{
    const uint64_t t = sip_word(p + len - 8, fold);
    return (uint64_t)len << 56 | t >> (63 - 8 * (len & 7)) >> 1;
}

/* len < 8: sip_last_block64's pieces (4 bytes at 0, 2 at len & 4, 1 at
 * len & 6), each read from a zero word instead when len lacks its bit: the
 * addresses are selected on the length, never on data, and nothing outside
 * p[0 .. len-1] is read (no arithmetic on p when len is 0). */
SIP_INLINE uint64_t sip_final_short(const uint8_t *p, size_t len, int fold)
{
    static const uint8_t zero[8];
    const size_t r = len & 7;
    const uint8_t *a4 = r & 4 ? p : zero;
    const uint8_t *a2 = r & 2 ? p + (r & 4) : zero;
    const uint8_t *a1 = r & 1 ? p + (r & 6) : zero;
    uint64_t t = sip_load32(a4) | (uint64_t)sip_load16(a2) << (8 * (r & 4)) |
                 (uint64_t)a1[0] << (8 * (r & 6));
    if (fold)
        t = sip_fold64(t);
    return (uint64_t)len << 56 | t;
}

/*
 * siphash_batchv in lane groups.  Lanes in lock step cost as many steps as
 * the longest message of their group, so the messages are first ordered by
 * word count (a counting sort of indices over chunks of SIP_VCHUNK, on the
 * stack: lengths only, never data), and groups of G similar messages go to
 * the ISA's kernel; the last m % G of a chunk go to one more group with
 * an index repeated, or, when fewer than 4, are hashed one by one (by the
 * one-shot function for c, d and fold).  A chunk whose messages all
 * have the same word count is not sorted: same() hashes it in place.
 * group(msgs, lens, idx, cnt, key, out) hashes msgs[idx[l]] into
 * out[idx[l]] for l < cnt, a multiple of G (an index may repeat).
 */
#ifndef SIP_VCHUNK
#define SIP_VCHUNK 512
#endif
#define SIP_VBUCKETS 16 /* word counts 0..14, and 15 or more */
#define SIP_VGROUP_MAX 64 /* the most messages a group() takes at once */

typedef void sip_vgroup_fn(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                           size_t cnt, const siphash_key_t *key, uint64_t *out);
/* All n messages have nw whole words: out[i] = the hash of msgs[i]. */
typedef void sip_vsame_fn(const void *const *msgs, const size_t *lens, size_t n, size_t nw,
                          const siphash_key_t *key, uint64_t *out);

SIP_INLINE void sip_vec_grouped(const void *const *msgs, const size_t *lens, size_t n,
                                const siphash_key_t *key, uint64_t *out, sip_vgroup_fn *group,
                                sip_vsame_fn *same, size_t G, unsigned c, unsigned d, int fold)
{
    /* room to repeat an index up to a group of SIP_VGROUP_MAX */
    uint16_t order[SIP_VCHUNK + SIP_VGROUP_MAX];
    for (size_t c0 = 0; c0 < n; c0 += SIP_VCHUNK) {
        const size_t m = n - c0 < SIP_VCHUNK ? n - c0 : SIP_VCHUNK;
        /* One word count throughout (a hash table's keys often have one
         * length): no order, no indices, the messages in place.  Checked
         * 16 lengths at a time (a loop the compiler vectorizes), stopping
         * at the first block that differs: mixed batches pay next to
         * nothing for the test. */
        const size_t w0 = lens[c0] >> 3;
        size_t diff = 0;
        for (size_t i = 0; i < m && !diff; i += 16)
            for (size_t k = i; k < i + 16 && k < m; k++)
                diff |= (lens[c0 + k] >> 3) ^ w0;
        if (!diff) {
            same(msgs + c0, lens + c0, m, w0, key, out + c0);
            continue;
        }
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
        /* The last m % G (the longest): four or more in one more group,
         * the last index repeated in the lanes left over (they compute
         * its hash again, into the same place); fewer one by one.  Zen 5,
         * per hash of 97..100 strings: avx512 (16 lanes) with 1 and 2 left
         * over the group is 9 and 3 % slower than the one-shot calls, with
         * 3 and 4 3 and 8 % faster; avx2 (8 lanes) slower up to 3 left
         * over, even at 4. */
        size_t g = m - m % G;
        if (m % G >= 4 && G <= SIP_VGROUP_MAX) {
            for (size_t k = m; k % G; k++)
                order[k] = order[m - 1];
            g = m + (G - m % G);
        }
        if (g)
            group(msgs + c0, lens + c0, order, g, key, out + c0);
        for (; g < m; g++) {
            const size_t k = c0 + order[g];
            out[k] = sip_one(msgs[k], lens[k], key, c, d, fold);
        }
    }
}

#endif /* SIPHASH_BATCH_INTERNAL_H */
