/* SPDX-License-Identifier: MIT */
/*
 * run.h — one run of siphash-bench: everything measured, owned by main()
 * and passed down to the files that measure (measure.c, extras.c), print
 * tables (report.c) and check the targets (targets.c).  Nothing here is a
 * global: each function receives the run it works on.
 */
#ifndef SIPHASH_BENCH_RUN_H
#define SIPHASH_BENCH_RUN_H

#include "bench.h"
#include "rows.h"

/* throughput, latency through the message address, latency through memory */
enum { MODE_TP, MODE_LAT, MODE_MEM, NMODES };
extern const char *const bench_mode_name[NMODES];

/* One (row, mode, size) figure. */
struct cell {
    int valid;
    struct bench_stat s;
    double r_jhash;         /* median of per-round ratios to jhash; 0 = none */
    struct bench_stat best; /* per-round ratios to the best anchor; median 0 = none */
};

/* One alternating group (mode, size): its rows and every round. */
struct group {
    int n;       /* candidates */
    int *row;    /* candidate -> row index */
    double *raw; /* raw[r * n + i], ticks per hash */
};

/* The measurements outside the main table (extras.c). */
enum { STREAM_PIECES_4, STREAM_PIECES_8, STREAM_NPIECES };
#define EXTRAS_NSTREAM 6 /* short-stream sizes: 8, 12, 16, 24, 32, 64 */
struct extras {
    /* 8 B constant length, the hash chained through a register */
    struct bench_stat chain8[2], chain8_ratio; /* ours, Linux; ours / Linux */
    int have_chain8_linux;
    /* a flow key built just before hashing: three 32-bit fields stored,
     * then hashed (12 bytes): ours const, ours generic, and the anchors */
    int nkey;
    const char *key_name[6];
    struct bench_stat key[6], key_ratio[6]; /* ratio: row / key[0] */
    /* short streaming: update in 4- or 8-byte pieces vs one-shot */
    size_t stream_len[EXTRAS_NSTREAM];
    struct bench_stat stream[EXTRAS_NSTREAM][STREAM_NPIECES]; /* ratio to one-shot */
    struct bench_stat stream_oneshot[EXTRAS_NSTREAM];
};

struct bench_run {
    struct bench_opts opts;
    const struct bench_row *rows;
    int nrows;
    struct cell (*cells)[NMODES][BENCH_NSIZES]; /* cells[row][mode][size] */
    struct group groups[NMODES][BENCH_NSIZES];
    struct bench_msgs msgs[BENCH_NSIZES];
    int size_on[BENCH_NSIZES]; /* --sizes: which sizes to measure */
    struct extras ex;
};

/* run.c: lookups over a measured run. */
/* Index of the row called name (built), or -1. */
int run_row_index(const struct bench_run *run, const char *name);
/* Per-round ratios t(a) / t(b) at (mode, size index): median and spread
 * into *s (median 0 if either is absent there); returns the median. */
double run_ratio_stat(const struct bench_run *run, int a, int b, int mode, int si,
                      struct bench_stat *s);
double run_ratio(const struct bench_run *run, int a, int b, int mode, int si);
/* The fastest anchor of row i's class at (mode, size) (a generic row is
 * held against generic anchors only), or -1. */
int run_best_anchor(const struct bench_run *run, int i, int mode, int si);
/* The jhash row to compare row i with, or -1. */
int run_jhash_anchor(const struct bench_run *run, int i, int mode, int si);
/* Ticks to estimated core cycles, and the name of the unit printed. */
double run_cyc(double ticks);
const char *run_unit(void);

/* measure.c: the main table. */
void measure_setup_msgs(struct bench_run *run);
int measure_cross_check(struct bench_run *run); /* returns failures */
void measure_main(struct bench_run *run);

/* extras.c: chain8, key struct, short streaming. */
void extras_measure(struct bench_run *run);
void extras_print_csv(const struct bench_run *run, const struct bench_opts *o);

/* report.c: tables and CSV (to o->out, which may differ from run->opts). */
void report_info_csv(const struct bench_run *run, const struct bench_opts *o);
void report_table(const struct bench_run *run, int mode, int what);
void report_markdown_table(const struct bench_run *run, int mode, int what);
void report_csv(const struct bench_run *run, const struct bench_opts *o);

/* targets.c: prints the targets; returns how many were not met. */
int targets_print(const struct bench_run *run);

#endif
