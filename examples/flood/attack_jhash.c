/* SPDX-License-Identifier: MIT */
/*
 * attack_jhash.c — the attacker of a Linux-style table hashed with jhash and
 * a secret seed it has learned.  jhash is fast and unkeyed in any
 * cryptographic sense: with the seed, finding inputs for one bucket is a
 * plain search costing 2^bits hashes per hit.  (Knowing the seed, one could
 * even invert jhash's final mix and get full 32-bit collisions directly;
 * the search is enough here.)  Against SipHash the same attacker has no key
 * to search with: whatever it sends is random to the table.
 */
#include "flood.h"

#include "jhash.h"

uint32_t flood_jhash_bucket(const struct flood_flow *f, uint32_t seed, unsigned bits)
{
    return flood_hash_32(jhash(f, sizeof *f, seed), bits);
}

uint64_t flood_jhash_flows(struct flood_flow *out, size_t n, uint32_t seed, unsigned bits)
{
    /* The victim: 192.0.2.80 port 443.  Sources: 10.0.0.0/8 x ports 1024+,
     * enumerated by a counter, so every candidate is a distinct flow. */
    struct flood_flow f = {{10, 0, 0, 0}, {192, 0, 2, 80}, {0, 0}, {443 >> 8, 443 & 0xff}};
    uint32_t target = 0;
    uint64_t tried = 0;
    size_t found = 0;
    for (uint64_t ctr = 0; found < n; ctr++) {
        uint64_t src = ctr % 0xfc00u + 1024u, host = ctr / 0xfc00u;
        f.saddr[1] = (uint8_t)(host >> 16);
        f.saddr[2] = (uint8_t)(host >> 8);
        f.saddr[3] = (uint8_t)host;
        f.sport[0] = (uint8_t)(src >> 8);
        f.sport[1] = (uint8_t)src;
        tried++;
        uint32_t b = flood_jhash_bucket(&f, seed, bits);
        if (found == 0)
            target = b; /* the first candidate picks the bucket */
        if (b == target)
            out[found++] = f;
    }
    return tried;
}
