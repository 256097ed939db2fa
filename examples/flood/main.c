/* SPDX-License-Identifier: MIT */
/*
 * main.c — the flood demo: the same attacker against GLib's GHashTable,
 * uthash and a Linux-style bucket array, each with its usual weak hash and
 * with SipHash.  Prints insert/lookup times and the longest chain for
 * N = 1000 .. 100000 attacker keys and writes a CSV for plot.sh.
 *
 *   siphash-flood [--quick] [--csv FILE] [--budget SECONDS]
 *
 * A series stops once one step's insert + lookup time exceeds the budget
 * (default 1.5 s): a quadratic series would need ~4x that for the next
 * doubling of N.  Runs under 250 ms are repeated (best of 3).  --quick runs
 * N <= 10000 with a 0.3 s budget (for CI).
 */
#define _POSIX_C_SOURCE 200809L
#include "flood.h"

#include <math.h>
#include <siphash.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINUX_BITS 12 /* 4096 buckets: a fixed kernel-style table of modest size */

struct series {
    const char *table, *hash;
    int weak;
    int stopped;
    double first_n, first_t, last_n, last_t; /* for the growth exponent */
};

static struct series all[] = {
#ifdef FLOOD_HAVE_GLIB
    {.table = "glib", .hash = "g_str_hash", .weak = 1},
    {.table = "glib", .hash = "siphash13", .weak = 0},
#endif
#ifdef FLOOD_HAVE_UTHASH
    {.table = "uthash", .hash = "HASH_BER", .weak = 1},
    {.table = "uthash", .hash = "siphash13", .weak = 0},
#endif
    {.table = "linux", .hash = "jhash", .weak = 1},
    {.table = "linux", .hash = "hsiphash", .weak = 0},
};
#define NSERIES (sizeof all / sizeof all[0])

static const char *strs;
static const struct flood_flow *flows;
static uint32_t jhash_seed;

static int run(const struct series *s, size_t n, struct flood_result *r, int *gave_up)
{
    *gave_up = 0;
#ifdef FLOOD_HAVE_GLIB
    if (!strcmp(s->table, "glib"))
        return s->weak ? flood_run_glib_str_hash(strs, n, r) : flood_run_glib_siphash(strs, n, r);
#endif
#ifdef FLOOD_HAVE_UTHASH
    if (!strcmp(s->table, "uthash"))
        return s->weak ? flood_run_uthash_ber(strs, n, r, gave_up)
                       : flood_run_uthash_siphash(strs, n, r, gave_up);
#endif
    return s->weak ? flood_run_linux_jhash(flows, n, LINUX_BITS, jhash_seed, r)
                   : flood_run_linux_hsiphash(flows, n, LINUX_BITS, r);
}

/* Short runs are at the mercy of a busy machine: repeat a run that took
 * under 250 ms twice more and keep the fastest insert and lookup times. */
