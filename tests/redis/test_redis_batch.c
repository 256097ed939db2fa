/* SPDX-License-Identifier: MIT */
/*
 * test_redis_batch.c — siphash12_batch, siphash12_batchv and
 * siphash12_nocase_batchv on every batch path this CPU and build have,
 * forced in turn, against the one-shot siphash12_64 / siphash12_nocase_64:
 *   - fixed-length records: lengths 0..130, n = 0..40, strides equal to
 *     the length, larger, 8 (overlapping records) and 0, base offsets
 *     0..7, the records in an allocation of exactly their span;
 *   - any lengths: every message in its own exact-size allocation (ASan
 *     and valgrind see a read past one), NULL for some empty ones, mixed
 *     case and bytes >= 0x80 for the nocase batch;
 *   - records and messages flush against PROT_NONE pages on both sides,
 *     so a read before the first or past the last byte crashes the test;
 *   - nothing written past out[n-1].
 *
 * Usage: test_redis_batch [--quick]   (or SIPHASH_TEST_QUICK=1)
 */
#define _GNU_SOURCE
#include "batch_test.h"
#include "check.h"
#include "guard_pages.h"
#include "random_key.h"

#include <siphash.h>

static int quick;

/* Random bytes, with about half of them letters of either case: the
 * nocase paths must see capitals at every lane and word position. */
static void fill_text(uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        uint64_t r = check_rand();
        p[i] = (r & 1) ? (uint8_t)((r & 2 ? 'A' : 'a') + (r >> 8) % 26) : (uint8_t)(r >> 56);
    }
}

static void test_fixed(const char *path)
{
    const size_t maxlen = quick ? 72 : 130, maxn = quick ? 20 : 40;
    for (size_t len = 0; len <= maxlen; len++) {
        const siphash_key_t key = check_random_key();
        for (size_t n = 0; n <= maxn; n++) {
            const size_t stride = batch_stride(len, n);
            const size_t off = (len + n) & 7;
            const size_t span = n ? (n - 1) * stride + len : 0;
            uint8_t *buf = check_xmalloc(off + span);
            fill_text(buf, off + span);
            uint64_t *out = check_xmalloc((n + 1) * sizeof *out);
            const uint64_t sentinel = check_rand();
            out[n] = sentinel;
            siphash12_batch(buf + off, stride, len, n, &key, out);
            for (size_t i = 0; i < n; i++)
                CHECK_EQ_U64(out[i], siphash12_64(buf + off + i * stride, len, &key),
                             "%s siphash12_batch len %zu n %zu stride %zu off %zu i %zu", path,
                             len, n, stride, off, i);
            CHECK_EQ_U64(out[n], sentinel, "%s siphash12_batch wrote past out[n-1] (len %zu n %zu)",
                         path, len, n);
            free(out);
            free(buf);
        }
    }
}

/* n messages of random lengths, each in its own exact-size allocation. */
static void test_vec(const char *path)
{
    static const size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 67, 300};
    const int rounds = quick ? 3 : 25;
    for (int r = 0; r < rounds; r++)
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            const size_t n = counts[c];
            const siphash_key_t key = check_random_key();
            uint8_t **own = check_xmalloc(n * sizeof *own);
            const void **msgs = check_xmalloc(n * sizeof *msgs);
            size_t *lens = check_xmalloc(n * sizeof *lens);
            uint64_t *out = check_xmalloc((n + 1) * sizeof *out);
            for (size_t i = 0; i < n; i++) {
                const uint64_t x = check_rand();
                /* mostly hash-table keys (0..64 bytes; 16 and 32 often), some longer */
                lens[i] = (x & 7) == 0 ? (size_t)(x >> 8) % 301
                          : (x & 7) == 1 ? 16
                          : (x & 7) == 2 ? 32
                                         : (size_t)(x >> 8) % 65;
                own[i] = check_xmalloc(lens[i]);
                fill_text(own[i], lens[i]);
                msgs[i] = own[i];
                if (lens[i] == 0 && (x & 16))
                    msgs[i] = NULL;
            }
            const uint64_t sentinel = check_rand();
            out[n] = sentinel;
            siphash12_batchv(msgs, lens, n, &key, out);
            for (size_t i = 0; i < n; i++)
                CHECK_EQ_U64(out[i], siphash12_64(msgs[i], lens[i], &key),
                             "%s siphash12_batchv n %zu i %zu len %zu", path, n, i, lens[i]);
            siphash12_nocase_batchv(msgs, lens, n, &key, out);
            for (size_t i = 0; i < n; i++)
                CHECK_EQ_U64(out[i], siphash12_nocase_64(msgs[i], lens[i], &key),
                             "%s siphash12_nocase_batchv n %zu i %zu len %zu", path, n, i,
                             lens[i]);
            CHECK_EQ_U64(out[n], sentinel, "%s batchv wrote past out[n-1] (n %zu)", path, n);
            for (size_t i = 0; i < n; i++)
                free(own[i]);
            free(own);
            free(msgs);
            free(lens);
            free(out);
        }
}

static const struct batch_fixed_pair fixed_pairs[] = {
    {"siphash12_batch", siphash12_batch, siphash12_64},
};
static const struct batch_vec_pair vec_pairs[] = {
    {"siphash12_batchv", siphash12_batchv, siphash12_64},
    {"siphash12_nocase_batchv", siphash12_nocase_batchv, siphash12_nocase_64},
};

/* Records and messages flush against guard pages, over mixed-case text. */
static void test_guarded(const char *path)
{
    struct guard_pages g;
    if (guard_pages_map(&g, 4) != 0)
        return;
    fill_text(g.lo, (size_t)(g.hi - g.lo));
    batch_guarded_records(&g, path, fixed_pairs, 1);
    batch_guarded_messages(&g, path, 4, vec_pairs, 2);
    batch_guarded_same_words(&g, path, vec_pairs, 2);
    guard_pages_unmap(&g);
}

static void test_path(const char *path)
{
    test_fixed(path);
    test_vec(path);
    test_guarded(path);
}

int main(int argc, char **argv)
{
    const char *q = getenv("SIPHASH_TEST_QUICK");
    quick = (q && *q && strcmp(q, "0") != 0) || (argc > 1 && strcmp(argv[1], "--quick") == 0);
    check_seed("test_redis_batch");

    batch_paths_each("test_redis_batch", quick, test_path);
    return check_finish("test_redis_batch");
}
