/* SPDX-License-Identifier: MIT */
/*
 * attack.h — the flood on real rte_hash tables: colliding 5-tuples offered
 * one at a time to a CRC table (rte_hash_crc, secret init value), a jhash
 * table (rte_jhash, init 0 as DPDK's examples set it) and a SipHash table
 * (siphash_dpdk.h), all of the same size, rated for twice the keys offered
 * (half full if every key went in: rte_hash refuses random keys now and
 * then when nearly full, which is not the attack); then how lookups suffer.
 */
#ifndef SIPHASH_DPDK_ATTACK_H
#define SIPHASH_DPDK_ATTACK_H

#include <stddef.h>
#include <stdio.h>

#include "tuples.h"

struct attack_result {
    size_t offered;                       /* keys offered to each table */
    size_t entries;                       /* each table's rated size (2 x offered, power of 2) */
    size_t crc_capacity;                  /* slots of the colliding keys' buckets: 16, or 8
                                           * when the init value makes both buckets one */
    size_t crc_accepted, jhash_accepted, sip_accepted;
    size_t crc_first_refusal;             /* 1-based offer that got -ENOSPC (0: none) */
    double crc_miss_ns, random_miss_ns;   /* lookup of a refused colliding key / a random miss */
    size_t ext_accepted;                  /* the same keys into a CRC table with EXT_TABLE */
    double ext_hit_ns, sip_hit_ns;        /* lookup of an inserted key: CRC chains / SipHash */
};

/* Runs the attack with n keys of kind kt (n <= 65536); writes the series
 * "kt,hash,offered,accepted" to csv (if not NULL).  0, or -1 with a message. */
int attack_run(const struct keytype *kt, size_t n, uint64_t seed, FILE *csv,
               struct attack_result *r);

#endif
