/* SPDX-License-Identifier: MIT */
/* attack.c — colliding 5-tuples against rte_hash: refusal and slow lookups. */
#include "attack.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_hash.h>
#include <rte_hash_crc.h>
#include <rte_jhash.h>

#include "collide.h"
#include "siphash_dpdk.h"

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static struct rte_hash *make_table(const char *name, const struct keytype *kt, size_t entries,
                                   rte_hash_function f, uint32_t init, uint8_t flags)
{
    struct rte_hash_parameters p = {
        .name = name, .entries = (uint32_t)entries, .key_len = (uint32_t)kt->len,
        .hash_func = f, .hash_func_init_val = init, .socket_id = 0, .extra_flag = flags};
    struct rte_hash *h = rte_hash_create(&p);
    if (h == NULL)
        fprintf(stderr, "attack: rte_hash_create(%s) failed: %s\n", name, rte_strerror(rte_errno));
    return h;
}

/* Offers keys[0..n) one at a time; returns how many were accepted, the
 * first refusal in *first (1-based, 0 for none), the series in csv. */
static size_t offer(struct rte_hash *h, const uint8_t *keys, const struct keytype *kt, size_t n,
                    const char *hash, FILE *csv, size_t *first)
{
    size_t acc = 0;
    *first = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t rc = rte_hash_add_key(h, keys + i * kt->len);
        if (rc >= 0)
            acc++;
        else if (*first == 0)
            *first = i + 1;
        if (csv)
            fprintf(csv, "%s,%s,%zu,%zu\n", kt->name, hash, i + 1, acc);
    }
    return acc;
}

/* Nanoseconds per key of rte_hash_lookup_bulk over keys[0..n), in bursts
 * of 64, repeated until about 20 ms have passed. */
static double lookup_ns(struct rte_hash *h, const uint8_t *keys, size_t len, size_t n)
{
    const void *ptrs[RTE_HASH_LOOKUP_BULK_MAX];
    int32_t pos[RTE_HASH_LOOKUP_BULK_MAX];
    size_t done = 0;
    double t0 = now_ns(), t;
    do {
        for (size_t i = 0; i < n; i += RTE_HASH_LOOKUP_BULK_MAX) {
            uint32_t b = (uint32_t)(n - i < RTE_HASH_LOOKUP_BULK_MAX ? n - i : RTE_HASH_LOOKUP_BULK_MAX);
            for (uint32_t k = 0; k < b; k++)
                ptrs[k] = keys + (i + k) * len;
            rte_hash_lookup_bulk(h, ptrs, b, pos);
        }
        done += n;
        t = now_ns();
    } while (t - t0 < 2e7);
    return (t - t0) / (double)done;
}

/* The bucket bits of a table of entries: rte_hash has
 * rte_align32pow2(entries) / 8 buckets; a key's primary bucket is
 * sig & mask, its alternative (primary ^ (sig >> 16)) & mask. */
static uint32_t bucket_mask(size_t entries)
{
    return rte_align32pow2((uint32_t)entries) / 8 - 1;
}

/* Keys whose rte_jhash (init 0) signatures share the primary bucket and
 * the short signature's bucket bits of keys[0] in a table of entries: the
 * same two buckets.  Honest brute force: it needs the init value and the
 * table's size (2 x log2(buckets) bits to match, 16 for 2048 entries).
 * Like an attacker, it takes a first key whose two buckets differ (with
 * (sig >> 16) & mask == 0 they are one, holding 8), and never sends one
 * flow twice. */
static void jhash_keys(const struct keytype *kt, size_t n, size_t entries, uint64_t *s,
                       uint8_t *keys)
{
    uint32_t mask = bucket_mask(entries), sig;
    do {
        tuple_random(kt, s, keys);
        sig = rte_jhash(keys, (uint32_t)kt->len, 0);
    } while (((sig >> 16) & mask) == 0);
    uint32_t want = (sig & mask) | ((sig >> 16) & mask) << 16;
    for (size_t i = 1; i < n; i++) {
        uint8_t *k = keys + i * kt->len;
        size_t j = 0;
        while (j < i) {
            tuple_random(kt, s, k);
            sig = rte_jhash(k, (uint32_t)kt->len, 0);
            if (((sig & mask) | ((sig >> 16) & mask) << 16) != want)
                continue;
            for (j = 0; j < i && memcmp(keys + j * kt->len, k, kt->len) != 0; j++)
                ;
        }
    }
}

int attack_run(const struct keytype *kt, size_t n, uint64_t seed, FILE *csv,
               struct attack_result *r)
{
    int rc = -1;
    char name[64];
    struct collider col;
    uint64_t s = seed;
    uint8_t base[COLLIDE_MAX_LEN];
    uint8_t *keys = malloc(n * kt->len), *other = malloc(n * kt->len);
    struct rte_hash *crc = NULL, *ext = NULL, *jh = NULL;
    struct siphash_dpdk_table sip = {NULL, 0, 0};

