/* SPDX-License-Identifier: MIT */
/*
 * bound.h — the batch rows' bound, measured on the running CPU: the
 * library's rounds-only probe (sip_batch_probe, src/batch_internal.h: the
 * batch kernels' own SipRound code and interleaving, nothing else) timed
 * for vectors alone, scalar lanes in general registers alone, and both in
 * one loop.  A path's bound is its best configuration's core cycles per
 * SipRound per lane; a row's bound is that times its rounds per hash.
 * The table of known CPUs (uarch.h) stays as a cross-check.
 */
#ifndef SIPHASH_BENCH_BOUND_H
#define SIPHASH_BENCH_BOUND_H

#include "bench.h"

#define BOUND_MAXCFG 32

struct bound_cfg {
    int nv, ns;        /* vectors, scalar lanes in general registers */
    double cyc_step;   /* core cycles per round of all of them (fastest trial) */
    double cyc_lane;   /* core cycles per SipRound per lane */
};

struct bound_path {
    const char *path;
    unsigned lanes;    /* 64-bit lanes per vector */
    int ncfg;
    struct bound_cfg cfg[BOUND_MAXCFG];
    int best, best_vec, best_scalar; /* indices: overall, vectors only, scalar only (-1: none) */
};

/* Times every probe configuration of `path`; 0, or -1 if this build or CPU
 * lacks the path or the core clock is not estimated. */
int bound_measure(const char *path, const struct bench_opts *o, struct bound_path *bp);

/* Core cycles per SipRound per lane of the best configuration (0: none). */
double bound_cycles_per_lane_round(const struct bound_path *bp);

/* "4x8+2" for configuration i (vectors x lanes + scalar lanes). */
void bound_cfg_name(const struct bound_path *bp, int i, char *buf, unsigned long size);

/* The measured figures, a few lines of text. */
void bound_print(const struct bound_path *bp, FILE *out);

#endif
