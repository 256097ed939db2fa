/* SPDX-License-Identifier: MIT */
/*
 * ct_negative.c — the negative control for ct_test: two textbook timing
 * leaks that memcheck MUST flag, so a passing ct_test means something.
 *
 *   ct_negative branch   early-exit comparison of a secret with a guess
 *                        (the bug behind many MAC-check timing attacks):
 *                        "Conditional jump or move depends on
 *                        uninitialised value(s)"
 *   ct_negative index    table lookup indexed by a secret byte (the cache
 *                        side channel of table-based AES):
 *                        "Use of uninitialised value of size N"
 *
 * Both are run under valgrind by tests/ct/expect_flagged.cmake, which
 * passes only if valgrind exits with its error code AND reports the
 * expected kind of error.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

/* noinline + volatile sink: the leak must survive the optimiser. */
__attribute__((noinline)) static int leaky_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0; /* returns early: time depends on the secret */
    return 1;
}

static const uint8_t sbox[256] = {
    99, 124, 119, 123, 242, 107, 111, 197, 48, 1, 103, 43, 254, 215, 171, 118,
};

__attribute__((noinline)) static uint8_t leaky_lookup(const uint8_t *secret, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc ^= sbox[secret[i]]; /* address depends on the secret */
    return acc;
}

int main(int argc, char **argv)
{
    uint8_t secret[16], guess[16];
    for (int i = 0; i < 16; i++)
        secret[i] = (uint8_t)(i * 37 + 11), guess[i] = (uint8_t)(i * 37 + 11 + (i == 9));
    (void)VALGRIND_MAKE_MEM_UNDEFINED(secret, sizeof secret);

    volatile int r = -1;
    if (argc > 1 && strcmp(argv[1], "branch") == 0)
        r = leaky_equal(secret, guess, sizeof secret);
    else if (argc > 1 && strcmp(argv[1], "index") == 0)
        r = leaky_lookup(secret, sizeof secret);
    else {
        fprintf(stderr, "usage: %s branch|index\n", argv[0]);
        return 2;
    }
    int out = r;
    (void)VALGRIND_MAKE_MEM_DEFINED(&out, sizeof out);
    printf("ct_negative %s: %d\n", argv[1], out);
    return 0;
}
