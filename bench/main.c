/* SPDX-License-Identifier: MIT */
/*
 * main.c — siphash-bench: our SipHash against jhash, MD5, SHA-1, OpenSSL,
 * libsodium, Linux and Redis, at input sizes 1..1024 bytes and a long
 * message, in throughput, latency and latency-through-memory mode; then the
 * speed targets, checked from the same run; then the batch section; then
 * the fast hashes (XXH3, HighwayHash64) against our loops and batches;
 * then the C++ section (hash tables with libsiphash::hasher, where built).
 *
 *   siphash-bench            the full run (a few minutes)
 *   siphash-bench --quick    a few rounds: for CI, which checks rows print
 *   siphash-bench --csv      machine-readable rows (for bench/plot.sh)
 *   options: --markdown, --csv-file F, --sizes LIST, --runs N,
 *            --run-ticks N, --no-batch, --batch-only, --no-fast, --fast-only,
 *            --no-cpp, --cpp-only, -v
 *
 * main() owns the one run structure and passes it down; the other files
 * never call back here.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "anchors.h"
#include "fast_hashes.h"
#include "run.h"

static void usage(void)
{
    printf("usage: siphash-bench [--quick] [--csv] [--runs N] [--run-ticks N] [--no-batch]\n"
           "                     [--no-fast] [--no-cpp] [--batch-only | --fast-only | --cpp-only]\n"
           "                     [-v]\n"
           "  --quick       a few short rounds (CI: checks that every row prints)\n"
           "  --csv         machine-readable rows only (for bench/plot.sh)\n"
           "  --markdown    also print the tables as markdown (docs/benchmarks.md)\n"
           "  --csv-file F  also write the main table's CSV to F (same run as the text);\n"
           "                the fast-hash rows are added to it (--fast-only: only them)\n"
           "  --runs N      alternating rounds per measurement (default %d)\n"
           "  --run-ticks N minimum clock ticks per timed run\n"
           "  --sizes LIST  measure only these sizes (e.g. 1,8,12); the targets then\n"
           "                report only what was measured\n"
           "  --no-batch    skip the batch section\n"
           "  --batch-only  only the batch section (its rows and targets)\n"
           "  --no-fast     skip the fast-hash section (XXH3, HighwayHash64 against our\n"
           "                loops and batches, ns per key)\n"
           "  --fast-only   only the fast-hash section (its rows and targets)\n"
           "  --no-cpp      skip the C++ section (hash tables with libsiphash::hasher)\n"
           "  --cpp-only    only the C++ section (its rows and targets)\n",
           301);
}

static void print_header(const struct bench_run *run, double cpt)
{
    const struct bench_opts *o = &run->opts;
    if (o->csv) {
        bench_print_csv_header(o);
        report_info_csv(run, o);
        return;
    }
    fprintf(o->out, "siphash-bench (libsiphash %s)%s\n", siphash_version(),
            o->quick ? " --quick: numbers are NOT meaningful" : "");
    fprintf(o->out, "cpu: %s; SHA-NI: %s\n", bench_cpu_model(),
            bench_cpu_has_sha_ni() ? "yes" : "no");
    if (cpt > 0)
        fprintf(o->out, "clock: %s at %.3f GHz; core cycles per tick ~%.3f (chain of dependent "
                        "adds) => core ~%.2f GHz\n",
                bench_tick_name(), bench_ticks_per_second() / 1e9, cpt,
                cpt * bench_ticks_per_second() / 1e9);
    else
        fprintf(o->out, "clock: %s at %.3f GHz; core cycles not estimated on this CPU "
                        "(figures in ticks)\n",
                bench_tick_name(), bench_ticks_per_second() / 1e9);
#if SIPHASH_BENCH_HAVE_OPENSSL
    fprintf(o->out, "openssl: %s\n", bench_openssl_version());
#endif
#if SIPHASH_BENCH_HAVE_SODIUM
    fprintf(o->out, "libsodium: %s\n", bench_sodium_version());
#endif
#if SIPHASH_BENCH_HAVE_LINUX
    fprintf(o->out, "linux: lib/siphash.c from the build tree (linux-source), same compiler "
                    "and flags as ours\n");
#endif
    fprintf(o->out, "redis: SipHash-1-2 in Redis's shape (third_party/redis_siphash.c), same "
                    "compiler and flags\n");
    for (int i = 0; i < run->nrows; i++)
        if (run->rows[i].missing)
            fprintf(o->out, "missing anchor: %s (apt-get install %s)\n", run->rows[i].name,
                    run->rows[i].missing);
    fprintf(o->out, "method: %d alternating rounds of every row per (mode, size), runs of "
                    ">= %llu ticks; median, spread = half the inter-quartile range\n",
            o->runs, (unsigned long long)o->run_ticks);
    fprintf(o->out, "modes: throughput (independent calls), latency (the next message's address "
                    "waits for the hash), memory (the hash is stored into the next message's "
                    "first 8 bytes, then hashed)\n");
}

static int write_csv_file(const struct bench_run *run, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    struct bench_opts o = run->opts;
    o.out = f;
    o.csv = 1;
    bench_print_csv_header(&o);
    report_info_csv(run, &o);
    extras_print_csv(run, &o);
    report_csv(run, &o);
    fclose(f);
    return 0;
}

/* The C++ section, or the line saying why it is missing (CI's bench step
 * fails on "missing anchor" lines). */
