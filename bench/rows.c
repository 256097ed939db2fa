/* SPDX-License-Identifier: MIT */
/*
 * rows.c — the timed loops of the main table.
 *
 * Every row is one expression hashing message p of n bytes, put into three
 * loops:
 *   throughput: hash a rotating set of messages and sum the results; the
 *               calls are independent, so the core may overlap them.
 *   latency:    the message's address depends on the previous hash
 *               (p = base + (h & zero), zero hidden from the compiler), so
 *               no load of a message can start before the previous hash
 *               is done: each call waits for the one before.  The address
 *               chain adds the same ~6 cycles to every row.
 *   memory:     the previous hash is stored into the first 8 bytes of the
 *               message, which is then hashed: a hash chain through memory,
 *               as when a key is built on the stack right before it is
 *               hashed.  Every load of those bytes waits for the store and
 *               is served by store-to-load forwarding, which works only for
 *               loads inside the store: a load straddling it waits for the
 *               store to commit.  This mode times exactly that.
 * "Generic" rows see n as a run-time value (hidden from the compiler);
 * "const" rows are compiled once per size with n a constant, so what the
 * header does with a constant length (siphash() and, on 64-bit targets,
 * hsiphash(): computed inline up to 64 bytes) happens as in user code.
 * The _Nu64/_Nu32 rows call the fixed-size functions themselves.
 * Anchors live in other translation units and are called, never inlined.
 */
#include "rows.h"

#include <limits.h>
#include <string.h>

#include "anchors.h"
#include "linux_siphash.h"
#include "redis_siphash.h"

const size_t bench_sizes[BENCH_NSIZES] = {1, 4, 8, 12, 16, 24, 32, 64, 128, 256, 1024, 16384};

/* The loop bodies.  EXPR sees p (message), n (length), m (messages). */
#define TP_BODY(EXPR)                                                          \
    const struct bench_msgs *m = (const struct bench_msgs *)arg;               \
    const uint8_t *base = m->buf;                                              \
    const size_t stride = m->stride;                                           \
    const uint64_t mask = m->mask;                                             \
    uint64_t acc = 0;                                                          \
    for (uint64_t i = 0; i < iters; i++) {                                     \
        const uint8_t *p = base + (size_t)(i & mask) * stride;                 \
        acc += (uint64_t)(EXPR);                                               \
    }                                                                          \
    return acc

#define LAT_BODY(EXPR)                                                         \
    const struct bench_msgs *m = (const struct bench_msgs *)arg;               \
    const uint8_t *base = m->buf;                                              \
    uint64_t h = 0;                                                            \
    size_t zero = 0;                                                           \
    BENCH_OPAQUE(zero);                                                        \
    for (uint64_t i = 0; i < iters; i++) {                                     \
        const uint8_t *p = base + ((size_t)h & zero);                          \
        h = (uint64_t)(EXPR);                                                  \
    }                                                                          \
    return h

/* The store is made opaque to the compiler (a memory clobber naming p), so
 * the loads of the hash really go through memory even when EXPR is inlined
 * and could otherwise take h from a register. */
#define MEM_BODY(EXPR)                                                         \
    const struct bench_msgs *m = (const struct bench_msgs *)arg;               \
    uint8_t *const p = m->buf;                                                 \
    uint64_t h = 0;                                                            \
    for (uint64_t i = 0; i < iters; i++) {                                     \
        memcpy(p, &h, 8);                                                      \
        BENCH_CLOBBER(p);                                                      \
        h = (uint64_t)(EXPR);                                                  \
    }                                                                          \
    return h

