/* SPDX-License-Identifier: MIT */
/*
 * cost.h — what keyed signatures cost on a real table: 64-key lookup
 * bursts (hits and misses mixed) on two rte_hash tables of the same size at
 * 50 % load holding the same keys, one with DPDK's default hash
 * (rte_hash_lookup_bulk computing it inside), one with siphash_dpdk.h
 * (batch signatures, then rte_hash_lookup_with_hash_bulk).  The paths run
 * alternately in one process, 32 bursts at a time; each figure is the
 * median over rounds.  Pointer bursts come evenly spaced (a record array)
 * and scattered (each burst's pointers shuffled, as keys inside mbufs).
 */
#ifndef SIPHASH_DPDK_COST_H
#define SIPHASH_DPDK_COST_H

#include <stdint.h>

#include "tuples.h"

enum cost_path {
    COST_DEFAULT,     /* rte_hash_lookup_bulk, default hash (rte_hash_crc on x86) */
    COST_BATCH_REC,   /* siphash_dpdk_lookup_burst: records, one siphash13_batch */
    COST_BATCH_PTR,   /* siphash_dpdk_lookup_bulk: pointers (evenly spaced: batch) */
    COST_BATCH_SCAT,  /* siphash_dpdk_lookup_bulk: scattered pointers, one siphash13_batchv */
    COST_SCALAR,      /* scattered pointers, siphash13_64 per key (what the helpers did
                       * before siphash13_batchv) + rte_hash_lookup_with_hash_bulk */
    COST_SIGS_CRC,    /* where the time goes: rte_hash_crc of 64 keys alone */
    COST_SIGS_SIP,    /* siphash13_batch of 64 keys alone */
    COST_SIGS_SIPV,   /* siphash13_batchv of 64 scattered keys alone */
    COST_SIGS_SIP1,   /* siphash13_64 of 64 scattered keys alone */
    COST_NPATHS
};

struct cost_result {
    uint32_t entries, keys;       /* table size, keys in it */
    double ns[COST_NPATHS];       /* median nanoseconds per 64-key burst */
    double ratio;                 /* best batch path / default: median of per-round ratios */
    const char *best;             /* which batch path that was (records or pointers) */
    double scat_ratio;            /* scattered pointers through siphash13_batchv / default */
    double scalar_ratio;          /* scattered pointers, siphash13_64 per key / default */
    unsigned hits;                /* in a pass over the queries, equal on every path */
};

extern const char *const cost_path_name[COST_NPATHS];

/* bursts: the query pool (bursts * 64 keys, at least 32 bursts); rounds:
 * how many times each path is timed.  0, or -1 with a message. */
int cost_run(const struct keytype *kt, uint32_t entries, unsigned bursts, unsigned rounds,
             uint64_t seed, struct cost_result *r);

#endif
