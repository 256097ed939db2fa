/* SPDX-License-Identifier: MIT */
/*
 * report.c — siphash-bench's tables: text (cost per hash in estimated core
 * cycles and in clock ticks, ratio to the best anchor, ratio to jhash),
 * GitHub markdown and CSV rows.
 */
#include <stdio.h>

#include "results.h"

void print_table(int mode, int what)
{
    /* what: 0 = cost per hash in estimated core cycles, 1 = ratio to the
     * best anchor, 2 = ratio to jhash, 3 = cost per hash in clock ticks */
    static const char *const title[] = {"per hash", "ratio to the best SipHash anchor of its kind",
                                        "ratio to jhash", "per hash"};
    int cost = what == 0 || what == 3;
    fprintf(opts.out, "\n%s, %s", mode_name[mode], title[what]);
    if (cost)
        fprintf(opts.out, " (%s%s)", what == 3 ? bench_tick_name() : unit(),
                mode == MODE_TP ? "; last column: per byte at 16 KiB" : "");
    fprintf(opts.out, "\n%-20s", "bytes");
    for (int si = 0; si < BENCH_LONG; si++)
        fprintf(opts.out, " %7zu", bench_sizes[si]);
    if (mode == MODE_TP)
        fprintf(opts.out, "  %7s", cost ? "/B@16K" : "16KiB");
    if (cost)
        fprintf(opts.out, "  spread");
    fputc('\n', opts.out);
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *r = &rows[i];
        if (r->missing) {
            if (cost)
                fprintf(opts.out, "%-20s (not built: apt-get install %s)\n", r->name, r->missing);
            continue;
        }
        fprintf(opts.out, "%-20s", r->name);
        double worst = 0;
        int nsz = mode == MODE_TP ? BENCH_NSIZES : BENCH_LONG;
        for (int si = 0; si < nsz; si++) {
            const struct cell *ce = &cells[i][mode][si];
            const char *pad = si == BENCH_LONG ? "  " : " ";
            double v = 0;
            if (ce->valid) {
                if (cost) {
                    v = what == 3 ? ce->s.median : cyc(ce->s.median);
                    if (si == BENCH_LONG)
                        v /= (double)bench_sizes[si];
                } else {
                    v = what == 1 ? ce->r_best : ce->r_jhash;
                }
            }
            if (v <= 0)
                fprintf(opts.out, "%s%7s", pad, "-");
            else if (cost && si != BENCH_LONG && v >= 1000)
                fprintf(opts.out, "%s%7.0f", pad, v);
            else
                fprintf(opts.out, "%s%7.2f", pad, v);
            if (ce->valid && ce->s.spread > worst)
                worst = ce->s.spread;
        }
        if (cost)
            fprintf(opts.out, "  %5.1f%%", 100 * worst);
        fputc('\n', opts.out);
    }
}

void print_csv(void)
{
    for (int i = 0; i < nrows; i++)
        for (int mode = 0; mode < NMODES; mode++)
            for (int si = 0; si < BENCH_NSIZES; si++) {
                const struct cell *ce = &cells[i][mode][si];
                if (!ce->valid)
                    continue;
                char size[24];
                snprintf(size, sizeof size, "%zu", bench_sizes[si]);
                struct bench_ratio r[2] = {{"vs jhash", ce->r_jhash}, {"vs best", ce->r_best}};
                bench_print_row(&opts, "main", rows[i].name, mode_name[mode], size, &ce->s, 2, r);
            }
}

/* --markdown: the tables as GitHub markdown, for docs/benchmarks.md. */
void print_markdown_table(int mode, int what)
{
    int nsz = mode == MODE_TP ? BENCH_NSIZES : BENCH_LONG;
    fprintf(opts.out, "\n| %s | ", what ? "ratio to the best anchor" : "row");
    for (int si = 0; si < BENCH_LONG; si++)
        fprintf(opts.out, "%zu | ", bench_sizes[si]);
    if (mode == MODE_TP)
        fprintf(opts.out, "%s |", what ? "16 KiB" : "c/B (16 KiB)");
    fprintf(opts.out, "\n|---|");
    for (int si = 0; si < nsz; si++)
        fprintf(opts.out, "---:|");
    fputc('\n', opts.out);
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *r = &rows[i];
        if (r->missing || (what && (r->who != WHO_OURS || r->cls == CLASS_HALF13)))
            continue;
        fprintf(opts.out, "| %s%s%s | ", r->who == WHO_OURS ? "**" : "", r->name,
                r->who == WHO_OURS ? "**" : "");
        for (int si = 0; si < nsz; si++) {
            const struct cell *ce = &cells[i][mode][si];
            double v = !ce->valid ? 0
                       : what     ? ce->r_best
                       : si == BENCH_LONG ? cyc(ce->s.median) / (double)bench_sizes[si]
                                          : cyc(ce->s.median);
            if (v <= 0)
                fprintf(opts.out, "– | ");
            else if (what || si == BENCH_LONG || v < 100)
                fprintf(opts.out, "%.2f | ", v);
            else
                fprintf(opts.out, "%.0f | ", v);
        }
        fputc('\n', opts.out);
    }
}