static int run_best(const struct series *s, size_t n, struct flood_result *r, int *gave_up)
{
    if (run(s, n, r, gave_up) != 0)
        return -1;
    for (int rep = 0; rep < 2 && r->insert_s + r->lookup_s < 0.25; rep++) {
        struct flood_result again;
        if (run(s, n, &again, gave_up) != 0)
            return -1;
        r->insert_s = again.insert_s < r->insert_s ? again.insert_s : r->insert_s;
        r->lookup_s = again.lookup_s < r->lookup_s ? again.lookup_s : r->lookup_s;
    }
    return 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: siphash-flood [--quick] [--csv FILE] [--budget SECONDS]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    static const size_t full[] = {1000, 2000, 5000, 10000, 20000, 50000, 100000};
    static const size_t quick[] = {1000, 2000, 5000, 10000};
    const size_t *ns = full;
    size_t count = sizeof full / sizeof full[0];
    const char *csv_path = "flood.csv";
    double budget = 1.5;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            ns = quick, count = sizeof quick / sizeof quick[0], budget = 0.3;
        } else if (!strcmp(argv[i], "--csv") && i + 1 < argc) {
            csv_path = argv[++i];
        } else if (!strcmp(argv[i], "--budget") && i + 1 < argc) {
            budget = strtod(argv[++i], NULL);
            if (!(budget > 0))
                usage();
        } else {
            usage();
        }
    }
    size_t nmax = ns[count - 1];

    /* The attacker's inputs, made once for the largest N. */
    char *sbuf = malloc(nmax * FLOOD_DJB_STRIDE);
    struct flood_flow *fbuf = malloc(nmax * sizeof *fbuf);
    if (!sbuf || !fbuf)
        return 1;
    flood_djb_strings(sbuf, nmax);
    strs = sbuf;
    int same = 1;
    for (size_t i = 1; i < nmax; i++)
        same &= flood_djb_glib(sbuf + i * FLOOD_DJB_STRIDE) == flood_djb_glib(sbuf) &&
                flood_djb_ber(sbuf + i * FLOOD_DJB_STRIDE, FLOOD_DJB_LEN) ==
                    flood_djb_ber(sbuf, FLOOD_DJB_LEN);
    printf("attacker, h*33+c: %zu strings of %d bytes (blocks \"Ez\"/\"FY\"), one full hash: %s "
           "(g_str_hash %08x, HASH_BER %08x)\n",
           nmax, FLOOD_DJB_LEN, same ? "yes" : "NO", (unsigned)flood_djb_glib(sbuf),
           (unsigned)flood_djb_ber(sbuf, FLOOD_DJB_LEN));

    /* The table's jhash seed is random, but the attacker has learned it. */
    if (siphash_random_bytes(&jhash_seed, sizeof jhash_seed) != 0)
        return 1;
    double t0 = flood_now();
    uint64_t tried = flood_jhash_flows(fbuf, nmax, jhash_seed, LINUX_BITS);
    flows = fbuf;
    printf("attacker, jhash (seed %08x known): %zu flows in one of %d buckets, %llu candidates "
           "tried in %.2f s\n",
           (unsigned)jhash_seed, nmax, 1 << LINUX_BITS, (unsigned long long)tried,
           flood_now() - t0);
    printf("SipHash tables get the same inputs: without the key the attacker has nothing to\n"
           "search with, and any keys it sends are random to the table.\n\n");

    FILE *csv = fopen(csv_path, "w");
    if (!csv) {
        perror(csv_path);
        return 1;
    }
    fprintf(csv, "table,hash,n,insert_s,lookup_s,longest\n");
    printf("%-7s %-11s %7s %11s %11s %8s\n", "table", "hash", "N", "insert ms", "lookup ms",
           "longest");

    int failed = 0;
    for (size_t k = 0; k < count; k++) {
        for (size_t s = 0; s < NSERIES; s++) {
            struct series *se = &all[s];
            if (se->stopped)
                continue;
            struct flood_result r;
            int gave_up;
            if (run_best(se, ns[k], &r, &gave_up) != 0) {
                fprintf(stderr, "%s/%s: lookup failed or out of memory\n", se->table, se->hash);
                failed = 1;
                continue;
            }
            printf("%-7s %-11s %7zu %11.2f %11.2f %8zu%s\n", se->table, se->hash, ns[k],
                   r.insert_s * 1e3, r.lookup_s * 1e3, r.longest,
                   gave_up ? "  (uthash gave up expanding)" : "");
            fprintf(csv, "%s,%s,%zu,%.6f,%.6f,%zu\n", se->table, se->hash, ns[k], r.insert_s,
                    r.lookup_s, r.longest);
            double total = r.insert_s + r.lookup_s;
            if (se->first_n == 0)
                se->first_n = (double)ns[k], se->first_t = total;
            se->last_n = (double)ns[k], se->last_t = total;
            if (total > budget && k + 1 < count) {
                se->stopped = 1;
                double ratio = (double)ns[k + 1] / (double)ns[k];
                printf("        -> %s/%s stopped: %.2f s > %.2f s budget; N=%zu would take "
                       "~%.0f s if quadratic\n",
                       se->table, se->hash, total, budget, ns[k + 1], total * ratio * ratio);
            }
        }
        fflush(stdout);
    }
    fclose(csv);

    /* Slope on the log-log plot: 2 = quadratic (flooded), ~1 = linear. */
    printf("\ngrowth of insert + lookup time, N^x between the first and last N run:\n");
    for (size_t s = 0; s < NSERIES; s++) {
        const struct series *se = &all[s];
        if (se->last_n > se->first_n && se->first_t > 0)
            printf("  %-7s %-11s x = %.2f  (N = %.0f .. %.0f)\n", se->table, se->hash,
                   log(se->last_t / se->first_t) / log(se->last_n / se->first_n), se->first_n,
                   se->last_n);
    }
    printf("\nwrote %s (plot it with examples/flood/plot.sh %s out.svg)\n", csv_path, csv_path);
    free(sbuf);
    free(fbuf);
    return failed;
}
