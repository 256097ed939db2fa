/* SPDX-License-Identifier: MIT */
/*
 * fast_hashes.c — the "fast hashes" section of siphash-bench: what a key
 * costs with our scalar functions and batches against two fast hashes,
 * XXH3 (inlined XXH3_64bits_withSeed; runtimes moved their tables to such
 * hashes for speed) and HighwayHash64 (a keyed SIMD hash), all timed in
 * one alternating run (bench_alternate_raw).
 *
 * The protocol, printed with the rows: every candidate hashes the same
 * FAST_NKEYS independent keys into an array, either as a loop of one call
 * per key (the calls overlap freely in the out-of-order core: this is
 * per-key throughput, not the latency of one call) or as one batch call.
 * Keys are contiguous records of 8, 16, 24, 32 and 64 bytes packed back to
 * back, and the string column (string_column.h: separately allocated
 * strings of 3..80 bytes, read through their pointers, in FAST_ORDERS
 * orders in turn: fast_hashes.h says why).  Figures are ns
 * and estimated core cycles per key (median of the runs, and the fastest
 * run); ratios are medians of per-round ratios to the XXH3 and HighwayHash
 * loops, so the neighbours' load on a shared machine cancels.
 */
#include "fast_hashes.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "string_column.h"
#include "uarch.h"

static const size_t fast_lens[FAST_NLEN] = {8, 16, 24, 32, 64};

/* ---- our timed bodies: `iters` times all n keys into out ----------------- */

/* Each iteration folds two results into the returned value, so no call is
 * optimised away.  What the loops read is kept in locals, as a user's loop
 * would (a store to out[j] could otherwise alias k->n and force a reload
 * per key); the record length is hidden from the compiler, a run-time
 * value as in a real table; the column is taken in iteration i's order. */
#define TIMED(fn, hash_all)                                                     \
    static uint64_t fn(void *arg, uint64_t iters)                               \
    {                                                                           \
        const struct fast_keys *k = arg;                                        \
        const uint8_t *const recs = k->recs;                                    \
        const siphash_key_t *const key = &k->key;                               \
        uint64_t *const out = k->out;                                           \
        const size_t n = k->n;                                                  \
        uint64_t h = 0;                                                         \
        for (uint64_t i = 0; i < iters; i++) {                                  \
            size_t len = k->len;                                                \
            BENCH_OPAQUE(len);                                                  \
            const void *const *const ptrs = k->ptrs + fast_order(k, i);         \
            const size_t *const lens = k->lens + fast_order(k, i);              \
            (void)recs, (void)len, (void)ptrs, (void)lens;                      \
            hash_all;                                                           \
            h ^= out[0] ^ out[n - 1];                                           \
        }                                                                       \
        return h;                                                               \
    }
#define RECORD_LOOP(f) for (size_t j = 0; j < n; j++) out[j] = f(recs + j * len, len, key)
#define COLUMN_LOOP(f) for (size_t j = 0; j < n; j++) out[j] = f(ptrs[j], lens[j], key)

TIMED(s24_records, RECORD_LOOP(siphash24_64))
TIMED(s13_records, RECORD_LOOP(siphash13_64))
TIMED(s12_records, RECORD_LOOP(siphash12_64))
TIMED(b24_records, siphash_batch(recs, len, len, n, key, out))
TIMED(b13_records, siphash13_batch(recs, len, len, n, key, out))
TIMED(b12_records, siphash12_batch(recs, len, len, n, key, out))
TIMED(s24_column, COLUMN_LOOP(siphash24_64))
TIMED(s13_column, COLUMN_LOOP(siphash13_64))
TIMED(s12_column, COLUMN_LOOP(siphash12_64))
TIMED(b24_column, siphash_batchv(ptrs, lens, n, key, out))
TIMED(b13_column, siphash13_batchv(ptrs, lens, n, key, out))
TIMED(b12_column, siphash12_batchv(ptrs, lens, n, key, out))

/* ---- the hashes ------------------------------------------------------------- */

struct fast_spec {
    const char *name, *column_name;
    bench_fn records, column; /* NULL: not built */
    const char *missing;      /* the Debian package that would build it */
};

