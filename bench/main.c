/* SPDX-License-Identifier: MIT */
/*
 * main.c — siphash-bench: our SipHash against jhash, MD5, SHA-1, OpenSSL,
 * libsodium and Linux, at input sizes 1..1024 bytes and a long message, in
 * throughput and latency mode; then the speed targets, checked
 * from the same run.
 *
 *   siphash-bench            the full run (under a minute)
 *   siphash-bench --quick    a few rounds: for CI, which checks rows print
 *   siphash-bench --csv      machine-readable rows (for bench/plot.sh)
 *   options: --markdown, --csv-file F, --sizes LIST, --runs N,
 *            --run-ticks N, --no-batch, -v
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "anchors.h"
#include "results.h"

const char *const mode_name[NMODES] = {"throughput", "latency"};

const struct bench_row *rows;
int nrows;
struct cell (*cells)[NMODES][BENCH_NSIZES];
struct group groups[NMODES][BENCH_NSIZES];
struct bench_msgs msgs[BENCH_NSIZES];
struct bench_opts opts;
static int size_on[BENCH_NSIZES]; /* --sizes: which sizes to measure */

int row_index(const char *name)
{
    for (int i = 0; i < nrows; i++)
        if (strcmp(rows[i].name, name) == 0 && !rows[i].missing)
            return i;
    return -1;
}

/* Median over rounds of t(a) / t(b) in group (mode, size); 0 if either is
 * absent there. */
double ratio_of(int a, int b, int mode, int si)
{
    const struct group *g = &groups[mode][si];
    int ia = -1, ib = -1;
    if (a < 0 || b < 0 || !g->raw)
        return 0;
    for (int i = 0; i < g->n; i++) {
        if (g->row[i] == a)
            ia = i;
        if (g->row[i] == b)
            ib = i;
    }
    if (ia < 0 || ib < 0)
        return 0;
    double *x = malloc(sizeof *x * (size_t)opts.runs);
    for (int r = 0; r < opts.runs; r++)
        x[r] = g->raw[(size_t)r * (size_t)g->n + (size_t)ia] /
               g->raw[(size_t)r * (size_t)g->n + (size_t)ib];
    struct bench_stat s;
    bench_stat_of(x, opts.runs, &s);
    free(x);
    return s.median;
}

/* The best (lowest median) anchor for row i at (mode, size): anchors of the
 * same SipHash class; a generic row is held against generic anchors only,
 * a constant-length row against every anchor. */
static int best_anchor(int i, int mode, int si)
{
    const struct bench_row *r = &rows[i];
    int best = -1;
    if (r->cls == CLASS_JHASH || r->cls == CLASS_OTHER || r->cls == CLASS_HALF13)
        return -1;
    for (int a = 0; a < nrows; a++) {
        const struct bench_row *x = &rows[a];
        if (x->who != WHO_ANCHOR || x->cls != r->cls || x->missing)
            continue;
        if (!r->constlen && x->constlen)
            continue;
        if (!cells[a][mode][si].valid)
            continue;
        if (best < 0 || cells[a][mode][si].s.median < cells[best][mode][si].s.median)
            best = a;
    }
    return best;
}

/* jhash to compare row i with: the word fast path for constant-length rows
 * where one exists, the generic jhash otherwise. */
static int jhash_anchor(int i, int mode, int si)
{
    int jw = row_index("jhash words"), jg = row_index("jhash");
    if (rows[i].cls == CLASS_JHASH)
        return -1;
    if (rows[i].constlen && jw >= 0 && cells[jw][mode][si].valid)
        return jw;
    return jg;
}

double cyc(double ticks)
{
    return bench_to_cycles(ticks);
}

const char *unit(void)
{
    return bench_cycles_per_tick() > 0 ? "estimated core cycles" : "ticks";
}

/* ---- setup ---------------------------------------------------------------- */

