/* SPDX-License-Identifier: MIT */
/*
 * batch_section.c — the batch rows of siphash-bench: per-hash cost of the
 * batch functions (n = 1024 messages per call) against scalar loops over
 * the same messages, timed in alternating runs in one process.
 *
 * Anchors (issue 4):
 *   - our scalar siphash_1u64 loop (8-byte keys, SipHash-2-4);
 *   - an inlined scalar jhash loop (jhash.h, 8- and 16-byte keys) for
 *     SipHash-1-3 — a keyed hash against the unkeyed one Linux kept for speed;
 *   - our scalar siphash24_64 loop for 32/64-byte records and mixed lengths.
 * Ratios are cost(batch) / cost(anchor): below 1 the batch is cheaper.
 * The rows run on the best path, then again on each slower SIMD path
 * (forced with siphash_batch_force_impl), then on the portable path.
 */
#include "bench.h"
#include "jhash.h"

#include <siphash.h>
#include <stdlib.h>
#include <string.h>

#define NMSG 1024
#define MAXREC 64

struct batch_data {
    siphash_key_t key;
    uint64_t in[NMSG];        /* integer keys */
    uint8_t *recs;            /* NMSG records of up to MAXREC bytes, packed per row */
    const void *msgs[NMSG];   /* mixed-length messages */
    size_t lens[NMSG];
    uint64_t out[NMSG];
    size_t len;               /* record length of the current row */
};

static uint64_t fold(const uint64_t *out)
{
    return out[0] ^ out[NMSG / 2] ^ out[NMSG - 1];
}

/* ---- candidates: each iteration hashes NMSG messages ---------------------- */

static uint64_t run_batch_u64(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        siphash_batch_u64(d->in, NMSG, &d->key, d->out);
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t run_scalar_1u64(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        for (size_t j = 0; j < NMSG; j++)
            d->out[j] = siphash_1u64(d->in[j], &d->key);
        h ^= fold(d->out);
    }
    return h;
}

