/* SPDX-License-Identifier: MIT */
/*
 * batch_test.h — what the batch tests share: every batch path this CPU
 * and build have, forced in turn; the record stride of a (length, count)
 * case; records and messages placed flush against guard pages, where a
 * read past a record's last byte (or before its first) faults, each batch
 * function checked against its one-shot form.  Test use only.
 */
#ifndef SIPHASH_TEST_BATCH_TEST_H
#define SIPHASH_TEST_BATCH_TEST_H

#include "check.h"
#include "guard_pages.h"
#include "random_key.h"

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

/* The one-shot a batch function must agree with, message by message. */
typedef uint64_t (*batch_oneshot_fn)(const void *data, size_t len, const siphash_key_t *key);

/* A fixed-length batch function (siphash_batch's form) and its one-shot. */
struct batch_fixed_pair {
    const char *name;
    void (*batch)(const void *base, size_t stride, size_t len, size_t n,
                  const siphash_key_t *key, uint64_t *out);
    batch_oneshot_fn oneshot;
};

/* A batch function over messages of any lengths (siphash_batchv's form). */
struct batch_vec_pair {
    const char *name;
    void (*batch)(const void *const *msgs, const size_t *lens, size_t n,
                  const siphash_key_t *key, uint64_t *out);
    batch_oneshot_fn oneshot;
};

/* n records of len bytes, stride apart from base, through every pair. */
static inline void batch_check_records_(const char *path, const struct batch_fixed_pair *f,
                                        size_t nf, const uint8_t *base, size_t stride,
                                        size_t len, size_t n, const siphash_key_t *key)
{
    uint64_t out[64];
    for (size_t p = 0; p < nf; p++) {
        f[p].batch(base, stride, len, n, key, out);
        for (size_t i = 0; i < n; i++)
            CHECK_EQ_U64(out[i], f[p].oneshot(base + i * stride, len, key),
                         "%s guarded %s len %zu n %zu stride %zu", path, f[p].name, len, n,
                         stride);
    }
}

/* Fixed-length records against the guards of g, through every pair: every
 * length 0..80, counts around the lane-group sizes, strides packed, with
 * gaps and 8 (records overlapping); the last record ends at g->hi, then
 * the first starts at g->lo.  A fresh key per length. */
static inline void batch_guarded_records(const struct guard_pages *g, const char *path,
                                         const struct batch_fixed_pair *f, size_t nf)
{
    static const size_t ns[] = {1, 3, 4, 5, 7, 8, 9, 16, 17, 33};
    for (size_t len = 0; len <= 80; len++) {
        const siphash_key_t key = check_random_key();
        for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
            const size_t n = ns[k];
            const size_t strides[] = {len, len + 3, len + 5, 8};
            for (size_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
                const size_t span = (n - 1) * strides[s] + len;
                batch_check_records_(path, f, nf, g->hi - span, strides[s], len, n, &key);
                batch_check_records_(path, f, nf, g->lo, strides[s], len, n, &key);
            }
        }
    }
}

/* 64 messages of mixed lengths 0..80 through every pair, every message
 * ending at g->hi, then every one starting at g->lo; `rounds` draws of
 * lengths and key on each side. */
static inline void batch_guarded_messages(const struct guard_pages *g, const char *path,
                                          int rounds, const struct batch_vec_pair *f, size_t nf)
{
    enum { N = 64 };
    for (int e = 0; e < 2; e++)
        for (int r = 0; r < rounds; r++) {
            const void *msgs[N];
            size_t lens[N];
            uint64_t out[N];
            const siphash_key_t key = check_random_key();
            for (size_t i = 0; i < N; i++) {
                lens[i] = (size_t)(check_rand() % 81);
                msgs[i] = e == 0 ? g->hi - lens[i] : g->lo;
            }
            for (size_t p = 0; p < nf; p++) {
                f[p].batch(msgs, lens, N, &key, out);
                for (size_t i = 0; i < N; i++)
                    CHECK_EQ_U64(out[i], f[p].oneshot(msgs[i], lens[i], &key),
                                 "%s guarded %s len %zu", path, f[p].name, lens[i]);
            }
        }
}

/* Batches whose messages all have the same number of whole words but any
 * len % 8, then whole words only (the batchv path without a sort): word
 * counts 0..5, 15 and 20, counts around the lane-group sizes, each message
 * ending at g->hi, then each one starting at g->lo; some empty messages
 * are NULL. */
static inline void batch_guarded_same_words(const struct guard_pages *g, const char *path,
                                            const struct batch_vec_pair *f, size_t nf)
{
    enum { N = 70 };
    static const size_t words[] = {0, 1, 2, 3, 4, 5, 15, 20};
    static const size_t ns[] = {1, 3, 4, 5, 8, 9, 16, 17, 18, 21, 33, 34, N};
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
        for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
            for (int e = 0; e < 4; e++) {
                /* e & 1: against the upper or the lower guard page; e & 2:
                 * whole words only (vector final blocks without loads) */
                const size_t n = ns[k];
                const void *msgs[N];
                size_t lens[N];
                uint64_t out[N + 1];
                const siphash_key_t key = check_random_key();
                for (size_t i = 0; i < n; i++) {
                    lens[i] = 8 * words[w] + (e & 2 ? 0 : (size_t)(check_rand() % 8));
                    msgs[i] = e & 1 ? g->lo : g->hi - lens[i];
                    if (lens[i] == 0 && check_rand() % 2)
                        msgs[i] = NULL;
                }
                for (size_t p = 0; p < nf; p++) {
                    const uint64_t sentinel = check_rand();
                    out[n] = sentinel;
                    f[p].batch(msgs, lens, n, &key, out);
                    for (size_t i = 0; i < n; i++)
                        CHECK_EQ_U64(out[i], f[p].oneshot(msgs[i], lens[i], &key),
                                     "%s guarded %s, %zu words, n %zu, len %zu", path,
                                     f[p].name, words[w], n, lens[i]);
                    CHECK_EQ_U64(out[n], sentinel, "%s %s wrote past out[n-1] (n %zu)", path,
                                 f[p].name, n);
                }
            }
}

#endif
