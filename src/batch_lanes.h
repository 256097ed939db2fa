/* SPDX-License-Identifier: MIT */
/*
 * batch_lanes.h — the batch driver, written once over lane primitives and
 * stamped out by each instruction-set file (batch_portable.c,
 * batch_avx2.c, batch_avx512.c, batch_neon.c), which is compiled with only
 * its own flag.  Deliberately without an include guard: every ISA file
 * includes it once, after defining:
 *
 *   SIP_ISA            the name prefix of what is generated here (avx2 ...)
 *   SIP_V, SIP_M       a vector of SIP_LANES 64-bit lanes; a lane mask
 *   SIP_NV, SIP_VNV    vectors in flight: fixed-length and u64 groups;
 *                      mixed-length groups (SIP_NV_ANY, optional, at most
 *                      SIP_NV: fixed lengths other than 8 and 16)
 *   v_set1(x)          every lane x
 *   v_xor, v_add, v_or, v_and, v_sub (a, b)
 *   v_rotl(a, n)       rotate left by the literal n (a: a plain variable)
 *   v_shl_i, v_shr_i   (a, literal n) shifts; v_shr_n(a, n): by a run-time
 *                      count < 64, the same in every lane
 *   v_shrv(a, cnt)     right shift lane by lane, counts 0..64 (64 gives 0)
 *   v_loadu(p)         SIP_LANES host-order words from p (any alignment)
 *   v_storeu(p, a)     the reverse
 *   v_from(t)          a vector from the array t[0 .. SIP_LANES-1]
 *   v_le(a, b)         the mask of lanes with a <= b (values below 2^62)
 *   v_sel(m, t, f)     t in the lanes of m, f elsewhere
 * and optionally
 *   SIP_SPLITS(X)      the splits compiled: X(s) for each number s of
 *                      messages hashed in general registers beside the
 *                      SIP_NV vectors of a fixed-length, u64 or one-word-
 *                      count batchv group, in the same rounds (where the
 *                      vector pipes are the limit, the scalar ALUs are
 *                      otherwise idle); default X(0).  Each split s gets
 *                      kernels <isa>_fixed24_s_<s> ... and, with
 *                      SIP_ISA_NAME ("avx2") and SIP_SPLIT_TABLES (a
 *                      name), a table "<isa>+<s>" in the array
 *                      SIP_SPLIT_TABLES[] that tests and the bench force
 *   SIP_NS_8, SIP_NS_LONG, SIP_NS_SAME  the split of the default kernels
 *                      <isa>_fixed24 ... and table SIP_DEFAULT_TABLE: 8-byte
 *                      records and u64 keys, longer records, one-word-count
 *                      batchv (each one of SIP_SPLITS; default 0)
 *   SIP_CLASS_TABLES(X)  more default tables, for other CPU classes:
 *                      X(table, forced name, ns8, nslong, nssame)
 *   v_load2(lp, w0, w1)  the 16 bytes at each lp[l], l < SIP_LANES, as
 *                      two vectors of words, transposed in registers
 *                      (without it: two lane-by-lane gathers)
 *   v_xor3(a, b, c), SIP_V_MINMAX(lenv, minlen, maxlen) (the
 * shortest and longest length of a mixed group, from its length vectors),
 * SIP_KERNEL (the linkage of the fixed-length kernels; default static),
 * SIP_OWN_U64 / SIP_OWN_VEC (the file writes those kernels itself).
 *
 * It generates the lane round, the fixed-length kernels
 * <isa>_fixed24/13/12, the u64 kernels <isa>_u64_24/13 and the mixed-length
 * kernels <isa>_vec24/13/12/12nc; the ISA file then writes its table entry.
 * Everything generated is named with the prefix (one-file builds put all
 * ISA files into one translation unit), and everything defined here is
 * #undef'd at the end, the primitives included.
 */

#define SIP_CAT2_(a, b) a##_##b
#define SIP_CAT_(a, b) SIP_CAT2_(a, b)
#define SIP_N(name) SIP_CAT_(SIP_ISA, name)
#ifndef SIP_KERNEL
#define SIP_KERNEL static
#endif
#ifndef SIP_NV_ANY
#define SIP_NV_ANY SIP_NV
#endif
#ifndef SIP_SPLITS
#define SIP_SPLITS(X) X(0)
#endif
#ifndef SIP_NS_8
#define SIP_NS_8 0
#endif
#ifndef SIP_NS_LONG
#define SIP_NS_LONG 0
#endif
#ifndef SIP_NS_SAME
#define SIP_NS_SAME 0
#endif
/* batchv's one-word-count chunks take scalar lanes in no table (one lane
 * was 1-8 % slower than none on Zen 3 and Zen 5, docs/batch.md): their
 * split kernels, about 40 % of an AVX2 file's code and gcc time, are
 * compiled only for measuring them (-DSIP_MEASURE_VEC_SPLITS=1 in the
 * build's C flags); otherwise every "+s" table takes split 0's. */
#ifndef SIP_MEASURE_VEC_SPLITS
#define SIP_MEASURE_VEC_SPLITS 0
#endif
#if SIP_MEASURE_VEC_SPLITS
#define SIP_VEC_S_(s) s
#else
#define SIP_VEC_S_(s) 0
_Static_assert(SIP_NS_SAME == 0, "batchv splits are compiled only with SIP_MEASURE_VEC_SPLITS");
#endif
/* The scalar lanes stay in general registers: otherwise GCC's SLP
 * vectorizer packs them into vector registers (two lanes per xmm, no
 * rotate), where they compete for the very pipes they were meant to spare
 * (measured on Zen 3: the 8-byte kernel 35% slower instead of faster). */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__aarch64__))
#define SIP_GPR_(x) __asm__("" : "+r"(x))
#else
#define SIP_GPR_(x) ((void)0)
#endif
/* array size for the scalar lanes: 4 covers every split compiled (C has
 * no empty arrays); checked below */
#define SIP_NS_DIM_ 4
#define SIP_SPLIT_FITS_(s) _Static_assert((s) <= SIP_NS_DIM_, "split too large");
SIP_SPLITS(SIP_SPLIT_FITS_)
#undef SIP_SPLIT_FITS_

typedef struct {
    SIP_V v0, v1, v2, v3;
} SIP_N(state);