/* The records as 8-byte words, read the way a hash table would. */
static uint64_t run_scalar_1u64_rec(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        for (size_t j = 0; j < NMSG; j++) {
            uint64_t w;
            memcpy(&w, d->recs + 8 * j, 8);
            d->out[j] = siphash_1u64(w, &d->key);
        }
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t run_batch24(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        siphash_batch(d->recs, d->len, d->len, NMSG, &d->key, d->out);
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t run_batch13(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        siphash13_batch(d->recs, d->len, d->len, NMSG, &d->key, d->out);
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t run_scalar24(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        for (size_t j = 0; j < NMSG; j++)
            d->out[j] = siphash24_64(d->recs + j * d->len, d->len, &d->key);
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t run_scalar13(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        for (size_t j = 0; j < NMSG; j++)
            d->out[j] = siphash13_64(d->recs + j * d->len, d->len, &d->key);
        h ^= fold(d->out);
    }
    return h;
}

/* jhash inlined into the loop (static inline from jhash.h), the length a
 * run-time value as in a real table; results widened into the same array. */
static uint64_t run_jhash(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        size_t len = d->len;
        BENCH_OPAQUE(len);
        for (size_t j = 0; j < NMSG; j++)
            d->out[j] = jhash(d->recs + j * len, len, 0);
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t run_batchv(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        siphash_batchv(d->msgs, d->lens, NMSG, &d->key, d->out);
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t run_scalarv(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        for (size_t j = 0; j < NMSG; j++)
            d->out[j] = siphash24_64(d->msgs[j], d->lens[j], &d->key);
        h ^= fold(d->out);
    }
    return h;
}

/* ---- rows -------------------------------------------------------------------- */

/* Times c[0] (the batch) against c[1..n-1], prints one row whose ratios
 * are cost(c[0]) / cost(c[i]), and returns the first ratio. */
static double row(const struct bench_opts *o, const char *name, const char *size,
                  const struct bench_candidate *c, int n, const char *const *labels)
{
    struct bench_stat stat[3], ratio[3];
    struct bench_ratio r[2];
    bench_sink(bench_alternate(c, n, o, stat, ratio));
    for (int i = 1; i < n && i <= 2; i++) {
        r[i - 1].label = labels[i - 1];
        r[i - 1].value = ratio[i].median > 0 ? 1.0 / ratio[i].median : -1;
    }
    bench_print_row(o, "batch", name, siphash_batch_impl(), size, &stat[0], n - 1, r);
    return r[0].value;
}

/* The ratios the issue sets targets for, on one path. */
struct path_result {
    const char *path;
    double u64, b8;       /* vs siphash_1u64 loop */
    double j8, j16;       /* siphash13_batch vs inlined jhash */
    double b32, b64;      /* vs siphash24_64 loop */
    double v;             /* siphash_batchv 1..64 vs siphash24_64 loop */
};

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rows_for_path(const struct bench_opts *o, struct batch_data *d,
                          struct path_result *res)
{
    static const char *const v1u64[] = {"vs siphash_1u64"};
    static const char *const vjh[] = {"vs jhash", "vs scalar"};
    static const char *const vsc[] = {"vs scalar"};
    char size[16];

    res->path = siphash_batch_impl();
    struct bench_candidate u64[] = {
        {"siphash_batch_u64", run_batch_u64, d, NMSG},
        {"siphash_1u64 loop", run_scalar_1u64, d, NMSG},
    };
    res->u64 = row(o, "siphash_batch_u64", "8", u64, 2, v1u64);

    d->len = 8;
    struct bench_candidate b8[] = {
        {"siphash_batch", run_batch24, d, NMSG},
        {"siphash_1u64 loop", run_scalar_1u64_rec, d, NMSG},
    };
    res->b8 = row(o, "siphash_batch", "8", b8, 2, v1u64);

    const size_t l13[] = {8, 16};
    for (int i = 0; i < 2; i++) {
        d->len = l13[i];
        struct bench_candidate c[] = {
            {"siphash13_batch", run_batch13, d, NMSG},
            {"jhash loop", run_jhash, d, NMSG},
            {"siphash13_64 loop", run_scalar13, d, NMSG},
        };
        snprintf(size, sizeof size, "%zu", l13[i]);
        *(i ? &res->j16 : &res->j8) = row(o, "siphash13_batch", size, c, 3, vjh);
    }

    const size_t l24[] = {16, 32, 64};
    for (int i = 0; i < 3; i++) {
        d->len = l24[i];
        struct bench_candidate c[] = {
            {"siphash_batch", run_batch24, d, NMSG},
            {"siphash24_64 loop", run_scalar24, d, NMSG},
        };
        snprintf(size, sizeof size, "%zu", l24[i]);
        const double r = row(o, "siphash_batch", size, c, 2, vsc);
        if (l24[i] == 32)
            res->b32 = r;
        else if (l24[i] == 64)
            res->b64 = r;
    }

    struct bench_candidate v[] = {
        {"siphash_batchv", run_batchv, d, NMSG},
        {"siphash24_64 loop", run_scalarv, d, NMSG},
    };
    res->v = row(o, "siphash_batchv", "1..64", v, 2, vsc);
}

/* One target line: met when value <= limit. */
static int target(const struct bench_opts *o, const char *what, double value, double limit)
{
    const int met = value > 0 && value <= limit;
    fprintf(o->out, "  [%s] %s: x%.2f (<= %.2f)\n", met ? "met" : "NOT MET", what, value, limit);
    return !met;
}

static void print_targets(const struct bench_opts *o, const struct path_result *r, int nr)
{
    if (o->csv)
        return;
    fprintf(o->out, "\n== targets (issue 4): cost(batch) / cost(anchor), n = %d ==\n", NMSG);
    const struct path_result *a512 = NULL, *a2 = NULL;
    for (int i = 0; i < nr; i++) {
        if (strcmp(r[i].path, "avx512") == 0)
            a512 = &r[i];
        else if (strcmp(r[i].path, "avx2") == 0)
            a2 = &r[i];
    }
    int missed = 0;
    if (a512) {
        missed += target(o, "avx512 siphash_batch_u64 vs siphash_1u64 loop", a512->u64, 0.18);
        missed += target(o, "avx512 siphash_batch 8 B vs siphash_1u64 loop", a512->b8, 0.18);
        missed += target(o, "avx512 siphash13_batch 8 B vs inlined jhash", a512->j8, 0.75);
        missed += target(o, "avx512 siphash13_batch 16 B vs inlined jhash", a512->j16, 0.75);
        missed += target(o, "avx512 siphash_batch 32 B vs siphash24_64 loop", a512->b32, 0.25);
        missed += target(o, "avx512 siphash_batch 64 B vs siphash24_64 loop", a512->b64, 0.25);
        missed += target(o, "avx512 siphash_batchv 1..64 B vs siphash24_64 loop (>= 3x)", a512->v,
                         1.0 / 3);
    } else {
        fprintf(o->out, "  [n/a] AVX-512 targets: this CPU (or build) has no AVX-512 path\n");
    }
    if (a2) {
        missed += target(o, "avx2 (forced) siphash_batch_u64 vs siphash_1u64 loop", a2->u64, 0.40);
        missed += target(o, "avx2 (forced) siphash_batch 8 B vs siphash_1u64 loop", a2->b8, 0.40);
    } else {
        fprintf(o->out, "  [n/a] AVX2 targets: this CPU (or build) has no AVX2 path\n");
    }
    fprintf(o->out, "  %d batch targets not met\n", missed);
}

void bench_batch_section(const struct bench_opts *o)
{
    struct batch_data *d = calloc(1, sizeof *d);
    uint8_t *recs = malloc((size_t)NMSG * MAXREC);
    uint8_t *vbuf = malloc((size_t)NMSG * MAXREC);
    if (!d || !recs || !vbuf) {
        fprintf(stderr, "batch section: out of memory\n");
        free(d), free(recs), free(vbuf);
        return;
    }
    uint64_t x = 0x5eed;
    d->key.key[0] = splitmix(&x);
    d->key.key[1] = splitmix(&x);
    for (size_t i = 0; i < NMSG; i++)
        d->in[i] = splitmix(&x);
    for (size_t i = 0; i < (size_t)NMSG * MAXREC; i++) {
        recs[i] = (uint8_t)splitmix(&x);
        vbuf[i] = (uint8_t)splitmix(&x);
    }
    d->recs = recs;
    /* mixed lengths 1..64, packed one after another */
    size_t off = 0;
    for (size_t i = 0; i < NMSG; i++) {
        d->lens[i] = 1 + (size_t)(splitmix(&x) % 64);
        d->msgs[i] = vbuf + off;
        off += d->lens[i];
    }

    char title[256];
    const char *best = siphash_batch_impl();
    snprintf(title, sizeof title,
             "batch: %d messages per call, ratio = cost(batch) / cost(anchor); cpu %s; best path %s",
             NMSG, bench_cpu_model(), best);
    bench_print_heading(o, title);

    /* best path first, then every other path this CPU has */
    static const char *const order[] = {"avx512", "avx2", "neon", "portable"};
    struct path_result res[5];
    int nr = 0;
    rows_for_path(o, d, &res[nr++]);
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        if (strcmp(order[i], best) == 0 || siphash_batch_force_impl(order[i]) != 0)
            continue;
        rows_for_path(o, d, &res[nr++]);
    }
    siphash_batch_force_impl(NULL);
    print_targets(o, res, nr);
    free(recs);
    free(vbuf);
    free(d);
}
