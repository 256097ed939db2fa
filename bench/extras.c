/* SPDX-License-Identifier: MIT */
/*
 * extras.c — measurements outside the main table, each in its own
 * alternating group:
 *   chain8     8-byte constant-length latency with the hash chained through
 *              a register: siphash(&x, 8, key) with x a local folds to
 *              siphash_1u64, beside Linux's siphash_1u64 — the purest form
 *              of the 8-byte latency.
 *   key struct a flow key built just before hashing, the way flow tables do
 *              it: three 32-bit fields stored into a struct (two of them
 *              from the previous hash, so calls chain), then
 *              siphash(&s, 12, &k).  Where the hash is inlined the compiler
 *              may keep the fields in registers; a called function reads
 *              them back through store-to-load forwarding.  Ours against
 *              Linux's siphash_3u32 (fields passed in registers) and
 *              __siphash_unaligned (what Linux's siphash(&s, 12) calls on
 *              x86-64), and libsodium.
 *   streaming  short messages hashed field by field: update() with 4- or
 *              8-byte pieces (as Rust's Hasher is used), 8..64 bytes in
 *              total, against the one-shot siphash24_64 on the same bytes,
 *              throughput mode.
 */
#include <stdlib.h>
#include <string.h>

#include "anchors.h"
#include "linux_siphash.h"
#include "run.h"

/* Per-round ratio raw[a] / raw[b] over the rounds of one group. */
static void round_ratio(const double *raw, int n, int runs, int a, int b, struct bench_stat *s)
{
    double x[1024];
    int k = runs < 1024 ? runs : 1024;
    for (int r = 0; r < k; r++)
        x[r] = raw[(size_t)r * (size_t)n + (size_t)a] / raw[(size_t)r * (size_t)n + (size_t)b];
    bench_stat_of(x, k, s);
}

static void column_stat(const double *raw, int n, int runs, int i, struct bench_stat *s)
{
    double x[1024];
    int k = runs < 1024 ? runs : 1024;
    for (int r = 0; r < k; r++)
        x[r] = raw[(size_t)r * (size_t)n + (size_t)i];
    bench_stat_of(x, k, s);
}

/* ---- chain8 ---------------------------------------------------------------- */

static uint64_t chain8_ours(void *arg, uint64_t iters)
{
    const struct bench_msgs *m = (const struct bench_msgs *)arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        uint64_t x = h;
        h = siphash(&x, 8, &m->key);
    }
    return h;
}

#if SIPHASH_BENCH_HAVE_LINUX
static uint64_t chain8_linux(void *arg, uint64_t iters)
{
    const struct bench_msgs *m = (const struct bench_msgs *)arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++)
        h = linux_siphash_1u64(h, &m->key);
    return h;
}
#endif

static void measure_chain8(struct bench_run *run)
{
    struct extras *e = &run->ex;
    struct bench_candidate c[2] = {{"siphash chain8", chain8_ours, &run->msgs[2], 1}};
    int n = 1;
#if SIPHASH_BENCH_HAVE_LINUX
    c[n++] = (struct bench_candidate){"linux chain8", chain8_linux, &run->msgs[2], 1};
    e->have_chain8_linux = 1;
#endif
    struct bench_stat r[2];
    bench_alternate(c, n, &run->opts, e->chain8, r);
    if (e->have_chain8_linux) {
        e->chain8_ratio = r[1]; /* linux / ours: report ours / linux */
        e->chain8_ratio.median = 1 / r[1].median;
    }
}

/* ---- key struct -------------------------------------------------------------- */

struct flow_key {
    uint32_t saddr, daddr, ports;
};

/* The loop every key-struct row shares: the fields come from the previous
 * hash (and a run-time port word), then EXPR hashes s. */
#define KEY_BODY(EXPR)                                                         \
    const struct bench_msgs *m = (const struct bench_msgs *)arg;               \
    uint32_t ports = 0x01bb3039;                                               \
    uint64_t h = 0;                                                            \
    BENCH_OPAQUE(ports);                                                       \
    for (uint64_t i = 0; i < iters; i++) {                                     \
        struct flow_key s;                                                     \
        s.saddr = (uint32_t)h;                                                 \
        s.daddr = (uint32_t)(h >> 32);                                         \
        s.ports = ports;                                                       \
        h = (uint64_t)(EXPR);                                                  \
    }                                                                          \
    return h

static uint64_t key_ours(void *arg, uint64_t iters)
{
    KEY_BODY(siphash(&s, sizeof s, &m->key));
}

static uint64_t key_ours_generic(void *arg, uint64_t iters)
{
    size_t n = sizeof(struct flow_key);
    BENCH_OPAQUE(n);
    KEY_BODY(siphash24_64(&s, n, &m->key));
}

#if SIPHASH_BENCH_HAVE_LINUX
static uint64_t key_linux_3u32(void *arg, uint64_t iters)
{
    KEY_BODY(linux_siphash_3u32(s.saddr, s.daddr, s.ports, &m->key));
}

static uint64_t key_linux(void *arg, uint64_t iters)
{
    KEY_BODY(linux___siphash_unaligned(&s, sizeof s, &m->key));
}
#endif

#if SIPHASH_BENCH_HAVE_SODIUM
static uint64_t key_sodium(void *arg, uint64_t iters)
{
    KEY_BODY(bench_sodium_siphash24(&s, sizeof s, m->kbytes));
}
#endif