/* SIPHASH_PERMUTATION on lanes. */
SIP_INLINE void SIP_N(round)(SIP_N(state) *s)
{
    SIP_V v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
    v0 = v_add(v0, v1); v1 = v_rotl(v1, 13); v1 = v_xor(v1, v0); v0 = v_rotl(v0, 32);
    v2 = v_add(v2, v3); v3 = v_rotl(v3, 16); v3 = v_xor(v3, v2);
    v0 = v_add(v0, v3); v3 = v_rotl(v3, 21); v3 = v_xor(v3, v0);
    v2 = v_add(v2, v1); v1 = v_rotl(v1, 17); v1 = v_xor(v1, v2); v2 = v_rotl(v2, 32);
    s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
}

/* A group: nv vectors s and ns scalar lanes ss (a split, or 0). */
SIP_INLINE void SIP_N(init)(SIP_N(state) *s, int nv, sip_state *ss, int ns,
                            const siphash_key_t *key)
{
    const SIP_V k0 = v_set1(key->key[0]), k1 = v_set1(key->key[1]);
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        s[j].v0 = v_xor(k0, v_set1(SIPHASH_CONST_0));
        s[j].v1 = v_xor(k1, v_set1(SIPHASH_CONST_1));
        s[j].v2 = v_xor(k0, v_set1(SIPHASH_CONST_2));
        s[j].v3 = v_xor(k1, v_set1(SIPHASH_CONST_3));
    }
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        ss[k] = sip_init(key->key[0], key->key[1], 0);
}

/* n rounds of the group, interleaved across its independent chains. */
SIP_INLINE void SIP_N(rounds)(SIP_N(state) *s, int nv, sip_state *ss, int ns, unsigned n)
{
    SIP_UNROLL
    for (unsigned r = 0; r < n; r++) {
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            SIP_N(round)(&s[j]);
        SIP_UNROLL
        for (int k = 0; k < ns; k++) {
            sip_rounds(&ss[k], 1);
            SIP_GPR_(ss[k].v0);
            SIP_GPR_(ss[k].v1);
            SIP_GPR_(ss[k].v2);
            SIP_GPR_(ss[k].v3);
        }
    }
}

/* The group absorbs one word per lane: m for the vectors, sm for the
 * scalar lanes. */
SIP_INLINE void SIP_N(absorb)(SIP_N(state) *s, const SIP_V *m, int nv, sip_state *ss,
                              const uint64_t *sm, int ns, unsigned c)
{
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v3 = v_xor(s[j].v3, m[j]);
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        ss[k].v3 ^= sm[k];
    SIP_N(rounds)(s, nv, ss, ns, c);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v0 = v_xor(s[j].v0, m[j]);
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        ss[k].v0 ^= sm[k];
}

/* The vectors' hashes to out[0 .. SIP_LANES * nv - 1], the scalar lanes'
 * after them. */
SIP_INLINE void SIP_N(finish)(SIP_N(state) *s, int nv, sip_state *ss, int ns, unsigned d,
                              uint64_t *out)
{
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        s[j].v2 = v_xor(s[j].v2, v_set1(SIPHASH_FINAL_));
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        ss[k].v2 ^= SIPHASH_FINAL_;
    SIP_N(rounds)(s, nv, ss, ns, d);
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
#ifdef v_xor3
        const SIP_V h = v_xor(v_xor3(s[j].v0, s[j].v1, s[j].v2), s[j].v3);
#else
        const SIP_V h = v_xor(v_xor(s[j].v0, s[j].v1), v_xor(s[j].v2, s[j].v3));
#endif
        v_storeu(out + SIP_LANES * j, h);
    }
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        out[SIP_LANES * nv + k] = (ss[k].v0 ^ ss[k].v1) ^ (ss[k].v2 ^ ss[k].v3);
}

/* Word at byte offset off of each of the SIP_LANES records from p: one
 * plain load when the records are 8 bytes apart on a little-endian target,
 * else lane by lane (no gather instruction: slower than scalar loads on
 * the machines measured, and it needs an index vector). */
SIP_INLINE SIP_V SIP_N(gather)(const uint8_t *p, size_t off, size_t stride)
{
    if (SIP_LITTLE_ENDIAN && stride == 8)
        return v_loadu(p + off);
    uint64_t t[SIP_LANES] = {0}; /* all set below; zeroed for gcc -fanalyzer */
    SIP_UNROLL
    for (int l = 0; l < SIP_LANES; l++)
        t[l] = sip_load64(p + (size_t)l * stride + off);
    return v_from(t);
}

/* Words off and off + 8 of each of the SIP_LANES records from p (16 bytes
 * that lie inside every record).  With v_load2, one 16-byte load per lane
 * and a transposition in registers (AVX2: 2 inserts and 2 unpacks for two
 * vectors, against 4 loads and 3 inserts for each one lane by lane). */
SIP_INLINE void SIP_N(gather2)(const uint8_t *p, size_t off, size_t stride, int packed,
                               SIP_V *w0, SIP_V *w1)
{
    (void)packed; /* read only where v_load2_packed exists */
#ifdef v_load2_packed
    /* records 16 bytes apart: the two words of every lane are the
     * 16 * SIP_LANES bytes from p + off, all inside the records.  packed:
     * the caller's copy takes this branch (a constant: 16-byte records'
     * copy only, no test in the other copies' word loops, where it cost
     * 32-byte records 1.5 % on Zen 5) */
    if (SIP_LITTLE_ENDIAN && packed && stride == 16) {
        v_load2_packed(p + off, *w0, *w1);
        return;
    }
#endif
#ifdef v_load2
    const uint8_t *lp[SIP_LANES] = {0}; /* all set below; zeroed for gcc -fanalyzer */
    SIP_UNROLL
    for (int l = 0; l < SIP_LANES; l++)
        lp[l] = p + (size_t)l * stride + off;
    v_load2(lp, *w0, *w1);
#else
    *w0 = SIP_N(gather)(p, off, stride);
    *w1 = SIP_N(gather)(p, off + 8, stride);
#endif
}

#ifndef SIP_OWN_VEC /* the mixed-length kernels' loaders */
/* sip_fold64 on every lane, after the loads: nine vector operations for
 * SIP_LANES words instead of as many scalar ones per word, and the
 * case-folding kernels can load two words at a time (v_load2) as the
 * others do. */
