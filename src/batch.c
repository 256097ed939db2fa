/* SPDX-License-Identifier: MIT */
/*
 * batch.c — the batch API: picks one table of kernels (batch_internal.h)
 * and forwards to it.
 *
 * The CPU is asked once, on the first batch call: cpuid for the instruction
 * sets, xgetbv for whether the OS saves the wider registers across context
 * switches (a CPU with AVX-512 under an OS that does not save zmm state
 * must not use it).  SIPHASH_IMPL in the environment, read at that moment,
 * can force a slower path.  The answer is cached in an atomic pointer.
 */
#include "batch_internal.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* cpuid and xgetbv through each compiler's own interface: GCC and Clang
 * (also for mingw-w64) have <cpuid.h>; MSVC has intrinsics in <intrin.h>.
 * GCC's _xgetbv() needs -mxsave on the whole file, so xgetbv is one
 * instruction of inline asm there instead. */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>
#define SIP_X86 1
/* Leaf, subleaf -> eax..edx; false if the CPU does not have that leaf. */
static bool cpuid(unsigned leaf, unsigned sub, unsigned r[4])
{
    return __get_cpuid_count(leaf, sub, &r[0], &r[1], &r[2], &r[3]) != 0;
}
/* XCR0: which register states the OS saves (bit 1 SSE, 2 AVX, 5-7 AVX-512). */
static uint64_t xcr0(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <intrin.h>
#include <immintrin.h>
#define SIP_X86 1
static bool cpuid(unsigned leaf, unsigned sub, unsigned r[4])
{
    int x[4];
    __cpuid(x, (int)(leaf & 0x80000000u)); /* highest leaf of this range */
    if ((unsigned)x[0] < leaf)
        return false;
    __cpuidex(x, (int)leaf, (int)sub);
    for (int i = 0; i < 4; i++)
        r[i] = (unsigned)x[i];
    return true;
}
static uint64_t xcr0(void)
{
    return _xgetbv(0);
}
#endif

/* F_ZEN: an AMD Zen 1-5 (family 23-26), whose AVX2 path takes scalar
 * lanes beside the vectors (batch_avx2.c); F_ZEN4: family 25 with
 * AVX-512, which is Zen 4 (Zen 3, the same family, has no AVX-512), whose
 * AVX-512 path takes them too (batch_avx512.c) */
enum { F_AVX2 = 1, F_AVX512 = 2, F_NEON = 4, F_ZEN = 8, F_ZEN4 = 16 };

static unsigned cpu_features_query(void)
{
    unsigned f = 0;
#if defined(SIP_X86)
    unsigned r[4];
    if (!cpuid(1, 0, r))
        return 0;
    /* OSXSAVE (ecx bit 27) says xgetbv exists; AVX (bit 28) is the VEX base */
    if (!(r[2] & (1u << 27)) || !(r[2] & (1u << 28)))
        return 0;
    const uint64_t x = xcr0();
    if ((x & 0x6) != 0x6) /* xmm and ymm state */
        return 0;
    if (!cpuid(7, 0, r))
        return 0;
    const unsigned b = r[1];
    if (b & (1u << 5)) /* AVX2 */
        f |= F_AVX2;
    if ((b & (1u << 16)) && (x & 0xe6) == 0xe6) /* AVX-512F; opmask, zmm state */
        f |= F_AVX512;
    /* vendor "AuthenticAMD" (ebx, edx, ecx of leaf 0), family from leaf 1 */
    unsigned v[4], id[4];
    if (cpuid(0, 0, v) && cpuid(1, 0, id) && v[1] == 0x68747541u && v[3] == 0x69746e65u &&
        v[2] == 0x444d4163u) {
        const unsigned fam = ((id[0] >> 8) & 0xf) + ((id[0] >> 20) & 0xff);
        if (fam >= 0x17 && fam <= 0x1a)
            f |= F_ZEN;
        if (fam == 0x19 && (f & F_AVX512))
            f |= F_ZEN4;
    }
#elif defined(__aarch64__) || defined(_M_ARM64)
    f |= F_NEON; /* Advanced SIMD is part of every AArch64 CPU */
#endif
    return f;
}

/* cpuid traps to the hypervisor in many VMs (microseconds): ask once.
 * F_KNOWN marks the cached value as filled in. */
#define F_KNOWN 0x80000000u
static _Atomic unsigned cpu_feats;

static unsigned cpu_features(void)
{
    unsigned f = atomic_load_explicit(&cpu_feats, memory_order_relaxed);
    if (!(f & F_KNOWN)) {
        f = cpu_features_query() | F_KNOWN;
        atomic_store_explicit(&cpu_feats, f, memory_order_relaxed);
    }
    return f & ~F_KNOWN;
}

/* Every path this build has, best first; need = the CPU features it uses. */
static const struct {
    const char *name;
    const struct sip_batch_impl *impl;
    unsigned need;
} paths[] = {
#ifdef SIPHASH_BATCH_HAVE_AVX512
    {"avx512", &sip_batch_avx512_zen4, F_AVX512 | F_ZEN4},
    {"avx512", &sip_batch_avx512, F_AVX512},
#endif
#ifdef SIPHASH_BATCH_HAVE_AVX2
    {"avx2", &sip_batch_avx2_zen, F_AVX2 | F_ZEN},
    {"avx2", &sip_batch_avx2, F_AVX2},
#endif
#ifdef SIPHASH_BATCH_HAVE_NEON
    {"neon", &sip_batch_neon, F_NEON},
#endif
    {"portable", &sip_batch_portable, 0},
    /* each split forced (never the best: the default tables come first) */
#define SIP_PATH_SPLIT_(isa, s, need) {#isa "+" #s, &sip_batch_##isa##_split[s], need},
#ifdef SIPHASH_BATCH_HAVE_AVX512
#define SIP_PATH_SPLIT512_(s) SIP_PATH_SPLIT_(avx512, s, F_AVX512)
    SIP_AVX512_SPLITS(SIP_PATH_SPLIT512_)
    {"avx512+zen4", &sip_batch_avx512_zen4_forced, F_AVX512},
#endif
#ifdef SIPHASH_BATCH_HAVE_AVX2
#define SIP_PATH_SPLIT2_(s) SIP_PATH_SPLIT_(avx2, s, F_AVX2)
    SIP_AVX2_SPLITS(SIP_PATH_SPLIT2_)
    {"avx2+zen", &sip_batch_avx2_zen_forced, F_AVX2},
#endif
#ifdef SIPHASH_BATCH_HAVE_NEON
#define SIP_PATH_SPLITN_(s) SIP_PATH_SPLIT_(neon, s, F_NEON)
    SIP_NEON_SPLITS(SIP_PATH_SPLITN_)
#endif
};
#define NPATHS (sizeof paths / sizeof paths[0])
#undef SIP_PATH_SPLIT_
#undef SIP_PATH_SPLIT512_
#undef SIP_PATH_SPLIT2_
#undef SIP_PATH_SPLITN_

#define SIP_KNOWN_SPLIT512_(s) "avx512+" #s,
#define SIP_KNOWN_SPLIT2_(s) "avx2+" #s,
#define SIP_KNOWN_SPLITN_(s) "neon+" #s,
static const char *const known[] = {"avx512", "avx2", "neon", "portable", "avx2+zen", "avx512+zen4",
                                    SIP_AVX512_SPLITS(SIP_KNOWN_SPLIT512_)
                                    SIP_AVX2_SPLITS(SIP_KNOWN_SPLIT2_)
                                    SIP_NEON_SPLITS(SIP_KNOWN_SPLITN_)};
#undef SIP_KNOWN_SPLIT512_
#undef SIP_KNOWN_SPLIT2_
#undef SIP_KNOWN_SPLITN_

/* The named path, or NULL if this build or CPU lacks it (or name is NULL). */
static const struct sip_batch_impl *find(const char *name, unsigned feats)
{
    for (size_t i = 0; name && i < NPATHS; i++)
        if (strcmp(name, paths[i].name) == 0 && (paths[i].need & ~feats) == 0)
            return paths[i].impl;
    return NULL;
}

static const struct sip_batch_impl *best(unsigned feats)
{
    for (size_t i = 0; i < NPATHS; i++)
        if ((paths[i].need & ~feats) == 0)
            return paths[i].impl;
    return &sip_batch_portable;
}

static _Atomic(const struct sip_batch_impl *) chosen;

static const struct sip_batch_impl *impl(void)
{
    const struct sip_batch_impl *p = atomic_load_explicit(&chosen, memory_order_acquire);
    if (SIP_LIKELY(p != NULL))
        return p;
    const unsigned feats = cpu_features();
    const struct sip_batch_impl *want = find(getenv("SIPHASH_IMPL"), feats);
    if (!want)
        want = best(feats);
    /* Threads racing here compute the same answer; the first store wins
     * so that a concurrent siphash_batch_force_impl() is not undone. */
    if (atomic_compare_exchange_strong_explicit(&chosen, &p, want, memory_order_acq_rel,
                                                memory_order_acquire))
        return want;
    return p;
}

SIPHASH_API int siphash_batch_force_impl(const char *name)
{
    const unsigned feats = cpu_features();
    const struct sip_batch_impl *p = name ? find(name, feats) : best(feats);
    if (!p) {
        for (size_t i = 0; name && i < sizeof known / sizeof known[0]; i++)
            if (strcmp(name, known[i]) == 0)
                return -ENOTSUP;
        return -EINVAL;
    }
    atomic_store_explicit(&chosen, p, memory_order_release);
    return 0;
}

SIP_HIDDEN int sip_batch_probe(const char *path, unsigned cfg, uint64_t iters, int *nv, int *ns,
                               unsigned *lanes, uint64_t *run)
{
    static const struct {
        int nv, ns;
    } cfgs[] = {
#define SIP_PROBE_ENTRY_(v, s) {(v), (s)},
        SIP_PROBE_CONFIGS(SIP_PROBE_ENTRY_)
#undef SIP_PROBE_ENTRY_
    };
    const struct sip_batch_impl *p = find(path, cpu_features());
    if (!p || cfg >= SIP_PROBE_NCONFIGS)
        return -1;
    *nv = cfgs[cfg].nv, *ns = cfgs[cfg].ns, *lanes = p->lanes;
    if (run)
        *run = p->probe(cfg, iters);
    return 0;
}

SIPHASH_API const char *siphash_batch_impl(void)
{
    return impl()->name;
}

/* Records of length 0 are all the same message: no kernel, no pointer
 * arithmetic on a base that may be NULL. */
static void fill_empty(size_t n, uint64_t h, uint64_t *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = h;
}

SIPHASH_API void siphash_batch(const void *base, size_t stride, size_t len, size_t n,
                               const siphash_key_t *key, uint64_t *out)
{
    if (n == 0)
        return;
    if (len == 0)
        fill_empty(n, siphash24_64(NULL, 0, key), out);
    else
        impl()->fixed24((const uint8_t *)base, stride, len, n, key, out);
}

SIPHASH_API void siphash13_batch(const void *base, size_t stride, size_t len, size_t n,
                                 const siphash_key_t *key, uint64_t *out)
{
    if (n == 0)
        return;
    if (len == 0)
        fill_empty(n, siphash13_64(NULL, 0, key), out);
    else
        impl()->fixed13((const uint8_t *)base, stride, len, n, key, out);
}

SIPHASH_API void siphash12_batch(const void *base, size_t stride, size_t len, size_t n,
                                 const siphash_key_t *key, uint64_t *out)
{
    if (n == 0)
        return;
    if (len == 0)
        fill_empty(n, siphash12_64(NULL, 0, key), out);
    else
        impl()->fixed12((const uint8_t *)base, stride, len, n, key, out);
}

/* Whether the bytes [a, a + asize) and [b, b + bsize) share one.  The
 * arrays are different objects, so their addresses are compared as
 * integers (comparing unrelated pointers is undefined in C). */
static bool ranges_overlap(const void *a, size_t asize, const void *b, size_t bsize)
{
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return x < y + bsize && y < x + asize;
}

/* A batchv call whose out[0..n) overlaps msgs[0..n) or lens[0..n) would
 * have the kernels read hashes as pointers and lengths (a crash, or reads
 * far outside the messages): refused before anything is read or written.
 * Four compares per call, whatever n. */
static void check_batchv(const char *fn, const void *const *msgs, const size_t *lens, size_t n,
                         const uint64_t *out)
{
    /* n beyond these bounds cannot describe arrays that exist; saturate
     * rather than wrap so the compare stays meaningful. */
    const size_t out_bytes = n <= SIZE_MAX / sizeof *out ? n * sizeof *out : SIZE_MAX;
    const size_t msgs_bytes = n <= SIZE_MAX / sizeof *msgs ? n * sizeof *msgs : SIZE_MAX;
    const size_t lens_bytes = n <= SIZE_MAX / sizeof *lens ? n * sizeof *lens : SIZE_MAX;
    if (ranges_overlap(out, out_bytes, msgs, msgs_bytes))
        sip_misuse("%s: out (%p, %lu hashes) overlaps msgs (%p); out must not overlap msgs or "
                   "lens (siphash.h)",
                   fn, (const void *)out, (unsigned long)n, (const void *)msgs);
    if (ranges_overlap(out, out_bytes, lens, lens_bytes))
        sip_misuse("%s: out (%p, %lu hashes) overlaps lens (%p); out must not overlap msgs or "
                   "lens (siphash.h)",
                   fn, (const void *)out, (unsigned long)n, (const void *)lens);
}

SIPHASH_API void siphash_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                const siphash_key_t *key, uint64_t *out)
{
    if (n) {
        check_batchv("siphash_batchv", msgs, lens, n, out);
        impl()->vec24(msgs, lens, n, key, out);
    }
}

SIPHASH_API void siphash13_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                  const siphash_key_t *key, uint64_t *out)
{
    if (n) {
        check_batchv("siphash13_batchv", msgs, lens, n, out);
        impl()->vec13(msgs, lens, n, key, out);
    }
}

SIPHASH_API void siphash12_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                  const siphash_key_t *key, uint64_t *out)
{
    if (n) {
        check_batchv("siphash12_batchv", msgs, lens, n, out);
        impl()->vec12(msgs, lens, n, key, out);
    }
}

SIPHASH_API void siphash12_nocase_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                         const siphash_key_t *key, uint64_t *out)
{
    if (n) {
        check_batchv("siphash12_nocase_batchv", msgs, lens, n, out);
        impl()->vec12_nocase(msgs, lens, n, key, out);
    }
}

SIPHASH_API void siphash_batch_u64(const uint64_t *in, size_t n, const siphash_key_t *key,
                                   uint64_t *out)
{
    if (n)
        impl()->u64_24(in, n, key, out);
}

SIPHASH_API void siphash13_batch_u64(const uint64_t *in, size_t n, const siphash_key_t *key,
                                     uint64_t *out)
{
    if (n)
        impl()->u64_13(in, n, key, out);
}