static void setup_msgs(void)
{
    /* A fixed pseudo-random key and message bytes (xorshift): the numbers
     * do not depend on them, and reruns hash the same data. */
    uint64_t x = 0x9e3779b97f4a7c15u;
    uint8_t kb[16];
    for (int i = 0; i < 16; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        kb[i] = (uint8_t)x;
    }
    for (int si = 0; si < BENCH_NSIZES; si++) {
        struct bench_msgs *m = &msgs[si];
        size_t len = bench_sizes[si];
        size_t nmsg = len >= 4096 ? 1 : 8;
        m->len = len;
        m->stride = (len + 8 + 63) & ~(size_t)63; /* >= 8 bytes of slack */
        m->mask = nmsg - 1;
        m->buf = aligned_alloc(64, m->stride * nmsg + 64);
        if (!m->buf) {
            fprintf(stderr, "siphash-bench: out of memory\n");
            exit(2);
        }
        for (size_t i = 0; i < m->stride * nmsg + 64; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            m->buf[i] = (uint8_t)x;
        }
        m->key = siphash_key_from_bytes(kb);
        memcpy(m->kbytes, kb, 16);
        m->hkey.key[0] = (unsigned long)m->key.key[0];
        m->hkey.key[1] = (unsigned long)m->key.key[1];
        m->halfkey = halfsiphash_key_from_bytes(kb);
    }
}

/* Every row of a class computes the same function: check it at every size
 * before timing anything (a wrong anchor would make every ratio a lie). */
static int cross_check(void)
{
    int bad = 0, checked = 0;
    for (int si = 0; si < BENCH_NSIZES; si++) {
        for (int cls = CLASS_SIP24; cls <= CLASS_JHASH; cls++) {
            int ref = -1;
            uint64_t ref_tp = 0, ref_lat = 0;
            for (int i = 0; i < nrows; i++) {
                const struct bench_row *r = &rows[i];
                if ((int)r->cls != cls || r->missing || !r->outmask || !r->tp[si])
                    continue;
                /* One latency step hashes message 0 with 8 zero bytes in
                 * front; eight throughput steps sum all messages' hashes
                 * (sums mod 2^32 agree when the low 32 bits do). */
                uint64_t lat = r->lat[si](&msgs[si], 1) & r->outmask;
                uint64_t tp = r->tp[si](&msgs[si], 8) & r->outmask;
                if (ref < 0) {
                    ref = i, ref_tp = tp, ref_lat = lat;
                    continue;
                }
                uint64_t mask = r->outmask & rows[ref].outmask;
                checked++;
                if ((tp & mask) != (ref_tp & mask) || (lat & mask) != (ref_lat & mask)) {
                    fprintf(stderr, "siphash-bench: %s disagrees with %s at %zu bytes\n",
                            r->name, rows[ref].name, bench_sizes[si]);
                    bad++;
                }
            }
        }
    }
    if (!opts.csv)
        fprintf(opts.out, "cross-check: %d row/size pairs agree with the first row of their "
                          "algorithm%s\n", checked - bad, bad ? " (FAILURES above)" : "");
    return bad;
}

/* ---- measuring -------------------------------------------------------------- */

static void measure(void)
{
    struct bench_candidate *c = malloc(sizeof *c * (size_t)nrows);
    for (int mode = 0; mode < NMODES; mode++) {
        for (int si = 0; si < BENCH_NSIZES; si++) {
            if (mode == MODE_LAT && si == BENCH_LONG)
                continue; /* a long message's latency is its throughput */
            if (!size_on[si])
                continue;
            struct group *g = &groups[mode][si];
            g->row = malloc(sizeof *g->row * (size_t)nrows);
            g->n = 0;
            for (int i = 0; i < nrows; i++) {
                bench_fn f = mode == MODE_TP ? rows[i].tp[si] : rows[i].lat[si];
                if (rows[i].missing || !f)
                    continue;
                c[g->n] = (struct bench_candidate){rows[i].name, f, &msgs[si], 1};
                g->row[g->n++] = i;
            }
            g->raw = malloc(sizeof *g->raw * (size_t)opts.runs * (size_t)g->n);
            bench_alternate_raw(c, g->n, &opts, g->raw);
            double *x = malloc(sizeof *x * (size_t)opts.runs);
            for (int k = 0; k < g->n; k++) {
                for (int r = 0; r < opts.runs; r++)
                    x[r] = g->raw[(size_t)r * (size_t)g->n + (size_t)k];
                struct cell *ce = &cells[g->row[k]][mode][si];
                bench_stat_of(x, opts.runs, &ce->s);
                ce->valid = 1;
            }
            free(x);
            bench_cycles_per_tick_update(); /* follow the clock through the run */
        }
    }
    free(c);
    for (int i = 0; i < nrows; i++)
        for (int mode = 0; mode < NMODES; mode++)
            for (int si = 0; si < BENCH_NSIZES; si++) {
                struct cell *ce = &cells[i][mode][si];
                if (!ce->valid)
                    continue;
                ce->r_jhash = ratio_of(i, jhash_anchor(i, mode, si), mode, si);
                ce->r_best = ratio_of(i, best_anchor(i, mode, si), mode, si);
            }
}

