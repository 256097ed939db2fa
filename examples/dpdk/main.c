/* SPDX-License-Identifier: MIT */
/*
 * main.c — siphash-dpdk: flooding DPDK's rte_hash flow table, and the
 * price of keyed SipHash-1-3 signatures, on real tables (docs/dpdk.md).
 *
 *   siphash-dpdk [--quick] [--csv FILE] [--attack-only | --cost-only]
 *
 * EAL starts without hugepages, devices or shared files (eal.h); run as
 * root (EAL's memory setup needs it).  The attack's series go to the CSV
 * (plot it with examples/dpdk/plot.sh); the cost is printed, each ratio
 * against its target with "met" or "not met" and the CPU named.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "attack.h"
#include "cost.h"
#include "eal.h"
#include "siphash_dpdk.h"
#include "tuples.h"

/* The process key siphash_dpdk.h hashes with (attack.c and cost.c too). */
SIPHASH_DPDK_DEFINE_KEY;

/* "model name (family F, model M)" from /proc/cpuinfo: virtual machines
 * often show only a brand string, the family and model say which core. */
static void cpu_name(char *buf, size_t n)
{
    char name[128] = "unknown CPU", family[16] = "?", model[16] = "?", line[256];
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f != NULL && fgets(line, sizeof line, f) && line[0] != '\n') {
        char *c = strchr(line, ':');
        if (c == NULL || c[1] == '\0')
            continue;
        c += 2;
        c[strcspn(c, "\n")] = '\0';
        if (!strncmp(line, "model name", 10))
            snprintf(name, sizeof name, "%s", c);
        else if (!strncmp(line, "cpu family", 10))
            snprintf(family, sizeof family, "%s", c);
        else if (!strncmp(line, "model\t", 6))
            snprintf(model, sizeof model, "%s", c);
    }
    if (f != NULL)
        fclose(f);
    snprintf(buf, n, "%s (family %s, model %s)", name, family, model);
}

static int usage(void)
{
    fprintf(stderr, "usage: siphash-dpdk [--quick] [--csv FILE] [--attack-only | --cost-only]\n");
    return 2;
}

static int attack(const struct keytype *kt, size_t n, uint64_t seed, FILE *csv)
{
    struct attack_result r;
    if (attack_run(kt, n, seed, csv, &r) != 0)
        return -1;
    printf("%s (%zu-byte keys), %zu colliding keys offered to tables of %zu entries:\n",
           kt->name, kt->len, n, r.entries);
    printf("  rte_hash_crc, secret init: %4zu accepted, first -ENOSPC at key %zu%s\n",
           r.crc_accepted, r.crc_first_refusal,
           r.crc_capacity == 8 ? " (this init value made the keys' two buckets one: 8 slots)" : "");
    printf("  rte_jhash, init 0:         %4zu accepted (keys brute-forced with the init value)\n",
           r.jhash_accepted);
    printf("  SipHash-1-3 batch:         %4zu accepted\n", r.sip_accepted);
    printf("  lookup of a refused colliding key %.0f ns, of a random miss %.0f ns (%.1fx)\n",
           r.crc_miss_ns, r.random_miss_ns, r.crc_miss_ns / r.random_miss_ns);
    printf("  CRC table with RTE_HASH_EXTRA_FLAGS_EXT_TABLE: %zu accepted, a hit costs %.0f ns"
           " (SipHash table: %.0f ns, %.0fx)\n",
           r.ext_accepted, r.ext_hit_ns, r.sip_hit_ns, r.ext_hit_ns / r.sip_hit_ns);
    return 0;
}

/* entries: a flow table's size (1M entries, as flow tables are; smaller
 * in --quick mode), or a small one that stays in the caches, where the
 * signatures are the largest share of a lookup. */
static int cost(const struct keytype *kt, uint32_t entries, int quick, uint64_t seed,
                double target, const char *cpu)
{
    struct cost_result r;
    if (cost_run(kt, entries, 4096, quick ? 201 : 1001, seed, &r) != 0)
        return -1;
    printf("%s (%zu-byte keys): table of %" PRIu32 " entries holding %" PRIu32
           " keys, 64-key bursts, %u of %u queries hit; median ns per burst:\n",
           kt->name, kt->len, r.entries, r.keys, r.hits, 4096 * 64);
    for (int k = 0; k < COST_NPATHS; k++)
        printf("  %-46s %8.0f  (%.2f ns/key)\n", cost_path_name[k], r.ns[k], r.ns[k] / 64);
    printf("  ratio %s, %" PRIu32 " entries: %.3fx the default path (target <= %.2fx): %s"
           "  [%s; %s, batch path %s]\n",
           kt->name, r.entries, r.ratio, target, r.ratio <= target ? "met" : "not met", r.best,
           cpu, siphash_batch_impl());
    printf("  scattered pointers, %" PRIu32 " entries: %.3fx the default path with one"
           " siphash13_batchv, %.3fx with siphash13_64 per key (batchv / per key %.3f)\n",
           r.entries, r.scat_ratio, r.scalar_ratio, r.scat_ratio / r.scalar_ratio);
    return 0;
}

int main(int argc, char **argv)
{
    int quick = 0, do_attack = 1, do_cost = 1;
    const char *csv_path = "dpdk.csv";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            csv_path = argv[++i];
        else if (!strcmp(argv[i], "--attack-only"))
            do_cost = 0;
        else if (!strcmp(argv[i], "--cost-only"))
            do_attack = 0;
        else
            return usage();
    }
    if (dpdk_eal_start(argv[0]) != 0)
        return 1;
    int rc = 1;
    char cpu[192];
    cpu_name(cpu, sizeof cpu);
    uint64_t seed = (uint64_t)time(NULL);
    printf("siphash-dpdk: seed %" PRIu64 ", %s, batch path %s\n\n", seed, cpu, siphash_batch_impl());
    int e = siphash_dpdk_key_init();
    if (e != 0) {
        fprintf(stderr, "siphash-dpdk: no process key: %s\n", strerror(-e));
        goto out;
    }
    if (do_attack) {
        FILE *csv = fopen(csv_path, "w");
        if (csv == NULL) {
            perror(csv_path);
            goto out;
        }
        fprintf(csv, "key,hash,offered,accepted\n");
        int bad = attack(keytype_v4(), 1000, seed, csv) || attack(keytype_v6(), 1000, seed + 1, csv);
        fclose(csv);
        if (bad)
            goto out;
        printf("wrote %s (plot it with examples/dpdk/plot.sh %s out.svg)\n\n", csv_path, csv_path);
    }
    uint32_t big = quick ? 1u << 18 : 1u << 20, small = 1u << 14;
    if (do_cost && (cost(keytype_v4(), big, quick, seed + 2, 1.15, cpu) != 0 ||
                    cost(keytype_v6(), big, quick, seed + 3, 1.25, cpu) != 0 ||
                    cost(keytype_v4(), small, quick, seed + 4, 1.15, cpu) != 0 ||
                    cost(keytype_v6(), small, quick, seed + 5, 1.25, cpu) != 0))
        goto out;
    rc = 0;
out:
    dpdk_eal_stop();
    return rc;
}
