/* SPDX-License-Identifier: MIT */
/*
 * report.c — siphash-bench's tables: text (cost per hash in estimated core
 * cycles and in clock ticks, ratio to the best anchor, ratio to jhash),
 * GitHub markdown, CSV rows and the CSV context block.
 */
#include <stdio.h>

#include "run.h"

/* Context rows (section "info"): what the numbers were measured on. */
void report_info_csv(const struct bench_run *run, const struct bench_opts *o)
{
    fprintf(o->out, "info,cpu,%s,,,,,,\n", bench_cpu_model());
    fprintf(o->out, "info,sha_ni,%s,,,,,,\n", bench_cpu_has_sha_ni() ? "yes" : "no");
    fprintf(o->out, "info,tsc_ghz,%.4f,,,,,,\n", bench_ticks_per_second() / 1e9);
    fprintf(o->out, "info,cycles_per_tick,%.4f,,,,,,\n", bench_cycles_per_tick());
    fprintf(o->out, "info,runs,%d,,,,,,\n", run->opts.runs);
}

void report_table(const struct bench_run *run, int mode, int what)
{
    FILE *out = run->opts.out;
    /* what: 0 = cost per hash in estimated core cycles, 1 = ratio to the
     * best anchor, 2 = ratio to jhash, 3 = cost per hash in clock ticks */
    static const char *const title[] = {"per hash", "ratio to the best SipHash anchor of its kind",
                                        "ratio to jhash", "per hash"};
    int cost = what == 0 || what == 3;
    fprintf(out, "\n%s, %s", bench_mode_name[mode], title[what]);
    if (cost)
        fprintf(out, " (%s%s)", what == 3 ? bench_tick_name() : run_unit(),
                mode == MODE_TP ? "; last column: per byte at 16 KiB" : "");
    fprintf(out, "\n%-20s", "bytes");
    for (int si = 0; si < BENCH_LONG; si++)
        fprintf(out, " %7zu", bench_sizes[si]);
    if (mode == MODE_TP)
        fprintf(out, "  %7s", cost ? "/B@16K" : "16KiB");
    if (cost)
        fprintf(out, "  spread");
    fputc('\n', out);
    for (int i = 0; i < run->nrows; i++) {
        const struct bench_row *r = &run->rows[i];
        if (r->missing) {
            if (cost)
                fprintf(out, "%-20s (not built: apt-get install %s)\n", r->name, r->missing);
            continue;
        }
        fprintf(out, "%-20s", r->name);
        double worst = 0;
        int nsz = mode == MODE_TP ? BENCH_NSIZES : BENCH_LONG;
        for (int si = 0; si < nsz; si++) {
            const struct cell *ce = &run->cells[i][mode][si];
            const char *pad = si == BENCH_LONG ? "  " : " ";
            double v = 0;
            if (ce->valid) {
                if (cost) {
                    v = what == 3 ? ce->s.median : run_cyc(ce->s.median);
                    if (si == BENCH_LONG)
                        v /= (double)bench_sizes[si];
                } else {
                    v = what == 1 ? ce->best.median : ce->r_jhash;
                }
            }
            if (v <= 0)
                fprintf(out, "%s%7s", pad, "-");
            else if (cost && si != BENCH_LONG && v >= 1000)
                fprintf(out, "%s%7.0f", pad, v);
            else
                fprintf(out, "%s%7.2f", pad, v);
            if (ce->valid && ce->s.spread > worst)
                worst = ce->s.spread;
        }
        if (cost)
            fprintf(out, "  %5.1f%%", 100 * worst);
        fputc('\n', out);
    }
}

void report_csv(const struct bench_run *run, const struct bench_opts *o)
{
    for (int i = 0; i < run->nrows; i++)
        for (int mode = 0; mode < NMODES; mode++)
            for (int si = 0; si < BENCH_NSIZES; si++) {
                const struct cell *ce = &run->cells[i][mode][si];
                if (!ce->valid)
                    continue;
                char size[24];
                snprintf(size, sizeof size, "%zu", bench_sizes[si]);
                struct bench_ratio r[2] = {{"vs jhash", ce->r_jhash},
                                           {"vs best", ce->best.median}};
                bench_print_row(o, "main", run->rows[i].name, bench_mode_name[mode], size, &ce->s,
                                2, r);
            }
}

/* --markdown: the tables as GitHub markdown, for docs/benchmarks.md. */
void report_markdown_table(const struct bench_run *run, int mode, int what)
{
    FILE *out = run->opts.out;
    int nsz = mode == MODE_TP ? BENCH_NSIZES : BENCH_LONG;
    fprintf(out, "\n| %s | ", what ? "ratio to the best anchor" : "row");
    for (int si = 0; si < BENCH_LONG; si++)
        fprintf(out, "%zu | ", bench_sizes[si]);
    if (mode == MODE_TP)
        fprintf(out, "%s |", what ? "16 KiB" : "c/B (16 KiB)");
    fprintf(out, "\n|---|");
    for (int si = 0; si < nsz; si++)
        fprintf(out, "---:|");
    fputc('\n', out);
    for (int i = 0; i < run->nrows; i++) {
        const struct bench_row *r = &run->rows[i];
        if (r->missing || (what && (r->who != WHO_OURS || r->cls == CLASS_HALF13)))
            continue;
        fprintf(out, "| %s%s%s | ", r->who == WHO_OURS ? "**" : "", r->name,
                r->who == WHO_OURS ? "**" : "");
        for (int si = 0; si < nsz; si++) {
            const struct cell *ce = &run->cells[i][mode][si];
            double v = !ce->valid ? 0
                       : what     ? ce->best.median
                       : si == BENCH_LONG ? run_cyc(ce->s.median) / (double)bench_sizes[si]
                                          : run_cyc(ce->s.median);
            if (v <= 0)
                fprintf(out, "– | ");
            else if (what || si == BENCH_LONG || v < 100)
                fprintf(out, "%.2f | ", v);
            else
                fprintf(out, "%.0f | ", v);
        }
        fputc('\n', out);
    }
}
