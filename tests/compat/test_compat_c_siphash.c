/* SPDX-License-Identifier: MIT */
/*
 * test_compat_c_siphash.c — include/compat/c-siphash/c-siphash.h, the
 * c-util/c-siphash API over libsiphash.  Checks:
 *   - c-siphash's own known answer (its test-basic.c: the paper's example,
 *     0xa129ca6149be45e5, also cut in three pieces everywhere and at four
 *     alignments) and the reference's 64 vectors (tests/vectors), through
 *     the stream and c_siphash_hash;
 *   - every length 0..1024 with a random seed and message, appended in
 *     random pieces: equal to the tests' model (sipmodel.h) and to
 *     siphash24_64, the value c-siphash returns (host order);
 *   - C_SIPHASH_NULL initialises; a copied state forks the hash;
 *   - a finalised state is dead: append or finalize on it aborts.
 *
 * Usage: test_compat_c_siphash VECTOR_DIR
 */
#include <c-siphash/c-siphash.h>

#include "aborts.h"
#include "check.h"
#include "sipmodel.h"
#include "vectors.h"

#define NAME "test_compat_c_siphash"
#define MAXLEN 1024

static uint64_t le64(const uint8_t *b)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | b[i];
    return x;
}

static void own_known_answer(void)
{
    const uint64_t want = 0xa129ca6149be45e5ULL;
    uint8_t key[16], buf[20];
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)i;
    static const size_t shifts[] = {0, 1, 2, 4};
    for (size_t s = 0; s < 4; s++) {
        uint8_t *in = buf + shifts[s];
        for (int i = 0; i < 15; i++)
            in[i] = (uint8_t)i;
        CHECK_EQ_U64(c_siphash_hash(key, in, 15), want, "c_siphash_hash, shift %zu", shifts[s]);
        for (size_t i = 0; i <= 15; i++)
            for (size_t j = i; j <= 15; j++) {
                CSipHash st = C_SIPHASH_NULL;
                c_siphash_init(&st, key);
                c_siphash_append(&st, in, i);
                c_siphash_append(&st, in + i, j - i);
                c_siphash_append(&st, in + j, 15 - j);
                CHECK_EQ_U64(c_siphash_finalize(&st), want, "pieces %zu %zu, shift %zu", i, j,
                             shifts[s]);
            }
    }
}

static void reference_vectors(const char *dir)
{
    static vec_file v;
    uint8_t key[16], msg[VEC_COUNT];
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)i;
    for (int i = 0; i < VEC_COUNT; i++)
        msg[i] = (uint8_t)i;
    vec_load(dir, "siphash-2-4-64.txt", &v);
    for (size_t i = 0; i < VEC_COUNT; i++) {
        CSipHash st;
        c_siphash_init(&st, key);
        c_siphash_append(&st, msg, i);
        CHECK_EQ_U64(c_siphash_finalize(&st), le64(v.bytes[i]), "stream, message %zu", i);
        CHECK_EQ_U64(c_siphash_hash(key, msg, i), le64(v.bytes[i]), "hash, message %zu", i);
    }
}

static void random_lengths(void)
{
    uint8_t *m = check_xmalloc(MAXLEN);
    uint8_t key[16], want[8];
    size_t step = getenv("SIPHASH_TEST_QUICK") ? 7 : 1;
    for (size_t len = 0; len <= MAXLEN; len += (len < 70 ? 1 : step)) {
        check_rand_bytes(key, sizeof key);
        check_rand_bytes(m, len);
        sipmodel(8, 2, 4, key, m, len, want, 8);
        const siphash_key_t k = siphash_key_from_bytes(key);
        CHECK_EQ_U64(siphash24_64(m, len, &k), le64(want), "library != model, len %zu", len);
        CHECK_EQ_U64(c_siphash_hash(key, m, len), le64(want), "c_siphash_hash len %zu", len);
        /* Random pieces; a copy taken halfway finishes the same hash. */
        CSipHash st, fork;
        c_siphash_init(&st, key);
        size_t at = 0, half = len / 2;
        while (at < half) {
            size_t piece = (size_t)(check_rand() % 19);
            if (piece > half - at)
                piece = half - at;
            c_siphash_append(&st, m + at, piece);
            at += piece;
        }
        fork = st;
        c_siphash_append(&st, m + at, len - at);
        c_siphash_append(&fork, m + at, len - at);
        CHECK_EQ_U64(c_siphash_finalize(&st), le64(want), "stream len %zu", len);
        CHECK_EQ_U64(c_siphash_finalize(&fork), le64(want), "forked stream len %zu", len);
    }
    free(m);
}

static const uint8_t seed0[16];
static void append_after_final(void)
{
    CSipHash st;
    c_siphash_init(&st, seed0);
    (void)c_siphash_finalize(&st);
    c_siphash_append(&st, seed0, 3);
}
static void finalize_twice(void)
{
    CSipHash st;
    c_siphash_init(&st, seed0);
    (void)c_siphash_finalize(&st);
    (void)c_siphash_finalize(&st);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    check_seed(NAME);
    own_known_answer();
    reference_vectors(argv[1]);
    random_lengths();
    CHECK(aborts(append_after_final), "append after finalize accepted");
    CHECK(aborts(finalize_twice), "finalize twice accepted");
    return check_finish(NAME);
}
