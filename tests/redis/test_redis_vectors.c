/* SPDX-License-Identifier: MIT */
/*
 * test_redis_vectors.c — the committed SipHash-1-2 answers through every
 * entry point that computes them: siphash12_64, siphash12_nocase_64, the
 * streaming API with c = 1, d = 2 (split at every point), and the three
 * batch functions on the default path (tests/redis/test_redis_batch.c forces
 * every path).  The nocase vectors also go through siphash12_64 of an
 * ASCII-lowercased copy, and must really depend on the case folding.
 *
 * Usage: test_redis_vectors VECTOR_DIR
 */
#include "check.h"
#include "vectors.h"
#include "nocase_vectors.h"

#include <siphash.h>

static uint64_t le64(const uint8_t *b)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | b[i];
    return x;
}

/* SipHash-1-2 of m through the streaming API, cut into two pieces. */
static uint64_t stream12(const siphash_key_t *k, const uint8_t *m, size_t len, size_t cut)
{
    siphash_ctx_t ctx;
    uint8_t out[8];
    siphash_ctx_init(&ctx, k, 1, 2, 8);
    siphash_ctx_update(&ctx, m, cut);
    siphash_ctx_update(&ctx, m + cut, len - cut);
    siphash_ctx_final(&ctx, out);
    return le64(out);
}

static void plain_vectors(const char *dir, const siphash_key_t *k)
{
    static vec_file v;
    uint8_t msg[VEC_COUNT];
    vec_load(dir, "siphash-1-2-64.txt", &v);
    CHECK(v.nbytes == 8, "siphash-1-2-64.txt has %zu-byte answers", v.nbytes);
    for (size_t i = 0; i < VEC_COUNT; i++)
        msg[i] = (uint8_t)i;

    const void *ptrs[VEC_COUNT];
    size_t lens[VEC_COUNT];
    uint64_t out[VEC_COUNT + 1];
    for (size_t i = 0; i < VEC_COUNT; i++) {
        const uint64_t want = le64(v.bytes[i]);
        CHECK_EQ_U64(siphash12_64(msg, i, k), want, "siphash12_64 message %zu", i);
        /* Bytes 00..3f hold no letter: folding must change nothing. */
        CHECK_EQ_U64(siphash12_nocase_64(msg, i, k), want, "siphash12_nocase_64 message %zu", i);
        for (size_t cut = 0; cut <= i; cut++)
            CHECK_EQ_U64(stream12(k, msg, i, cut), want, "stream 1-2 message %zu cut %zu", i,
                         cut);
        /* The same message three times (stride 0). */
        siphash12_batch(msg, 0, i, 3, k, out);
        for (size_t j = 0; j < 3; j++)
            CHECK_EQ_U64(out[j], want, "siphash12_batch message %zu record %zu", i, j);
        ptrs[i] = msg;
        lens[i] = i;
    }
    out[VEC_COUNT] = 0x5a5a5a5a5a5a5a5aULL;
    siphash12_batchv(ptrs, lens, VEC_COUNT, k, out);
    for (size_t i = 0; i < VEC_COUNT; i++)
        CHECK_EQ_U64(out[i], le64(v.bytes[i]), "siphash12_batchv message %zu", i);
    siphash12_nocase_batchv(ptrs, lens, VEC_COUNT, k, out);
    for (size_t i = 0; i < VEC_COUNT; i++)
        CHECK_EQ_U64(out[i], le64(v.bytes[i]), "siphash12_nocase_batchv message %zu", i);
    CHECK_EQ_U64(out[VEC_COUNT], 0x5a5a5a5a5a5a5a5aULL, "batchv wrote past out[n-1]");
}

static void nocase_vectors(const char *dir, const siphash_key_t *k)
{
    static nocase_vec v[NOCASE_MAX];
    const size_t n = nocase_load(dir, "siphash-1-2-64-nocase.txt", v);
    const void *ptrs[NOCASE_MAX];
    size_t lens[NOCASE_MAX];
    uint64_t out[NOCASE_MAX];
    int differs = 0;
    for (size_t i = 0; i < n; i++) {
        const uint64_t want = le64(v[i].out);
        uint8_t low[NOCASE_MAXLEN];
        ascii_lower_copy(low, v[i].msg, v[i].len);
        CHECK_EQ_U64(siphash12_nocase_64(v[i].msg, v[i].len, k), want,
                     "siphash12_nocase_64 nocase line %zu", i + 1);
        CHECK_EQ_U64(siphash12_64(low, v[i].len, k), want, "siphash12_64(lower) line %zu", i + 1);
        CHECK_EQ_U64(siphash12_nocase_64(low, v[i].len, k), want,
                     "siphash12_nocase_64(lower) line %zu", i + 1);
        CHECK_EQ_U64(stream12(k, low, v[i].len, v[i].len / 2), want, "stream(lower) line %zu",
                     i + 1);
        /* Where the message has capitals, the case-sensitive hash differs. */
        if (memcmp(low, v[i].msg, v[i].len) != 0) {
            differs++;
            CHECK(siphash12_64(v[i].msg, v[i].len, k) != want,
                  "line %zu: siphash12_64 of the mixed-case message equals the folded one", i + 1);
        }
        ptrs[i] = v[i].msg;
        lens[i] = v[i].len;
    }
    CHECK(differs >= 20, "only %d nocase vectors have capitals", differs);
    siphash12_nocase_batchv(ptrs, lens, n, k, out);
    for (size_t i = 0; i < n; i++)
        CHECK_EQ_U64(out[i], le64(v[i].out), "siphash12_nocase_batchv nocase line %zu", i + 1);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    uint8_t kb[16];
    for (int i = 0; i < 16; i++)
        kb[i] = (uint8_t)i;
    const siphash_key_t k = siphash_key_from_bytes(kb);
    plain_vectors(argv[1], &k);
    nocase_vectors(argv[1], &k);
    printf("test_redis_vectors: batch path %s\n", siphash_batch_impl());
    return check_finish("test_redis_vectors");
}