static const struct fast_spec specs[FAST_NHASH] = {
#if SIPHASH_BENCH_HAVE_XXH3
    [FAST_XXH3] = {"XXH3 loop", "XXH3 loop", fast_xxh3_contiguous, fast_xxh3_column, NULL},
#else
    [FAST_XXH3] = {"XXH3 loop", "XXH3 loop", NULL, NULL, "libxxhash-dev"},
#endif
#if SIPHASH_BENCH_HAVE_HIGHWAYHASH
    [FAST_HIGHWAY] = {"HighwayHash64 loop", "HighwayHash64 loop", fast_highway_contiguous,
                      fast_highway_column, NULL},
#else
    [FAST_HIGHWAY] = {"HighwayHash64 loop", "HighwayHash64 loop", NULL, NULL,
                      "libhighwayhash-dev"},
#endif
    [FAST_S24] = {"siphash24_64 loop", "siphash24_64 loop", s24_records, s24_column, NULL},
    [FAST_S13] = {"siphash13_64 loop", "siphash13_64 loop", s13_records, s13_column, NULL},
    [FAST_S12] = {"siphash12_64 loop", "siphash12_64 loop", s12_records, s12_column, NULL},
    [FAST_B24] = {"siphash_batch", "siphash_batchv", b24_records, b24_column, NULL},
    [FAST_B13] = {"siphash13_batch", "siphash13_batchv", b13_records, b13_column, NULL},
    [FAST_B12] = {"siphash12_batch", "siphash12_batchv", b12_records, b12_column, NULL},
};

const char *fast_hash_name(enum fast_hash h, int column)
{
    return column ? specs[h].column_name : specs[h].name;
}