static void cpp_section(const struct bench_opts *o)
{
#if SIPHASH_BENCH_HAVE_CPP
    bench_cpp_section(o);
#else
    if (!o->csv)
        fprintf(o->out, "missing anchor: C++ section, libsiphash::hasher against std::hash "
                        "(no C++ compiler: apt-get install g++)\n");
#endif
}

int main(int argc, char **argv)
{
    static struct bench_run run;
    int quick = 0, csv = 0, verbose = 0, batch = 1, runs = 0, markdown = 0, only_batch = 0;
    int fast = 1, only_fast = 0;
    int cpp = 1, only_cpp = 0;
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
        else if (!strcmp(argv[i], "--batch-only"))
            only_batch = 1;
        else if (!strcmp(argv[i], "--no-fast"))
            fast = 0;
        else if (!strcmp(argv[i], "--fast-only"))
            only_fast = 1;
        else if (!strcmp(argv[i], "--no-cpp"))
            cpp = 0;
        else if (!strcmp(argv[i], "--cpp-only"))
            only_cpp = 1;
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
    struct bench_opts *o = &run.opts;
    bench_opts_default(o, quick);
    if (!quick) {
        o->runs = 301;
        o->run_ticks = 200000;
    }
    if (runs > 0)
        o->runs = runs | 1;
    if (run_ticks > 0)
        o->run_ticks = (uint64_t)run_ticks;
    o->csv = csv;
    o->verbose = verbose;
    if (only_batch) {
        /* the batch section times itself against its own anchors */
        bench_batch_section(o);
        return 0;
    }
    if (only_fast) {
        /* the fast-hash section times its own rows against its anchors */
        return bench_fast_section(o, csv_file, 1) == 0 ? 0 : 1;
    }
    if (only_cpp) {
        /* so does the C++ section */
        if (o->csv)
            bench_print_csv_header(o);
        cpp_section(o);
        return 0;
    }

    for (int si = 0; si < BENCH_NSIZES; si++) {
        char buf[256], *tok, *save = NULL;
        run.size_on[si] = sizes == NULL;
        if (sizes) {
            snprintf(buf, sizeof buf, "%s", sizes);
            for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
                if ((size_t)atol(tok) == bench_sizes[si])
                    run.size_on[si] = 1;
        }
    }
    run.rows = bench_rows(&run.nrows);
    run.cells = calloc((size_t)run.nrows, sizeof *run.cells);
    if (!run.cells) {
        fprintf(stderr, "siphash-bench: out of memory\n");
        return 2;
    }
    measure_setup_msgs(&run);
    if (bench_rows_init(&run.msgs[0]) != 0) {
        fprintf(stderr, "siphash-bench: an anchor failed to initialise (jhash self-test, "
                        "libsodium or OpenSSL)\n");
        return 1;
    }

    double cpt = bench_cycles_per_tick();
    print_header(&run, cpt);
    if (measure_cross_check(&run))
        return 1;

    measure_main(&run);
    extras_measure(&run);

    if (csv_file && write_csv_file(&run, csv_file))
        return 1;
    if (csv) {
        extras_print_csv(&run, o);
        report_csv(&run, o);
    } else {
        for (int mode = 0; mode < NMODES; mode++) {
            report_table(&run, mode, 0);
            if (bench_cycles_per_tick() > 0)
                report_table(&run, mode, 3); /* the raw clock ticks too */
            report_table(&run, mode, 1);
            report_table(&run, mode, 2);
        }
        if (markdown) {
            for (int mode = 0; mode < NMODES; mode++) {
                fprintf(o->out, "\n<!-- markdown: %s, %s per hash; ratios: ours / best anchor -->\n",
                        bench_mode_name[mode], run_unit());
                report_markdown_table(&run, mode, 0);
                report_markdown_table(&run, mode, 1);
            }
        }
        targets_print(&run);
        double cpt2 = bench_cycles_per_tick_measure();
        fprintf(o->out, "core cycles per tick: start %.3f, end %.3f, used (median of %s) %.3f\n",
                cpt, cpt2, "the estimates between measurements", bench_cycles_per_tick());
    }

    if (batch)
        bench_batch_section(o);
    if (fast && bench_fast_section(o, csv_file, 0) != 0)
        return 1;
    if (cpp)
        cpp_section(o);
    return 0;
}
