/* SPDX-License-Identifier: MIT */
/*
 * batch_section.c — the batch rows of siphash-bench: per-hash cost of the
 * batch functions (n = 1024 messages per call) against scalar loops over
 * the same messages, timed in alternating runs in one process, and each
 * row's estimated core cycles per hash beside this CPU's port bound
 * (uarch.h: the SipRounds alone, over the ports that can execute them).
 *
 * Anchors:
 *   - our scalar siphash_1u64 loop (8-byte keys, SipHash-2-4);
 *   - an inlined scalar jhash loop (third_party/jhash.h, 8- and 16-byte
 *     keys) for SipHash-1-3 — a keyed hash against the unkeyed one Linux
 *     kept for speed;
 *   - our scalar siphash24_64 loop for 16..64-byte records and mixed
 *     lengths; siphash12_64 for the SipHash-1-2 batches.
 * Ratios are cost(batch) / cost(anchor): below 1 the batch is cheaper.
 * The rows run on the best path, then again on each slower SIMD path
 * (forced with siphash_batch_force_impl), then on the portable path.
 * Targets: every SIMD row within 10% of its bound; siphash_batchv at
 * least 3x a scalar loop on every SIMD path; SipHash-1-2 batchv ratios.
 */
#include "bench.h"
#include "jhash.h"
#include "uarch.h"

#include <siphash.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define NMSG 1024
#define MAXREC 64

