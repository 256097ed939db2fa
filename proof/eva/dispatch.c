/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/dispatch.c — EVA driver for src/batch.c: the CPU query (cpuid
 * and xgetbv), the cached feature word and chosen table (C11 atomics), the
 * table of paths and its search by name and by CPU, SIPHASH_IMPL, the
 * forcing and probe entry points, and every exported batch function's
 * checks before it calls a kernel.  Assumptions, stated:
 *  - the CPU answers cpuid with any words (proof/eva/sys/cpuid.h) and
 *    xgetbv with any value (the macro below stands for its asm);
 *  - getenv returns NULL or a string (below);
 *  - the atomics are read as one thread sees them (the macros below; the
 *    qualifier erased, as Frama-C's <stdatomic.h> does): EVA
 *    does not analyse threads; what a racing thread can see is one of the
 *    values stored, each a valid table or feature word;
 *  - the intrinsic tables (AVX2, AVX-512, their splits) are stood for by
 *    copies of the portable table under their names, so every entry of
 *    the path table exists; the intrinsic kernels are out of scope.
 * The portable kernels run below on small inputs; their own analyses are
 * proof/eva/batch.c and batchv.c.
 */
#include "batch_internal.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "__fc_builtin.h"

/* one thread's view of the atomics (Frama-C's libc passes pointers
 * through unsigned long long, which EVA cannot follow) */
#undef atomic_load_explicit
#define atomic_load_explicit(obj, order) (*(obj))
#undef atomic_store_explicit
#define atomic_store_explicit(obj, v, order) ((void)(*(obj) = (v)))
#undef atomic_compare_exchange_strong_explicit
#define atomic_compare_exchange_strong_explicit(obj, exp, want, s, f)                       \
    (*(obj) == *(exp) ? (*(obj) = (want), 1) : (*(exp) = *(obj), 0))

/* the u64 kernels' volatile stride and length: their constant 8 (as in
 * proof/eva/batch.c) */
#define volatile
#include "batch_portable.c"
#undef volatile

/* prints and aborts in the library (stream.c): never returns */
void sip_misuse(const char *fmt, ...)
{
    (void)fmt;
    abort();
}

#define SIP_STAND_IN_(name, label)                                             \
    {label,                                                                    \
     sip_portable_fixed24, sip_portable_fixed13, sip_portable_fixed12,         \
     sip_portable_vec24, sip_portable_vec13, sip_portable_vec12,               \
     sip_portable_vec12nc, sip_portable_u64_24, sip_portable_u64_13,           \
     sip_portable_probe, 1}
const struct sip_batch_impl sip_batch_avx2 = SIP_STAND_IN_(avx2, "avx2");
const struct sip_batch_impl sip_batch_avx2_zen = SIP_STAND_IN_(avx2, "avx2");
const struct sip_batch_impl sip_batch_avx2_zen_forced = SIP_STAND_IN_(avx2, "avx2+zen");
/* one stand-in per split the build compiles (batch_internal.h's lists) */
#define SIP_STAND_IN_AVX2_(s) [s] = SIP_STAND_IN_(avx2, "avx2+" #s),
#define SIP_STAND_IN_AVX512_(s) [s] = SIP_STAND_IN_(avx512, "avx512+" #s),
const struct sip_batch_impl sip_batch_avx2_split[] = {SIP_AVX2_SPLITS(SIP_STAND_IN_AVX2_)};
const struct sip_batch_impl sip_batch_avx512 = SIP_STAND_IN_(avx512, "avx512");
const struct sip_batch_impl sip_batch_avx512_zen4 = SIP_STAND_IN_(avx512, "avx512");
const struct sip_batch_impl sip_batch_avx512_zen4_forced = SIP_STAND_IN_(avx512, "avx512+zen4");
const struct sip_batch_impl sip_batch_avx512_split[] = {SIP_AVX512_SPLITS(SIP_STAND_IN_AVX512_)};

/* xgetbv, batch.c's one asm statement (EVA has no model of asm): XCR0 is
 * any value.  SIPHASH_IMPL: getenv returns NULL, a path's name or any
 * string of unknown bytes. */
#define __asm__
#define __volatile__(...)                                                      \
    (lo = Frama_C_unsigned_int_interval(0, 0xffffffffu),                       \
     hi = Frama_C_unsigned_int_interval(0, 0xffffffffu))
static char *eva_getenv(const char *name)
{
    static char any[16], named[] = "avx2+1";
    (void)name;
    Frama_C_make_unknown(any, sizeof any - 1);
    int k = Frama_C_interval(0, 2);
    return k == 0 ? NULL : k == 1 ? named : any;
}
#define getenv eva_getenv

/* src/batch.c as proof/eva.sh copies it: Frama-C 25 cannot parse the
 * specifier _Atomic(T), so the copy spells that one declaration with the
 * qualifier, T _Atomic, the same type (erased by Frama-C's stdatomic.h:
 * this thread's view, above) */
#include "batch_eva.c"
#undef __asm__
#undef __volatile__
#undef getenv

static const char *const names[] = {NULL,     "portable", "avx2",        "avx2+1",
                                    "avx2+zen", "avx512", "avx512+0",    "avx512+2",
                                    "avx512+zen4", "neon", "neon+2", "nonsense", ""};
#define NNAMES (sizeof names / sizeof names[0])

/* every name forced (NULL: the best path), then the probe of that name */
static void forced(void)
{
    size_t k = Frama_C_size_t_interval(0, NNAMES - 1);
    //@ split k;
    (void)siphash_batch_force_impl(names[k]);
    (void)siphash_batch_impl();
    int nv, ns;
    unsigned lanes;
    uint64_t run;
    unsigned cfg = Frama_C_unsigned_int_interval(0, SIP_PROBE_NCONFIGS);
    (void)sip_batch_probe(names[k], cfg, 2, &nv, &ns, &lanes, NULL);
    (void)sip_batch_probe(names[k], cfg, 2, &nv, &ns, &lanes, &run);
}

/* Not analysed: out overlapping msgs or lens, which check_batchv refuses
 * by comparing addresses as integers (EVA cannot order two objects'
 * addresses, so it would also follow the call it refuses). */
int main(void)
{
    static siphash_key_t key;
    static uint64_t out[3];
    static uint8_t rec[24];
    static uint64_t in[3];
    static size_t lens[3] = {5, 9, 0};
    static const void *msgs[3] = {rec, rec + 5, NULL};
    Frama_C_make_unknown((char *)&key, sizeof key);
    Frama_C_make_unknown((char *)rec, sizeof rec);
    Frama_C_make_unknown((char *)in, sizeof in);
    /* the first call picks the table (any CPU, SIPHASH_IMPL any string) */
    (void)siphash_batch_impl();
    forced();
    size_t n = Frama_C_size_t_interval(0, 3), len = Frama_C_size_t_interval(0, 8);
    //@ split n;
    //@ split len;
    siphash_batch(len ? rec : NULL, 8, len, n, &key, out);
    siphash13_batch(rec, 8, len, n, &key, out);
    siphash12_batch(rec, 8, len, n, &key, out);
    siphash_batch_u64(in, n, &key, out);
    siphash13_batch_u64(in, n, &key, out);
    siphash_batchv(msgs, lens, n, &key, out);
    siphash13_batchv(msgs, lens, n, &key, out);
    siphash12_batchv(msgs, lens, n, &key, out);
    siphash12_nocase_batchv(msgs, lens, n, &key, out);
    return 0;
}
