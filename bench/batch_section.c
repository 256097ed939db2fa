/* SPDX-License-Identifier: MIT */
/*
 * batch_section.c — the batch rows of siphash-bench: per-hash cost of the
 * batch functions (n = 1024 messages per call) against scalar loops over
 * the same messages, timed in alternating runs in one process, and each
 * row's estimated core cycles per hash beside the bound measured on this
 * CPU (bound.h: the kernels' SipRounds alone, timed for vectors, scalar
 * lanes and both together; the best configuration's cycles per round per
 * lane times the row's rounds per hash) and the port table's (uarch.h),
 * a cross-check.  Each SIMD path's rows are then timed on each split
 * (0, 1, 2 messages in general registers beside each vector group).
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
 * The string-column rows hash n = 4096 separately allocated strings of
 * 3..80 bytes (string_column.h) with siphash_batchv / siphash12_batchv
 * against a scalar loop over the same pointers.
 * Targets: the fixed-length rows within 10% of their bound, the mixed
 * batchv rows within 1.5x (siphash12_batchv 16/32 B: 1.25x), the string
 * column within 1.6x; siphash_batchv
 * at least 3x a scalar loop on every SIMD path; the SipHash-1-2 batchv and
 * the string-column ratios.
 */
#include "bench.h"
#include "bound.h"
#include "jhash.h"
#include "string_column.h"
#include "uarch.h"

#include <siphash.h>
#include <stdlib.h>
#include <string.h>

#define NMSG 1024
#define MAXREC 64
#define NCOL 4096 /* strings in the string column */

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
    struct string_column col; /* NCOL strings, each in its own allocation */
    uint64_t colout[NCOL];
};

/* Three of the n results, for a timed body to return. */
static uint64_t fold(const uint64_t *out, size_t n)
{
    return out[0] ^ out[n / 2] ^ out[n - 1];
}

/* ---- candidates: each iteration hashes NMSG messages ---------------------- */

/* A timed body: `iters` times the statement `hash_all` (one batch call, or
 * a scalar loop, over the messages), each time folding three results
 * (`folded`) into the returned value so no call is optimised away. */
#define TIMED_BODY(fn, hash_all, folded)                                        \
    static uint64_t fn(void *arg, uint64_t iters)                               \
    {                                                                           \
        struct batch_data *d = arg;                                             \
        uint64_t h = 0;                                                         \
        for (uint64_t i = 0; i < iters; i++) {                                  \
            hash_all;                                                           \
            h ^= (folded);                                                      \
        }                                                                       \
        return h;                                                               \
    }

/* Over the NMSG fixed-shape messages. */
#define CANDIDATE(fn, hash_all) TIMED_BODY(fn, hash_all, fold(d->out, NMSG))

/* A scalar loop: out[j] = hash_j for every message j. */
#define SCALAR_CANDIDATE(fn, hash_j)                                            \
    CANDIDATE(fn, for (size_t j = 0; j < NMSG; j++) d->out[j] = (hash_j))

/* The records as 8-byte words, read the way a hash table would. */
static inline uint64_t rec_word(const struct batch_data *d, size_t j)
{
    uint64_t w;
    memcpy(&w, d->recs + 8 * j, 8);
    return w;
}

CANDIDATE(run_batch_u64, siphash_batch_u64(d->in, NMSG, &d->key, d->out))
SCALAR_CANDIDATE(run_scalar_1u64, siphash_1u64(d->in[j], &d->key))
SCALAR_CANDIDATE(run_scalar_1u64_rec, siphash_1u64(rec_word(d, j), &d->key))
CANDIDATE(run_batch24, siphash_batch(d->recs, d->len, d->len, NMSG, &d->key, d->out))
CANDIDATE(run_batch13, siphash13_batch(d->recs, d->len, d->len, NMSG, &d->key, d->out))
SCALAR_CANDIDATE(run_scalar24, siphash24_64(d->recs + j * d->len, d->len, &d->key))
SCALAR_CANDIDATE(run_scalar13, siphash13_64(d->recs + j * d->len, d->len, &d->key))

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
        h ^= fold(d->out, NMSG);
    }
    return h;
}

CANDIDATE(run_batchv, siphash_batchv(d->msgs, d->lens, NMSG, &d->key, d->out))
SCALAR_CANDIDATE(run_scalarv, siphash24_64(d->msgs[j], d->lens[j], &d->key))
CANDIDATE(run_batchv12, siphash12_batchv(d->umsgs, d->ulens, NMSG, &d->key, d->out))
SCALAR_CANDIDATE(run_scalar12, siphash12_64(d->umsgs[j], d->ulens[j], &d->key))