/* A generic row: one loop per mode, n opaque. */
#define GENERIC_ROW(name, EXPR)                                                \
    static uint64_t name##_tp(void *arg, uint64_t iters)                       \
    {                                                                          \
        size_t n = ((const struct bench_msgs *)arg)->len;                      \
        BENCH_OPAQUE(n);                                                       \
        TP_BODY(EXPR);                                                         \
    }                                                                          \
    static uint64_t name##_lat(void *arg, uint64_t iters)                      \
    {                                                                          \
        size_t n = ((const struct bench_msgs *)arg)->len;                      \
        BENCH_OPAQUE(n);                                                       \
        LAT_BODY(EXPR);                                                        \
    }                                                                          \
    static uint64_t name##_mem(void *arg, uint64_t iters)                      \
    {                                                                          \
        size_t n = ((const struct bench_msgs *)arg)->len;                      \
        BENCH_OPAQUE(n);                                                       \
        MEM_BODY(EXPR);                                                        \
    }

/* A constant-length row at size N. */
#define CONST_ROW_AT(name, N, EXPR)                                            \
    static uint64_t name##_tp_##N(void *arg, uint64_t iters)                   \
    {                                                                          \
        const size_t n = N;                                                    \
        (void)n;                                                               \
        TP_BODY(EXPR);                                                         \
    }                                                                          \
    static uint64_t name##_lat_##N(void *arg, uint64_t iters)                  \
    {                                                                          \
        const size_t n = N;                                                    \
        (void)n;                                                               \
        LAT_BODY(EXPR);                                                        \
    }                                                                          \
    static uint64_t name##_mem_##N(void *arg, uint64_t iters)                  \
    {                                                                          \
        const size_t n = N;                                                    \
        (void)n;                                                               \
        MEM_BODY(EXPR);                                                        \
    }

#define ALL_SIZES(X, name, EXPR)                                               \
    X(name, 1, EXPR) X(name, 4, EXPR) X(name, 8, EXPR) X(name, 12, EXPR)       \
    X(name, 16, EXPR) X(name, 24, EXPR) X(name, 32, EXPR) X(name, 64, EXPR)    \
    X(name, 128, EXPR) X(name, 256, EXPR) X(name, 1024, EXPR)                  \
    X(name, 16384, EXPR)
#define CONST_ROW(name, EXPR) ALL_SIZES(CONST_ROW_AT, name, EXPR)

#define LE32(q) siphash_load_le32_(q)
#define LE64(q) siphash_load_le64_(q)

/* ---- ours ---------------------------------------------------------------- */

GENERIC_ROW(our_siphash, siphash(p, n, &m->key))
CONST_ROW(our_siphash_c, siphash(p, n, &m->key))
CONST_ROW_AT(our_u32, 4, siphash_1u32(LE32(p), &m->key))
CONST_ROW_AT(our_u32, 8, siphash_2u32(LE32(p), LE32(p + 4), &m->key))
CONST_ROW_AT(our_u32, 12, siphash_3u32(LE32(p), LE32(p + 4), LE32(p + 8), &m->key))
CONST_ROW_AT(our_u32, 16, siphash_4u32(LE32(p), LE32(p + 4), LE32(p + 8), LE32(p + 12), &m->key))
CONST_ROW_AT(our_u64, 8, siphash_1u64(LE64(p), &m->key))
CONST_ROW_AT(our_u64, 16, siphash_2u64(LE64(p), LE64(p + 8), &m->key))
CONST_ROW_AT(our_u64, 24, siphash_3u64(LE64(p), LE64(p + 8), LE64(p + 16), &m->key))
CONST_ROW_AT(our_u64, 32, siphash_4u64(LE64(p), LE64(p + 8), LE64(p + 16), LE64(p + 24), &m->key))
GENERIC_ROW(our_sip13, siphash13_64(p, n, &m->key))
GENERIC_ROW(our_hsip, hsiphash(p, n, &m->hkey))
CONST_ROW(our_hsip_c, hsiphash(p, n, &m->hkey))
CONST_ROW_AT(our_h32, 4, hsiphash_1u32(LE32(p), &m->hkey))
CONST_ROW_AT(our_h32, 8, hsiphash_2u32(LE32(p), LE32(p + 4), &m->hkey))
CONST_ROW_AT(our_h32, 12, hsiphash_3u32(LE32(p), LE32(p + 4), LE32(p + 8), &m->hkey))
CONST_ROW_AT(our_h32, 16, hsiphash_4u32(LE32(p), LE32(p + 4), LE32(p + 8), LE32(p + 12), &m->hkey))
GENERIC_ROW(our_half13, halfsiphash13_32(p, n, &m->halfkey))

