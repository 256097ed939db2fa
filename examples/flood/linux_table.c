/* SPDX-License-Identifier: MIT */
/*
 * linux_table.c — a fixed-size chained table shaped like Linux's
 * <linux/hashtable.h>: an array of 2^bits hlist heads, hash_add() at the
 * head of a bucket, hash_for_each_possible() to walk one bucket, and the
 * bucket chosen by hash_32(hash, bits).  The table never grows — as in the
 * kernel, where sizes are fixed at build or boot time — so all the defence
 * against flooding has to come from the hash.
 */
#define _POSIX_C_SOURCE 200809L
#include "flood.h"

#include <pthread.h>
#include <siphash.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jhash.h"

struct hlist_node {
    struct hlist_node *next, **pprev;
};
struct hlist_head {
    struct hlist_node *first;
};

struct flow_entry {
    struct hlist_node node; /* first member: a node pointer is an entry pointer */
    struct flood_flow key;
};

static void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
    n->next = h->first;
    if (h->first)
        h->first->pprev = &n->next;
    h->first = n;
    n->pprev = &h->first;
}

double flood_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The hash, behind one small interface so both runs share every other line. */
struct table_hash {
    uint32_t (*fn)(const struct flood_flow *f, const void *ctx);
    const void *ctx;
};

static uint32_t hash_jhash(const struct flood_flow *f, const void *ctx)
{
    return jhash(f, sizeof *f, *(const uint32_t *)ctx);
}

static uint32_t hash_hsiphash(const struct flood_flow *f, const void *ctx)
{
    return hsiphash(f, sizeof *f, (const hsiphash_key_t *)ctx);
}

static struct flow_entry *lookup(struct hlist_head *tab, unsigned bits,
                                 const struct table_hash *h, const struct flood_flow *key)
{
    struct hlist_head *head = &tab[flood_hash_32(h->fn(key, h->ctx), bits)];
    for (struct hlist_node *n = head->first; n; n = n->next) {
        struct flow_entry *e = (struct flow_entry *)n;
        if (memcmp(&e->key, key, sizeof *key) == 0)
            return e;
    }
    return NULL;
}

static int run(const struct flood_flow *keys, size_t n, unsigned bits,
               const struct table_hash *h, struct flood_result *r)
{
    size_t nb = (size_t)1 << bits;
    struct hlist_head *tab = calloc(nb, sizeof *tab);
    struct flow_entry *pool = calloc(n ? n : 1, sizeof *pool);
    int rc = 0;
    if (!tab || !pool) {
        free(tab), free(pool);
        return -1;
    }
    double t0 = flood_now();
    for (size_t i = 0; i < n; i++) {
        /* As a flow table does: add the flow only if it is not there yet. */
        if (lookup(tab, bits, h, &keys[i]))
            continue;
        pool[i].key = keys[i];
        hlist_add_head(&pool[i].node, &tab[flood_hash_32(h->fn(&keys[i], h->ctx), bits)]);
    }
    double t1 = flood_now();
    for (size_t i = 0; i < n; i++)
        if (lookup(tab, bits, h, &keys[i]) != &pool[i])
            rc = -1;
    double t2 = flood_now();
    size_t longest = 0;
    for (size_t b = 0; b < nb; b++) {
        size_t len = 0;
        for (struct hlist_node *p = tab[b].first; p; p = p->next)
            len++;
        longest = len > longest ? len : longest;
    }
    r->insert_s = t1 - t0;
    r->lookup_s = t2 - t1;
    r->longest = longest;
    free(tab);
    free(pool);
    return rc;
}

int flood_run_linux_jhash(const struct flood_flow *keys, size_t n, unsigned bits, uint32_t seed,
                          struct flood_result *r)
{
    struct table_hash h = {hash_jhash, &seed};
    return run(keys, n, bits, &h, r);
}

/* The table's key: made once per process, as Linux makes one per table
 * (net_get_random_once); pthread_once makes that safe in any thread. */
static hsiphash_key_t table_key;
static int table_key_rc = -1;

static void make_table_key(void)
{
    table_key_rc = hsiphash_key_generate(&table_key);
}

int flood_run_linux_hsiphash(const struct flood_flow *keys, size_t n, unsigned bits,
                             struct flood_result *r)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_table_key);
    if (table_key_rc != 0)
        return -1; /* no randomness: refuse rather than hash with a zero key */
    struct table_hash h = {hash_hsiphash, &table_key};
    return run(keys, n, bits, &h, r);
}
