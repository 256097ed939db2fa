/* SPDX-License-Identifier: MIT */
/*
 * test_flood_linux.c — the Linux-style table: jhash (checked against
 * lookup3's published values) really collides under the attacker who knows
 * the seed, and hsiphash keeps the longest chain short for the same flows.
 */
#include "check.h"
#include "flood.h"
#include "jhash.h"

#include <siphash.h>

/* Published in Bob Jenkins' lookup3.c (driver5): hashlittle() results. */
static void jhash_reference(void)
{
    const char *s = "Four score and seven years ago";
    CHECK_EQ_U64(jhash("", 0, 0), 0xdeadbeefu, "jhash empty");
    CHECK_EQ_U64(jhash("", 0, 0xdeadbeefu), 0xbd5b7ddeu, "jhash empty, seed deadbeef");
    CHECK_EQ_U64(jhash(s, 30, 0), 0x17770551u, "jhash Four score, 0");
    CHECK_EQ_U64(jhash(s, 30, 1), 0xcd628161u, "jhash Four score, 1");
}

/* Every flow the attacker found lands in one bucket, so the chain is N. */
static void jhash_attack_collides(void)
{
    const size_t n = 3000;
    const unsigned bits = 10;
    static struct flood_flow flows[3000];
    uint32_t seed = (uint32_t)check_rand();
    uint64_t tried = flood_jhash_flows(flows, n, seed, bits);
    CHECK(tried >= n, "search tried %llu", (unsigned long long)tried);
    uint32_t b0 = flood_jhash_bucket(&flows[0], seed, bits);
    size_t same = 0, distinct = 1;
    for (size_t i = 0; i < n; i++) {
        same += flood_jhash_bucket(&flows[i], seed, bits) == b0;
        /* Recompute the bucket independently: hash_32(jhash(flow, 12, seed)). */
        CHECK_EQ_U64((jhash(&flows[i], 12, seed) * 0x61C88647u) >> (32 - bits), b0,
                     "flow %zu bucket", i);
        if (i)
            distinct += memcmp(&flows[i], &flows[i - 1], sizeof flows[i]) != 0;
    }
    CHECK(same == n, "%zu of %zu flows in the target bucket", same, n);
    CHECK(distinct == n, "flows are not distinct");
    struct flood_result r;
    CHECK(flood_run_linux_jhash(flows, n, bits, seed, &r) == 0, "jhash table run failed");
    CHECK(r.longest == n, "jhash longest chain %zu, want %zu", r.longest, n);
    /* Another seed (the attacker guessed wrong) spreads them again. */
    CHECK(flood_run_linux_jhash(flows, n, bits, seed ^ 0x80000000u, &r) == 0, "run");
    CHECK(r.longest < n / 10, "jhash with another seed: longest %zu", r.longest);
}

/* 100000 attacker flows in a 2^17-bucket hsiphash table.  With a random
 * key each flow picks a bucket uniformly and independently, load
 * lambda = 100000 / 131072 = 0.763, and
 *   P(some bucket >= 13) <= 131072 * lambda^13 / 13! = 6.3e-7,
 * so "longest <= 12" fails by chance less than once in a million runs. */
static void hsiphash_bound(void)
{
    const size_t n = 100000;
    static struct flood_flow flows[100000];
    flood_jhash_flows(flows, n, (uint32_t)check_rand(), 8);
    struct flood_result r;
    CHECK(flood_run_linux_hsiphash(flows, n, 17, &r) == 0, "hsiphash table run failed");
    printf("hsiphash, 2^17 buckets, %zu attacker flows: longest chain %zu\n", n, r.longest);
    CHECK(r.longest <= 12, "hsiphash longest chain %zu > 12", r.longest);
    CHECK(r.longest >= 2, "longest chain %zu: 100000 keys in 131072 buckets must share",
          r.longest);
}

int main(void)
{
    check_seed("test_flood_linux");
    jhash_reference();
    jhash_attack_collides();
    hsiphash_bound();
    return check_finish("test_flood_linux");
}
