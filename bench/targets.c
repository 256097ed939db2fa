/* SPDX-License-Identifier: MIT */
/*
 * targets.c — the speed targets of the scalar code, checked from one
 * measured run: siphash() and hsiphash() against the fastest of Linux and
 * libsodium (throughput, latency, latency through memory), the key struct
 * built just before hashing, the 8-byte latency against the 32-cycle
 * bound, long messages, hsiphash against jhash, MD5 and SHA-1, streaming
 * against one-shot (long and short messages), SipHash-1-2 against Redis's.
 */
#include <stdio.h>

#include "run.h"

/* A ratio within half a percent of 1 is parity: the runs' spread is about
 * 1%, so smaller differences are not measurable here (printed as 1.00). */
#define PARITY 1.005

/* Sizes 1..64 bytes: the short-message targets. */
static const int short_si[] = {0, 1, 2, 3, 4, 5, 6, 7};
#define NSHORT (int)(sizeof short_si / sizeof short_si[0])

struct verdicts {
    FILE *out;
    int failed;
};

/* Prints one target line and counts it when not met. */
#define verdict(v, ok, ...) ((v)->failed += bench_verdict((v)->out, (ok), __VA_ARGS__))

/* Row `row` against the best anchor of its class at every short size in
 * the given modes: met when no cell is above `limit`. */
static void parity(struct verdicts *v, const struct bench_run *run, int row, const char *what,
                   int mode_lo, int mode_hi, double limit, const char *anchors)
{
    if (row < 0)
        return;
    double worst = 0, worst_spread = 0;
    int worst_si = 0, worst_mode = 0, fails = 0, cells = 0;
    for (int mode = mode_lo; mode <= mode_hi; mode++)
        for (int j = 0; j < NSHORT; j++) {
            const struct bench_stat *b = &run->cells[row][mode][short_si[j]].best;
            if (b->median <= 0)
                continue;
            cells++;
            if (b->median > limit)
                fails++;
            if (b->median > worst)
                worst = b->median, worst_spread = b->spread, worst_si = short_si[j],
                worst_mode = mode;
        }
    verdict(v, worst > 0 && fails == 0,
            "%s vs %s, 1..64 B, %s: worst x%.3f +-%.1f%% (%zu B %s); %d of %d cells above x%.3f",
            run->rows[row].name, anchors, what, worst, 100 * worst_spread, bench_sizes[worst_si],
            bench_mode_name[worst_mode], fails, cells, limit);
}

static void scalar_parity(struct verdicts *v, const struct bench_run *run)
{
    int sip = run_row_index(run, "siphash"), sipc = run_row_index(run, "siphash const");
    int hs = run_row_index(run, "hsiphash"), hsc = run_row_index(run, "hsiphash const");
    const char *gen = "the fastest of Linux/libsodium (generic anchors)";
    const char *all = "the fastest of Linux/libsodium (all anchors)";

    parity(v, run, sip, "throughput and latency", MODE_TP, MODE_LAT, PARITY, gen);
    parity(v, run, sipc, "throughput and latency", MODE_TP, MODE_LAT, PARITY, all);
    parity(v, run, sip, "latency through memory", MODE_MEM, MODE_MEM, PARITY, gen);
    parity(v, run, sipc, "latency through memory", MODE_MEM, MODE_MEM, PARITY, all);
    parity(v, run, hs, "latency through memory", MODE_MEM, MODE_MEM, PARITY, "Linux (generic)");
    parity(v, run, hsc, "latency through memory", MODE_MEM, MODE_MEM, PARITY, "Linux (all)");

    /* The flow key built just before hashing: ours (inline, constant 12)
     * against the fastest anchor. */
    const struct extras *e = &run->ex;
    int best = -1;
    for (int i = 2; i < e->nkey; i++)
        if (best < 0 || e->key[i].median < e->key[best].median)
            best = i;
    if (best >= 0)
        verdict(v, e->key_ratio[best].median <= PARITY,
                "key struct (3 x 32-bit fields stored, then siphash(&s, 12, &k)) vs the fastest "
                "anchor (%s): x%.3f +-%.1f%%; generic siphash24_64 x%.3f",
                e->key_name[best], e->key_ratio[best].median, 100 * e->key_ratio[best].spread,
                e->key[1].median / e->key[best].median);
    else
        fprintf(v->out, "  [skip] key struct: no Linux or libsodium anchor built\n");
}

static void latency8(struct verdicts *v, const struct bench_run *run)
{
    const struct extras *e = &run->ex;
    int sipc = run_row_index(run, "siphash const");
    (void)v;
    fprintf(v->out, "  [info] 8 B constant-length latency, hash chained in a register: "
            "siphash %.1f %s", run_cyc(e->chain8[0].median), run_unit());
    if (e->have_chain8_linux)
        fprintf(v->out, ", Linux siphash_1u64 %.1f (ours x%.3f)", run_cyc(e->chain8[1].median),
                e->chain8_ratio.median);
    fprintf(v->out, "; bound 32 core cycles (8 rounds x 4-deep chain), quiet-machine "
            "expectation <= 38\n");
    if (sipc >= 0)
        fprintf(v->out, "  [info] 8 B constant-length latency through the message address "
                "(+ ~6 cycles of and/add/load): siphash const %.1f\n",
                run_cyc(run->cells[sipc][MODE_LAT][2].s.median));
}

