/* SPDX-License-Identifier: MIT */
/*
 * test_fold.c — siphash()/hsiphash() called with compile-time constant
 * lengths — the paths the header specialises at compile time: the inline
 * constant-length SipHash (64-bit targets) or Linux's fold to hsiphash_Nu32
 * (32-bit targets) — against the generic out-of-line path, for random keys,
 * data and alignments.  Every constant length 0..64 is covered by
 * bench/test_inline.c.
 */
#include "check.h"
#include "random_key.h"

#include <siphash.h>

/* Each use has a literal length: inside siphash() the length is a
 * constant and __builtin_constant_p selects the fixed-size path. */
#define FOLD_CASE(n)                                                           \
    do {                                                                       \
        CHECK_EQ_U64(siphash(p, n, &k), siphash24_64(p, len_##n, &k), "siphash len %d", n); \
    } while (0)
#define HFOLD_CASE(n)                                                          \
    do {                                                                       \
        CHECK_EQ_U64(hsiphash(p, n, &hk), hsiphash_generic(p, len_##n, &hk), "hsiphash len %d", n); \
    } while (0)

/* The same lengths through a volatile, so the compiler cannot fold them. */
static volatile size_t len_4 = 4, len_8 = 8, len_12 = 12, len_16 = 16, len_24 = 24,
                       len_32 = 32;

int main(void)
{
    check_seed("test_fold");
    int rounds = getenv("SIPHASH_TEST_QUICK") ? 2000 : 50000;
    uint8_t buf[40];
    for (int r = 0; r < rounds; r++) {
        siphash_key_t k = check_random_key();
        hsiphash_key_t hk = check_random_hkey();
        check_rand_bytes(buf, sizeof buf);
        const uint8_t *p = buf + (r & 7); /* any alignment */
        FOLD_CASE(4);
        FOLD_CASE(8);
        FOLD_CASE(12);
        FOLD_CASE(16);
        FOLD_CASE(24);
        FOLD_CASE(32);
        HFOLD_CASE(4);
        HFOLD_CASE(8);
        HFOLD_CASE(12);
        HFOLD_CASE(16);
    }
    return check_finish("test_fold");
}
