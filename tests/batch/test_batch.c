/* SPDX-License-Identifier: MIT */
/*
 * test_batch.c — every batch path this CPU and build have, forced in turn
 * with siphash_batch_force_impl(), against the scalar functions:
 *   - siphash_batch / siphash13_batch: every length 0..256, n = 0..67,
 *     strides equal to len, larger, 8 (the contiguous-load case) and 0,
 *     base offsets 0..7, a fresh random key per length;
 *   - siphash_batch_u64 / siphash13_batch_u64 against siphash_1u64 and
 *     siphash13_64 of the little-endian bytes;
 *   - siphash_batchv and siphash13_batchv with mixed lengths (and NULL
 *     pointers of length 0), and with one word count throughout (any
 *     length mod 8);
 *   - every batchv kernel on batches of one word count (or one length)
 *     but one message, that one at every index, n up to 1025;
 *   - every length 0..1024 at every alignment, messages and records;
 *   - every batchv kernel on batches of one, two and three chunks of the
 *     ordering (512 messages) plus every tail size up to two groups of the
 *     widest path and a few more, mixed word counts in every chunk;
 *   - records flush against PROT_NONE pages on both sides, so any read
 *     before the first or past the last record byte crashes the test;
 *   - no output written past out[n-1].
 *
 * Usage: test_batch [--quick] [--env]
 *   --quick (or SIPHASH_TEST_QUICK=1): fewer lengths and counts, for
 *           valgrind and qemu.
 *   --env:  SIPHASH_IMPL is set by the caller; check that the first batch
 *           call honoured it (when this CPU has that path), and nothing
 *           else.
 */
#define _GNU_SOURCE
#include "batch_test.h"
#include "check.h"
#include "guard_pages.h"
#include "random_key.h"

#include <errno.h>
#include <siphash.h>

static int quick;

static uint64_t ref13_u64(uint64_t x, const siphash_key_t *k)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(x >> (8 * i));
    return siphash13_64(b, 8, k);
}

/* The lengths and counts swept; --quick keeps the edges around every
 * lane-group size and a few long records. */
static int want_len(size_t len)
{
    return !quick || len <= 72 || len == 127 || len == 128 || len == 129 || len == 255 ||
           len == 256;
}

static int want_n(size_t n)
{
    return !quick || n <= 20 || n == 31 || n == 32 || n == 33 || n == 67;
}

static void test_fixed(const char *path)
{
    for (size_t len = 0; len <= 256; len++) {
        if (!want_len(len))
            continue;
        const siphash_key_t key = check_random_key();
        for (size_t n = 0; n <= 67; n++) {
            if (!want_n(n))
                continue;
            const size_t stride = batch_stride(len, n);
            const size_t off = (len * 3 + n) & 7;
            const size_t span = n ? (n - 1) * stride + len : 0;
            uint8_t *buf = check_xmalloc(off + span);
            check_rand_bytes(buf, off + span);
            uint64_t *out = check_xmalloc((n + 1) * sizeof *out);
            const uint64_t sentinel = check_rand();
            for (int v = 0; v < 2; v++) {
                out[n] = sentinel;
                if (v == 0)
                    siphash_batch(buf + off, stride, len, n, &key, out);
                else
                    siphash13_batch(buf + off, stride, len, n, &key, out);
                for (size_t i = 0; i < n; i++) {
                    const uint8_t *rec = buf + off + i * stride;
                    uint64_t want = v == 0 ? siphash24_64(rec, len, &key)
                                           : siphash13_64(rec, len, &key);
                    CHECK_EQ_U64(out[i], want, "%s %s len %zu n %zu stride %zu off %zu i %zu",
                                 path, v ? "siphash13_batch" : "siphash_batch", len, n, stride,
                                 off, i);
                }
                CHECK_EQ_U64(out[n], sentinel, "%s wrote past out[n-1] (len %zu n %zu)", path,
                             len, n);
            }
            free(out);
            free(buf);
        }
    }
}

static void test_u64(const char *path)
{
    for (size_t n = 0; n <= 67; n++) {
        if (!want_n(n))
            continue;
        const siphash_key_t key = check_random_key();
        uint64_t *in = check_xmalloc((n + 1) * sizeof *in);
        uint64_t *out = check_xmalloc((n + 1) * sizeof *out);
        for (size_t i = 0; i < n; i++)
            in[i] = check_rand();
        const uint64_t sentinel = check_rand();
        out[n] = sentinel;
        siphash_batch_u64(in, n, &key, out);
        for (size_t i = 0; i < n; i++)
            CHECK_EQ_U64(out[i], siphash_1u64(in[i], &key), "%s siphash_batch_u64 n %zu i %zu",
                         path, n, i);
        siphash13_batch_u64(in, n, &key, out);
        for (size_t i = 0; i < n; i++)
            CHECK_EQ_U64(out[i], ref13_u64(in[i], &key), "%s siphash13_batch_u64 n %zu i %zu",
                         path, n, i);
        CHECK_EQ_U64(out[n], sentinel, "%s u64 wrote past out[n-1] (n %zu)", path, n);
        free(in);
        free(out);
    }
}

