/* SPDX-License-Identifier: MIT */
/*
 * check.h — the test harness: CHECK-style macros that count and report,
 * a seeded PRNG (seed printed, overridable with SIPHASH_TEST_SEED so any
 * failure can be replayed), and an allocation that ends the run when
 * memory runs out.  Header-only, test use only.
 */
#ifndef SIPHASH_TEST_CHECK_H
#define SIPHASH_TEST_CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long check_failures_;
static unsigned long check_count_;

/* Reports a failed expectation with where and what, keeps going (so one
 * run shows every failure), and makes check_finish() return non-zero. */
#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        check_count_++;                                                        \
        if (!(cond)) {                                                         \
            if (++check_failures_ <= 20) {                                     \
                fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__,         \
                        __LINE__, #cond);                                      \
                fprintf(stderr, __VA_ARGS__);                                  \
                fputc('\n', stderr);                                           \
            }                                                                  \
        }                                                                      \
    } while (0)

#define CHECK_EQ_U64(a, b, ...)                                                \
    do {                                                                       \
        uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                       \
        CHECK(a_ == b_, "%016" PRIx64 " != %016" PRIx64 ": ", a_, b_);         \
        if (a_ != b_ && check_failures_ <= 20) {                               \
            fprintf(stderr, "    ");                                           \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

/* Prints "name: N checks, N failed" and returns the exit status. */
static inline int check_finish(const char *name)
{
    printf("%s: %lu checks, %lu failed\n", name, check_count_, check_failures_);
    return check_failures_ ? 1 : 0;
}

/* malloc for test data: a test cannot go on without it, so out of memory
 * ends the run (exit status 2, not a test failure); n = 0 is allowed. */
static inline void *check_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* True if the n bytes at p are all zero (a wiped key, buffer or context). */
static inline int check_all_zero(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    unsigned char acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= b[i];
    return acc == 0;
}

/* xoshiro256** seeded by splitmix64 from SIPHASH_TEST_SEED or the clock. */
static uint64_t check_rng_[4];

static inline uint64_t check_splitmix_(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline uint64_t check_rand(void)
{
    uint64_t *s = check_rng_;
    uint64_t r = s[1] * 5;
    r = (r << 7 | r >> 57) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0], s[3] ^= s[1], s[1] ^= s[2], s[0] ^= s[3], s[2] ^= t;
    s[3] = s[3] << 45 | s[3] >> 19;
    return r;
}

static inline void check_rand_bytes(void *buf, size_t len)
{
    uint8_t *p = (uint8_t *)buf;
    for (size_t i = 0; i < len; i++)
        p[i] = (uint8_t)(check_rand() >> 56);
}

/* Seeds the PRNG and prints the seed so a failing run can be replayed. */
static inline void check_seed(const char *name)
{
    const char *env = getenv("SIPHASH_TEST_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
    printf("%s: seed %" PRIu64 " (replay with SIPHASH_TEST_SEED=%" PRIu64 ")\n", name,
           seed, seed);
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        check_rng_[i] = check_splitmix_(&x);
}

#endif