SIP_INLINE SIP_V SIP_N(fold)(SIP_V x)
{
    const SIP_V b80 = v_set1(SIP_BYTES(0x80));
    const SIP_V lo7 = v_and(x, v_set1(SIP_BYTES(0x7f)));
    const SIP_V from_a = v_add(lo7, v_set1(SIP_BYTES(0x80 - 'A')));
    const SIP_V past_z = v_add(lo7, v_set1(SIP_BYTES(0x80 - 'Z' - 1)));
    /* from_a & ~past_z & ~x & 0x80.. */
    const SIP_V upper = v_and(from_a, v_xor(v_and(v_or(past_z, x), b80), b80));
    return v_or(x, v_shr_i(upper, 2));
}

/* The word at byte offset off of each of the SIP_LANES messages at p[l]
 * (case-folded with fold), one lane at a time. */
SIP_INLINE SIP_V SIP_N(words)(const uint8_t *const *p, size_t off, int fold)
{
    uint64_t x[SIP_LANES] = {0}; /* all set below; zeroed for gcc -fanalyzer */
    SIP_UNROLL
    for (int l = 0; l < SIP_LANES; l++)
        x[l] = sip_load64(p[l] + off);
    return fold ? SIP_N(fold)(v_from(x)) : v_from(x);
}

#ifdef v_load2
/* Words off and off + 8 of each of the SIP_LANES messages at p[l] (16
 * bytes inside every one of them): v_load2, case-folded with fold. */
SIP_INLINE void SIP_N(words2)(const uint8_t *const *p, size_t off, SIP_V *w0, SIP_V *w1,
                              int fold)
{
    const uint8_t *lp[SIP_LANES] = {0}; /* all set below; zeroed for gcc -fanalyzer */
    SIP_UNROLL
    for (int l = 0; l < SIP_LANES; l++)
        lp[l] = p[l] + off;
    v_load2(lp, *w0, *w1);
    if (fold)
        *w0 = SIP_N(fold)(*w0), *w1 = SIP_N(fold)(*w1);
}
#endif
/* The final blocks of the SIP_LANES messages p[l] of len[l] >= 8 bytes
 * (lv: the lengths as a vector): the length in the top byte, over the last
 * 8 bytes shifted right by 64 - 8 * (len & 7) (by 64 gives 0, the empty
 * tail), built in the vector (sip_final_long lane by lane cost a fifth of
 * SipHash-1-2 at 16 bytes on Zen 5); no loads where every length is a
 * multiple of 8. */
SIP_INLINE SIP_V SIP_N(final_long)(const uint8_t *const *p, const uint64_t *len, SIP_V lv,
                                   int fold)
{
    uint64_t t[SIP_LANES] = {0}; /* set below where used; zeroed for gcc -fanalyzer */
    uint64_t r = 0;
    SIP_UNROLL
    for (int l = 0; l < SIP_LANES; l++)
        r |= len[l] & 7;
    SIP_V f = v_shl_i(lv, 56);
    if (r) {
        SIP_UNROLL
        for (int l = 0; l < SIP_LANES; l++)
            t[l] = sip_load64(p[l] + len[l] - 8);
        /* folding commutes with the whole-byte shift */
        const SIP_V tv = fold ? SIP_N(fold)(v_from(t)) : v_from(t);
        const SIP_V cnt = v_sub(v_set1(64), v_shl_i(v_and(lv, v_set1(7)), 3));
        f = v_or(f, v_shrv(tv, cnt));
    }
    return f;
}
#endif /* SIP_OWN_VEC */

/* ---- rounds only: the bench's measured bound ---------------------------- */

/* iters x 4 rounds of nv vectors and ns scalar lanes (the kernels' round
 * and interleaving); the lanes' hashes folded into one value. */
SIP_INLINE uint64_t SIP_N(probe_cfg)(uint64_t iters, int nv, int ns)
{
    SIP_N(state) s[6];
    sip_state ss[6];
    uint64_t out[6 * SIP_LANES + 6], h = 0;
    const siphash_key_t key = {{iters, ~iters}};
    SIP_N(init)(s, nv, ss, ns, &key);
    /* every lane different: the compiler could otherwise fold identical
     * lanes (an xor of 8 equal lanes is 0) and drop the rounds */
    for (int j = 0; j < nv; j++) {
        uint64_t t[SIP_LANES];
        for (int l = 0; l < SIP_LANES; l++)
            t[l] = (uint64_t)(SIP_LANES * j + l);
        s[j].v3 = v_xor(s[j].v3, v_from(t));
    }
    for (int k = 0; k < ns; k++)
        ss[k].v3 ^= (uint64_t)(SIP_LANES * nv + k);
    for (uint64_t i = 0; i < iters; i++)
        SIP_N(rounds)(s, nv, ss, ns, 4);
    SIP_N(finish)(s, nv, ss, ns, 0, out);
    for (int l = 0; l < SIP_LANES * nv + ns; l++)
        h = h * 0x9e3779b97f4a7c15ULL + out[l];
    return h;
}

static SIP_NOINLINE uint64_t SIP_N(probe)(unsigned cfg, uint64_t iters)
{
    unsigned k = 0;
#define SIP_PROBE_CASE_(nv, ns)                                                \
    if (cfg == k++)                                                            \
        return SIP_N(probe_cfg)(iters, (nv), (ns));
    SIP_PROBE_CONFIGS(SIP_PROBE_CASE_)
#undef SIP_PROBE_CASE_
    return 0;
}

/* ---- fixed length: out[i] = SipHash-c-d(base + i*stride, len) --------- */

/* nv vectors and ns scalar lanes of records of len > 0 bytes from base;
 * packed: this copy may load records 16 bytes apart as plain vectors. */
