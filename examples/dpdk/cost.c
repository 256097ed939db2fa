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
    "rte_hash_lookup_bulk (default hash)",
    "siphash_dpdk_lookup_burst (records, batch)",
    "siphash_dpdk_lookup_bulk (pointers, batch)",
    "siphash_dpdk_lookup_bulk (scattered, batchv)",
    "scattered: siphash13_64 loop + with_hash_bulk",
    "  signatures only: rte_hash_crc x64",
    "  signatures only: siphash13_batch x64",
    "  signatures only: siphash13_batchv x64",
    "  signatures only: siphash13_64 x64"};

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
                       const void **scat, size_t len, unsigned first, unsigned count,
                       unsigned *hits)
{
    int32_t pos[B];
    hash_sig_t sigs[B];
    uint64_t h64[B];
    size_t lens[B];
    for (unsigned i = 0; i < B; i++)
        lens[i] = len;
    uint64_t acc = 0;
    unsigned hit = 0;
    const siphash_key_t *key = &siphash_dpdk_process_key;
    double t0 = now_ns();
    for (unsigned b = first; b < first + count; b++) {
        const uint8_t *rec = pool + (size_t)b * B * len;
        const void **p = ptrs + (size_t)b * B, **sp = scat + (size_t)b * B;
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
        case COST_BATCH_SCAT:
            siphash_dpdk_lookup_bulk(sip, sp, len, B, pos);
            break;
        case COST_SCALAR:
            for (unsigned i = 0; i < B; i++)
                sigs[i] = (hash_sig_t)siphash13_64(sp[i], len, key);
            rte_hash_lookup_with_hash_bulk(sip->h, sp, sigs, B, pos);
            break;
        case COST_SIGS_CRC:
            for (unsigned i = 0; i < B; i++)
                acc += rte_hash_crc(p[i], (uint32_t)len, 0);
            continue;
        case COST_SIGS_SIP:
            siphash13_batch(rec, len, len, B, key, h64);
            acc += h64[b % B];
            continue;
        case COST_SIGS_SIPV:
            siphash13_batchv(sp, lens, B, key, h64);
            acc += h64[b % B];
            continue;
        case COST_SIGS_SIP1:
            for (unsigned i = 0; i < B; i++)
                acc += siphash13_64(sp[i], len, key);
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
    return t / count;
}

int cost_run(const struct keytype *kt, uint32_t entries, unsigned bursts, unsigned rounds,
             uint64_t seed, struct cost_result *r)
{
    int rc = -1;
    size_t len = kt->len, nkeys = entries / 2, nq = (size_t)bursts * B;
    uint64_t s = seed;
    char name[2][32];
    uint8_t *stored = malloc(nkeys * len), *pool = malloc(nq * len);
    const void **ptrs = malloc(nq * sizeof *ptrs), **scat = malloc(nq * sizeof *scat);
    double *t = malloc(sizeof(double) * rounds * COST_NPATHS);
    struct rte_hash *def = NULL;
    struct siphash_dpdk_table sip = {NULL, 0, 0};

    memset(r, 0, sizeof *r);
    r->entries = entries;
    r->keys = (uint32_t)nkeys;
    if (!stored || !pool || !ptrs || !scat || !t) {
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
    /* The same bursts as scattered pointers: each burst's 64 pointers in a
     * random order (Fisher-Yates), so they are not evenly spaced, as keys
     * parsed inside the mbufs of a received burst are not. */
    memcpy(scat, ptrs, nq * sizeof *scat);
    for (size_t b = 0; b < nq; b += B)
        for (size_t i = B - 1; i > 0; i--) {
            size_t j = tuple_rand(&s) % (i + 1);
            const void *x = scat[b + i];
            scat[b + i] = scat[b + j], scat[b + j] = x;
        }
    /* Every path finds the same keys: a full pass each, untimed. */
    for (int k = 0; k <= COST_SCALAR; k++) {
        unsigned hits;
        run_path((enum cost_path)k, def, &sip, pool, ptrs, scat, len, 0, bursts, &hits);
        if (k == COST_DEFAULT)
            r->hits = hits;
        else if (hits != r->hits) {
            fprintf(stderr, "cost: %s found %u keys, the default path %u\n", cost_path_name[k],
                    hits, r->hits);
            goto out;
        }
    }
    /* Rounds: in each, the default path and one SipHash path (records,
     * pointers, scattered pointers, scalar in turn) look up CHUNK bursts
     * each, in an order that alternates, so a noisy neighbour or a
     * frequency change hits both alike.  They read different chunks of the
     * query pool, each table is looked up as often as the other (a path
     * never finds the table lines its partner just brought into the
     * cache), and the pool is walked through.  The signature-only paths
     * run every round.  The ratio is the median of per-round ratios, for
     * each SipHash path; the better of records and pointers is reported
     * against the target, scattered pointers beside it. */
    enum { CHUNK = 32, NSIP = COST_SCALAR - COST_BATCH_REC + 1 };
    unsigned nchunks = bursts / CHUNK, nt[COST_NPATHS] = {0};
    double *ratio = malloc(sizeof(double) * rounds * NSIP);
    if (ratio == NULL || nchunks < 2) {
        fprintf(stderr, "cost: out of memory or too few bursts\n");
        free(ratio);
        goto out;
    }
    unsigned nr[NSIP] = {0};
    for (unsigned round = 0; round < rounds; round++) {
        int sp = COST_BATCH_REC + (int)(round / 2 % NSIP), order = round % 2;
        unsigned c = 2 * round % nchunks, hits;
        unsigned cdef = (c + (unsigned)order) % nchunks, csip = (c + 1 - (unsigned)order) % nchunks;
        double td = 0, ts = 0;
        for (int k = 0; k < 2; k++) {
            if (k == order)
                td = run_path(COST_DEFAULT, def, &sip, pool, ptrs, scat, len, cdef * CHUNK, CHUNK,
                              &hits);
            else
                ts = run_path((enum cost_path)sp, def, &sip, pool, ptrs, scat, len, csip * CHUNK,
                              CHUNK, &hits);
        }
        t[COST_DEFAULT * rounds + nt[COST_DEFAULT]++] = td;
        t[sp * rounds + nt[sp]++] = ts;
        ratio[(sp - COST_BATCH_REC) * rounds + nr[sp - COST_BATCH_REC]++] = ts / td;
        for (int k = COST_SIGS_CRC; k < COST_NPATHS; k++)
            t[k * rounds + nt[k]++] = run_path((enum cost_path)k, def, &sip, pool, ptrs, scat, len,
                                               c * CHUNK, CHUNK, &hits);
    }
    double med[NSIP];
    for (int k = 0; k < NSIP; k++) {
        qsort(ratio + k * rounds, nr[k], sizeof(double), cmp_double);
        med[k] = ratio[k * rounds + nr[k] / 2];
    }
    free(ratio);
    double best_ratio = med[0];
    r->best = cost_path_name[COST_BATCH_REC];
    if (med[COST_BATCH_PTR - COST_BATCH_REC] < best_ratio) {
        best_ratio = med[COST_BATCH_PTR - COST_BATCH_REC];
        r->best = cost_path_name[COST_BATCH_PTR];
    }
    r->scat_ratio = med[COST_BATCH_SCAT - COST_BATCH_REC];
    r->scalar_ratio = med[COST_SCALAR - COST_BATCH_REC];
    r->ratio = best_ratio;
    for (int k = 0; k < COST_NPATHS; k++) {
        qsort(t + k * rounds, nt[k], sizeof(double), cmp_double);
        r->ns[k] = t[k * rounds + nt[k] / 2];
    }
    rc = 0;
out:
    rte_hash_free(def);
    siphash_dpdk_free(&sip);
    free(stored);
    free(pool);
    free(ptrs);
    free(scat);
    free(t);
    return rc;
}
