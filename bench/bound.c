/* SPDX-License-Identifier: MIT */
/*
 * bound.c — times the library's rounds-only probe (bound.h) on this CPU.
 *
 * Each configuration runs iters x 4 SipRounds of nv vectors and ns scalar
 * lanes; the configurations are timed in turn, trial after trial, and each
 * keeps its fastest trial (interference on a shared machine only adds
 * time, and a bound is about what the code can do).  TSC ticks become core
 * cycles through bench_to_cycles (the dependent-add estimate).
 */
#include "bound.h"

#include "../src/batch_probe.h"

#include <string.h>

int bound_measure(const char *path, const struct bench_opts *o, struct bound_path *bp)
{
    memset(bp, 0, sizeof *bp);
    bp->path = path;
    bp->best = bp->best_vec = bp->best_scalar = -1;
    if (bench_cycles_per_tick() <= 0)
        return -1;
    const uint64_t iters = o->quick ? 400 : 4000;
    const int trials = o->quick ? 3 : 41;
    for (unsigned c = 0; c < BOUND_MAXCFG; c++) {
        struct bound_cfg *bc = &bp->cfg[c];
        if (sip_batch_probe(path, c, 0, &bc->nv, &bc->ns, &bp->lanes, NULL) != 0)
            break;
        bc->cyc_step = 0;
        bp->ncfg++;
    }
    if (bp->ncfg == 0)
        return -1;
    double best_ticks[BOUND_MAXCFG];
    for (int c = 0; c < bp->ncfg; c++)
        best_ticks[c] = 1e300;
    for (int t = 0; t < trials; t++) {
        for (int c = 0; c < bp->ncfg; c++) {
            int nv, ns;
            unsigned lanes;
            uint64_t h = 0;
            const uint64_t t0 = bench_ticks_begin();
            sip_batch_probe(path, (unsigned)c, iters, &nv, &ns, &lanes, &h);
            const uint64_t t1 = bench_ticks_end();
            bench_sink(h);
            if ((double)(t1 - t0) < best_ticks[c])
                best_ticks[c] = (double)(t1 - t0);
        }
    }
    for (int c = 0; c < bp->ncfg; c++) {
        struct bound_cfg *bc = &bp->cfg[c];
        const double lanes = (double)bc->nv * bp->lanes + bc->ns;
        bc->cyc_step = bench_to_cycles(best_ticks[c]) / (4.0 * (double)iters);
        bc->cyc_lane = bc->cyc_step / lanes;
        int *slot = bc->ns == 0 ? &bp->best_vec : bc->nv == 0 ? &bp->best_scalar : NULL;
        if (slot && (*slot < 0 || bc->cyc_lane < bp->cfg[*slot].cyc_lane))
            *slot = c;
        if (bp->best < 0 || bc->cyc_lane < bp->cfg[bp->best].cyc_lane)
            bp->best = c;
    }
    return 0;
}

double bound_cycles_per_lane_round(const struct bound_path *bp)
{
    return bp->best >= 0 ? bp->cfg[bp->best].cyc_lane : 0;
}

void bound_cfg_name(const struct bound_path *bp, int i, char *buf, unsigned long size)
{
    const struct bound_cfg *bc = &bp->cfg[i];
    if (bc->nv && bc->ns)
        snprintf(buf, size, "%dx%u+%d", bc->nv, bp->lanes, bc->ns);
    else if (bc->nv)
        snprintf(buf, size, "%dx%u", bc->nv, bp->lanes);
    else
        snprintf(buf, size, "scalar %d", bc->ns);
}

void bound_print(const struct bound_path *bp, FILE *out)
{
    char name[32];
    fprintf(out, "batch bound measured, %s: core cycles per SipRound per lane (per step of all "
                 "lanes)\n   ",
            bp->path);
    for (int i = 0; i < bp->ncfg; i++) {
        bound_cfg_name(bp, i, name, sizeof name);
        fprintf(out, " %s %.3f (%.2f)%s", name, bp->cfg[i].cyc_lane, bp->cfg[i].cyc_step,
                i + 1 < bp->ncfg && (i + 1) % 6 == 0 ? "\n   " : ";");
    }
    fprintf(out, "\n");
    if (bp->best < 0)
        return;
    char v[32] = "-", s[32] = "-";
    bound_cfg_name(bp, bp->best, name, sizeof name);
    if (bp->best_vec >= 0)
        bound_cfg_name(bp, bp->best_vec, v, sizeof v);
    if (bp->best_scalar >= 0)
        bound_cfg_name(bp, bp->best_scalar, s, sizeof s);
    const double vb = bp->best_vec >= 0 ? bp->cfg[bp->best_vec].cyc_lane : 0;
    const double sb = bp->best_scalar >= 0 ? bp->cfg[bp->best_scalar].cyc_lane : 0;
    fprintf(out, "    best: %s %.3f cyc/lane-round; vectors alone %s %.3f, scalar alone %s %.3f"
                 "; together / vectors alone x%.2f\n",
            name, bp->cfg[bp->best].cyc_lane, v, vb, s, sb,
            vb > 0 ? bp->cfg[bp->best].cyc_lane / vb : 0);
}