/* The string column: one batchv call, or a scalar loop, over its NCOL
 * pointers. */
#define COLUMN_CANDIDATE(fn, hash_all)                                          \
    TIMED_BODY(fn, hash_all, fold(d->colout, NCOL))
#define COLUMN_LOOP(hash_j)                                                     \
    for (size_t j = 0; j < NCOL; j++)                                           \
        d->colout[j] = (hash_j)

COLUMN_CANDIDATE(run_col24, siphash_batchv(d->col.ptrs, d->col.lens, NCOL, &d->key, d->colout))
COLUMN_CANDIDATE(run_col24_scalar, COLUMN_LOOP(siphash24_64(d->col.ptrs[j], d->col.lens[j], &d->key)))
COLUMN_CANDIDATE(run_col12, siphash12_batchv(d->col.ptrs, d->col.lens, NCOL, &d->key, d->colout))
COLUMN_CANDIDATE(run_col12_scalar, COLUMN_LOOP(siphash12_64(d->col.ptrs[j], d->col.lens[j], &d->key)))

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* ---- rows -------------------------------------------------------------------- */

/* One anchor of a row: a scalar loop over the same messages. */
struct anchor {
    const char *name;  /* candidate name */
    bench_fn fn;
    const char *label; /* the row's ratio label, e.g. "vs jhash" */
};

/* One row of the table: a batch function at one message length, against
 * one or two anchors.  len is the record length (the messages are the
 * first NMSG records of len bytes; for the u64 row, the integer keys), or
 * 0 for the mixed-length messages 1..64 or (column) the string column. */
enum { FIXED_OR_MIXED = 0, COLUMN = 1 };
struct row_spec {
    const char *name;
    size_t len;
    int column;
    unsigned c, d; /* SipHash-c-d: rounds per hash, for the bound */
    bench_fn batch;
    struct anchor anchor[2]; /* the second may be absent (name NULL) */
};

#define VS_1U64(fn) {"siphash_1u64 loop", fn, "vs siphash_1u64"}
#define VS_SCALAR(name, fn) {name, fn, "vs scalar"}

static const struct row_spec row_table[] = {
    {"siphash_batch_u64", 8, FIXED_OR_MIXED, 2, 4, run_batch_u64, {VS_1U64(run_scalar_1u64)}},
    {"siphash_batch", 8, FIXED_OR_MIXED, 2, 4, run_batch24, {VS_1U64(run_scalar_1u64_rec)}},
    {"siphash13_batch", 8, FIXED_OR_MIXED, 1, 3, run_batch13,
     {{"jhash loop", run_jhash, "vs jhash"}, VS_SCALAR("siphash13_64 loop", run_scalar13)}},
    {"siphash13_batch", 16, FIXED_OR_MIXED, 1, 3, run_batch13,
     {{"jhash loop", run_jhash, "vs jhash"}, VS_SCALAR("siphash13_64 loop", run_scalar13)}},
    {"siphash_batch", 16, FIXED_OR_MIXED, 2, 4, run_batch24, {VS_SCALAR("siphash24_64 loop", run_scalar24)}},
    {"siphash_batch", 32, FIXED_OR_MIXED, 2, 4, run_batch24, {VS_SCALAR("siphash24_64 loop", run_scalar24)}},
    {"siphash_batch", 64, FIXED_OR_MIXED, 2, 4, run_batch24, {VS_SCALAR("siphash24_64 loop", run_scalar24)}},
    {"siphash_batchv", 0, FIXED_OR_MIXED, 2, 4, run_batchv, {VS_SCALAR("siphash24_64 loop", run_scalarv)}},
    {"siphash12_batchv", 16, FIXED_OR_MIXED, 1, 2, run_batchv12, {VS_SCALAR("siphash12_64 loop", run_scalar12)}},
    {"siphash12_batchv", 32, FIXED_OR_MIXED, 1, 2, run_batchv12, {VS_SCALAR("siphash12_64 loop", run_scalar12)}},
    {"siphash_batchv", 0, COLUMN, 2, 4, run_col24, {VS_SCALAR("siphash24_64 loop", run_col24_scalar)}},
    {"siphash12_batchv", 0, COLUMN, 1, 2, run_col12, {VS_SCALAR("siphash12_64 loop", run_col12_scalar)}},
};
#define NROWS (int)(sizeof row_table / sizeof row_table[0])