SIP_INLINE void SIP_N(fixed_group)(const uint8_t *base, size_t stride, size_t len, int packed,
                                   const siphash_key_t *key, uint64_t *out, int nv, int ns,
                                   unsigned c, unsigned d)
{
    const size_t full = len & ~(size_t)7, r = len & 7;
    const uint8_t *p[SIP_NV], *sp[SIP_NS_DIM_];
    SIP_N(state) s[SIP_NV];
    sip_state ss[SIP_NS_DIM_];
    SIP_V m[SIP_NV];
    uint64_t sm[SIP_NS_DIM_];
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        p[j] = base + (size_t)(SIP_LANES * j) * stride;
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        sp[k] = base + (size_t)(SIP_LANES * nv + k) * stride;
    SIP_N(init)(s, nv, ss, ns, key);
    size_t w = 0;
    for (; w + 16 <= full; w += 16) {
        SIP_V m1[SIP_NV];
        uint64_t sm1[SIP_NS_DIM_];
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            SIP_N(gather2)(p[j], w, stride, packed, &m[j], &m1[j]);
        SIP_UNROLL
        for (int k = 0; k < ns; k++)
            sm[k] = sip_load64(sp[k] + w), sm1[k] = sip_load64(sp[k] + w + 8);
        SIP_N(absorb)(s, m, nv, ss, sm, ns, c);
        SIP_N(absorb)(s, m1, nv, ss, sm1, ns, c);
    }
    if (w < full) {
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            m[j] = SIP_N(gather)(p[j], w, stride);
        SIP_UNROLL
        for (int k = 0; k < ns; k++)
            sm[k] = sip_load64(sp[k] + w);
        SIP_N(absorb)(s, m, nv, ss, sm, ns, c);
    }
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        SIP_V t = v_set1(0);
        if (r && len >= 8) {
            /* the last 8 bytes, shifted down to the r bytes past full */
            t = v_shr_n(SIP_N(gather)(p[j], len - 8, stride), (int)(64 - 8 * r));
        } else if (r) {
            uint64_t tl[SIP_LANES] = {0}; /* all set below; zeroed for gcc -fanalyzer */
            SIP_UNROLL
            for (int l = 0; l < SIP_LANES; l++)
                tl[l] = sip_last_bytes64(p[j] + (size_t)l * stride, len);
            t = v_from(tl);
        }
        m[j] = v_or(t, v_set1((uint64_t)len << 56));
    }
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        sm[k] = sip_last_word(sp[k], len, 0);
    SIP_N(absorb)(s, m, nv, ss, sm, ns, c);
    SIP_N(finish)(s, nv, ss, ns, d, out);
}

SIP_INLINE void SIP_N(fixed_any)(const uint8_t *base, size_t stride, size_t len, int packed,
                                 size_t n, const siphash_key_t *key, uint64_t *out, int nv,
                                 int ns, unsigned c, unsigned d)
{
    size_t i = 0;
    const size_t g = (size_t)(SIP_LANES * nv + ns);
#if SIP_LANES > 1
    /* A copy of the key, which no store to out can alias: the compiler
     * broadcasts it and builds the initial vectors once, not per group
     * (they cost vector-pipe operations; Zen 3: SipHash-1-3 8 B 7.0 -> 6.5
     * cycles/hash).  The scalar kernel does better reading the key from
     * memory (32 B 58 -> 65 with the copy: one more register pinned). */
    const siphash_key_t kc = *key;
    key = &kc;
#endif
    for (; n - i >= g; i += g)
        SIP_N(fixed_group)(base + i * stride, stride, len, packed, key, out + i, nv, ns, c, d);
    for (; n - i >= SIP_LANES; i += SIP_LANES)
        SIP_N(fixed_group)(base + i * stride, stride, len, packed, key, out + i, 1, 0, c, d);
#if SIP_LANES > 1 /* the portable kernel is what sip_rest_fixed calls: no loop back */
    if (i < n)
        sip_rest_fixed(base + i * stride, stride, len, n - i, key, out + i, c, d);
#endif
}

/* The commonest key sizes get a copy with the length a constant: the word
 * loop unrolls and the states stay in registers across it.  ns: the
 * split. */
SIP_INLINE void SIP_N(fixed)(const uint8_t *base, size_t stride, size_t len, size_t n,
                             const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d,
                             int ns)
{
    if (len == 8)
        SIP_N(fixed_any)(base, stride, 8, 0, n, key, out, SIP_NV, ns, c, d);
    else if (len == 16)
        SIP_N(fixed_any)(base, stride, 16, 1, n, key, out, SIP_NV, ns, c, d);
    else
        SIP_N(fixed_any)(base, stride, len, 0, n, key, out, SIP_NV_ANY, ns, c, d);
}

/* <isa>_fixed24_s_<s> ...: the fixed-length kernels of split s */
#define SIP_SPLIT_FIXED_(s)                                                    \
    static void SIP_CAT_(SIP_N(fixed24_s), s)(const uint8_t *base, size_t stride, size_t len, \
                                              size_t n, const siphash_key_t *key,          \
                                              uint64_t *out)                               \
    {                                                                                      \
        SIP_N(fixed)(base, stride, len, n, key, out, 2, 4, (s));                           \
    }                                                                                      \
    static void SIP_CAT_(SIP_N(fixed13_s), s)(const uint8_t *base, size_t stride, size_t len, \
                                              size_t n, const siphash_key_t *key,          \
                                              uint64_t *out)                               \
    {                                                                                      \
        SIP_N(fixed)(base, stride, len, n, key, out, 1, 3, (s));                           \
    }                                                                                      \
    static void SIP_CAT_(SIP_N(fixed12_s), s)(const uint8_t *base, size_t stride, size_t len, \
                                              size_t n, const siphash_key_t *key,          \
                                              uint64_t *out)                               \
    {                                                                                      \
        SIP_N(fixed)(base, stride, len, n, key, out, 1, 2, (s));                           \
    }
SIP_SPLITS(SIP_SPLIT_FIXED_)
#undef SIP_SPLIT_FIXED_

/* The default kernels: 8-byte records with split SIP_NS_8, longer ones
 * with SIP_NS_LONG (a call to that split's kernel, no copy of the code).
 * When the two are the same split, one call: no branch whose arms are
 * alike (clang-tidy's bugprone-branch-clone). */
#if SIP_NS_8 == SIP_NS_LONG
#define SIP_DEFAULT_FIXED_(name)                                                            \
    SIP_KERNEL void SIP_N(name)(const uint8_t *base, size_t stride, size_t len, size_t n,   \
                                const siphash_key_t *key, uint64_t *out)                    \
    {                                                                                       \
        SIP_CAT_(SIP_CAT_(SIP_N(name), s), SIP_NS_8)(base, stride, len, n, key, out);       \
    }
#else
#define SIP_DEFAULT_FIXED_(name)                                                            \
    SIP_KERNEL void SIP_N(name)(const uint8_t *base, size_t stride, size_t len, size_t n,   \
                                const siphash_key_t *key, uint64_t *out)                    \
    {                                                                                       \
        if (len == 8)                                                                       \
            SIP_CAT_(SIP_CAT_(SIP_N(name), s), SIP_NS_8)(base, stride, len, n, key, out);   \
        else                                                                                \
            SIP_CAT_(SIP_CAT_(SIP_N(name), s), SIP_NS_LONG)(base, stride, len, n, key, out); \
    }