    memset(r, 0, sizeof *r);
    r->offered = n;
    r->entries = rte_align32pow2((uint32_t)(2 * n));
    if (keys == NULL || other == NULL) {
        fprintf(stderr, "attack: out of memory\n");
        goto out;
    }
    tuple_random(kt, &s, base);
    int dim = collider_init(&col, base, kt->len, kt->bits, kt->nbits);
    if (dim < 0 || (dim < 63 && ((uint64_t)1 << dim) < n)) {
        fprintf(stderr, "attack: only 2^%d colliding keys\n", dim);
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        collider_key(&col, i, keys + i * kt->len);

    /* The CRC table's init value is secret and random: the keys were made
     * without it. */
    snprintf(name, sizeof name, "crc-%s", kt->name);
    uint32_t init = (uint32_t)tuple_rand(&s);
    if ((crc = make_table(name, kt, r->entries, rte_hash_crc, init, 0)) == NULL)
        goto out;
    uint32_t sig = rte_hash_crc(keys, (uint32_t)kt->len, init);
    r->crc_capacity = ((sig >> 16) & bucket_mask(r->entries)) == 0 ? 8 : 16;
    r->crc_accepted = offer(crc, keys, kt, n, "rte_hash_crc", csv, &r->crc_first_refusal);
    /* Lookups: the refused colliding keys (misses that compare against
     * every entry of two full buckets) against random misses. */
    for (size_t i = 0; i < n; i++)
        tuple_random(kt, &s, other + i * kt->len);
    if (r->crc_accepted < n)
        r->crc_miss_ns = lookup_ns(crc, keys + r->crc_accepted * kt->len, kt->len,
                                   n - r->crc_accepted);
    r->random_miss_ns = lookup_ns(crc, other, kt->len, n);

    /* With extendable buckets the table takes them all, in one chain. */
    snprintf(name, sizeof name, "crcext-%s", kt->name);
    if ((ext = make_table(name, kt, r->entries, rte_hash_crc, (uint32_t)tuple_rand(&s),
                          RTE_HASH_EXTRA_FLAGS_EXT_TABLE)) == NULL)
        goto out;
    size_t ignored;
    r->ext_accepted = offer(ext, keys, kt, n, "rte_hash_crc+ext", NULL, &ignored);
    r->ext_hit_ns = lookup_ns(ext, keys, kt->len, r->ext_accepted);

    snprintf(name, sizeof name, "sip-%s", kt->name);
    struct rte_hash_parameters p = {.name = name, .entries = (uint32_t)r->entries,
                                    .key_len = (uint32_t)kt->len, .socket_id = 0};
    int e = siphash_dpdk_create(&sip, &p);
    if (e != 0) {
        fprintf(stderr, "attack: siphash_dpdk_create: %s\n", strerror(-e));
        goto out;
    }
    /* Offered in bursts of 64 with batch signatures; the series is written
     * key by key from each burst's results. */
    for (size_t i = 0; i < n; i += RTE_HASH_LOOKUP_BULK_MAX) {
        int32_t res[RTE_HASH_LOOKUP_BULK_MAX];
        uint32_t b = (uint32_t)(n - i < RTE_HASH_LOOKUP_BULK_MAX ? n - i : RTE_HASH_LOOKUP_BULK_MAX);
        if (siphash_dpdk_add_burst(&sip, keys + i * kt->len, kt->len, kt->len, b, NULL, res) < 0) {
            fprintf(stderr, "attack: siphash_dpdk_add_burst refused its arguments\n");
            goto out;
        }
        for (uint32_t k = 0; k < b; k++) {
            r->sip_accepted += res[k] >= 0;
            if (csv)
                fprintf(csv, "%s,siphash13,%zu,%zu\n", kt->name, i + k + 1, r->sip_accepted);
        }
    }
    r->sip_hit_ns = lookup_ns(sip.h, keys, kt->len, n);

    snprintf(name, sizeof name, "jhash-%s", kt->name);
    if ((jh = make_table(name, kt, r->entries, rte_jhash, 0, 0)) == NULL)
        goto out;
    jhash_keys(kt, n, r->entries, &s, other);
    r->jhash_accepted = offer(jh, other, kt, n, "rte_jhash", csv, &ignored);
    rc = 0;
out:
    rte_hash_free(crc);
    rte_hash_free(ext);
    rte_hash_free(jh);
    siphash_dpdk_free(&sip);
    free(keys);
    free(other);
    return rc;
}
