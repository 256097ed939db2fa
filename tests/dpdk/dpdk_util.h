/* SPDX-License-Identifier: MIT */
/*
 * dpdk_util.h — what the DPDK tests share: EAL started as the example
 * starts it (a test that cannot start it fails with EAL's message: it never
 * skips), a process key, and tables made through siphash_dpdk_create().
 */
#ifndef SIPHASH_TEST_DPDK_UTIL_H
#define SIPHASH_TEST_DPDK_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#include <siphash_dpdk.h>

#include "check.h"
#include "eal.h"

/* Whether n bytes at p all still hold the 0xa5 a test filled them with:
 * a refused or empty call must write nothing. */
static inline int dpdk_test_untouched(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != 0xa5)
            return 0;
    return 1;
}

/* Starts EAL and sets a random process key; exits 1 when it cannot. */
static inline void dpdk_test_start(const char *name)
{
    check_seed(name);
    if (dpdk_eal_start(name) != 0) {
        fprintf(stderr, "%s: FAILED: EAL did not start (message above)\n", name);
        exit(1);
    }
    siphash_key_t k = {{check_rand() | 1, check_rand()}};
    if (siphash_dpdk_key_set(&k) != 0) {
        fprintf(stderr, "%s: FAILED: siphash_dpdk_key_set\n", name);
        exit(1);
    }
}

/* A SipHash table of key_len-byte keys rated for entries; exits on failure. */
static inline struct siphash_dpdk_table dpdk_test_table(const char *name, uint32_t key_len,
                                                        uint32_t entries)
{
    struct rte_hash_parameters p = {
        .name = name, .entries = entries, .key_len = key_len, .socket_id = 0};
    struct siphash_dpdk_table t;
    int rc = siphash_dpdk_create(&t, &p);
    if (rc != 0) {
        fprintf(stderr, "siphash_dpdk_create(%s): %s\n", name, rte_strerror(-rc));
        exit(1);
    }
    return t;
}

#endif
