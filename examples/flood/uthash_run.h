/* SPDX-License-Identifier: MIT */
/*
 * uthash_run.h — the uthash run, written once and compiled twice: uthash
 * fixes its hash with the HASH_FUNCTION macro at compile time, so each hash
 * needs a translation unit of its own (uthash_ber.c, uthash_siphash.c).
 * The includer defines HASH_FUNCTION and FLOOD_UTHASH_RUN (the function's
 * name), then includes uthash.h and this file.
 */
#include "flood.h"

#include <stdlib.h>
#include <string.h>

struct ut_entry {
    const char *key;
    size_t value;
    UT_hash_handle hh;
};

int FLOOD_UTHASH_RUN(const char *strs, size_t n, struct flood_result *r, int *gave_up)
{
    struct ut_entry *head = NULL, *pool = calloc(n ? n : 1, sizeof *pool), *e;
    int rc = 0;
    if (!pool)
        return -1;
    double t0 = flood_now();
    for (size_t i = 0; i < n; i++) {
        const char *k = strs + i * FLOOD_DJB_STRIDE;
        /* uthash's documented idiom: HASH_ADD does not check for duplicates,
         * so look first and add only a new key. */
        HASH_FIND(hh, head, k, FLOOD_DJB_LEN, e);
        if (e)
            continue;
        pool[i].key = k;
        pool[i].value = i;
        HASH_ADD_KEYPTR(hh, head, pool[i].key, FLOOD_DJB_LEN, &pool[i]);
    }
    double t1 = flood_now();
    for (size_t i = 0; i < n; i++) {
        HASH_FIND(hh, head, strs + i * FLOOD_DJB_STRIDE, FLOOD_DJB_LEN, e);
        if (!e || e->value != i)
            rc = -1;
    }
    double t2 = flood_now();
    size_t longest = 0;
    if (head) {
        for (unsigned b = 0; b < head->hh.tbl->num_buckets; b++)
            if (head->hh.tbl->buckets[b].count > longest)
                longest = head->hh.tbl->buckets[b].count;
        if (gave_up)
            *gave_up = (int)head->hh.tbl->noexpand;
    }
    if (HASH_COUNT(head) != n)
        rc = -1;
    HASH_CLEAR(hh, head);
    free(pool);
    r->insert_s = t1 - t0;
    r->lookup_s = t2 - t1;
    r->longest = longest;
    return rc;
}