static const struct batch_fixed_pair fixed_pairs[] = {
    {"siphash_batch", siphash_batch, siphash24_64},
    {"siphash13_batch", siphash13_batch, siphash13_64},
};
/* random batches and the guard pages: the two variants tests/redis does
 * not test (it has siphash12_batchv and the nocase one) */
static const struct batch_vec_pair vec_pairs[] = {
    {"siphash_batchv", siphash_batchv, siphash24_64},
    {"siphash13_batchv", siphash13_batchv, siphash13_64},
};
#define N_VEC (sizeof vec_pairs / sizeof vec_pairs[0])
/* every mixed-length kernel: the grouping is shared, the loads and final
 * blocks are not */
static const struct batch_vec_pair all_vec_pairs[] = {
    {"siphash_batchv", siphash_batchv, siphash24_64},
    {"siphash13_batchv", siphash13_batchv, siphash13_64},
    {"siphash12_batchv", siphash12_batchv, siphash12_64},
    {"siphash12_nocase_batchv", siphash12_nocase_batchv, siphash12_nocase_64},
};
#define N_ALL_VEC (sizeof all_vec_pairs / sizeof all_vec_pairs[0])

/* One batchv kernel over msgs[0..n-1] against its one-shot function; out
 * has room for n + 1, and out[n] must come back untouched.  Returns how
 * many hashes were wrong, the first of them at *first. */
static size_t vec_pair_wrong(const char *path, const struct batch_vec_pair *f,
                             const void **msgs, const size_t *lens, size_t n,
                             const siphash_key_t *key, uint64_t *out, size_t *first)
{
    const uint64_t sentinel = check_rand();
    out[n] = sentinel;
    f->batch((const void *const *)msgs, lens, n, key, out);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (out[i] != f->oneshot(msgs[i], lens[i], key) && !bad++)
            *first = i;
    CHECK_EQ_U64(out[n], sentinel, "%s %s wrote past out[n-1] (n %zu)", path, f->name, n);
    return bad;
}

/* Mixed lengths: mostly 0..64 (hash-table keys), some up to 300; every
 * message at its own random offset in one buffer, NULL for some empty ones. */
static void test_vec(const char *path)
{
    const size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 67, 1000};
    const int rounds = quick ? 3 : 20;
    for (int r = 0; r < rounds; r++)
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            const size_t n = counts[c];
            const siphash_key_t key = check_random_key();
            const size_t bufsize = 4096;
            uint8_t *buf = check_xmalloc(bufsize);
            check_rand_bytes(buf, bufsize);
            const void **msgs = check_xmalloc((n + 1) * sizeof *msgs);
            size_t *lens = check_xmalloc((n + 1) * sizeof *lens);
            uint64_t *out = check_xmalloc((n + 1) * sizeof *out);
            for (size_t i = 0; i < n; i++) {
                uint64_t x = check_rand();
                lens[i] = (x & 7) == 0 ? (size_t)(x >> 8) % 301 : (size_t)(x >> 8) % 65;
                msgs[i] = buf + (size_t)(x >> 32) % (bufsize - lens[i] + 1);
                if (lens[i] == 0 && (x & 16))
                    msgs[i] = NULL;
            }
            for (size_t f = 0; f < N_VEC; f++) {
                size_t first = 0;
                const size_t bad =
                    vec_pair_wrong(path, &vec_pairs[f], msgs, lens, n, &key, out, &first);
                CHECK(bad == 0, "%s %s n %zu: %zu wrong, the first at %zu (len %zu)", path,
                      vec_pairs[f].name, n, bad, first, bad ? lens[first] : 0);
            }
            free(msgs);
            free(lens);
            free(out);
            free(buf);
        }
}

/*
 * Batches that span several chunks of the batchv ordering (SIP_VCHUNK, 512
 * messages) and end in a tail of every size: the last chunk's messages
 * that fill no lane group (fewer than four are hashed one by one, more in
 * one padded group) must land at their own index of the whole batch, not
 * of their chunk.  Even messages are 0..7 bytes, odd ones 8..64, so every
 * chunk (and every tail of two or more) mixes word counts and takes the
 * ordered path, never the one-word-count one.
 */