static void measure_key_struct(struct bench_run *run)
{
    struct extras *e = &run->ex;
    struct bench_candidate c[6];
    int n = 0;
    void *m = &run->msgs[3];
    c[n++] = (struct bench_candidate){"siphash(&s, 12) const", key_ours, m, 1};
    c[n++] = (struct bench_candidate){"siphash24_64(&s, n)", key_ours_generic, m, 1};
#if SIPHASH_BENCH_HAVE_LINUX
    c[n++] = (struct bench_candidate){"linux siphash_3u32", key_linux_3u32, m, 1};
    c[n++] = (struct bench_candidate){"linux siphash(&s, 12)", key_linux, m, 1};
#endif
#if SIPHASH_BENCH_HAVE_SODIUM
    c[n++] = (struct bench_candidate){"sodium siphash24", key_sodium, m, 1};
#endif
    double *raw = malloc(sizeof *raw * (size_t)run->opts.runs * (size_t)n);
    if (!raw)
        return;
    bench_alternate_raw(c, n, &run->opts, raw);
    e->nkey = n;
    for (int i = 0; i < n; i++) {
        e->key_name[i] = c[i].name;
        column_stat(raw, n, run->opts.runs, i, &e->key[i]);
        round_ratio(raw, n, run->opts.runs, 0, i, &e->key_ratio[i]); /* ours / row i */
    }
    free(raw);
}

/* ---- short streaming ----------------------------------------------------------- */

BENCH_INLINE uint64_t stream_pieces(const uint8_t *p, size_t n, size_t piece,
                                    const siphash_key_t *k)
{
    siphash_ctx_t ctx;
    uint8_t out[8];
    size_t off = 0;
    siphash_ctx_init(&ctx, k, 2, 4, 8);
    for (; off + piece <= n; off += piece)
        siphash_ctx_update(&ctx, p + off, piece);
    /* The rest (12, 24 ... bytes in 8-byte pieces) as 4-byte fields, then
     * single bytes: every piece has a constant size, as in code that
     * hashes a struct field by field. */
    for (; off + 4 <= n; off += 4)
        siphash_ctx_update(&ctx, p + off, 4);
    for (; off < n; off++)
        siphash_ctx_update(&ctx, p + off, 1);
    siphash_ctx_final(&ctx, out);
    return siphash_load_le64_(out);
}

#define STREAM_TP(EXPR)                                                        \
    const struct bench_msgs *m = (const struct bench_msgs *)arg;               \
    size_t n = m->len;                                                         \
    uint64_t acc = 0;                                                          \
    BENCH_OPAQUE(n);                                                           \
    for (uint64_t i = 0; i < iters; i++) {                                     \
        const uint8_t *p = m->buf + (size_t)(i & m->mask) * m->stride;         \
        acc += EXPR;                                                           \
    }                                                                          \
    return acc

static uint64_t stream_oneshot(void *arg, uint64_t iters)
{
    STREAM_TP(siphash24_64(p, n, &m->key));
}

static uint64_t stream_by4(void *arg, uint64_t iters)
{
    STREAM_TP(stream_pieces(p, n, 4, &m->key));
}

static uint64_t stream_by8(void *arg, uint64_t iters)
{
    STREAM_TP(stream_pieces(p, n, 8, &m->key));
}

static void measure_stream(struct bench_run *run)
{
    static const int si_of[EXTRAS_NSTREAM] = {2, 3, 4, 5, 6, 7}; /* 8..64 B */
    struct extras *e = &run->ex;
    for (int j = 0; j < EXTRAS_NSTREAM; j++) {
        void *m = &run->msgs[si_of[j]];
        struct bench_candidate c[3] = {{"one-shot", stream_oneshot, m, 1},
                                       {"update x 4 B", stream_by4, m, 1},
                                       {"update x 8 B", stream_by8, m, 1}};
        struct bench_stat s[3], r[3];
        e->stream_len[j] = bench_sizes[si_of[j]];
        bench_alternate(c, 3, &run->opts, s, r);
        e->stream_oneshot[j] = s[0];
        e->stream[j][STREAM_PIECES_4] = r[1];
        e->stream[j][STREAM_PIECES_8] = r[2];
    }
}

void extras_measure(struct bench_run *run)
{
    measure_chain8(run);
    measure_key_struct(run);
    measure_stream(run);
}

void extras_print_csv(const struct bench_run *run, const struct bench_opts *o)
{
    const struct extras *e = &run->ex;
    bench_print_row(o, "chain8", "siphash const 8 (register chain)", "latency", "8",
                    &e->chain8[0], 0, NULL);
    if (e->have_chain8_linux)
        bench_print_row(o, "chain8", "linux siphash_1u64 (register chain)", "latency", "8",
                        &e->chain8[1], 0, NULL);
    for (int i = 0; i < e->nkey; i++) {
        struct bench_ratio r = {"ours/this", e->key_ratio[i].median};
        bench_print_row(o, "keystruct", e->key_name[i], "memory", "12", &e->key[i], 1, &r);
    }
    for (int j = 0; j < EXTRAS_NSTREAM; j++) {
        char size[16];
        snprintf(size, sizeof size, "%zu", e->stream_len[j]);
        struct bench_ratio r[2] = {{"x4/one-shot", e->stream[j][STREAM_PIECES_4].median},
                                   {"x8/one-shot", e->stream[j][STREAM_PIECES_8].median}};
        bench_print_row(o, "stream", "one-shot vs update pieces", "throughput", size,
                        &e->stream_oneshot[j], 2, r);
    }
}
