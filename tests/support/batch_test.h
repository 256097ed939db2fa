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
#include <stdlib.h>
#include <string.h>

/* Every path name the library knows, whether or not this CPU has it: the
 * default tables, then each split forced: 0, 1 or 2 messages hashed in
 * general registers beside each group of vectors, on every batch
 * function; "avx2+zen" is the AVX2 table AMD Zen 1-5 get, "avx512+zen4"
 * the AVX-512 table of AMD Zen 4 (docs/batch.md). */
static const char *const batch_paths_all[] = {
    "portable", "avx2",     "avx512",   "neon",        "avx2+0", "avx2+1", "avx2+2",
    "avx2+zen", "avx512+0", "avx512+1", "avx512+zen4", "neon+0", "neon+1", "neon+2"};

/* Forces each path in turn and runs test(path) on every one this CPU and
 * build have (the others are reported as skipped), then goes back to the
 * best path.  Lines start with prog: .ci/batch.sh reads them.
 * SIPHASH_TEST_SPLITS=defaults leaves out the forced splits (names with a
 * '+'): the default tables only, for the matrix's valgrind run, where a
 * path costs minutes and the splits' code is the defaults' code with
 * other counts (every split runs in the native, sanitizer and qemu
 * builds). */
static inline void batch_paths_each(const char *prog, int quick, void (*test)(const char *path))
{
    int ran = 0;
    const char *only = getenv("SIPHASH_TEST_SPLITS");
    const int defaults_only = only && strcmp(only, "defaults") == 0;
    for (size_t p = 0; p < sizeof batch_paths_all / sizeof batch_paths_all[0]; p++) {
        const char *path = batch_paths_all[p];
        if (defaults_only && strchr(path, '+')) {
            printf("%s: %s: skipped (SIPHASH_TEST_SPLITS=defaults)\n", prog, path);
            continue;
        }
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
 * caller can pass: equal to len (packed), larger (gaps), 8 or 16 (records
 * 8 or 16 bytes apart, overlapping when longer: the kernels' plain loads
 * of consecutive records) and 0 (one record n times). */
static inline size_t batch_stride(size_t len, size_t n)
{
    switch (n % 4) {
    case 0: return len;
    case 1: return len + 1 + (size_t)(check_rand() % 23);
    case 2: return n % 8 == 6 ? 16 : 8;
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

/* The lengths of the "odd one out" batches: n messages sharing one word
 * count (or one length), but one.  kind 0: all of length base, the odd one
 * of another word count; 1: all of base's word count with random
 * len % 8, the odd one of another word count; 2: all of length base, the
 * odd one of the same word count but another length (for a grouping by
 * length).  Returns the odd length. */
static inline size_t batch_odd_lengths_(int kind, size_t base, size_t *lens, size_t n)
{
    for (size_t i = 0; i < n; i++)
        lens[i] = kind == 1 ? (base & ~(size_t)7) + (size_t)(check_rand() % 8) : base;
    if (kind == 2)
        return (base & ~(size_t)7) + ((base & 7) + 1 + (size_t)(check_rand() % 7)) % 8;
    size_t odd;
    do
        odd = (size_t)(check_rand() % 90);
    while (odd >> 3 == base >> 3);
    return odd;
}

/* Batches whose messages all have one word count (or one length) but one,
 * with the odd one at every index 0..n-1: a grouping that checks only some
 * of the lengths (a scan that skips one in 16, a block compared by its
 * first lane) hashes the odd one as if it had the others' length.  Counts
 * around the lane groups, the lane-group multiples and the batch's chunk of
 * 512; word counts 0..11 (the short and the long tail paths); every
 * message ends at g->hi, so the odd one also faults if read past its end.
 * quick: fewer counts (valgrind, qemu). */
static inline void batch_guarded_odd_one(const struct guard_pages *g, const char *path,
                                         const struct batch_vec_pair *f, size_t nf, int quick)
{
    static const size_t ns_full[] = {2, 3, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65,
                                     511, 512, 513, 1024, 1025};
    static const size_t ns_quick[] = {2, 15, 16, 17, 31, 32, 33, 511, 512, 513};
    const size_t *ns = quick ? ns_quick : ns_full;
    const size_t nns = quick ? sizeof ns_quick / sizeof ns_quick[0]
                             : sizeof ns_full / sizeof ns_full[0];
    enum { NMAX = 1025 };
    const void **msgs = check_xmalloc(NMAX * sizeof *msgs);
    size_t *lens = check_xmalloc(NMAX * sizeof *lens);
    uint64_t *out = check_xmalloc((NMAX + 1) * sizeof *out);
    uint64_t *want = check_xmalloc(NMAX * sizeof *want);
    for (size_t k = 0; k < nns; k++)
        for (int kind = 0; kind < 3; kind++) {
            const size_t n = ns[k];
            /* the planted case first: 16-byte messages and one of 3 bytes */
            const size_t base = k == 0 && kind == 0 ? 16 : (size_t)(check_rand() % 90);
            const size_t odd = k == 0 && kind == 0 ? 3 : batch_odd_lengths_(kind, base, lens, n);
            if (k == 0 && kind == 0)
                for (size_t i = 0; i < n; i++)
                    lens[i] = base;
            const siphash_key_t key = check_random_key();
            for (size_t i = 0; i < n; i++)
                msgs[i] = g->hi - lens[i];
            for (size_t p = 0; p < nf; p++) {
                for (size_t i = 0; i < n; i++)
                    want[i] = f[p].oneshot(msgs[i], lens[i], &key);
                const uint64_t want_odd = f[p].oneshot(g->hi - odd, odd, &key);
                for (size_t at = 0; at < n; at++) {
                    const size_t keep = lens[at];
                    lens[at] = odd;
                    msgs[at] = g->hi - odd;
                    const uint64_t sentinel = check_rand();
                    out[n] = sentinel;
                    f[p].batch(msgs, lens, n, &key, out);
                    size_t bad = n;
                    for (size_t i = 0; i < n && bad == n; i++)
                        if (out[i] != (i == at ? want_odd : want[i]))
                            bad = i;
                    CHECK(bad == n && out[n] == sentinel,
                          "%s %s: %zu messages of %s %zu B, one of %zu B at index %zu: "
                          "wrong hash at index %zu (%zu = none; or wrote past out[n-1])",
                          path, f[p].name, n, kind == 1 ? "the word count of" : "length", base,
                          odd, at, bad, n);
                    lens[at] = keep;
                    msgs[at] = g->hi - keep;
                }
            }
        }
    free(msgs);
    free(lens);
    free(out);
    free(want);
}

/* Every length 0..1024 (quick: 0..80 and the edges of the 64-byte spans
 * and of longer records), every start alignment mod 8: n messages of that
 * one length, then the same mixed with messages one word shorter and
 * longer, each ending at g->hi and starting at g->lo + alignment; and the
 * fixed-length pairs over records of that length.  Exactness against the
 * one-shot functions; a read outside a message faults on the guards. */
static inline int batch_want_len_(size_t len, int quick)
{
    return !quick || len <= 80 || (len % 64) <= 1 || (len % 64) == 63;
}

static inline void batch_guarded_all_lengths(const struct guard_pages *g, const char *path,
                                             const struct batch_vec_pair *f, size_t nf,
                                             const struct batch_fixed_pair *fx, size_t nfx,
                                             int quick)
{
    enum { N = 19 }; /* two 8-lane vectors and a few */
    for (size_t len = 0; len <= 1024; len++) {
        if (!batch_want_len_(len, quick))
            continue;
        const siphash_key_t key = check_random_key();
        for (size_t a = 0; a < 8; a++) {
            const void *msgs[N];
            size_t lens[N];
            uint64_t out[N + 1];
            for (int mixed = 0; mixed < 2; mixed++)
                for (int side = 0; side < 2; side++) {
                    for (size_t i = 0; i < N; i++) {
                        size_t l = len;
                        if (mixed && i % 3 == 1)
                            l = len >= 8 ? len - 8 + (size_t)(check_rand() % 8) : 0;
                        else if (mixed && i % 3 == 2)
                            l = len + 8 - (len & 7) + (size_t)(check_rand() % 8);
                        lens[i] = l;
                        /* side 0: ending at hi, the start misaligned by a
                         * and i; side 1: starting at lo + the alignment */
                        const size_t al = (a + i) % 8;
                        msgs[i] = side == 0 ? g->hi - l - (i % 2 ? al : 0) : g->lo + al;
                    }
                    for (size_t p = 0; p < nf; p++) {
                        const uint64_t sentinel = check_rand();
                        out[N] = sentinel;
                        f[p].batch(msgs, lens, N, &key, out);
                        for (size_t i = 0; i < N; i++)
                            CHECK_EQ_U64(out[i], f[p].oneshot(msgs[i], lens[i], &key),
                                         "%s %s len %zu (%s), alignment %zu, %s, index %zu "
                                         "len %zu",
                                         path, f[p].name, len, mixed ? "mixed" : "all",
                                         (size_t)((uintptr_t)msgs[i] & 7),
                                         side ? "from lo" : "to hi", i, lens[i]);
                        CHECK_EQ_U64(out[N], sentinel, "%s %s wrote past out[n-1]", path,
                                     f[p].name);
                    }
                }
            /* fixed-length records, the last ending at hi */
            const size_t stride = len + a;
            const uint8_t *base = g->hi - ((N - 1) * stride + len);
            for (size_t p = 0; p < nfx && len > 0; p++) {
                uint64_t fout[N];
                fx[p].batch(base, stride, len, N, &key, fout);
                for (size_t i = 0; i < N; i++)
                    CHECK_EQ_U64(fout[i], fx[p].oneshot(base + i * stride, len, &key),
                                 "%s guarded %s len %zu stride %zu i %zu", path, fx[p].name,
                                 len, stride, i);
            }
        }
    }
}

#endif