enum { VCHUNK = 512, TAILS = 2 * 16 + 8 };
static void test_vec_chunks(const char *path)
{
    const size_t chunks_max = quick ? 1 : 3;
    uint8_t *buf = check_xmalloc(8192);
    const void **msgs = check_xmalloc((chunks_max * VCHUNK + TAILS + 1) * sizeof *msgs);
    size_t *lens = check_xmalloc((chunks_max * VCHUNK + TAILS + 1) * sizeof *lens);
    uint64_t *out = check_xmalloc((chunks_max * VCHUNK + TAILS + 1) * sizeof *out);
    for (size_t chunks = 1; chunks <= chunks_max; chunks++)
        for (size_t tail = 0; tail <= TAILS; tail++) {
            const size_t n = chunks * VCHUNK + tail;
            const siphash_key_t key = check_random_key();
            check_rand_bytes(buf, 8192);
            for (size_t i = 0; i < n; i++) {
                const uint64_t x = check_rand();
                lens[i] = i & 1 ? 8 + (size_t)(x >> 8) % 57 : (size_t)(x >> 8) % 8;
                msgs[i] = buf + (size_t)(x >> 32) % (8192 - 64);
            }
            for (size_t f = 0; f < N_ALL_VEC; f++) {
                size_t first = 0;
                const size_t bad =
                    vec_pair_wrong(path, &all_vec_pairs[f], msgs, lens, n, &key, out, &first);
                CHECK(bad == 0, "%s %s n %zu (%zu chunks + %zu): %zu wrong, the first at %zu",
                      path, all_vec_pairs[f].name, n, chunks, tail, bad, first);
            }
        }
    free(out);
    free(lens);
    free(msgs);
    free(buf);
}

/* Records, messages and u64 arrays flush against guard pages: a read
 * outside their bytes faults. */
static void test_guarded(const char *path)
{
    struct guard_pages g;
    if (guard_pages_map(&g, 4) != 0)
        return;
    check_rand_bytes(g.lo, (size_t)(g.hi - g.lo));
    batch_guarded_records(&g, path, fixed_pairs, 2);
    batch_guarded_messages(&g, path, 1, vec_pairs, N_VEC);
    batch_guarded_same_words(&g, path, vec_pairs, N_VEC);

    /* u64: the array ends at the guard page */
    const siphash_key_t key = check_random_key();
    uint64_t out[40];
    for (size_t n = 1; n <= 40; n++) {
        const uint64_t *in = (const uint64_t *)(const void *)(g.hi - 8 * n);
        siphash_batch_u64(in, n, &key, out);
        for (size_t i = 0; i < n; i++)
            CHECK_EQ_U64(out[i], siphash_1u64(in[i], &key), "%s guarded u64 n %zu", path, n);
    }
    guard_pages_unmap(&g);
}

/* One word count (or length) but one, the odd one at every index; every
 * length 0..1024 at every alignment.  Records up to 19 x 1031 bytes. */
static void test_guarded_lengths(const char *path)
{
    struct guard_pages g;
    if (guard_pages_map(&g, 8) != 0)
        return;
    check_rand_bytes(g.lo, (size_t)(g.hi - g.lo));
    batch_guarded_odd_one(&g, path, all_vec_pairs, N_ALL_VEC, quick);
    batch_guarded_all_lengths(&g, path, all_vec_pairs, N_ALL_VEC, fixed_pairs, 2, quick);
    guard_pages_unmap(&g);
}

static void test_path(const char *path)
{
    test_fixed(path);
    test_u64(path);
    test_vec(path);
    test_vec_chunks(path);
    test_guarded(path);
    test_guarded_lengths(path);
}

int main(int argc, char **argv)
{
    int env_mode = 0;
    const char *q = getenv("SIPHASH_TEST_QUICK");
    quick = q && *q && strcmp(q, "0") != 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--env") == 0)
            env_mode = 1;
    }
    check_seed("test_batch");

    if (env_mode) {
        /* The first call reads SIPHASH_IMPL; if the CPU has that path (the
         * force call afterwards says so), the choice must have followed it. */
        const char *want = getenv("SIPHASH_IMPL");
        const char *got = siphash_batch_impl();
        CHECK(want != NULL, "--env needs SIPHASH_IMPL set");
        if (want && siphash_batch_force_impl(want) == 0)
            CHECK(strcmp(got, want) == 0, "SIPHASH_IMPL=%s but the path is %s", want, got);
        printf("test_batch: SIPHASH_IMPL=%s -> %s\n", want ? want : "(unset)", got);
        /* Every path's hashes are test_batch's own run (each path forced
         * in turn); the environment decides only this first choice. */
        return check_finish("test_batch");
    }

    CHECK(siphash_batch_force_impl("no-such-path") == -EINVAL, "unknown name not -EINVAL");
    CHECK(siphash_batch_force_impl("portable") == 0, "portable must always exist");

    batch_paths_each("test_batch", quick, test_path);
    printf("test_batch: best path here: %s\n", siphash_batch_impl());
    return check_finish("test_batch");
}
