/* SPDX-License-Identifier: MIT */
/*
 * diffcase.h — random cases for the differential tests: a random key, a
 * length 0..1024 (short lengths over-represented, they are where tails
 * and length bytes go wrong), an offset 0..7 and random content, in a
 * buffer that ends exactly at the message's last byte.
 */
#ifndef SIPHASH_TEST_DIFFCASE_H
#define SIPHASH_TEST_DIFFCASE_H

#include "check.h"

typedef struct {
    uint8_t key[16];
    uint8_t *block; /* owns the allocation */
    const uint8_t *msg;
    size_t len;
} diff_case;

static int diff_cases(void)
{
    return getenv("SIPHASH_TEST_QUICK") ? 3000 : 100000;
}

static void diff_case_make(diff_case *dc)
{
    check_rand_bytes(dc->key, 16);
    uint64_t r = check_rand();
    dc->len = (r & 3) == 0 ? (size_t)(r >> 8) % 65 : (size_t)(r >> 8) % 1025;
    size_t off = (size_t)(r >> 4) & 7;
    dc->block = malloc(off + dc->len ? off + dc->len : 1);
    if (!dc->block) {
        perror("malloc");
        exit(2);
    }
    check_rand_bytes(dc->block + off, dc->len);
    dc->msg = dc->block + off;
}

static void diff_case_free(diff_case *dc)
{
    free(dc->block);
}

static uint64_t diff_le64(const uint8_t *b)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | b[i];
    return x;
}

#endif
