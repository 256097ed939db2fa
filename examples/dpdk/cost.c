/* SPDX-License-Identifier: MIT */
/* cost.c — default-hash bursts against SipHash batch bursts, alternating. */
#include "cost.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_errno.h>
#include <rte_hash.h>
#include <rte_hash_crc.h>

#include "siphash_dpdk.h"

#define B RTE_HASH_LOOKUP_BULK_MAX

const char *const cost_path_name[COST_NPATHS] = {
    "rte_hash_lookup_bulk (default hash)", "siphash_dpdk_lookup_burst (records, batch)",
    "siphash_dpdk_lookup_bulk (pointers, batch)", "siphash13_64 loop + lookup_with_hash_bulk",
    "  signatures only: rte_hash_crc x64", "  signatures only: siphash13_batch x64"};

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sink for results the compiler must not drop. */
static volatile uint64_t cost_sink;

/* One round of one path over every burst; returns ns per burst and the
 * number of hits in *hits. */
static double run_path(enum cost_path path, const struct rte_hash *def,
                       const struct siphash_dpdk_table *sip, const uint8_t *pool, const void **ptrs,
                       size_t len, unsigned bursts, unsigned *hits)
{
    int32_t pos[B];
    hash_sig_t sigs[B];
    uint64_t h64[B];
    uint64_t acc = 0;
    unsigned hit = 0;
    const siphash_key_t *key = &siphash_dpdk_process_key;
    double t0 = now_ns();
    for (unsigned b = 0; b < bursts; b++) {
        const uint8_t *rec = pool + (size_t)b * B * len;
        const void **p = ptrs + (size_t)b * B;
        switch (path) {
        case COST_DEFAULT:
            rte_hash_lookup_bulk(def, p, B, pos);
            break;
        case COST_BATCH_REC:
            siphash_dpdk_lookup_burst(sip, rec, len, len, B, pos);
            break;
        case COST_BATCH_PTR:
            siphash_dpdk_lookup_bulk(sip, p, len, B, pos);
            break;
        case COST_SCALAR:
            for (unsigned i = 0; i < B; i++)
                sigs[i] = (hash_sig_t)siphash13_64(p[i], len, key);
            rte_hash_lookup_with_hash_bulk(sip->h, p, sigs, B, pos);
            break;
        case COST_SIGS_CRC:
            for (unsigned i = 0; i < B; i++)
                acc += rte_hash_crc(p[i], (uint32_t)len, 0);
            continue;
        case COST_SIGS_SIP:
            siphash13_batch(rec, len, len, B, key, h64);
            acc += h64[b % B];
            continue;
        default:
            continue;
        }
        for (unsigned i = 0; i < B; i++)
            hit += pos[i] >= 0;
    }
    double t = now_ns() - t0;
    cost_sink += acc;
    *hits = hit;
    return t / bursts;
}

int cost_run(const struct keytype *kt, uint32_t entries, unsigned bursts, unsigned rounds,
             uint64_t seed, struct cost_result *r)
{
    int rc = -1;
    size_t len = kt->len, nkeys = entries / 2, nq = (size_t)bursts * B;
    uint64_t s = seed;
    char name[2][32];
    uint8_t *stored = malloc(nkeys * len), *pool = malloc(nq * len);
    const void **ptrs = malloc(nq * sizeof *ptrs);
    double *t = malloc(sizeof(double) * rounds * COST_NPATHS);
    struct rte_hash *def = NULL;
    struct siphash_dpdk_table sip = {NULL, 0};

    memset(r, 0, sizeof *r);
    r->entries = entries;
    r->keys = (uint32_t)nkeys;
    if (!stored || !pool || !ptrs || !t) {
        fprintf(stderr, "cost: out of memory\n");
        goto out;
    }
    snprintf(name[0], sizeof name[0], "cost-def-%s", kt->name);
    snprintf(name[1], sizeof name[1], "cost-sip-%s", kt->name);
    struct rte_hash_parameters p = {.name = name[0], .entries = entries,
                                    .key_len = (uint32_t)len, .socket_id = 0};
    /* hash_func NULL: DPDK's default (rte_hash_crc on x86 and arm64 with
     * CRC instructions, rte_jhash elsewhere). */
    if ((def = rte_hash_create(&p)) == NULL) {
        fprintf(stderr, "cost: rte_hash_create: %s\n", rte_strerror(rte_errno));
        goto out;
    }
    p.name = name[1];
    int e = siphash_dpdk_create(&sip, &p);
    if (e != 0) {
        fprintf(stderr, "cost: siphash_dpdk_create: %s\n", rte_strerror(-e));
        goto out;
    }
    for (size_t i = 0; i < nkeys; i++) {
        uint8_t *k = stored + i * len;
        tuple_random(kt, &s, k);
        if (rte_hash_add_key(def, k) < 0 || rte_hash_add_key(sip.h, k) < 0) {
            fprintf(stderr, "cost: a table refused key %zu of %zu\n", i, nkeys);
            goto out;
        }
    }
    /* Queries: half stored keys (hits), half fresh ones (misses), in random
     * order, each burst's keys contiguous as a parsed burst would be. */
    for (size_t i = 0; i < nq; i++) {
        uint64_t x = tuple_rand(&s);
        if (x & 1)
            memcpy(pool + i * len, stored + (x >> 1) % nkeys * len, len);
        else
            tuple_random(kt, &s, pool + i * len);
        ptrs[i] = pool + i * len;
    }
    for (unsigned round = 0; round < rounds; round++) {
        for (int k = 0; k < COST_NPATHS; k++) {
            /* Alternate the order, so no path always runs on a cache the
             * other warmed. */
            int path = round % 2 ? COST_NPATHS - 1 - k : k;
            unsigned hits;
            t[path * rounds + round] = run_path((enum cost_path)path, def, &sip, pool, ptrs, len,
                                                bursts, &hits);
            if (path <= COST_SCALAR) {
                if (round == 0 && path == COST_DEFAULT)
                    r->hits = hits;
                else if (round == 0 && hits != r->hits) {
                    fprintf(stderr, "cost: %s found %u keys, the default path %u\n",
                            cost_path_name[path], hits, r->hits);
                    goto out;
                }
            }
        }
    }
    for (int k = 0; k < COST_NPATHS; k++) {
        qsort(t + k * rounds, rounds, sizeof(double), cmp_double);
        r->ns[k] = t[k * rounds + rounds / 2];
    }
    int best = r->ns[COST_BATCH_PTR] < r->ns[COST_BATCH_REC] ? COST_BATCH_PTR : COST_BATCH_REC;
    r->best = cost_path_name[best];
    r->ratio = r->ns[best] / r->ns[COST_DEFAULT];
    rc = 0;
out:
    rte_hash_free(def);
    siphash_dpdk_free(&sip);
    free(stored);
    free(pool);
    free(ptrs);
    free(t);
    return rc;
}