static uint64_t our128(const uint8_t *p, size_t n, const siphash_key_t *k)
{
    uint8_t out[16];
    siphash24_128(p, n, k, out);
    return LE64(out);
}
GENERIC_ROW(our_sip128, our128(p, n, &m->key))

static inline uint64_t our_stream(const uint8_t *p, size_t n, const siphash_key_t *k)
{
    siphash_ctx_t ctx;
    uint8_t out[8];
    siphash_ctx_init(&ctx, k, 2, 4, 8);
    siphash_ctx_update(&ctx, p, n);
    siphash_ctx_final(&ctx, out);
    return LE64(out);
}
GENERIC_ROW(our_stream, our_stream(p, n, &m->key))

GENERIC_ROW(our_sip12, siphash12_64(p, n, &m->key))
GENERIC_ROW(our_sip12nc, siphash12_nocase_64(p, n, &m->key))

/* ---- anchors ------------------------------------------------------------- */

GENERIC_ROW(jhash_g, bench_jhash(p, n, 0))
CONST_ROW_AT(jhash_w, 4, bench_jhash_1word(LE32(p), 0))
CONST_ROW_AT(jhash_w, 8, bench_jhash_2words(LE32(p), LE32(p + 4), 0))
CONST_ROW_AT(jhash_w, 12, bench_jhash_3words(LE32(p), LE32(p + 4), LE32(p + 8), 0))
/* jhash2 takes u32 words in CPU order: the messages are 64-byte aligned
 * and this bench runs on little-endian hosts (jhash2 is compared with
 * nothing, only timed). */
CONST_ROW_AT(jhash_w, 16, bench_jhash2_4((const uint32_t *)(const void *)p, 0))
CONST_ROW_AT(jhash_w, 24, bench_jhash2_6((const uint32_t *)(const void *)p, 0))
CONST_ROW_AT(jhash_w, 32, bench_jhash2_8((const uint32_t *)(const void *)p, 0))

/* Redis's shape of SipHash-1-2 (third_party/redis_siphash.c). */
GENERIC_ROW(redis_sip12, redis_siphash(p, n, m->kbytes))
GENERIC_ROW(redis_sip12nc, redis_siphash_nocase(p, n, m->kbytes))

#if SIPHASH_BENCH_HAVE_LINUX
GENERIC_ROW(lx_sip, linux___siphash_unaligned(p, n, &m->key))
CONST_ROW(lx_sip_c, linux_siphash_inline(p, n, &m->key))
GENERIC_ROW(lxwa_sip, linuxwa___siphash_unaligned(p, n, &m->key))
GENERIC_ROW(lx_hsip, linux___hsiphash_unaligned(p, n, &m->hkey))
CONST_ROW(lx_hsip_c, linux_hsiphash_inline(p, n, &m->hkey))
#endif

#if SIPHASH_BENCH_HAVE_SODIUM
GENERIC_ROW(sodium_sip, bench_sodium_siphash24(p, n, m->kbytes))
GENERIC_ROW(sodium_sipx, bench_sodium_siphashx24(p, n, m->kbytes))
#endif

#if SIPHASH_BENCH_HAVE_OPENSSL
GENERIC_ROW(evp_sip, bench_evp_siphash(p, n))
GENERIC_ROW(md5_g, bench_md5(p, n))
GENERIC_ROW(sha1_g, bench_sha1(p, n))
GENERIC_ROW(sha1c_g, bench_sha1_ctx(p, n))
#endif