#endif
SIP_DEFAULT_FIXED_(fixed24)
SIP_DEFAULT_FIXED_(fixed13)
SIP_DEFAULT_FIXED_(fixed12)
#undef SIP_DEFAULT_FIXED_

/* ---- 8-byte messages given as integers (the word is the value) --------- */

#ifndef SIP_OWN_U64
SIP_INLINE void SIP_N(u64_group)(const uint64_t *in, const siphash_key_t *key, uint64_t *out,
                                 int nv, int ns, unsigned c, unsigned d)
{
    SIP_N(state) s[SIP_NV];
    sip_state ss[SIP_NS_DIM_];
    SIP_V m[SIP_NV];
    uint64_t sm[SIP_NS_DIM_];
    SIP_N(init)(s, nv, ss, ns, key);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        m[j] = v_loadu(in + SIP_LANES * j);
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        sm[k] = in[SIP_LANES * nv + k];
    SIP_N(absorb)(s, m, nv, ss, sm, ns, c);
    SIP_UNROLL
    for (int j = 0; j < nv; j++)
        m[j] = v_set1((uint64_t)8 << 56);
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        sm[k] = (uint64_t)8 << 56;
    SIP_N(absorb)(s, m, nv, ss, sm, ns, c);
    SIP_N(finish)(s, nv, ss, ns, d, out);
}

SIP_INLINE void SIP_N(u64s)(const uint64_t *in, size_t n, const siphash_key_t *key,
                            uint64_t *out, unsigned c, unsigned d, int ns)
{
    size_t i = 0;
    const siphash_key_t kc = *key; /* as in fixed_any */
    const size_t g = (size_t)(SIP_LANES * SIP_NV + ns);
    for (; n - i >= g; i += g)
        SIP_N(u64_group)(in + i, &kc, out + i, SIP_NV, ns, c, d);
    for (; n - i >= SIP_LANES; i += SIP_LANES)
        SIP_N(u64_group)(in + i, key, out + i, 1, 0, c, d);
    if (i < n)
        sip_rest_u64(in + i, n - i, key, out + i, c);
}

#define SIP_SPLIT_U64_(s)                                                      \
    static void SIP_CAT_(SIP_N(u64_24_s), s)(const uint64_t *in, size_t n,            \
                                             const siphash_key_t *key, uint64_t *out) \
    {                                                                                 \
        SIP_N(u64s)(in, n, key, out, 2, 4, (s));                                      \
    }                                                                                 \
    static void SIP_CAT_(SIP_N(u64_13_s), s)(const uint64_t *in, size_t n,            \
                                             const siphash_key_t *key, uint64_t *out) \
    {                                                                                 \
        SIP_N(u64s)(in, n, key, out, 1, 3, (s));                                      \
    }
SIP_SPLITS(SIP_SPLIT_U64_)
#undef SIP_SPLIT_U64_
#define SIP_N_U64_24 SIP_CAT_(SIP_N(u64_24_s), SIP_NS_8)
#define SIP_N_U64_13 SIP_CAT_(SIP_N(u64_13_s), SIP_NS_8)
#endif

/*
 * ---- mixed lengths: out[i] = SipHash-c-d(msgs[i], lens[i]) -------------
 * SIP_VNV vectors of messages, ordered by word count beforehand
 * (sip_vec_grouped), so the lanes of a group finish at about the same
 * step.  Steps below the group's smallest word count load every lane; the
 * final blocks go in together when all lanes have the same count (the
 * usual case after the sort).  Otherwise, at step w, lanes with more than
 * w words absorb word w, the lane with w words its final block (its load
 * address switches to the block's copy on the stack: a select on lengths,
 * not a branch on data), and finished lanes keep their state (v_sel on a
 * mask of lengths).  fold applies the ASCII case fold to message bytes,
 * never to the length byte.
 */