double fast_ns_per_tick(void)
{
    return 1e9 / bench_ticks_per_second();
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The column's orders (struct fast_keys): the allocation order first, then
 * FAST_ORDERS - 1 shuffles of it (Fisher-Yates).  0, or -1 when out of
 * memory. */
static int make_orders(const struct string_column *col, uint64_t *x, const void ***ptrs,
                       size_t **lens)
{
    const size_t n = col->n;
    *ptrs = malloc(sizeof **ptrs * n * FAST_ORDERS);
    *lens = malloc(sizeof **lens * n * FAST_ORDERS);
    if (!*ptrs || !*lens)
        return -1;
    for (size_t o = 0; o < FAST_ORDERS; o++) {
        const void **p = *ptrs + o * n;
        size_t *l = *lens + o * n;
        for (size_t j = 0; j < n; j++)
            p[j] = col->ptrs[j], l[j] = col->lens[j];
        for (size_t j = n - 1; o > 0 && j > 0; j--) {
            const size_t r = (size_t)(splitmix(x) % (j + 1));
            const void *tp = p[j];
            const size_t tl = l[j];
            p[j] = p[r], l[j] = l[r];
            p[r] = tp, l[r] = tl;
        }
    }
    return 0;
}

/* Our batches must give what our scalar loops give on the same keys
 * before either is timed (a wrongly driven batch would flatter a ratio). */
static int check_ours(struct fast_keys *k, int column, uint64_t *ref)
{
    static const enum fast_hash pair[3][2] = {
        {FAST_S24, FAST_B24}, {FAST_S13, FAST_B13}, {FAST_S12, FAST_B12}};
    for (int p = 0; p < 3; p++) {
        const struct fast_spec *s = &specs[pair[p][0]], *b = &specs[pair[p][1]];
        bench_sink((column ? s->column : s->records)(k, 1));
        memcpy(ref, k->out, sizeof *ref * k->n);
        bench_sink((column ? b->column : b->records)(k, 1));
        if (memcmp(ref, k->out, sizeof *ref * k->n) != 0) {
            fprintf(stderr, "fast hashes: %s disagrees with %s on the %s keys\n",
                    fast_hash_name(pair[p][1], column), fast_hash_name(pair[p][0], column),
                    column ? "string column" : "contiguous");
            return -1;
        }
    }
    return 0;
}

/* Times every built hash of one group in alternating rounds; fills
 * r->cell[g]. */
static void measure_group(const struct bench_opts *o, struct fast_keys *k, int g,
                          struct fast_results *r)
{
    const int column = g == FAST_COLUMN;
    struct bench_candidate c[FAST_NHASH];
    int idx[FAST_NHASH], n = 0;
    for (int h = 0; h < FAST_NHASH; h++)
        idx[h] = -1;
    for (int h = 0; h < FAST_NHASH; h++) {
        bench_fn fn = column ? specs[h].column : specs[h].records;
        if (!fn)
            continue;
        c[n] = (struct bench_candidate){fast_hash_name(h, column), fn, k, (double)k->n};
        idx[h] = n++;
    }
    const int runs = o->runs > 0 ? o->runs : 1;
    double *raw = malloc(sizeof *raw * (size_t)runs * (size_t)n);
    double *col = malloc(sizeof *col * (size_t)runs);
    if (!raw || !col) {
        fprintf(stderr, "fast hashes: out of memory\n");
        exit(2);
    }
    bench_alternate_raw(c, n, o, raw);
    for (int h = 0; h < FAST_NHASH; h++) {
        struct fast_cell *ce = &r->cell[g][h];
        memset(ce, 0, sizeof *ce);
        if (!(column ? specs[h].column : specs[h].records))
            continue;
        ce->valid = 1;
        for (int i = 0; i < runs; i++)
            col[i] = raw[(size_t)i * (size_t)n + (size_t)idx[h]];
        bench_stat_of(col, runs, &ce->s);
        for (int a = 0; a < 2; a++) {
            const enum fast_hash anchor = a ? FAST_HIGHWAY : FAST_XXH3;
            if (!(column ? specs[anchor].column : specs[anchor].records))
                continue;
            for (int i = 0; i < runs; i++)
                col[i] = raw[(size_t)i * (size_t)n + (size_t)idx[h]] /
                         raw[(size_t)i * (size_t)n + (size_t)idx[anchor]];
            bench_stat_of(col, runs, &ce->vs[a]);
        }
    }
    free(raw);
    free(col);
    bench_cycles_per_tick_update();
}

/* ---- printing ------------------------------------------------------------- */

static void group_size(const struct fast_results *r, int g, char *buf, size_t size)
{
    if (g == FAST_COLUMN)
        snprintf(buf, size, "3..80");
    else
        snprintf(buf, size, "%zu", r->len[g]);
}

static void print_csv(const struct bench_opts *o, FILE *out, const struct fast_results *r,
                      int alone)
{
    struct bench_opts co = *o;
    co.out = out;
    co.csv = 1;
    if (alone) {
        bench_print_csv_header(&co);
        fprintf(out, "info,cpu,%s,,,,,,\n", bench_cpu_model());
        fprintf(out, "info,tsc_ghz,%.4f,,,,,,\n", bench_ticks_per_second() / 1e9);
        fprintf(out, "info,cycles_per_tick,%.4f,,,,,,\n", bench_cycles_per_tick());
        fprintf(out, "info,runs,%d,,,,,,\n", o->runs);
    }
    fprintf(out, "info,fast_uarch,%s,,,,,,\n", r->uarch);
    fprintf(out, "info,fast_batch_path,%s,,,,,,\n", r->path);
    fprintf(out, "info,fast_keys,%d,,,,,,\n", FAST_NKEYS);
    fprintf(out, "info,fast_date,%s,,,,,,\n", r->when);
    for (int g = 0; g <= FAST_COLUMN; g++) {
        char size[16];
        group_size(r, g, size, sizeof size);
        for (int h = 0; h < FAST_NHASH; h++) {
            const struct fast_cell *ce = &r->cell[g][h];
            if (!ce->valid)
                continue;
            /* ratio_1: / XXH3 loop, ratio_2: / HighwayHash64 loop (empty: missing) */
            struct bench_ratio q[2] = {{"vs XXH3", ce->vs[0].median > 0 ? ce->vs[0].median : -1},
                                       {"vs HighwayHash64", ce->vs[1].median > 0 ? ce->vs[1].median : -1}};
            bench_print_row(&co, "fast", fast_hash_name(h, g == FAST_COLUMN),
                            g == FAST_COLUMN ? "column" : "contiguous", size, &ce->s, 2, q);
        }
    }
}

/* A ratio column: "x0.71", or "-" where the row is the anchor or the
 * anchor is missing. */
static void print_ratio(FILE *out, const struct fast_cell *ce, int a, int self)
{
    char buf[32] = "-";
    if (!self && ce->vs[a].median > 0)
        snprintf(buf, sizeof buf, "x%.2f", ce->vs[a].median);
    fprintf(out, " %8s", buf);
}

static void print_text(const struct bench_opts *o, const struct fast_results *r)
{
    FILE *out = o->out;
    const double nspt = fast_ns_per_tick(), cpt = bench_cycles_per_tick();
    fprintf(out, "%-20s %-10s %5s %8s %8s %7s %8s %8s %8s\n", "hash", "keys", "bytes", "ns/key",
            "cyc/key", "spread", "fastest", "/XXH3", "/HH64");
    for (int g = 0; g <= FAST_COLUMN; g++) {
        char size[16];
        group_size(r, g, size, sizeof size);
        if (g > 0)
            fputc('\n', out);
        for (int h = 0; h < FAST_NHASH; h++) {
            const struct fast_cell *ce = &r->cell[g][h];
            if (!ce->valid)
                continue;
            fprintf(out, "%-20s %-10s %5s %8.2f ", fast_hash_name(h, g == FAST_COLUMN),
                    g == FAST_COLUMN ? "column" : "contiguous", size, ce->s.median * nspt);
            if (cpt > 0)
                fprintf(out, "%8.2f", bench_to_cycles(ce->s.median));
            else
                fprintf(out, "%8s", "-");
            fprintf(out, " +-%4.1f%% %8.2f", 100 * ce->s.spread, ce->s.min * nspt);
            print_ratio(out, ce, 0, h == FAST_XXH3);
            print_ratio(out, ce, 1, h == FAST_HIGHWAY);
            fputc('\n', out);
        }
    }
    fprintf(out, "(ns/key and cyc/key: median run; fastest: ns/key of the fastest run; /XXH3, "
                 "/HH64: cost / cost of the XXH3, HighwayHash64 loop on the same keys)\n");
    if (cpt > 0)
        fprintf(out, "core cycles per tick: %.3f (median of the estimates) => core ~%.2f GHz\n",
                cpt, cpt * bench_ticks_per_second() / 1e9);
}

static void print_header(const struct bench_opts *o, const struct fast_results *r)
{
    char title[512];
    snprintf(title, sizeof title,
             "fast hashes: ns per key over %d independent keys, same run, alternating; cpu %s "
             "(uarch model: %s); batch path %s",
             FAST_NKEYS, bench_cpu_model(), r->uarch, r->path);
    bench_print_heading(o, title);
    if (o->csv)
        return;
    FILE *out = o->out;
    fprintf(out, "protocol: every row hashes the same %d keys into an array: a loop of one call "
                 "per key (calls overlap freely in the out-of-order core) or one batch call; "
                 "per-key throughput over independent keys for every hash, not the latency of "
                 "one call\n",
            FAST_NKEYS);
    fprintf(out, "keys: contiguous = records of 8..64 bytes packed back to back; column = %d "
                 "separately allocated strings of 3..80 bytes (scattered pointers), taken in "
                 "%d orders in turn so that no branch predictor learns their lengths\n",
            FAST_NKEYS, FAST_ORDERS);
#if SIPHASH_BENCH_HAVE_XXH3
    fprintf(out, "anchor: XXH3_64bits_withSeed inlined into its loop (xxHash %s, "
                 "XXH_INLINE_ALL; seed and length run-time values)\n",
            fast_xxh3_version());
#endif
#if SIPHASH_BENCH_HAVE_HIGHWAYHASH
    fprintf(out, "anchor: HighwayHash64 (libhighwayhash, linked statically; its dispatch picks "
                 "its %s code on this CPU)\n",
            fast_highway_target());
#endif
    for (int h = 0; h < FAST_NHASH; h++)
        if (specs[h].missing)
            fprintf(out, "missing anchor: %s (apt-get install %s)\n", specs[h].name,
                    specs[h].missing);
    fprintf(out, "clock: %s at %.3f GHz (ns/key from it); core cycles per tick re-estimated "
                 "after every group, the median used for cyc/key (below the table)\n",
            bench_tick_name(), bench_ticks_per_second() / 1e9);
    fprintf(out, "method: %d alternating rounds, runs of >= %llu ticks; ns/key = median, spread "
                 "= half the inter-quartile range, fastest = the fastest run\n",
            o->runs, (unsigned long long)o->run_ticks);
}

/* ---- the section ------------------------------------------------------------ */

static int append_csv(const struct bench_opts *o, const struct fast_results *r,
                      const char *path, int alone)
{
    FILE *f = fopen(path, alone ? "w" : "a");
    if (!f) {
        perror(path);
        return -1;
    }
    print_csv(o, f, r, alone);
    return fclose(f) == 0 ? 0 : -1;
}

int bench_fast_section(const struct bench_opts *o, const char *csv_path, int alone)
{
    int rc = -1;
    static struct fast_results r;
    struct fast_keys k;
    struct string_column col = {0};
    const void **ptrs = NULL;
    size_t *lens = NULL;
    uint8_t *recs = malloc((size_t)FAST_NKEYS * 64);
    uint64_t *out = malloc(sizeof *out * FAST_NKEYS), *ref = malloc(sizeof *ref * FAST_NKEYS);
    uint64_t x = 0xfa57;
    const time_t now = time(NULL);
    memset(&k, 0, sizeof k);
    if (!recs || !out || !ref || string_column_make(&col, FAST_NKEYS, 0x5eed) != 0 ||
        make_orders(&col, &x, &ptrs, &lens) != 0) {
        fprintf(stderr, "fast hashes: out of memory\n");
        goto done;
    }
    for (size_t i = 0; i < (size_t)FAST_NKEYS * 64; i++)
        recs[i] = (uint8_t)splitmix(&x);
    k.recs = recs;
    k.ptrs = ptrs;
    k.lens = lens;
    k.orders = FAST_ORDERS;
    k.n = FAST_NKEYS;
    k.out = out;
    k.key.key[0] = splitmix(&x);
    k.key.key[1] = splitmix(&x);
    k.seed = splitmix(&x);
    for (int i = 0; i < 4; i++)
        k.hhkey[i] = splitmix(&x);

    r.path = siphash_batch_impl();
    r.uarch = uarch_detect()->name;
    strftime(r.when, sizeof r.when, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    print_header(o, &r);
#if SIPHASH_BENCH_HAVE_HIGHWAYHASH
    if (!fast_highway_selftest()) {
        fprintf(stderr, "fast hashes: HighwayHash64 does not give its published test values\n");
        goto done;
    }
#endif
    for (int g = 0; g <= FAST_COLUMN; g++) {
        if (g < FAST_NLEN)
            r.len[g] = k.len = fast_lens[g];
        if (check_ours(&k, g == FAST_COLUMN, ref) != 0)
            goto done;
        measure_group(o, &k, g, &r);
    }
    if (o->csv)
        print_csv(o, o->out, &r, alone);
    else
        print_text(o, &r);
    if (csv_path && append_csv(o, &r, csv_path, alone) != 0)
        fprintf(stderr, "fast hashes: could not write %s\n", csv_path);
    if (!o->csv) {
        fprintf(o->out, "\n== fast-hash targets: cost(ours) / cost(XXH3 loop), median of "
                        "per-round ratios; cpu %s (uarch model: %s), batch path %s, %s ==\n",
                bench_cpu_model(), r.uarch, r.path, r.when);
        fast_targets_print(o->out, &r);
    }
    rc = 0;
done:
    string_column_free(&col);
    free(ptrs);
    free(lens);
    free(recs);
    free(out);
    free(ref);
    return rc;
}
