/* SPDX-License-Identifier: MIT */
/*
 * const_len.h — siphash() and hsiphash() called with every compile-time
 * constant length 0..65, chosen by a run-time length.
 *
 * With a constant length the header computes the hash inline (lengths up
 * to SIPHASH_INLINE_MAX = 64, its own block loop and tail loads) or folds
 * to the fixed-size functions; a test calling them with a variable length
 * only ever reaches the out-of-line functions.  Each case below passes a
 * literal, so every inline variant is compiled and can be compared with
 * siphash24_64() / hsiphash_generic().  65 is the first length past the
 * inline limit.  Shared by the fuzz targets and the constant-time test.
 */
#ifndef SIPHASH_TEST_CONST_LEN_H
#define SIPHASH_TEST_CONST_LEN_H

#include "siphash.h"

#define CONST_LEN_CASES_8_(f, n)                                                        \
    f(n) f(n + 1) f(n + 2) f(n + 3) f(n + 4) f(n + 5) f(n + 6) f(n + 7)
#define CONST_LEN_CASES_(f)                                                              \
    CONST_LEN_CASES_8_(f, 0) CONST_LEN_CASES_8_(f, 8) CONST_LEN_CASES_8_(f, 16)         \
    CONST_LEN_CASES_8_(f, 24) CONST_LEN_CASES_8_(f, 32) CONST_LEN_CASES_8_(f, 40)       \
    CONST_LEN_CASES_8_(f, 48) CONST_LEN_CASES_8_(f, 56) f(64) f(65)

/* Largest length with its own case. */
#define CONST_LEN_MAX 65

/* siphash(p, N, key) with N the literal equal to len (len <= CONST_LEN_MAX). */
static inline uint64_t siphash_const_len(const void *p, size_t len, const siphash_key_t *key)
{
    switch (len) {
#define CONST_LEN_SIP_(n)                                                                \
    case (n):                                                                            \
        return siphash(p, (n), key);
        CONST_LEN_CASES_(CONST_LEN_SIP_)
#undef CONST_LEN_SIP_
    default:
        return siphash(p, len, key);
    }
}

/* hsiphash(p, N, key) likewise. */
static inline uint32_t hsiphash_const_len(const void *p, size_t len, const hsiphash_key_t *key)
{
    switch (len) {
#define CONST_LEN_HSIP_(n)                                                               \
    case (n):                                                                            \
        return hsiphash(p, (n), key);
        CONST_LEN_CASES_(CONST_LEN_HSIP_)
#undef CONST_LEN_HSIP_
    default:
        return hsiphash(p, len, key);
    }
}

#endif