#ifndef SIP_OWN_VEC
SIP_INLINE void SIP_N(vgroup)(const void *const *msgs, const size_t *lens, const uint16_t *idx,
                              const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d,
                              int fold)
{
    enum { G = SIP_LANES * SIP_VNV };
    const uint8_t *p[G];
    uint64_t ln[G], fl[G];
    SIP_V lenv[SIP_VNV], fin[SIP_VNV], m[SIP_VNV];
    SIP_UNROLL
    for (int l = 0; l < G; l++) {
        p[l] = (const uint8_t *)msgs[idx[l]];
        ln[l] = lens[idx[l]];
    }
    SIP_UNROLL
    for (int j = 0; j < SIP_VNV; j++)
        lenv[j] = v_from(ln + SIP_LANES * j);
    /* sip_vec_grouped orders idx by word count up to SIP_VBUCKETS - 2
     * words: there the first and the last lane hold the fewest and the
     * most; longer messages share one bucket, in any order */
    uint64_t minw = ln[0] >> 3, maxw = ln[G - 1] >> 3;
    if (maxw >= SIP_VBUCKETS - 1) {
        uint64_t minlen = UINT64_MAX, maxlen = 0;
#ifdef SIP_V_MINMAX
        SIP_V_MINMAX(lenv, minlen, maxlen);
#else
        SIP_UNROLL
        for (int l = 0; l < G; l++) {
            minlen = ln[l] < minlen ? ln[l] : minlen;
            maxlen = ln[l] > maxlen ? ln[l] : maxlen;
        }
#endif
        minw = minlen >> 3, maxw = maxlen >> 3;
    }
    if (minw) {
        SIP_UNROLL
        for (int j = 0; j < SIP_VNV; j++)
            fin[j] = SIP_N(final_long)(p + SIP_LANES * j, ln + SIP_LANES * j, lenv[j], fold);
    } else {
        SIP_UNROLL
        for (int l = 0; l < G; l++)
            fl[l] = sip_last_word(p[l], ln[l], fold);
        SIP_UNROLL
        for (int j = 0; j < SIP_VNV; j++)
            fin[j] = v_loadu(fl + SIP_LANES * j);
    }
    SIP_N(state) s[SIP_VNV], t[SIP_VNV];
    SIP_N(init)(s, SIP_VNV, NULL, 0, key);
    uint64_t w0 = 0;
#ifdef v_load2
    /* two words per lane and load while both lie inside every message */
    for (; w0 + 2 <= minw; w0 += 2) {
        SIP_V m1[SIP_VNV];
        SIP_UNROLL
        for (int j = 0; j < SIP_VNV; j++)
            SIP_N(words2)(p + SIP_LANES * j, 8 * w0, &m[j], &m1[j], fold);
        SIP_N(absorb)(s, m, SIP_VNV, NULL, NULL, 0, c);
        SIP_N(absorb)(s, m1, SIP_VNV, NULL, NULL, 0, c);
    }
#endif
    for (uint64_t w = w0; w < minw; w++) {
        SIP_UNROLL
        for (int j = 0; j < SIP_VNV; j++)
            m[j] = SIP_N(words)(p + SIP_LANES * j, 8 * w, fold);
        SIP_N(absorb)(s, m, SIP_VNV, NULL, NULL, 0, c);
    }
    if (minw == maxw) {
        SIP_N(absorb)(s, fin, SIP_VNV, NULL, NULL, 0, c);
    } else {
        SIP_V nwv[SIP_VNV];
        SIP_UNROLL
        for (int j = 0; j < SIP_VNV; j++) {
            v_storeu(fl + SIP_LANES * j, fin[j]);
            nwv[j] = v_shr_i(lenv[j], 3);
        }
        /* the copies are read back with sip_load64: little-endian bytes */
        SIP_UNROLL
        for (int l = 0; l < G; l++)
            fl[l] = SIP_LITTLE_ENDIAN ? fl[l] : sip_bswap64(fl[l]);
        for (uint64_t w = minw; w <= maxw; w++) {
            const SIP_V wv = v_set1(w);
            SIP_M live[SIP_VNV];
            SIP_UNROLL
            for (int j = 0; j < SIP_VNV; j++) {
                uint64_t x[SIP_LANES];
                SIP_UNROLL
                for (int l = 0; l < SIP_LANES; l++) {
                    const int k = SIP_LANES * j + l;
                    const int more = w < ln[k] >> 3;
                    const uint8_t *a = more ? p[k] + 8 * w : (const uint8_t *)&fl[k];
                    x[l] = sip_load64(a);
                    if (fold) /* message words only: keep is 0 for the copy */
                        x[l] |= (sip_fold64(x[l]) ^ x[l]) & ((uint64_t)0 - (uint64_t)more);
                }
                /* built in registers: stores then one wide load would
                 * stall on store forwarding */
                m[j] = v_from(x);
                live[j] = v_le(wv, nwv[j]);
                t[j] = s[j];
            }
            SIP_N(absorb)(t, m, SIP_VNV, NULL, NULL, 0, c);
            SIP_UNROLL
            for (int j = 0; j < SIP_VNV; j++) {
                s[j].v0 = v_sel(live[j], t[j].v0, s[j].v0);
                s[j].v1 = v_sel(live[j], t[j].v1, s[j].v1);
                s[j].v2 = v_sel(live[j], t[j].v2, s[j].v2);
                s[j].v3 = v_sel(live[j], t[j].v3, s[j].v3);
            }
        }
    }
    uint64_t res[G];
    SIP_N(finish)(s, SIP_VNV, NULL, 0, d, res);
    SIP_UNROLL
    for (int l = 0; l < G; l++)
        out[idx[l]] = res[l];
}

/* nv vectors and ns scalar lanes of messages msgs[k] of nw whole words
 * each: fixed_group with an address and a final block per lane. */
SIP_INLINE void SIP_N(same_group)(const void *const *msgs, const size_t *lens, size_t nw,
                                  const siphash_key_t *key, uint64_t *out, int nv, int ns,
                                  unsigned c, unsigned d, int fold)
{
    const uint8_t *const *ps = (const uint8_t *const *)msgs;
    const uint8_t *const *sp = ps + SIP_LANES * nv;
    uint64_t fw[SIP_NS_DIM_]; /* the scalar lanes' final blocks */
    SIP_UNROLL
    for (int k = 0; k < ns; k++) {
        const size_t len = lens[SIP_LANES * nv + k];
        fw[k] = nw ? sip_final_long(sp[k], len, fold) : sip_final_short(sp[k], len, fold);
    }
    SIP_N(state) s[SIP_NV];
    sip_state ss[SIP_NS_DIM_];
    SIP_V m[SIP_NV], m1[SIP_NV];
    uint64_t sm[SIP_NS_DIM_];
    SIP_N(init)(s, nv, ss, ns, key);
    SIP_UNROLL
    for (int j = 0; j < SIP_NV; j++) /* all set before use; zeroed for gcc -fanalyzer */
        m[j] = m1[j] = v_set1(0);
    size_t w = 0;
#ifdef v_load2
    for (; w + 2 <= nw; w += 2) {
        uint64_t sm1[SIP_NS_DIM_];
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            SIP_N(words2)(ps + SIP_LANES * j, 8 * w, &m[j], &m1[j], fold);
        SIP_UNROLL
        for (int k = 0; k < ns; k++)
            sm[k] = sip_word(sp[k] + 8 * w, fold), sm1[k] = sip_word(sp[k] + 8 * w + 8, fold);
        SIP_N(absorb)(s, m, nv, ss, sm, ns, c);
        SIP_N(absorb)(s, m1, nv, ss, sm1, ns, c);
    }
#endif
    for (; w < nw; w++) {
        SIP_UNROLL
        for (int j = 0; j < nv; j++)
            m[j] = SIP_N(words)(ps + SIP_LANES * j, 8 * w, fold);
        SIP_UNROLL
        for (int k = 0; k < ns; k++)
            sm[k] = sip_word(sp[k] + 8 * w, fold);
        SIP_N(absorb)(s, m, nv, ss, sm, ns, c);
    }
    SIP_UNROLL
    for (int j = 0; j < nv; j++) {
        if (nw) {
            uint64_t len[SIP_LANES];
            SIP_UNROLL
            for (int l = 0; l < SIP_LANES; l++)
                len[l] = lens[SIP_LANES * j + l];
            /* the caller's lengths straight into the vector where they are
             * 64-bit words */
            const SIP_V lv =
                sizeof(size_t) == 8 ? v_loadu((const void *)(lens + SIP_LANES * j)) : v_from(len);
            m[j] = SIP_N(final_long)(ps + SIP_LANES * j, len, lv, fold);
        } else {
            uint64_t t[SIP_LANES] = {0}; /* all set below; zeroed for gcc -fanalyzer */
            SIP_UNROLL
            for (int l = 0; l < SIP_LANES; l++)
                t[l] = sip_final_short(ps[SIP_LANES * j + l], lens[SIP_LANES * j + l], fold);
            m[j] = v_from(t);
        }
    }
    SIP_UNROLL
    for (int k = 0; k < ns; k++)
        sm[k] = fw[k];
    SIP_N(absorb)(s, m, nv, ss, sm, ns, c);
    SIP_N(finish)(s, nv, ss, ns, d, out);
}