/* ---- the table ----------------------------------------------------------- */

#define ALL12(f) {f, f, f, f, f, f, f, f, f, f, f, f}
#define ALL_GENERIC(name) ALL12(name##_tp), ALL12(name##_lat), ALL12(name##_mem)
#define CONST12(f)                                                             \
    {f##_1, f##_4, f##_8, f##_12, f##_16, f##_24, f##_32, f##_64, f##_128,     \
     f##_256, f##_1024, f##_16384}
#define ALL_CONST(name) CONST12(name##_tp), CONST12(name##_lat), CONST12(name##_mem)
/* Rows that exist at 4, 8, 12, 16 (and 24, 32) bytes only. */
#define AT4_16(f) {NULL, f##_4, f##_8, f##_12, f##_16, NULL, NULL, NULL, NULL, NULL, NULL, NULL}
#define AT_4_16(name) AT4_16(name##_tp), AT4_16(name##_lat), AT4_16(name##_mem)
#define AT4_32(f) {NULL, f##_4, f##_8, f##_12, f##_16, f##_24, f##_32, NULL, NULL, NULL, NULL, NULL}
#define AT_4_32(name) AT4_32(name##_tp), AT4_32(name##_lat), AT4_32(name##_mem)
/* Rows that exist at 8, 16, 24, 32 bytes only. */
#define AT8_32(f) {NULL, NULL, f##_8, NULL, f##_16, f##_24, f##_32, NULL, NULL, NULL, NULL, NULL}
#define AT_8_32(name) AT8_32(name##_tp), AT8_32(name##_lat), AT8_32(name##_mem)
#define MISSING(pkg) {NULL}, {NULL}, {NULL}, pkg

/* hsiphash is SipHash-1-3 where unsigned long has 64 bits (as in Linux),
 * HalfSipHash-1-3 with its own key layout where it has 32. */
#if ULONG_MAX > 0xffffffffUL
#define CLASS_HSIP CLASS_SIP13
#else
#define CLASS_HSIP CLASS_HSIP32
#endif

#define M64 UINT64_MAX
#define M32 0xffffffffu

static const struct bench_row row_table[] = {
    {"siphash", WHO_OURS, CLASS_SIP24, 0, M64, ALL_GENERIC(our_siphash), NULL},
    {"siphash const", WHO_OURS, CLASS_SIP24, 1, M64, ALL_CONST(our_siphash_c), NULL},
    {"siphash_Nu64", WHO_OURS, CLASS_SIP24, 1, M64, AT_8_32(our_u64), NULL},
    {"siphash_Nu32", WHO_OURS, CLASS_SIP24, 1, M64, AT_4_16(our_u32), NULL},
    {"siphash13_64", WHO_OURS, CLASS_SIP13, 0, M32, ALL_GENERIC(our_sip13), NULL},
    {"hsiphash", WHO_OURS, CLASS_HSIP, 0, M32, ALL_GENERIC(our_hsip), NULL},
    {"hsiphash const", WHO_OURS, CLASS_HSIP, 1, M32, ALL_CONST(our_hsip_c), NULL},
    {"hsiphash_Nu32", WHO_OURS, CLASS_HSIP, 1, M32, AT_4_16(our_h32), NULL},
    {"halfsiphash13_32", WHO_OURS, CLASS_HALF13, 0, M32, ALL_GENERIC(our_half13), NULL},
    {"siphash24_128", WHO_OURS, CLASS_SIP24_128, 0, M64, ALL_GENERIC(our_sip128), NULL},
    {"siphash stream", WHO_OURS, CLASS_SIP24, 0, M64, ALL_GENERIC(our_stream), NULL},
    {"siphash12_64", WHO_OURS, CLASS_SIP12, 0, M64, ALL_GENERIC(our_sip12), NULL},
    {"siphash12_nocase_64", WHO_OURS, CLASS_SIP12NC, 0, M64, ALL_GENERIC(our_sip12nc), NULL},
    {"jhash", WHO_ANCHOR, CLASS_JHASH, 0, M32, ALL_GENERIC(jhash_g), NULL},
    {"jhash words", WHO_ANCHOR, CLASS_JHASH, 1, 0, AT_4_32(jhash_w), NULL},
    {"redis siphash", WHO_ANCHOR, CLASS_SIP12, 0, M64, ALL_GENERIC(redis_sip12), NULL},
    {"redis nocase", WHO_ANCHOR, CLASS_SIP12NC, 0, M64, ALL_GENERIC(redis_sip12nc), NULL},
#if SIPHASH_BENCH_HAVE_LINUX
    {"linux", WHO_ANCHOR, CLASS_SIP24, 0, M64, ALL_GENERIC(lx_sip), NULL},
    {"linux fixed", WHO_ANCHOR, CLASS_SIP24, 1, M64, ALL_CONST(lx_sip_c), NULL},
    {"linux wordaccess", WHO_ANCHOR, CLASS_SIP24, 0, M64, ALL_GENERIC(lxwa_sip), NULL},
    {"linux hsiphash", WHO_ANCHOR, CLASS_SIP13, 0, M32, ALL_GENERIC(lx_hsip), NULL},
    {"linux hsiphash fixed", WHO_ANCHOR, CLASS_SIP13, 1, M32, ALL_CONST(lx_hsip_c), NULL},
#else
    {"linux", WHO_ANCHOR, CLASS_SIP24, 0, M64, MISSING("linux-source-6.1 xz-utils")},
#endif
#if SIPHASH_BENCH_HAVE_SODIUM
    {"sodium siphash24", WHO_ANCHOR, CLASS_SIP24, 0, M64, ALL_GENERIC(sodium_sip), NULL},
    {"sodium siphashx24", WHO_ANCHOR, CLASS_SIP24_128, 0, M64, ALL_GENERIC(sodium_sipx), NULL},
#else
    {"sodium siphash24", WHO_ANCHOR, CLASS_SIP24, 0, M64, MISSING("libsodium-dev pkg-config")},
#endif
#if SIPHASH_BENCH_HAVE_OPENSSL
    {"openssl EVP_MAC", WHO_ANCHOR, CLASS_SIP24, 0, M64, ALL_GENERIC(evp_sip), NULL},
    {"md5 MD5()", WHO_ANCHOR, CLASS_OTHER, 0, 0, ALL_GENERIC(md5_g), NULL},
    {"sha1 SHA1()", WHO_ANCHOR, CLASS_OTHER, 0, 0, ALL_GENERIC(sha1_g), NULL},
    {"sha1 SHA1_Init", WHO_ANCHOR, CLASS_OTHER, 0, 0, ALL_GENERIC(sha1c_g), NULL},
#else
    {"openssl EVP_MAC", WHO_ANCHOR, CLASS_SIP24, 0, M64, MISSING("libssl-dev pkg-config")},
    {"md5 MD5()", WHO_ANCHOR, CLASS_OTHER, 0, 0, MISSING("libssl-dev pkg-config")},
    {"sha1 SHA1()", WHO_ANCHOR, CLASS_OTHER, 0, 0, MISSING("libssl-dev pkg-config")},
#endif
};

const struct bench_row *bench_rows(int *n)
{
    *n = (int)(sizeof row_table / sizeof row_table[0]);
    return row_table;
}

int bench_rows_init(const struct bench_msgs *m)
{
    int ok = 1;
    (void)m;
    ok &= bench_jhash_selftest();
#if SIPHASH_BENCH_HAVE_SODIUM
    ok &= bench_sodium_init();
#endif
#if SIPHASH_BENCH_HAVE_OPENSSL
    ok &= bench_evp_siphash_init(&m->key);
#endif
    return ok ? 0 : -1;
}
