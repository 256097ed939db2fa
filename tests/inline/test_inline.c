/* SPDX-License-Identifier: MIT */
/*
 * test_inline.c — siphash() and hsiphash() with every compile-time-constant
 * length 0..64 (computed inline by the header; hsiphash on 64-bit targets)
 * and a few beyond (calling out), against siphash24_64() and
 * hsiphash_generic() with the same length hidden in a volatile.  Each message
 * sits in its own exact-size heap block at a random offset, so an
 * AddressSanitizer build reports any read past its end.
 */
#include "check.h"
#include "random_key.h"

#include <siphash.h>
#include <stdlib.h>

/* CASE(n): siphash(p, n, &k) has a literal n, so it is folded inline. */
#define CASE(n)                                                                \
    do {                                                                       \
        size_t off_ = (size_t)(check_rand() & 7); /* any alignment */          \
        uint8_t *blk_ = malloc(off_ + (n) + 1);                                \
        uint8_t *m_ = blk_ + off_ + 1; /* ends exactly at the block's end */   \
        check_rand_bytes(m_, (n));                                             \
        volatile size_t vn_ = (n);                                             \
        CHECK_EQ_U64(siphash(m_, n, &k), siphash24_64(m_, vn_, &k), "len %d", n); \
        CHECK_EQ_U64(hsiphash(m_, n, &hk), hsiphash_generic(m_, vn_, &hk),     \
                     "hsiphash len %d", n);                                    \
        free(blk_);                                                            \
    } while (0)

#define CASES8(b) CASE(b); CASE(b + 1); CASE(b + 2); CASE(b + 3); CASE(b + 4); \
                  CASE(b + 5); CASE(b + 6); CASE(b + 7)

int main(void)
{
    check_seed("test_inline");
    int rounds = getenv("SIPHASH_TEST_QUICK") ? 200 : 3000;
    for (int r = 0; r < rounds; r++) {
        siphash_key_t k = check_random_key();
        hsiphash_key_t hk = check_random_hkey();
        CASES8(0);
        CASES8(8);
        CASES8(16);
        CASES8(24);
        CASES8(32);
        CASES8(40);
        CASES8(48);
        CASES8(56);
        CASE(64);
        CASE(65);
        CASE(100);
        /* NULL with length 0, as the header documents */
        CHECK_EQ_U64(siphash(NULL, 0, &k), siphash24_64(NULL, 0, &k), "NULL, 0");
        CHECK_EQ_U64(hsiphash(NULL, 0, &hk), hsiphash_generic(NULL, 0, &hk), "h NULL, 0");
    }
    return check_finish("test_inline");
}