/* Messages of one word count nw, in groups of the fixed-length size, then
 * of one vector, the last few one by one.  Word counts 1 and 2 (keys of 8
 * to 23 bytes) get a copy with nw a constant: the word loop unrolls and the
 * states stay in registers (Zen 3, SipHash-1-2 per hash at 8 and 16 bytes:
 * 9.2 -> 6.2 and 10.1 -> 7.6 TSC ticks against the mixed-length groups).
 * Copies for 3 and 4 words measured no faster than the loop (32 bytes:
 * 11.5 either way) and cost 27 KB of code per instruction set; none for the
 * case-folding kernel (its code size, for a rarer use). */
SIP_INLINE void SIP_N(same)(const void *const *msgs, const size_t *lens, size_t n, size_t nw,
                            const siphash_key_t *key, uint64_t *out, unsigned c, unsigned d,
                            int fold, int ns)
{
    const size_t G = (size_t)(SIP_LANES * SIP_NV + ns);
    const siphash_key_t kc = *key; /* as in fixed_any */
    size_t i = 0;
#define SIP_SAME_GROUPS_(w)                                                    \
    for (; n - i >= G; i += G)                                                 \
    SIP_N(same_group)(msgs + i, lens + i, (w), &kc, out + i, SIP_NV, ns, c, d, fold)
    if (!fold && nw == 1)
        SIP_SAME_GROUPS_(1);
    else if (!fold && nw == 2)
        SIP_SAME_GROUPS_(2);
    else
        SIP_SAME_GROUPS_(nw);
#undef SIP_SAME_GROUPS_
    for (; n - i >= SIP_LANES; i += SIP_LANES)
        SIP_N(same_group)(msgs + i, lens + i, nw, &kc, out + i, 1, 0, c, d, fold);
    for (; i < n; i++)
        out[i] = sip_one(msgs[i], lens[i], &kc, c, d, fold);
}

/* vgroups is a function of its own: inlined, the group loop, the one-word-
 * count copies and the ordering share one register allocation, which
 * spills the group loop's pointers and lengths far more (Zen 5, AVX-512,
 * TSC ticks per hash: string column 10.44 -> 10.04, 1..64 B mixed
 * 10.46 -> 10.05, SipHash-1-2 nocase column 15.4 -> 11.4), and every
 * unrelated change to the kernel moved the column by +-5 to 30 %. */
#define SIP_VEC_KERNEL_(suffix, c, d, fold)                                    \
    static SIP_NOINLINE void SIP_N(vgroups##suffix)(                                    \
        const void *const *msgs, const size_t *lens, const uint16_t *idx, size_t cnt,   \
        const siphash_key_t *key, uint64_t *out)                                        \
    {                                                                                   \
        const siphash_key_t kc = *key; /* as in fixed_any */                            \
        for (size_t g = 0; g < cnt; g += SIP_LANES * SIP_VNV)                           \
            SIP_N(vgroup)(msgs, lens, idx + g, &kc, out, (c), (d), (fold));             \
    }                                                                                   \
    SIP_SPLITS_OF_VEC_(suffix, c, d, fold)
/* split s of one batchv kernel: the one-word-count groups with s scalar
 * lanes (the mixed-length groups have none) */
