/* SPDX-License-Identifier: MIT */
/*
 * results.h — what siphash-bench measured, shared by the files that measure
 * (main.c), print tables (report.c) and check the targets
 * (targets.c).
 */
#ifndef SIPHASH_BENCH_RESULTS_H
#define SIPHASH_BENCH_RESULTS_H

#include "bench.h"
#include "rows.h"

enum { MODE_TP, MODE_LAT, NMODES };
extern const char *const mode_name[NMODES];

/* One (row, mode, size) figure. */
struct cell {
    int valid;
    struct bench_stat s;
    double r_jhash, r_best; /* medians of per-round ratios; 0 = none */
};

/* One alternating group (mode, size): its rows and every round. */
struct group {
    int n;       /* candidates */
    int *row;    /* candidate -> row index */
    double *raw; /* raw[r * n + i], ticks per hash */
};

extern const struct bench_row *rows;
extern int nrows;
extern struct cell (*cells)[NMODES][BENCH_NSIZES];
extern struct group groups[NMODES][BENCH_NSIZES];
extern struct bench_msgs msgs[BENCH_NSIZES];
extern struct bench_opts opts;

/* Index of the row called name (built), or -1. */
int row_index(const char *name);
/* Median over rounds of t(a) / t(b) at (mode, size index); 0 if absent. */
double ratio_of(int a, int b, int mode, int si);
/* Ticks to estimated core cycles, and the name of the unit printed. */
double cyc(double ticks);
const char *unit(void);

/* report.c: the text tables, markdown tables and CSV rows. */
void print_table(int mode, int what);
void print_markdown_table(int mode, int what);
void print_csv(void);

/* targets.c: the 8-byte register-chain latency, and the targets. */
void measure_chain8(void);
void print_chain8_csv(void);
/* Prints the targets; returns how many were not met. */
int print_targets(void);

#endif
