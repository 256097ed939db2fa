/* SPDX-License-Identifier: MIT */
/*
 * fast_targets.c — the targets of the fast-hashes section (issue 39),
 * judged from one measured run and printed with [met] / [NOT MET]; speed
 * is reported, never asserted in a test.  With AVX-512 (the path the
 * targets were set for), cost(ours) / cost(inlined XXH3 loop):
 *   siphash13_batch <= 0.45 and siphash_batch <= 0.70 at every record
 *   length 8..64 bytes;
 *   on the string column siphash13_batchv <= 0.6 and siphash_batchv <= 0.8.
 * On another batch path the same ratios are printed as [info].  The ratios
 * to the HighwayHash64 loop, and our scalar loops', are printed for
 * information.
 */
#include "fast_hashes.h"

#include <string.h>

struct target {
    enum fast_hash h;
    int column; /* 1: the string column, 0: every record length */
    double limit;
};

static const struct target targets[] = {
    {FAST_B13, 0, 0.45},
    {FAST_B24, 0, 0.70},
    {FAST_B13, 1, 0.60},
    {FAST_B24, 1, 0.80},
};

/* One target line per group: [met]/[NOT MET] on AVX-512, [info] elsewhere. */
static int judge(FILE *out, const struct fast_results *r, const struct target *t, int g,
                 int judged)
{
    const struct fast_cell *ce = &r->cell[g][t->h];
    char where[32];
    if (g == FAST_COLUMN)
        snprintf(where, sizeof where, "string column");
    else
        snprintf(where, sizeof where, "%zu B", r->len[g]);
    const double x = ce->vs[0].median;
    if (!judged) {
        fprintf(out, "  [info] %s %s vs XXH3 loop: x%.3f +-%.1f%% (target <= %.2f is AVX-512's)\n",
                fast_hash_name(t->h, t->column), where, x, 100 * ce->vs[0].spread, t->limit);
        return 0;
    }
    return bench_verdict(out, ce->valid && x > 0 && x <= t->limit,
                         "%s %s vs XXH3 loop: x%.3f +-%.1f%% (<= %.2f)",
                         fast_hash_name(t->h, t->column), where, x, 100 * ce->vs[0].spread,
                         t->limit);
}

/* "x0.41 x0.38 ..." over the record lengths, then the column, against
 * anchor a (0: XXH3, 1: HighwayHash64). */
static void ratios_line(FILE *out, const struct fast_results *r, enum fast_hash h, int a)
{
    fprintf(out, "  [info]   %-17s", fast_hash_name(h, 0));
    for (int g = 0; g < FAST_NLEN; g++)
        fprintf(out, " %3zu B x%.2f", r->len[g], r->cell[g][h].vs[a].median);
    fprintf(out, "; %s on the column x%.2f\n", fast_hash_name(h, 1),
            r->cell[FAST_COLUMN][h].vs[a].median);
}

int fast_targets_print(FILE *out, const struct fast_results *r)
{
    static const char *const anchor[2] = {"XXH3", "HighwayHash64"};
    static const char *const package[2] = {"libxxhash-dev", "libhighwayhash-dev"};
    const int have[2] = {r->cell[0][FAST_XXH3].valid, r->cell[0][FAST_HIGHWAY].valid};
    const int judged = strcmp(r->path, "avx512") == 0;
    int missed = 0;
    if (have[0]) {
        for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
            if (targets[t].column)
                missed += judge(out, r, &targets[t], FAST_COLUMN, judged);
            else
                for (int g = 0; g < FAST_NLEN; g++)
                    missed += judge(out, r, &targets[t], g, judged);
        }
    }
    static const enum fast_hash ours[] = {FAST_B13, FAST_B24, FAST_B12,
                                          FAST_S13, FAST_S24, FAST_S12};
    for (int a = 0; a < 2; a++) {
        if (!have[a]) {
            fprintf(out, "  [skip] %s: no %s anchor built (apt-get install %s)\n",
                    a ? "ratios to the HighwayHash64 loop" : "fast-hash targets", anchor[a],
                    package[a]);
            continue;
        }
        fprintf(out, "  [info] cost / cost(%s loop):\n", anchor[a]);
        for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++)
            ratios_line(out, r, ours[i], a);
    }
    if (!have[0])
        return 0;
    if (judged)
        fprintf(out, "  %d fast-hash target%s not met\n", missed, missed == 1 ? "" : "s");
    else
        fprintf(out, "  fast-hash targets not judged: batch path %s (they are AVX-512's)\n",
                r->path);
    return missed;
}
