/* SPDX-License-Identifier: MIT */
/*
 * rng_fail.h — the switch of rng_fail.c, which replaces the system's random
 * source for the test linked with it (getrandom() or getentropy(), the one
 * this build's key.c calls; the executable's definition wins over the C
 * library's, as in tests/core/test_keys.c and tests/rng/).
 */
#ifndef SIPHASH_TEST_RNG_FAIL_H
#define SIPHASH_TEST_RNG_FAIL_H

#ifdef __cplusplus
extern "C" {
#endif

/* 0: the real source; otherwise every call fails with this errno. */
extern int rng_fail_errno;
/* Calls of the replaced function so far. */
extern int rng_fail_calls;

#ifdef __cplusplus
}
#endif

#endif