static void long_and_others(struct verdicts *v, const struct bench_run *run)
{
    int sip = run_row_index(run, "siphash"), str = run_row_index(run, "siphash stream");
    int md5 = run_row_index(run, "md5 MD5()"), sha1 = run_row_index(run, "sha1 SHA1()");
    int sha1c = run_row_index(run, "sha1 SHA1_Init");
    int jg = run_row_index(run, "jhash"), jw = run_row_index(run, "jhash words");
    int hs = run_row_index(run, "hsiphash"), hsc = run_row_index(run, "hsiphash_Nu32");
    int s13 = run_row_index(run, "siphash13_64");

    /* Long messages. */
    {
        int si = BENCH_LONG;
        double r = run->cells[sip][MODE_TP][si].best.median;
        double cpb = run_cyc(run->cells[sip][MODE_TP][si].s.median) / (double)bench_sizes[si];
        verdict(v, r > 0 && r <= 1.05,
                "long messages (16 KiB): siphash %.3f c/B, x%.3f the best anchor (<= 1.05); "
                "bound ~1 core cycle/byte, distance %+.0f%%",
                cpb, r, 100 * (cpb - 1.0));
    }

    /* hsiphash / siphash13_64 vs jhash at 8 and 16 B, throughput, all
     * called (never inlined) with the length at run time; the fixed-size
     * paths against jhash's word fast paths are printed beside. */
    for (int j = 0; j < 2; j++) {
        int si = j ? 4 : 2;
        double a = run_ratio(run, s13, jg, MODE_TP, si), b = run_ratio(run, hs, jg, MODE_TP, si);
        double c = run_ratio(run, hsc, jw, MODE_TP, si);
        verdict(v, a > 0 && b > 0 && a <= 2.5 && b <= 2.5,
                "%zu B throughput, called with a run-time length, vs jhash() (<= 2.5): "
                "siphash13_64 x%.2f, hsiphash x%.2f",
                bench_sizes[si], a, b);
        if (c > 0)
            fprintf(v->out, "  [info]    fixed-size paths: hsiphash_%du32 / %s x%.2f\n",
                    si == 2 ? 2 : 4, si == 2 ? "jhash_2words" : "jhash2(4 words)", c);
    }

    /* MD5 and SHA-1 (the article's claim), <= 64 B, throughput. */
    if (md5 >= 0 && sha1 >= 0) {
        double wm = 1e9, ws = 1e9;
        for (int j = 0; j < NSHORT; j++) {
            int si = short_si[j];
            double m = run_ratio(run, md5, sip, MODE_TP, si);
            double s = run_ratio(run, sha1, sip, MODE_TP, si);
            double sc = run_ratio(run, sha1c, sip, MODE_TP, si);
            if (sc > 0 && sc < s)
                s = sc; /* the faster SHA-1 path */
            if (m > 0 && m < wm)
                wm = m;
            if (s > 0 && s < ws)
                ws = s;
        }
        verdict(v, wm >= 4 && wm < 1e9, "MD5 / siphash, 1..64 B throughput: at least x%.1f (>= 4)",
                wm);
        verdict(v, ws >= 2 && ws < 1e9,
                "SHA-1 (%s) / siphash, 1..64 B throughput: at least x%.1f (>= 2)",
                bench_cpu_has_sha_ni() ? "SHA-NI" : "no SHA-NI", ws);
    } else {
        fprintf(v->out, "  [skip] MD5/SHA-1: OpenSSL rows not built (apt-get install libssl-dev)\n");
    }

    /* Streaming vs one-shot on 1 KiB and 16 KiB. */
    {
        double a = run_ratio(run, str, sip, MODE_TP, 10);
        double b = run_ratio(run, str, sip, MODE_TP, BENCH_LONG);
        verdict(v, a > 0 && a <= 1.10 && b <= 1.10,
                "streaming / one-shot (<= 1.10): x%.3f at 1 KiB, x%.3f at 16 KiB", a, b);
    }

    /* Short streaming, field by field. */
    {
        const struct extras *e = &run->ex;
        double worst = 0, spread = 0;
        size_t worst_len = 0;
        int worst_piece = 4;
        for (int j = 0; j < EXTRAS_NSTREAM; j++)
            for (int k = 0; k < STREAM_NPIECES; k++)
                if (e->stream[j][k].median > worst)
                    worst = e->stream[j][k].median, spread = e->stream[j][k].spread,
                    worst_len = e->stream_len[j], worst_piece = k ? 8 : 4;
        verdict(v, worst > 0 && worst <= 1.25,
                "short streaming, update() in 4- and 8-byte pieces, 8..64 B, vs one-shot "
                "(<= 1.25): worst x%.3f +-%.1f%% (%zu B in %d-byte pieces)",
                worst, 100 * spread, worst_len, worst_piece);
    }
}

/* SipHash-1-2 against Redis's shape, both modes that chain and throughput. */
static void redis(struct verdicts *v, const struct bench_run *run)
{
    int s12 = run_row_index(run, "siphash12_64"), nc = run_row_index(run, "siphash12_nocase_64");
    if (s12 < 0 || nc < 0)
        return;
    parity(v, run, s12, "all three modes", MODE_TP, MODE_MEM, 1.00 + (PARITY - 1),
           "Redis's siphash() shape");
    parity(v, run, nc, "all three modes", MODE_TP, MODE_MEM, 0.70,
           "Redis's siphash_nocase() shape");
}

int targets_print(const struct bench_run *run)
{
    struct verdicts v = {run->opts.out, 0};
    fprintf(v.out, "\n== targets, ratios = medians of per-round ratios (+- half the "
                   "inter-quartile range) ==\n");
    scalar_parity(&v, run);
    latency8(&v, run);
    long_and_others(&v, run);
    redis(&v, run);
    fprintf(v.out, "  %d target%s not met\n", v.failed, v.failed == 1 ? "" : "s");
    return v.failed;
}
