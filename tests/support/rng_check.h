/* SPDX-License-Identifier: MIT */
/*
 * rng_check.h — what every random source must give, checked the same way
 * for each (tests/core/test_keys.c for getrandom, tests/rng/ for the
 * others): two fresh keys are non-zero and differ, every key type is
 * filled, and a failure (injected by the caller's replacement of the system
 * function, switched on by fail()) returns a negative value and leaves the
 * buffer and the keys zeroed: never a partly random, never a weak key.
 */
#ifndef SIPHASH_TEST_RNG_CHECK_H
#define SIPHASH_TEST_RNG_CHECK_H

#include "check.h"

#include <siphash.h>

/* The good path; big = a length above the source's per-call limit. */
static inline void rng_check_success(size_t big)
{
    siphash_key_t a, b;
    CHECK(siphash_key_generate(&a) == 0, "key_generate");
    CHECK(siphash_key_generate(&b) == 0, "key_generate");
    CHECK(!siphash_key_is_zero(&a) && !siphash_key_is_zero(&b), "zero key generated");
    CHECK(a.key[0] != b.key[0] || a.key[1] != b.key[1], "two keys are equal");
    hsiphash_key_t hk = {{0, 0}};
    halfsiphash_key_t hh = {{0, 0}};
    CHECK(hsiphash_key_generate(&hk) == 0 && (hk.key[0] | hk.key[1]) != 0, "hsiphash key");
    CHECK(halfsiphash_key_generate(&hh) == 0 && (hh.key[0] | hh.key[1]) != 0, "halfsiphash key");
    uint8_t one = 0;
    CHECK(siphash_random_bytes(&one, 0) == 0 && one == 0, "len 0 must not write");

    uint8_t *buf = calloc(1, big);
    CHECK(buf != NULL, "calloc");
    if (!buf)
        return;
    CHECK(siphash_random_bytes(buf, big) == 0, "%zu bytes", big);
    /* The last 32 bytes all zero by chance: probability 2^-256. */
    CHECK(!check_all_zero(buf + big - 32, 32), "tail of a %zu-byte request not filled", big);
    free(buf);
}

/* The failure path: fail(1) makes the next calls of the source fail,
 * fail(0) restores it.  expect = the error siphash_random_bytes() returns. */
static inline void rng_check_failure(void (*fail)(int on), int expect)
{
    uint8_t buf[64];
    memset(buf, 0xa5, sizeof buf);
    fail(1);
    int r = siphash_random_bytes(buf, sizeof buf);
    CHECK(r == expect, "injected failure: returned %d, expected %d", r, expect);
    CHECK(r < 0, "failure must be negative (%d)", r);
    CHECK(check_all_zero(buf, sizeof buf), "buffer not zeroed on failure");
    siphash_key_t k = {{1, 1}};
    CHECK(siphash_key_generate(&k) == expect && siphash_key_is_zero(&k),
          "failed key_generate must leave a zero key");
    hsiphash_key_t hk = {{7, 7}};
    CHECK(hsiphash_key_generate(&hk) == expect && (hk.key[0] | hk.key[1]) == 0,
          "failed hsiphash_key_generate must leave a zero key");
    halfsiphash_key_t hh = {{7, 7}};
    CHECK(halfsiphash_key_generate(&hh) == expect && (hh.key[0] | hh.key[1]) == 0,
          "failed halfsiphash_key_generate must leave a zero key");
    fail(0);
}

#endif