/* One measured row on one path. */
struct batch_row {
    const struct row_spec *spec;
    char size[24]; /* as printed: the length, or "1..64" */
    double ratio;  /* cost(batch) / cost(first anchor) */
    double cycles; /* estimated core cycles per hash, fastest run (0: clock not estimated) */
    double bound;  /* measured bound, core cycles per hash (0: not measured) */
    double model;  /* the port model's bound (uarch.h), the cross-check (0: none) */
};

/* The rows of one path. */
struct path_result {
    const char *path;
    struct batch_row row[NROWS];
};

struct section {
    const struct bench_opts *o;
    const struct uarch *u;
    struct batch_data *d;
    struct bound_path bound; /* the path being measured */
};

/* SipRounds per hash of a len-byte message with c/d rounds. */
static double rounds_for(unsigned c, unsigned d, double len)
{
    return c * ((double)(size_t)(len / 8) + 1) + d;
}

/* Lays out the messages row `spec` hashes; returns its mean SipRounds per
 * hash. */
static double prepare(struct batch_data *d, const struct row_spec *spec)
{
    if (spec->column) {
        double rounds = 0;
        for (size_t i = 0; i < NCOL; i++)
            rounds += rounds_for(spec->c, spec->d, (double)d->col.lens[i]) / NCOL;
        return rounds;
    }
    if (spec->len == 0) {
        double rounds = 0;
        for (size_t i = 0; i < NMSG; i++)
            rounds += rounds_for(spec->c, spec->d, (double)d->lens[i]) / NMSG;
        return rounds;
    }
    d->len = spec->len;
    for (size_t j = 0; j < NMSG; j++) {
        d->umsgs[j] = d->recs + j * spec->len;
        d->ulens[j] = spec->len;
    }
    return rounds_for(spec->c, spec->d, (double)spec->len);
}

/* Times the batch against the row's anchors, prints the row whose ratios
 * are cost(batch) / cost(anchor) and, in text mode, its bound; records it
 * in *br. */
static void batch_row(const struct section *sec, const char *path, const struct row_spec *spec,
                      struct batch_row *br)
{
    const struct bench_opts *o = sec->o;
    const double rounds = prepare(sec->d, spec);
    const double items = spec->column ? NCOL : NMSG;
    struct bench_candidate c[3] = {{spec->name, spec->batch, sec->d, items}};
    int n = 1;
    for (int i = 0; i < 2 && spec->anchor[i].name; i++)
        c[n++] = (struct bench_candidate){spec->anchor[i].name, spec->anchor[i].fn, sec->d, items};
    struct bench_stat stat[3], ratio[3];
    struct bench_ratio r[2];
    bench_sink(bench_alternate(c, n, o, stat, ratio));
    for (int i = 1; i < n; i++) {
        r[i - 1].label = spec->anchor[i - 1].label;
        r[i - 1].value = ratio[i].median > 0 ? 1.0 / ratio[i].median : -1;
    }
    if (spec->column)
        snprintf(br->size, sizeof br->size, "column");
    else if (spec->len)
        snprintf(br->size, sizeof br->size, "%zu", spec->len);
    else
        snprintf(br->size, sizeof br->size, "1..64");
    bench_print_row(o, "batch", spec->name, siphash_batch_impl(), br->size, &stat[0], n - 1, r);
    br->spec = spec;
    br->ratio = r[0].value;
    /* Against a bound, the fastest run: interference (the machine is shared)
     * only adds time, and the bound is about what the code can do. */
    br->cycles = bench_cycles_per_tick() > 0 ? bench_to_cycles(stat[0].min) : 0;
    br->bound = rounds * bound_cycles_per_lane_round(&sec->bound);
    br->model = rounds * uarch_cycles_per_lane_round(sec->u, path);
    if (br->cycles > 0 && br->bound > 0) {
        if (o->csv) {
            /* cycles column: the fastest run; ratios: the bound, and x of it */
            struct bench_stat fast = stat[0];
            struct bench_ratio b[2] = {{"bound", br->bound}, {"x bound", br->cycles / br->bound}};
            fast.median = fast.min;
            bench_print_row(o, "batchbound", spec->name, siphash_batch_impl(), br->size, &fast, 2,
                            b);
        } else {
            fprintf(o->out, "    fastest run %.2f cyc/hash, measured bound %.2f cyc (%.1f rounds): "
                            "x%.2f the bound; port table %.2f\n",
                    br->cycles, br->bound, rounds, br->cycles / br->bound, br->model);
        }
    }
}

