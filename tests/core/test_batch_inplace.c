/* SPDX-License-Identifier: MIT */
/*
 * test_batch_inplace.c — the one overlap siphash.h allows between a batch
 * function's out and its input: out equal to the input, each result
 * replacing its own 8-byte input (the _u64 functions with out == in; the
 * fixed-length functions with base == out, stride 8, len 0..8).  Checked on
 * every batch path this CPU and build have, for counts around the lane
 * groups, against the one-shot functions over a copy.  (Other overlaps are
 * documented as not allowed; the Python binding hashes through a
 * temporary for them, python/tests/test_out.py.)
 */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS, for batch_test.h's guard pages */
#include "batch_test.h"

static const size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65,
                                100, 255, 256, 257, 1000};

typedef void (*fixed_fn)(const void *, size_t, size_t, size_t, const siphash_key_t *,
                         uint64_t *);
typedef void (*u64_fn)(const uint64_t *, size_t, const siphash_key_t *, uint64_t *);

static const struct {
    const char *name;
    fixed_fn batch;
    batch_oneshot_fn oneshot;
} fixed[] = {
    {"siphash_batch", siphash_batch, siphash24_64},
    {"siphash13_batch", siphash13_batch, siphash13_64},
    {"siphash12_batch", siphash12_batch, siphash12_64},
};

static const struct {
    const char *name;
    u64_fn batch;
    batch_oneshot_fn oneshot;
} u64s[] = {
    {"siphash_batch_u64", siphash_batch_u64, siphash24_64},
    {"siphash13_batch_u64", siphash13_batch_u64, siphash13_64},
};

static void test_path(const char *path)
{
    const size_t max = 1000;
    uint64_t *buf = check_xmalloc(max * 8), *copy = check_xmalloc(max * 8);
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        const size_t n = counts[c];
        siphash_key_t key = check_random_key();
        for (size_t f = 0; f < sizeof fixed / sizeof fixed[0]; f++) {
            for (size_t len = 0; len <= 8; len++) {
                check_rand_bytes(buf, max * 8);
                memcpy(copy, buf, max * 8);
                fixed[f].batch(buf, 8, len, n, &key, buf);
                for (size_t i = 0; i < n; i++)
                    CHECK_EQ_U64(buf[i], fixed[f].oneshot((const uint8_t *)copy + 8 * i, len, &key),
                                 "%s %s in place, len %zu n %zu: result %zu", path, fixed[f].name,
                                 len, n, i);
                CHECK(memcmp(buf + n, copy + n, (max - n) * 8) == 0,
                      "%s %s in place wrote past out[n-1] (n %zu)", path, fixed[f].name, n);
            }
        }
        for (size_t f = 0; f < sizeof u64s / sizeof u64s[0]; f++) {
            check_rand_bytes(buf, max * 8);
            memcpy(copy, buf, max * 8);
            u64s[f].batch(buf, n, &key, buf);
            for (size_t i = 0; i < n; i++) {
                uint8_t le[8];
                for (int b = 0; b < 8; b++)
                    le[b] = (uint8_t)(copy[i] >> (8 * b));
                CHECK_EQ_U64(buf[i], u64s[f].oneshot(le, 8, &key), "%s %s in place, n %zu: result %zu",
                             path, u64s[f].name, n, i);
            }
        }
    }
    free(buf);
    free(copy);
}

int main(void)
{
    check_seed("test_batch_inplace");
    batch_paths_each("test_batch_inplace", 0, test_path);
    return check_finish("test_batch_inplace");
}
