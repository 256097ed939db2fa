/* SPDX-License-Identifier: MIT */
/*
 * measure.c — the main table: the messages, the cross-check that every row
 * of an algorithm computes the same function, and the alternating runs of
 * every row at every (mode, size).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "run.h"

void measure_setup_msgs(struct bench_run *run)
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
        struct bench_msgs *m = &run->msgs[si];
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
        /* The memory mode's first step stores a zero hash here (rows.h). */
        memset(m->buf, 0, 8);
        m->key = siphash_key_from_bytes(kb);
        memcpy(m->kbytes, kb, 16);
        m->hkey.key[0] = (unsigned long)m->key.key[0];
        m->hkey.key[1] = (unsigned long)m->key.key[1];
        m->halfkey = halfsiphash_key_from_bytes(kb);
    }
}

int measure_cross_check(struct bench_run *run)
{
    int bad = 0, checked = 0;
    for (int si = 0; si < BENCH_NSIZES; si++) {
        for (int cls = CLASS_SIP24; cls <= CLASS_JHASH; cls++) {
            int ref = -1;
            uint64_t ref_v[NMODES] = {0};
            for (int i = 0; i < run->nrows; i++) {
                const struct bench_row *r = &run->rows[i];
                if ((int)r->cls != cls || r->missing || !r->outmask || !r->tp[si])
                    continue;
                /* One latency or memory step hashes message 0 (whose first
                 * 8 bytes are zero, as the memory step stores); eight
                 * throughput steps sum all messages' hashes (sums mod 2^32
                 * agree when the low 32 bits do). */
                uint64_t v[NMODES];
                v[MODE_TP] = r->tp[si](&run->msgs[si], 8);
                v[MODE_LAT] = r->lat[si](&run->msgs[si], 1);
                v[MODE_MEM] = r->mem[si](&run->msgs[si], 1);
                if (ref < 0) {
                    ref = i;
                    memcpy(ref_v, v, sizeof v);
                    continue;
                }
                uint64_t mask = r->outmask & run->rows[ref].outmask;
                checked++;
                int same = 1;
                for (int mode = 0; mode < NMODES; mode++)
                    same &= (v[mode] & mask) == (ref_v[mode] & mask);
                if (!same) {
                    fprintf(stderr, "siphash-bench: %s disagrees with %s at %zu bytes\n",
                            r->name, run->rows[ref].name, bench_sizes[si]);
                    bad++;
                }
            }
        }
    }
    if (!run->opts.csv)
        fprintf(run->opts.out, "cross-check: %d row/size pairs agree with the first row of their "
                               "algorithm%s\n", checked - bad, bad ? " (FAILURES above)" : "");
    return bad;
}

static bench_fn row_fn(const struct bench_row *r, int mode, int si)
{
    return mode == MODE_TP ? r->tp[si] : mode == MODE_LAT ? r->lat[si] : r->mem[si];
}

void measure_main(struct bench_run *run)
{
    const struct bench_opts *o = &run->opts;
    struct bench_candidate *c = malloc(sizeof *c * (size_t)run->nrows);
    double *x = malloc(sizeof *x * (size_t)o->runs);
    if (!c || !x) {
        fprintf(stderr, "siphash-bench: out of memory\n");
        exit(2);
    }
    for (int mode = 0; mode < NMODES; mode++) {
        for (int si = 0; si < BENCH_NSIZES; si++) {
            if (mode != MODE_TP && si == BENCH_LONG)
                continue; /* a long message's latency is its throughput */
            if (!run->size_on[si])
                continue;
            struct group *g = &run->groups[mode][si];
            g->row = malloc(sizeof *g->row * (size_t)run->nrows);
            g->n = 0;
            for (int i = 0; i < run->nrows; i++) {
                bench_fn f = run->rows[i].missing ? NULL : row_fn(&run->rows[i], mode, si);
                if (!f)
                    continue;
                c[g->n] = (struct bench_candidate){run->rows[i].name, f, &run->msgs[si], 1};
                g->row[g->n++] = i;
            }
            g->raw = malloc(sizeof *g->raw * (size_t)o->runs * (size_t)g->n);
            bench_alternate_raw(c, g->n, o, g->raw);
            for (int k = 0; k < g->n; k++) {
                for (int r = 0; r < o->runs; r++)
                    x[r] = g->raw[(size_t)r * (size_t)g->n + (size_t)k];
                struct cell *ce = &run->cells[g->row[k]][mode][si];
                bench_stat_of(x, o->runs, &ce->s);
                ce->valid = 1;
            }
            bench_cycles_per_tick_update(); /* follow the clock through the run */
        }
    }
    free(c);
    free(x);
    for (int i = 0; i < run->nrows; i++)
        for (int mode = 0; mode < NMODES; mode++)
            for (int si = 0; si < BENCH_NSIZES; si++) {
                struct cell *ce = &run->cells[i][mode][si];
                if (!ce->valid)
                    continue;
                ce->r_jhash = run_ratio(run, i, run_jhash_anchor(run, i, mode, si), mode, si);
                run_ratio_stat(run, i, run_best_anchor(run, i, mode, si), mode, si, &ce->best);
            }
}