static void split_table(const struct section *sec, const char *path);

static void rows_for_path(struct section *sec, struct path_result *res)
{
    res->path = siphash_batch_impl();
    if (bound_measure(res->path, sec->o, &sec->bound) == 0 && !sec->o->csv)
        bound_print(&sec->bound, sec->o->out);
    for (int i = 0; i < NROWS; i++)
        batch_row(sec, res->path, &row_table[i], &res->row[i]);
    if (strcmp(res->path, "portable") != 0)
        split_table(sec, res->path);
}

/* ---- splits: the kernels with 0, 1 or 2 messages in general registers ---------- */

/* A row's batch function run on one forced table ("avx2+1"). */
struct forced {
    const char *impl;
    bench_fn fn;
    struct batch_data *d;
};

static uint64_t run_forced(void *arg, uint64_t iters)
{
    const struct forced *f = arg;
    siphash_batch_force_impl(f->impl);
    return f->fn(f->d, iters);
}

/* Every row on `path`'s default table and on each of its splits, in
 * alternating runs: median core cycles per hash, the fastest split, and
 * what the default costs against it.  The default tables' splits
 * (src/batch_avx2.c ...) are chosen from this table. */
static void split_table(const struct section *sec, const char *path)
{
    const struct bench_opts *o = sec->o;
    char names[4][24];
    struct forced f[4];
    struct bench_candidate c[4];
    int n = 0;
    snprintf(names[n], sizeof names[n], "%s", path);
    for (int s = 0; s < 3; s++) {
        char nm[24];
        snprintf(nm, sizeof nm, "%s+%d", path, s);
        if (siphash_batch_force_impl(nm) == 0)
            snprintf(names[++n], sizeof names[0], "%s", nm);
    }
    n++;
    siphash_batch_force_impl(path);
    if (n < 2 || o->csv || bench_cycles_per_tick() <= 0)
        return;
    fprintf(o->out, "\n== batch splits on %s: median cyc/hash of the default table and of each "
                    "split (+s: s messages in general registers beside each vector group; "
                    "batchv rows run split 0's kernels on every split unless the library was "
                    "built with -DSIP_MEASURE_VEC_SPLITS=1) ==\n",
            path);
    for (int i = 0; i < NROWS; i++) {
        const struct row_spec *spec = &row_table[i];
        prepare(sec->d, spec);
        const double items = spec->column ? NCOL : NMSG;
        for (int k = 0; k < n; k++) {
            f[k] = (struct forced){names[k], spec->batch, sec->d};
            c[k] = (struct bench_candidate){names[k], run_forced, &f[k], items};
        }
        struct bench_stat stat[4], ratio[4];
        bench_sink(bench_alternate(c, n, o, stat, ratio));
        int best = 1;
        for (int k = 2; k < n; k++)
            if (stat[k].median < stat[best].median)
                best = k;
        char size[24];
        if (spec->column)
            snprintf(size, sizeof size, "column");
        else if (spec->len)
            snprintf(size, sizeof size, "%zu", spec->len);
        else
            snprintf(size, sizeof size, "1..64");
        fprintf(o->out, "split %-17s %6s %s %.2f;", spec->name, size, names[0],
                bench_to_cycles(stat[0].median));
        for (int k = 1; k < n; k++)
            fprintf(o->out, " %s %.2f;", names[k] + strlen(path), bench_to_cycles(stat[k].median));
        fprintf(o->out, " best %s; default x%.3f of it\n", names[best] + strlen(path),
                stat[0].median / stat[best].median);
    }
    siphash_batch_force_impl(path);
}

/* ---- targets ------------------------------------------------------------------ */

/* How far above its measured bound a row may run: fixed lengths 10%; the
 * mixed-length batchv rows, which pay for ordering, per-lane addresses and
 * final blocks, 1.5x (SipHash-1-2 with one length: 1.25x); the string
 * column 1.6x (issue 46). */
static double bound_limit(const struct row_spec *spec)
{
    if (spec->column)
        return 1.6;
    if (strcmp(spec->name, "siphash_batchv") == 0)
        return 1.5;
    if (strcmp(spec->name, "siphash12_batchv") == 0)
        return 1.25;
    return 1.10;
}