struct batch_data {
    siphash_key_t key;
    const void *umsgs[NMSG]; /* uniform-length messages (SipHash-1-2 rows) */
    size_t ulens[NMSG];
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

static uint64_t run_batchv12(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        siphash12_batchv(d->umsgs, d->ulens, NMSG, &d->key, d->out);
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t run_scalar12(void *arg, uint64_t iters)
{
    struct batch_data *d = arg;
    uint64_t h = 0;
    for (uint64_t i = 0; i < iters; i++) {
        for (size_t j = 0; j < NMSG; j++)
            d->out[j] = siphash12_64(d->umsgs[j], d->ulens[j], &d->key);
        h ^= fold(d->out);
    }
    return h;
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* ---- rows -------------------------------------------------------------------- */

#define MAXROWS 16

/* One measured row on one path. */
struct batch_row {
    char name[40], size[8];
    double ratio;  /* cost(batch) / cost(first anchor) */
    double cycles; /* estimated core cycles per hash, fastest run (0: clock not estimated) */
    double bound;  /* port bound, core cycles per hash (0: no model) */
};

/* The rows of one path. */
struct path_result {
    const char *path;
    int n;
    struct batch_row row[MAXROWS];
    int v, v12_16, v12_32; /* indexes of the batchv rows (-1: absent) */
};

struct section {
    const struct bench_opts *o;
    const struct uarch *u;
    struct batch_data *d;
    double batchv_rounds24, batchv_rounds12; /* mean rounds per mixed message */
};

/* SipRounds per hash of a len-byte message with c/d rounds. */
static double rounds_for(unsigned c, unsigned d, double len)
{
    return c * ((double)(size_t)(len / 8) + 1) + d;
}

/* Times c[0] (the batch) against c[1..n-1], prints one row whose ratios
 * are cost(c[0]) / cost(c[i]) and, in text mode, its bound; records it in
 * res and returns its index. */
static int batch_row(struct section *sec, struct path_result *res, const char *name,
                     const char *size, double rounds, const struct bench_candidate *c, int n,
                     const char *const *labels)
{
    const struct bench_opts *o = sec->o;
    struct bench_stat stat[3], ratio[3];
    struct bench_ratio r[2];
    bench_sink(bench_alternate(c, n, o, stat, ratio));
    for (int i = 1; i < n && i <= 2; i++) {
        r[i - 1].label = labels[i - 1];
        r[i - 1].value = ratio[i].median > 0 ? 1.0 / ratio[i].median : -1;
    }
    bench_print_row(o, "batch", name, siphash_batch_impl(), size, &stat[0], n - 1, r);
    if (res->n >= MAXROWS)
        return -1;
    struct batch_row *br = &res->row[res->n];
    snprintf(br->name, sizeof br->name, "%s", name);
    snprintf(br->size, sizeof br->size, "%s", size);
    br->ratio = r[0].value;
    /* Against a bound, the fastest run: interference (the machine is shared)
     * only adds time, and the bound is about what the code can do. */
    br->cycles = bench_cycles_per_tick() > 0 ? bench_to_cycles(stat[0].min) : 0;
    br->bound = rounds * uarch_cycles_per_lane_round(sec->u, res->path);
    if (br->cycles > 0 && br->bound > 0) {
        if (o->csv) {
            /* cycles column: the fastest run; ratios: the bound, and x of it */
            struct bench_stat fast = stat[0];
            struct bench_ratio b[2] = {{"bound", br->bound}, {"x bound", br->cycles / br->bound}};
            fast.median = fast.min;
            bench_print_row(o, "batchbound", name, siphash_batch_impl(), size, &fast, 2, b);
        } else {
            fprintf(o->out, "    fastest run %.2f cyc/hash, port bound %.2f cyc (%.1f rounds): "
                            "x%.2f the bound\n",
                    br->cycles, br->bound, rounds, br->cycles / br->bound);
        }
    }
    return res->n++;
}

static void rows_for_path(struct section *sec, struct path_result *res)
{
    static const char *const v1u64[] = {"vs siphash_1u64"};
    static const char *const vjh[] = {"vs jhash", "vs scalar"};
    static const char *const vsc[] = {"vs scalar"};
    struct batch_data *d = sec->d;
    char size[16];

    res->path = siphash_batch_impl();
    res->n = 0;
    res->v = res->v12_16 = res->v12_32 = -1;
    struct bench_candidate u64[] = {
        {"siphash_batch_u64", run_batch_u64, d, NMSG},
        {"siphash_1u64 loop", run_scalar_1u64, d, NMSG},
    };
    batch_row(sec, res, "siphash_batch_u64", "8", rounds_for(2, 4, 8), u64, 2, v1u64);

    d->len = 8;
    struct bench_candidate b8[] = {
        {"siphash_batch", run_batch24, d, NMSG},
        {"siphash_1u64 loop", run_scalar_1u64_rec, d, NMSG},
    };
    batch_row(sec, res, "siphash_batch", "8", rounds_for(2, 4, 8), b8, 2, v1u64);

    const size_t l13[] = {8, 16};
    for (int i = 0; i < 2; i++) {
        d->len = l13[i];
        struct bench_candidate c[] = {
            {"siphash13_batch", run_batch13, d, NMSG},
            {"jhash loop", run_jhash, d, NMSG},
            {"siphash13_64 loop", run_scalar13, d, NMSG},
        };
        snprintf(size, sizeof size, "%zu", l13[i]);
        batch_row(sec, res, "siphash13_batch", size, rounds_for(1, 3, (double)l13[i]), c, 3, vjh);
    }

    const size_t l24[] = {16, 32, 64};
    for (int i = 0; i < 3; i++) {
        d->len = l24[i];
        struct bench_candidate c[] = {
            {"siphash_batch", run_batch24, d, NMSG},
            {"siphash24_64 loop", run_scalar24, d, NMSG},
        };
        snprintf(size, sizeof size, "%zu", l24[i]);
        batch_row(sec, res, "siphash_batch", size, rounds_for(2, 4, (double)l24[i]), c, 2, vsc);
    }

    struct bench_candidate v[] = {
        {"siphash_batchv", run_batchv, d, NMSG},
        {"siphash24_64 loop", run_scalarv, d, NMSG},
    };
    res->v = batch_row(sec, res, "siphash_batchv", "1..64", sec->batchv_rounds24, v, 2, vsc);

    const size_t l12[] = {16, 32};
    for (int i = 0; i < 2; i++) {
        for (size_t j = 0; j < NMSG; j++) {
            d->umsgs[j] = d->recs + j * l12[i];
            d->ulens[j] = l12[i];
        }
        struct bench_candidate c[] = {
            {"siphash12_batchv", run_batchv12, d, NMSG},
            {"siphash12_64 loop", run_scalar12, d, NMSG},
        };
        snprintf(size, sizeof size, "%zu", l12[i]);
        int k = batch_row(sec, res, "siphash12_batchv", size, rounds_for(1, 2, (double)l12[i]), c,
                          2, vsc);
        *(i ? &res->v12_32 : &res->v12_16) = k;
    }
}

/* ---- targets ------------------------------------------------------------------ */

static int batch_target(const struct bench_opts *o, int ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int batch_target(const struct bench_opts *o, int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(o->out, "  [%s] ", ok ? "met" : "NOT MET");
    vfprintf(o->out, fmt, ap);
    fputc('\n', o->out);
    va_end(ap);
    return !ok;
}

static void print_batch_targets(const struct section *sec, const struct path_result *r, int nr)
{
    const struct bench_opts *o = sec->o;
    if (o->csv)
        return;
    fprintf(o->out, "\n== batch targets: cycles per hash (fastest run) within 10%% of the port bound (%s); "
                    "cost(batch) / cost(scalar loop), n = %d ==\n",
            sec->u->name, NMSG);
    int missed = 0;
    for (int p = 0; p < nr; p++) {
        const struct path_result *pr = &r[p];
        int simd = strcmp(pr->path, "portable") != 0;
        for (int i = 0; i < pr->n; i++) {
            const struct batch_row *br = &pr->row[i];
            if (br->bound <= 0 || br->cycles <= 0) {
                fprintf(o->out, "  [n/a] %s %s %s B: no port model or no core-clock estimate\n",
                        pr->path, br->name, br->size);
                continue;
            }
            double x = br->cycles / br->bound;
            if (!simd) {
                fprintf(o->out, "  [info] portable %s %s B: %.2f cyc/hash, scalar bound %.2f "
                                "(x%.2f)\n", br->name, br->size, br->cycles, br->bound, x);
                continue;
            }
            missed += batch_target(o, x <= 1.10, "%s %s %s B: %.2f cyc/hash, bound %.2f: x%.2f "
                                   "(<= 1.10)", pr->path, br->name, br->size, br->cycles,
                                   br->bound, x);
        }
        if (simd && pr->v >= 0)
            missed += batch_target(o, pr->row[pr->v].ratio > 0 && pr->row[pr->v].ratio <= 1.0 / 3,
                                   "%s siphash_batchv 1..64 B vs siphash24_64 loop (>= 3x): x%.2f "
                                   "(<= 0.33)", pr->path, pr->row[pr->v].ratio);
        double lim12 = strcmp(pr->path, "avx512") == 0 ? 0.25
                       : strcmp(pr->path, "avx2") == 0 ? 0.45 : 0;
        for (int k = 0; k < 2 && lim12 > 0; k++) {
            int i = k ? pr->v12_32 : pr->v12_16;
            if (i >= 0)
                missed += batch_target(o, pr->row[i].ratio > 0 && pr->row[i].ratio <= lim12,
                                       "%s siphash12_batchv %s B vs siphash12_64 loop: x%.2f "
                                       "(<= %.2f)", pr->path, pr->row[i].size, pr->row[i].ratio,
                                       lim12);
        }
    }
    fprintf(o->out, "  %d batch targets not met\n", missed);
}

void bench_batch_section(const struct bench_opts *o)
{
    struct section sec = {o, uarch_detect(), NULL, 0, 0};
    struct batch_data *d = calloc(1, sizeof *d);
    uint8_t *recs = malloc((size_t)NMSG * MAXREC);
    uint8_t *vbuf = malloc((size_t)NMSG * MAXREC);
    if (!d || !recs || !vbuf) {
        fprintf(stderr, "batch section: out of memory\n");
        free(d), free(recs), free(vbuf);
        return;
    }
    sec.d = d;
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
        sec.batchv_rounds24 += rounds_for(2, 4, (double)d->lens[i]) / NMSG;
        sec.batchv_rounds12 += rounds_for(1, 2, (double)d->lens[i]) / NMSG;
    }

    char title[512], model[384];
    const char *best = siphash_batch_impl();
    snprintf(title, sizeof title,
             "batch: %d messages per call, ratio = cost(batch) / cost(anchor); cpu %s; best path %s",
             NMSG, bench_cpu_model(), best);
    bench_print_heading(o, title);
    uarch_describe(sec.u, model, sizeof model);
    if (!o->csv)
        fprintf(o->out, "batch bound model: %s\n", model);

    /* best path first, then every other path this CPU has */
    static const char *const order[] = {"avx512", "avx2", "neon", "portable"};
    struct path_result *res = calloc(5, sizeof *res);
    int nr = 0;
    if (!res) {
        free(d), free(recs), free(vbuf);
        return;
    }
    rows_for_path(&sec, &res[nr++]);
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        if (strcmp(order[i], best) == 0 || siphash_batch_force_impl(order[i]) != 0)
            continue;
        rows_for_path(&sec, &res[nr++]);
    }
    siphash_batch_force_impl(NULL);
    print_batch_targets(&sec, res, nr);
    free(res);
    free(recs);
    free(vbuf);
    free(d);
}
