/* SPDX-License-Identifier: MIT */
/*
 * test_compat_expat.c — include/compat/expat/siphash.h, expat's
 * lib/siphash.h API over libsiphash.  Checks:
 *   - expat's own known answers: sip24_valid() (its self-test: the
 *     reference's 64 vectors) and runtests.c's test_siphash_spec (the
 *     paper's example through a stream cut at 4, an empty update, and
 *     siphash24), and the 64 vectors here from tests/vectors;
 *   - every length 0..1024 with a random key and message: sip24_* in
 *     random pieces and siphash24 equal the tests' model and siphash24_64;
 *   - the key the way xmlparse.c builds it (k[0] = 0, k[1] = the salt)
 *     equals the 16 bytes 0 x 8 then the salt little-endian: what the
 *     key really is (docs/adopting.md);
 *   - sip_keyof, SIPHASH_INITIALIZER; a finalised state is dead (aborts).
 *
 * Usage: test_compat_expat VECTOR_DIR
 */
#include <expat/siphash.h>

#include "aborts.h"
#include "check.h"
#include "sipmodel.h"
#include "vectors.h"

#define NAME "test_compat_expat"
#define MAXLEN 1024

static uint64_t le64(const uint8_t *b)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | b[i];
    return x;
}

static void expat_own_tests(const char *dir)
{
    CHECK(sip24_valid() == 1, "sip24_valid() failed");
    /* runtests.c's test_siphash_spec, in its own words */
    const char message[] = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"
                           "\x0a\x0b\x0c\x0d\x0e";
    const size_t len = sizeof(message) - 1;
    const uint64_t expected = _SIP_ULL(0xa129ca61U, 0x49be45e5U);
    struct siphash state;
    struct sipkey key;
    sip_tokey(&key, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"
                    "\x0a\x0b\x0c\x0d\x0e\x0f");
    sip24_init(&state, &key);
    sip24_update(&state, message, 4);
    sip24_update(&state, message + 4, len - 4);
    sip24_update(&state, message, 0);
    CHECK_EQ_U64(sip24_final(&state), expected, "sip24_final, spec test");
    CHECK_EQ_U64(siphash24(message, len, &key), expected, "siphash24, spec test");

    static vec_file v;
    uint8_t msg[VEC_COUNT];
    for (int i = 0; i < VEC_COUNT; i++)
        msg[i] = (uint8_t)i;
    vec_load(dir, "siphash-2-4-64.txt", &v);
    for (size_t i = 0; i < VEC_COUNT; i++)
        CHECK_EQ_U64(siphash24(msg, i, &key), le64(v.bytes[i]), "vector %zu", i);
}

static void random_lengths(void)
{
    uint8_t *m = check_xmalloc(MAXLEN);
    uint8_t key16[16], want[8];
    size_t step = getenv("SIPHASH_TEST_QUICK") ? 7 : 1;
    for (size_t len = 0; len <= MAXLEN; len += (len < 70 ? 1 : step)) {
        check_rand_bytes(key16, sizeof key16);
        check_rand_bytes(m, len);
        sipmodel(8, 2, 4, key16, m, len, want, 8);
        struct sipkey key;
        sip_tokey(&key, key16);
        const siphash_key_t k = siphash_key_from_bytes(key16);
        CHECK(key.k[0] == k.key[0] && key.k[1] == k.key[1], "sip_tokey len %zu", len);
        CHECK_EQ_U64(siphash24_64(m, len, &k), le64(want), "library != model, len %zu", len);
        CHECK_EQ_U64(siphash24(m, len, &key), le64(want), "siphash24 len %zu", len);
        CHECK_EQ_U64(siphash24(m, len, sip_keyof(key16)), le64(want), "sip_keyof len %zu",
                     len);
        struct siphash st = SIPHASH_INITIALIZER;
        sip24_init(&st, &key);
        for (size_t at = 0; at < len;) {
            size_t piece = (size_t)(check_rand() % 23);
            if (piece > len - at)
                piece = len - at;
            sip24_update(&st, m + at, piece);
            at += piece;
        }
        CHECK_EQ_U64(sip24_final(&st), le64(want), "sip24 stream len %zu", len);
    }
    free(m);
}

/* xmlparse.c's copy_salt_to_sipkey: k[0] = 0, k[1] = the salt. */
static void expat_key(void)
{
    for (int i = 0; i < 100; i++) {
        const uint64_t salt = check_rand();
        struct sipkey key = {{0, salt}};
        uint8_t bytes[16] = {0}, m[40];
        for (int b = 0; b < 8; b++)
            bytes[8 + b] = (uint8_t)(salt >> (8 * b));
        check_rand_bytes(m, sizeof m);
        const siphash_key_t k = siphash_key_from_bytes(bytes);
        CHECK_EQ_U64(siphash24(m, sizeof m, &key), siphash24_64(m, sizeof m, &k),
                     "salt %016llx", (unsigned long long)salt);
    }
}

static const struct sipkey key0;
static void update_after_final(void)
{
    struct siphash st;
    (void)sip24_final(sip24_init(&st, &key0));
    sip24_update(&st, "x", 1);
}
static void final_twice(void)
{
    struct siphash st;
    (void)sip24_final(sip24_init(&st, &key0));
    (void)sip24_final(&st);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    check_seed(NAME);
    expat_own_tests(argv[1]);
    random_lengths();
    expat_key();
    CHECK(aborts(update_after_final), "update after final accepted");
    CHECK(aborts(final_twice), "final twice accepted");
    return check_finish(NAME);
}