/* cost(batch) / cost(scalar loop) targets of one row on one path (0: none). */
static double ratio_limit(const struct row_spec *spec, const char *path)
{
    const int a512 = strcmp(path, "avx512") == 0, a2 = strcmp(path, "avx2") == 0;
    const int s24 = strcmp(spec->name, "siphash_batchv") == 0;
    const int s12 = strcmp(spec->name, "siphash12_batchv") == 0;
    if (spec->column && s24)
        return a512 ? 0.18 : a2 ? 0.40 : 0;
    if (spec->column && s12)
        return a512 ? 0.225 : 0;
    if (s24) /* mixed 1..64: at least 3x on every SIMD path */
        return strcmp(path, "portable") != 0 ? 1.0 / 3 : 0;
    if (s12)
        return a512 ? 0.25 : a2 ? 0.45 : 0;
    return 0;
}

static void print_batch_targets(const struct section *sec, const struct path_result *r, int nr)
{
    const struct bench_opts *o = sec->o;
    if (o->csv)
        return;
    fprintf(o->out, "\n== batch targets: cycles per hash (fastest run) against the bound measured "
                    "on this CPU (%s); cost(batch) / cost(scalar loop), n = %d (string column "
                    "%d) ==\n",
            sec->u->name, NMSG, NCOL);
    int missed = 0;
    for (int p = 0; p < nr; p++) {
        const struct path_result *pr = &r[p];
        int simd = strcmp(pr->path, "portable") != 0;
        for (int i = 0; i < NROWS; i++) {
            const struct batch_row *br = &pr->row[i];
            const double lim = bound_limit(br->spec);
            if (br->bound <= 0 || br->cycles <= 0) {
                fprintf(o->out, "  [n/a] %s %s %s: no measured bound or no core-clock estimate\n",
                        pr->path, br->spec->name, br->size);
                continue;
            }
            double x = br->cycles / br->bound;
            if (!simd || lim <= 0) {
                fprintf(o->out, "  [info] %s %s %s%s: %.2f cyc/hash, measured bound %.2f (x%.2f)\n",
                        pr->path, br->spec->name, br->size, br->spec->column ? "" : " B",
                        br->cycles, br->bound, x);
                continue;
            }
            missed += bench_verdict(o->out, x <= lim,
                                    "%s %s %s%s: %.2f cyc/hash, bound %.2f: x%.2f (<= %.2f)",
                                    pr->path, br->spec->name, br->size,
                                    br->spec->column ? "" : " B", br->cycles, br->bound, x, lim);
        }
        for (int i = 0; i < NROWS; i++) {
            const struct batch_row *br = &pr->row[i];
            const double lim = ratio_limit(br->spec, pr->path);
            if (lim <= 0)
                continue;
            missed += bench_verdict(o->out, br->ratio > 0 && br->ratio <= lim,
                                    "%s %s %s%s vs %s: x%.3f (<= %.3g)", pr->path,
                                    br->spec->name, br->size, br->spec->column ? "" : " B",
                                    br->spec->anchor[0].name, br->ratio, lim);
        }
    }
    fprintf(o->out, "  %d batch targets not met\n", missed);
}

void bench_batch_section(const struct bench_opts *o)
{
    struct section sec = {o, uarch_detect(), NULL, {0}};
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
    }
    if (string_column_make(&d->col, NCOL, splitmix(&x)) != 0) {
        fprintf(stderr, "batch section: out of memory\n");
        free(d), free(recs), free(vbuf);
        return;
    }

    char title[768], model[384], cpu[160] = "unknown";
    const char *best = siphash_batch_impl();
    /* the CPU as cpuid numbers it (a hypervisor's brand string can be a
     * guess: "AMD EPYC", "Oxide Virtual Turin-like Processor") */
    char vendor[13];
    unsigned fam, mod;
    if (bench_cpu_id(vendor, &fam, &mod) == 0)
        snprintf(cpu, sizeof cpu, "%s family %u model %u = %s", vendor, fam, mod, sec.u->name);
    snprintf(title, sizeof title,
             "batch: %d messages per call, ratio = cost(batch) / cost(anchor); cpu %s (brand "
             "string: %s); best path %s",
             NMSG, cpu, bench_cpu_model(), best);
    bench_print_heading(o, title);
    uarch_describe(sec.u, model, sizeof model);
    if (!o->csv)
        fprintf(o->out, "batch bound model: %s\n", model);

    /* best path first, then every other path this CPU has */
    static const char *const order[] = {"avx512", "avx2", "neon", "portable"};
    struct path_result *res = calloc(5, sizeof *res);
    int nr = 0;
    if (!res) {
        string_column_free(&d->col);
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
    string_column_free(&d->col);
    free(d);
}
