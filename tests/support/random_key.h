/* SPDX-License-Identifier: MIT */
/*
 * random_key.h — fresh keys from the tests' seeded PRNG (check.h), so a
 * failing case replays with its seed.  Any value, zero included: the
 * network helpers, which reject an all-zero key, draw their own.
 */
#ifndef SIPHASH_TEST_RANDOM_KEY_H
#define SIPHASH_TEST_RANDOM_KEY_H

#include "check.h"

#include <siphash.h>

static inline siphash_key_t check_random_key(void)
{
    siphash_key_t k = {{check_rand(), check_rand()}};
    return k;
}

/* hsiphash's key: two unsigned longs (64 or 32 bits, as the build's). */
static inline hsiphash_key_t check_random_hkey(void)
{
    hsiphash_key_t k;
    k.key[0] = (unsigned long)check_rand();
    k.key[1] = (unsigned long)check_rand();
    return k;
}

#endif