#define SIP_VEC_SPLIT_(suffix, c, d, fold, s)                                  \
    static void SIP_CAT_(SIP_N(vsame##suffix##_s), s)(                                  \
        const void *const *msgs, const size_t *lens, size_t n, size_t nw,              \
        const siphash_key_t *key, uint64_t *out)                                        \
    {                                                                                   \
        SIP_N(same)(msgs, lens, n, nw, key, out, (c), (d), (fold), (s));                \
    }                                                                                   \
    static void SIP_CAT_(SIP_N(vec##suffix##_s), s)(const void *const *msgs,            \
                                                    const size_t *lens, size_t n,       \
                                                    const siphash_key_t *key,           \
                                                    uint64_t *out)                      \
    {                                                                                   \
        sip_vec_grouped(msgs, lens, n, key, out, SIP_N(vgroups##suffix),               \
                        SIP_CAT_(SIP_N(vsame##suffix##_s), s), SIP_LANES * SIP_VNV, (c), \
                        (d), (fold));                                                   \
    }
#define SIP_VEC_SPLIT24_(s) SIP_VEC_SPLIT_(24, 2, 4, 0, s)
#define SIP_VEC_SPLIT13_(s) SIP_VEC_SPLIT_(13, 1, 3, 0, s)
#define SIP_VEC_SPLIT12_(s) SIP_VEC_SPLIT_(12, 1, 2, 0, s)
#define SIP_VEC_SPLIT12nc_(s) SIP_VEC_SPLIT_(12nc, 1, 2, 1, s)
#if SIP_MEASURE_VEC_SPLITS
#define SIP_SPLITS_OF_VEC_(suffix, c, d, fold) SIP_SPLITS(SIP_VEC_SPLIT##suffix##_)
#else
#define SIP_SPLITS_OF_VEC_(suffix, c, d, fold) SIP_VEC_SPLIT##suffix##_(0)
#endif
SIP_VEC_KERNEL_(24, 2, 4, 0)
SIP_VEC_KERNEL_(13, 1, 3, 0)
SIP_VEC_KERNEL_(12, 1, 2, 0)
SIP_VEC_KERNEL_(12nc, 1, 2, 1)
#undef SIP_VEC_KERNEL_
#undef SIP_VEC_SPLIT_
#undef SIP_VEC_SPLIT24_
#undef SIP_VEC_SPLIT13_
#undef SIP_VEC_SPLIT12_
#undef SIP_VEC_SPLIT12nc_
#undef SIP_SPLITS_OF_VEC_
#define SIP_N_VEC(suffix) SIP_CAT_(SIP_N(vec##suffix##_s), SIP_NS_SAME)
#endif

/* The table of each split ("avx2+1"), for tests and the bench to force. */
#if defined(SIP_SPLIT_TABLES) && !defined(SIP_OWN_VEC) && !defined(SIP_OWN_U64)
#define SIP_SPLIT_STR2_(s) #s
#define SIP_SPLIT_STR_(s) SIP_SPLIT_STR2_(s)
#define SIP_SPLIT_ENTRY_(s)                                                    \
    [s] = {SIP_ISA_NAME "+" SIP_SPLIT_STR_(s),                                 \
     SIP_CAT_(SIP_N(fixed24_s), s),                                            \
     SIP_CAT_(SIP_N(fixed13_s), s),                                            \
     SIP_CAT_(SIP_N(fixed12_s), s),                                            \
     SIP_CAT_(SIP_N(vec24_s), SIP_VEC_S_(s)),                                  \
     SIP_CAT_(SIP_N(vec13_s), SIP_VEC_S_(s)),                                  \
     SIP_CAT_(SIP_N(vec12_s), SIP_VEC_S_(s)),                                  \
     SIP_CAT_(SIP_N(vec12nc_s), SIP_VEC_S_(s)),                                \
     SIP_CAT_(SIP_N(u64_24_s), s),                                             \
     SIP_CAT_(SIP_N(u64_13_s), s),                                             \
     SIP_N(probe),                                                             \
     SIP_LANES},
SIP_HIDDEN const struct sip_batch_impl SIP_SPLIT_TABLES[] = {SIP_SPLITS(SIP_SPLIT_ENTRY_)};
#undef SIP_SPLIT_ENTRY_
#undef SIP_SPLIT_STR_
#undef SIP_SPLIT_STR2_
#endif

/* The default table ("avx2"). */
#ifdef SIP_ISA_NAME
SIP_HIDDEN const struct sip_batch_impl SIP_DEFAULT_TABLE = {
    SIP_ISA_NAME,      SIP_N(fixed24),    SIP_N(fixed13), SIP_N(fixed12),
    SIP_N_VEC(24),     SIP_N_VEC(13),     SIP_N_VEC(12),  SIP_N_VEC(12nc),
    SIP_N_U64_24,      SIP_N_U64_13,      SIP_N(probe),   SIP_LANES,
};
#endif

/* More default tables for other CPU classes (batch.c picks one by CPU):
 * X(table, forced name, ns8, nslong, nssame) as SIP_NS_8 ... above;
 * table_forced is the same under the forced name. */
#if defined(SIP_CLASS_TABLES) && !defined(SIP_OWN_VEC) && !defined(SIP_OWN_U64)
#define SIP_CLASS_FIXED_(table, name, ns8, nsl)                                \
    static void SIP_CAT_(table, name)(const uint8_t *base, size_t stride, size_t len, size_t n, \
                                      const siphash_key_t *key, uint64_t *out)                  \
    {                                                                                           \
        if (len == 8)                                                                           \
            SIP_CAT_(SIP_N(name##_s), ns8)(base, stride, len, n, key, out);                     \
        else                                                                                    \
            SIP_CAT_(SIP_N(name##_s), nsl)(base, stride, len, n, key, out);                     \
    }
/* the table under the path's name, and a copy under its own name (for
 * tests to force) */
#define SIP_CLASS_ENTRIES_(table, ns8, nss)                                    \
    SIP_CAT_(table, fixed24), SIP_CAT_(table, fixed13), SIP_CAT_(table, fixed12),             \
        SIP_CAT_(SIP_N(vec24_s), nss), SIP_CAT_(SIP_N(vec13_s), nss),                         \
        SIP_CAT_(SIP_N(vec12_s), nss), SIP_CAT_(SIP_N(vec12nc_s), nss),                       \
        SIP_CAT_(SIP_N(u64_24_s), ns8), SIP_CAT_(SIP_N(u64_13_s), ns8), SIP_N(probe), SIP_LANES
#define SIP_CLASS_TABLE_(table, forced_name, ns8, nsl, nss)                    \
    SIP_CLASS_FIXED_(table, fixed24, ns8, nsl)                                 \
    SIP_CLASS_FIXED_(table, fixed13, ns8, nsl)                                 \
    SIP_CLASS_FIXED_(table, fixed12, ns8, nsl)                                 \
    SIP_HIDDEN const struct sip_batch_impl table = {SIP_ISA_NAME,              \
                                                    SIP_CLASS_ENTRIES_(table, ns8, nss)}; \
    SIP_HIDDEN const struct sip_batch_impl SIP_CAT_(table, forced) = {                 \
        forced_name, SIP_CLASS_ENTRIES_(table, ns8, nss)};
SIP_CLASS_TABLES(SIP_CLASS_TABLE_)
#undef SIP_CLASS_TABLE_
#undef SIP_CLASS_ENTRIES_
#undef SIP_CLASS_FIXED_
#endif
#undef SIP_N_VEC
#undef SIP_N_U64_24
#undef SIP_N_U64_13

#undef SIP_CAT2_
#undef SIP_CAT_
#undef SIP_N
#undef SIP_KERNEL
#undef SIP_ISA
#undef SIP_V
#undef SIP_M
#undef SIP_LANES
#undef SIP_NV
#undef SIP_NV_ANY
#undef SIP_SPLITS
#undef SIP_SPLIT_TABLES
#undef SIP_DEFAULT_TABLE
#undef SIP_CLASS_TABLES
#undef SIP_ISA_NAME
#undef SIP_NS_8
#undef SIP_NS_LONG
#undef SIP_NS_SAME
#undef SIP_VEC_S_
#undef SIP_NS_DIM_
#undef SIP_GPR_
#undef SIP_VNV
#undef SIP_OWN_U64
#undef SIP_OWN_VEC
#undef SIP_V_MINMAX
#undef v_set1
#undef v_xor
#undef v_xor3
#undef v_add
#undef v_or
#undef v_and
#undef v_sub
#undef v_rotl
#undef v_shl_i
#undef v_shr_i
#undef v_shr_n
#undef v_shrv
#undef v_loadu
#undef v_load2
#undef v_load2_packed
#undef v_storeu
#undef v_from
#undef v_le
#undef v_sel
