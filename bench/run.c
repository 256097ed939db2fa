/* SPDX-License-Identifier: MIT */
/*
 * run.c — lookups over one measured run: rows by name, per-round ratios
 * between two rows, the anchor each row is held against.
 */
#include "run.h"

#include <stdlib.h>
#include <string.h>

const char *const bench_mode_name[NMODES] = {"throughput", "latency", "memory"};

int run_row_index(const struct bench_run *run, const char *name)
{
    for (int i = 0; i < run->nrows; i++)
        if (strcmp(run->rows[i].name, name) == 0 && !run->rows[i].missing)
            return i;
    return -1;
}

double run_ratio_stat(const struct bench_run *run, int a, int b, int mode, int si,
                      struct bench_stat *s)
{
    const struct group *g = &run->groups[mode][si];
    int ia = -1, ib = -1;
    memset(s, 0, sizeof *s);
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
    const int runs = run->opts.runs;
    double *x = malloc(sizeof *x * (size_t)runs);
    if (!x)
        return 0;
    for (int r = 0; r < runs; r++)
        x[r] = g->raw[(size_t)r * (size_t)g->n + (size_t)ia] /
               g->raw[(size_t)r * (size_t)g->n + (size_t)ib];
    bench_stat_of(x, runs, s);
    free(x);
    return s->median;
}

double run_ratio(const struct bench_run *run, int a, int b, int mode, int si)
{
    struct bench_stat s;
    return run_ratio_stat(run, a, b, mode, si, &s);
}

int run_best_anchor(const struct bench_run *run, int i, int mode, int si)
{
    const struct bench_row *r = &run->rows[i];
    int best = -1;
    if (r->cls == CLASS_JHASH || r->cls == CLASS_OTHER || r->cls == CLASS_HALF13)
        return -1;
    for (int a = 0; a < run->nrows; a++) {
        const struct bench_row *x = &run->rows[a];
        if (x->who != WHO_ANCHOR || x->cls != r->cls || x->missing)
            continue;
        if (!r->constlen && x->constlen)
            continue;
        if (!run->cells[a][mode][si].valid)
            continue;
        if (best < 0 || run->cells[a][mode][si].s.median < run->cells[best][mode][si].s.median)
            best = a;
    }
    return best;
}

int run_jhash_anchor(const struct bench_run *run, int i, int mode, int si)
{
    int jw = run_row_index(run, "jhash words"), jg = run_row_index(run, "jhash");
    if (run->rows[i].cls == CLASS_JHASH)
        return -1;
    if (run->rows[i].constlen && jw >= 0 && run->cells[jw][mode][si].valid)
        return jw;
    return jg;
}

double run_cyc(double ticks)
{
    return bench_to_cycles(ticks);
}

const char *run_unit(void)
{
    return bench_cycles_per_tick() > 0 ? "estimated core cycles" : "ticks";
}