/* ---- main ----------------------------------------------------------------- */

static void usage(void)
{
    printf("usage: siphash-bench [--quick] [--csv] [--runs N] [--run-ticks N] [--no-batch] [-v]\n"
           "  --quick       a few short rounds (CI: checks that every row prints)\n"
           "  --csv         machine-readable rows only (for bench/plot.sh)\n"
           "  --markdown    also print the tables as markdown (docs/benchmarks.md)\n"
           "  --csv-file F  also write the main table's CSV to F (same run as the text)\n"
           "  --runs N      alternating rounds per measurement (default %d)\n"
           "  --run-ticks N minimum clock ticks per timed run\n"
           "  --sizes LIST  measure only these sizes (e.g. 1,8,12); the targets then\n"
           "                report only what was measured\n"
           "  --no-batch    skip the batch section\n",
           301);
}

int main(int argc, char **argv)
{
    int quick = 0, csv = 0, verbose = 0, batch = 1, runs = 0, markdown = 0;
    long long run_ticks = 0;
    const char *sizes = NULL, *csv_file = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--csv"))
            csv = 1;
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (!strcmp(argv[i], "--markdown"))
            markdown = 1;
        else if (!strcmp(argv[i], "--no-batch"))
            batch = 0;
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--run-ticks") && i + 1 < argc)
            run_ticks = atoll(argv[++i]);
        else if (!strcmp(argv[i], "--sizes") && i + 1 < argc)
            sizes = argv[++i];
        else if (!strcmp(argv[i], "--csv-file") && i + 1 < argc)
            csv_file = argv[++i];
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage();
            return 0;
        } else {
            usage();
            return 2;
        }
    }
    bench_opts_default(&opts, quick);
    if (!quick) {
        opts.runs = 301;
        opts.run_ticks = 200000;
    }
    if (runs > 0)
        opts.runs = runs | 1;
    if (run_ticks > 0)
        opts.run_ticks = (uint64_t)run_ticks;
    opts.csv = csv;
    opts.verbose = verbose;

    for (int si = 0; si < BENCH_NSIZES; si++) {
        char buf[256], *tok, *save = NULL;
        size_on[si] = sizes == NULL;
        if (sizes) {
            snprintf(buf, sizeof buf, "%s", sizes);
            for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
                if ((size_t)atol(tok) == bench_sizes[si])
                    size_on[si] = 1;
        }
    }
    rows = bench_rows(&nrows);
    cells = calloc((size_t)nrows, sizeof *cells);
    setup_msgs();
    if (bench_rows_init(&msgs[0]) != 0) {
        fprintf(stderr, "siphash-bench: an anchor failed to initialise (jhash self-test, "
                        "libsodium or OpenSSL)\n");
        return 1;
    }

    double cpt = bench_cycles_per_tick();
    if (csv) {
        bench_print_csv_header(&opts);
        /* Context rows (section "info"): what the numbers were measured on. */
        fprintf(opts.out, "info,cpu,%s,,,,,,\n", bench_cpu_model());
        fprintf(opts.out, "info,sha_ni,%s,,,,,,\n", bench_cpu_has_sha_ni() ? "yes" : "no");
        fprintf(opts.out, "info,tsc_ghz,%.4f,,,,,,\n", bench_ticks_per_second() / 1e9);
        fprintf(opts.out, "info,cycles_per_tick,%.4f,,,,,,\n", cpt);
        fprintf(opts.out, "info,runs,%d,,,,,,\n", opts.runs);
    } else {
        fprintf(opts.out, "siphash-bench (libsiphash %s)%s\n", siphash_version(),
                quick ? " --quick: numbers are NOT meaningful" : "");
        fprintf(opts.out, "cpu: %s; SHA-NI: %s\n", bench_cpu_model(),
                bench_cpu_has_sha_ni() ? "yes" : "no");
        if (cpt > 0)
            fprintf(opts.out, "clock: %s at %.3f GHz; core cycles per tick ~%.3f (chain of dependent "
                              "adds) => core ~%.2f GHz\n",
                    bench_tick_name(), bench_ticks_per_second() / 1e9, cpt,
                    cpt * bench_ticks_per_second() / 1e9);
        else
            fprintf(opts.out, "clock: %s at %.3f GHz; core cycles not estimated on this CPU "
                              "(figures in ticks)\n",
                    bench_tick_name(), bench_ticks_per_second() / 1e9);
#if SIPHASH_BENCH_HAVE_OPENSSL
        fprintf(opts.out, "openssl: %s\n", bench_openssl_version());
#endif
#if SIPHASH_BENCH_HAVE_SODIUM
        fprintf(opts.out, "libsodium: %s\n", bench_sodium_version());
#endif
#if SIPHASH_BENCH_HAVE_LINUX
        fprintf(opts.out, "linux: lib/siphash.c from the build tree (linux-source), same compiler "
                          "and flags as ours\n");
#endif
        for (int i = 0; i < nrows; i++)
            if (rows[i].missing)
                fprintf(opts.out, "missing anchor: %s (apt-get install %s)\n", rows[i].name,
                        rows[i].missing);
        fprintf(opts.out, "method: %d alternating rounds of every row per (mode, size), runs of "
                          ">= %llu ticks; median, spread = half the inter-quartile range\n",
                opts.runs, (unsigned long long)opts.run_ticks);
    }
    if (cross_check())
        return 1;

    measure();
    measure_chain8();

    if (csv_file) {
        FILE *f = fopen(csv_file, "w");
        if (!f) {
            perror(csv_file);
            return 1;
        }
        struct bench_opts text = opts;
        opts.out = f;
        opts.csv = 1;
        bench_print_csv_header(&opts);
        fprintf(f, "info,cpu,%s,,,,,,\n", bench_cpu_model());
        fprintf(f, "info,sha_ni,%s,,,,,,\n", bench_cpu_has_sha_ni() ? "yes" : "no");
        fprintf(f, "info,tsc_ghz,%.4f,,,,,,\n", bench_ticks_per_second() / 1e9);
        fprintf(f, "info,cycles_per_tick,%.4f,,,,,,\n", bench_cycles_per_tick());
        fprintf(f, "info,runs,%d,,,,,,\n", opts.runs);
        print_chain8_csv();
        print_csv();
        fclose(f);
        opts = text;
    }
    if (csv) {
        print_csv();
    } else {
        for (int mode = 0; mode < NMODES; mode++) {
            print_table(mode, 0);
            if (bench_cycles_per_tick() > 0)
                print_table(mode, 3); /* the raw clock ticks too */
            print_table(mode, 1);
            print_table(mode, 2);
        }
        if (markdown) {
            for (int mode = 0; mode < NMODES; mode++) {
                fprintf(opts.out, "\n<!-- markdown: %s, %s per hash; ratios: ours / best anchor -->\n",
                        mode_name[mode], unit());
                print_markdown_table(mode, 0);
                print_markdown_table(mode, 1);
            }
        }
        print_targets();
        double cpt2 = bench_cycles_per_tick_measure();
        fprintf(opts.out, "core cycles per tick: start %.3f, end %.3f, used (median of %s) %.3f\n",
                cpt, cpt2, "the estimates between measurements", bench_cycles_per_tick());
    }

#ifdef SIPHASH_BENCH_HAVE_BATCH
    if (batch)
        bench_batch_section(&opts);
#else
    (void)batch;
#endif
    return 0;
}
