/* SPDX-License-Identifier: MIT */
/*
 * net_util.h — helpers shared by the network tests: Linux's view of
 * network-order fields as 32-bit words on a little-endian machine (so the
 * tests can recompute Linux's formulas with the fixed-size core API), and a
 * binomial tail bound for assertions on random events.
 */
#ifndef SIPHASH_TEST_NET_UTIL_H
#define SIPHASH_TEST_NET_UTIL_H

#include <stdint.h>

/* The u32 Linux gets from (__force u32) on 4 network-order bytes on a
 * little-endian machine: the little-endian reading of those bytes. */
static inline uint32_t linux_word(const uint8_t b[4])
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* The u16 value of a __be16 port on a little-endian machine. */
static inline uint32_t linux_be16(uint16_t host)
{
    return (uint32_t)(uint16_t)(host >> 8 | host << 8);
}

/* The smallest k such that P(Binomial(n, p) >= k) < 1e-12, using the
 * union bound P(X >= k) <= C(n,k) p^k <= (np)^k / k!.  Asserting "at most
 * k - 1 events" then fails by chance less than once in 10^12 runs. */
static inline unsigned tail_limit(double n, double p)
{
    double mu = n * p, term = 1.0;
    unsigned k = 0;
    while (term >= 1e-12) {
        k++;
        term *= mu / k;
    }
    return k;
}

#endif
