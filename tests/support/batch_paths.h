/* SPDX-License-Identifier: MIT */
/*
 * batch_paths.h — what the batch tests share: every batch path this CPU
 * and build have, forced in turn; a fresh random key per case; the record
 * stride of a (length, count) case.  Test use only.
 */
#ifndef SIPHASH_TEST_BATCH_PATHS_H
#define SIPHASH_TEST_BATCH_PATHS_H

#include "check.h"

#include <errno.h>
#include <siphash.h>

/* Every path name the library knows, whether or not this CPU has it. */
static const char *const batch_paths_all[] = {"portable", "avx2", "avx512", "neon"};

/* Forces each path in turn and runs test(path) on every one this CPU and
 * build have (the others are reported as skipped), then goes back to the
 * best path.  Lines start with prog: .ci/batch.sh reads them. */
static inline void batch_paths_each(const char *prog, int quick, void (*test)(const char *path))
{
    int ran = 0;
    for (size_t p = 0; p < sizeof batch_paths_all / sizeof batch_paths_all[0]; p++) {
        const char *path = batch_paths_all[p];
        const int rc = siphash_batch_force_impl(path);
        if (rc == -ENOTSUP) {
            printf("%s: %s: not available here, skipped\n", prog, path);
            continue;
        }
        CHECK(rc == 0, "force %s returned %d", path, rc);
        if (rc != 0)
            continue;
        CHECK(strcmp(siphash_batch_impl(), path) == 0, "forced %s, in use %s", path,
              siphash_batch_impl());
        printf("%s: testing %s%s\n", prog, path, quick ? " (quick)" : "");
        test(path);
        ran++;
    }
    CHECK(ran >= 1, "no path tested");
    CHECK(siphash_batch_force_impl(NULL) == 0, "back to the best path");
}

static inline siphash_key_t batch_random_key(void)
{
    siphash_key_t k = {{check_rand(), check_rand()}};
    return k;
}

/* One stride for a (len, n) case, cycling with n through the layouts a
 * caller can pass: equal to len (packed), larger (gaps), 8 (records 8
 * bytes apart, overlapping when len > 8) and 0 (one record n times). */
static inline size_t batch_stride(size_t len, size_t n)
{
    switch (n % 4) {
    case 0: return len;
    case 1: return len + 1 + (size_t)(check_rand() % 23);
    case 2: return 8;
    default: return 0;
    }
}

#endif
