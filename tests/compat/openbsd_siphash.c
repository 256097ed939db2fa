/* SPDX-License-Identifier: MIT */
/*
 * openbsd_siphash.c — include/compat/openbsd/siphash.h, OpenBSD's
 * SipHash_* API over the library.  Built twice: as OpenBSD defines End
 * (the host integer) and with SIPHASH_OPENBSD_END_LE (End's bytes in
 * memory are the digest, as Knot DNS's copy returns it).  Checks:
 *   - the reference known answers (tests/vectors/siphash-2-4-64.txt, key
 *     bytes 00..0f copied into SIPHASH_KEY in memory order): one-shot,
 *     Final's bytes, End's value, every update piece size 1..8 (Knot's
 *     own test's pattern) and the piece sizes that straddle words;
 *   - every length 0..1024 with random keys and random splits of Update
 *     calls (zero-length pieces included): SipHash24 against siphash24_64()
 *     and the tests' independent model, SipHash48 against the library's
 *     streaming API with c=4, d=8 and the model, SipHash(key, rc, rf) for
 *     other counts against the model;
 *   - copying a context forks the computation; End wipes the context;
 *   - misuse aborts: counts outside 1..255, Update or End after End.
 * Pass the vector directory as argv[1].  Random: prints its seed.
 */
#include <compat/openbsd/siphash.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aborts.h"
#include "check.h"
#include "sipmodel.h"
#include "vectors.h"

#ifdef SIPHASH_OPENBSD_END_LE
#define TEST_NAME "openbsd_siphash_end_le"
#else
#define TEST_NAME "openbsd_siphash"
#endif

#define MAX_LEN 1024

/* The 8 digest bytes read little-endian (what OpenBSD's End returns). */
static uint64_t le64(const uint8_t b[8])
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | b[i];
    return x;
}

/* What End must return for a digest whose little-endian reading is h: h
 * itself, or with SIPHASH_OPENBSD_END_LE the integer stored as h's
 * little-endian bytes (computed bytewise here, independent of the header). */
static uint64_t expected_end(uint64_t h)
{
#ifdef SIPHASH_OPENBSD_END_LE
    uint8_t b[8];
    uint64_t r;
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(h >> (8 * i));
    memcpy(&r, b, 8);
    return r;
#else
    return h;
#endif
}

/* Feeds msg[0..len) to ctx in random pieces (some empty) with rc. */
static void update_split(SIPHASH_CTX *ctx, int rc, int rf, const uint8_t *msg, size_t len)
{
    size_t done = 0;
    while (done < len) {
        size_t left = len - done, n;
        switch (check_rand() % 4) {
        case 0:
            n = 0;
            break;
        case 1:
            n = 1 + check_rand() % 9; /* around one word */
            break;
        case 2:
            n = 1 + check_rand() % 64;
            break;
        default:
            n = left;
            break;
        }
        if (n > left)
            n = left;
        SipHash_Update(ctx, rc, rf, n ? msg + done : NULL, n);
        done += n;
    }
    if (check_rand() % 2)
        SipHash_Update(ctx, rc, rf, NULL, 0);
}

static void test_known_answers(const char *dir)
{
    vec_file v;
    uint8_t msg[VEC_COUNT], kb[16];
    SIPHASH_KEY key;
    vec_load(dir, "siphash-2-4-64.txt", &v);
    for (int i = 0; i < 16; i++)
        kb[i] = (uint8_t)i;
    memcpy(&key, kb, sizeof key); /* memory order, as Knot fills it */
    for (int i = 0; i < VEC_COUNT; i++)
        msg[i] = (uint8_t)i;

    for (size_t len = 0; len < VEC_COUNT; len++) {
        const uint8_t *want = v.bytes[len];
        uint64_t end = SipHash24(&key, msg, len);
        CHECK_EQ_U64(end, expected_end(le64(want)), "SipHash24, len %zu", len);
#ifdef SIPHASH_OPENBSD_END_LE
        /* Knot's test_siphash.c compares End's bytes with the vectors. */
        CHECK(memcmp(&end, want, 8) == 0, "End's bytes, len %zu", len);
#endif
        for (size_t piece = 1; piece <= 16; piece++) {
            SIPHASH_CTX ctx;
            uint8_t digest[SIPHASH_DIGEST_LENGTH + 1];
            size_t done = 0;
            SipHash24_Init(&ctx, &key);
            for (; done + piece <= len; done += piece)
                SipHash24_Update(&ctx, msg + done, piece);
            SipHash24_Update(&ctx, msg + done, len - done);
            SIPHASH_CTX copy = ctx;
            digest[8] = 0xa5;
            SipHash24_Final(digest, &ctx);
            CHECK(memcmp(digest, want, 8) == 0 && digest[8] == 0xa5,
                  "SipHash24_Final, len %zu, pieces of %zu", len, piece);
            CHECK_EQ_U64(SipHash24_End(&copy), expected_end(le64(want)),
                         "SipHash24_End, len %zu, pieces of %zu", len, piece);
        }
    }
}

static void test_random(void)
{
    static uint8_t msg[MAX_LEN];
    static const int counts[][2] = {{2, 4}, {1, 3}, {1, 2}, {4, 8}, {3, 5}, {1, 1}, {8, 2}};
    check_rand_bytes(msg, sizeof msg);
    for (size_t len = 0; len <= MAX_LEN; len++) {
        uint8_t kb[16], digest[8];
        SIPHASH_KEY key;
        SIPHASH_CTX ctx;
        check_rand_bytes(kb, sizeof kb);
        memcpy(&key, kb, sizeof key);
        siphash_key_t lk = siphash_key_from_bytes(kb);

        /* SipHash-2-4: End and Final, against the library and the model. */
        uint64_t h24 = siphash24_64(msg, len, &lk);
        CHECK_EQ_U64(h24, sipmodel_64(2, 4, kb, msg, len), "model, len %zu", len);
        SipHash24_Init(&ctx, &key);
        update_split(&ctx, 2, 4, msg, len);
        CHECK_EQ_U64(SipHash24_End(&ctx), expected_end(h24), "SipHash24_End, len %zu", len);
        SipHash24_Init(&ctx, &key);
        update_split(&ctx, 2, 4, msg, len);
        SipHash24_Final(digest, &ctx);
        CHECK_EQ_U64(le64(digest), h24, "SipHash24_Final, len %zu", len);
        CHECK_EQ_U64(SipHash24(&key, msg, len), expected_end(h24), "SipHash24, len %zu", len);

        /* SipHash-4-8: the library's streaming API with c=4, d=8. */
        siphash_ctx_t lc;
        uint8_t lout[8];
        siphash_ctx_init(&lc, &lk, 4, 8, 8);
        siphash_ctx_update(&lc, msg, len);
        siphash_ctx_final(&lc, lout);
        CHECK_EQ_U64(le64(lout), sipmodel_64(4, 8, kb, msg, len), "model 4-8, len %zu", len);
        SipHash48_Init(&ctx, &key);
        update_split(&ctx, 4, 8, msg, len);
        SipHash48_Final(digest, &ctx);
        CHECK(memcmp(digest, lout, 8) == 0, "SipHash48_Final, len %zu", len);
        SipHash48_Init(&ctx, &key);
        update_split(&ctx, 4, 8, msg, len);
        CHECK_EQ_U64(SipHash48_End(&ctx), expected_end(le64(lout)), "SipHash48_End, len %zu",
                     len);
        CHECK_EQ_U64(SipHash48(&key, msg, len), expected_end(le64(lout)), "SipHash48, len %zu",
                     len);

        /* Any counts, one-shot and streamed, against the model. */
        for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
            int rc = counts[i][0], rf = counts[i][1];
            uint64_t want = sipmodel_64((unsigned)rc, (unsigned)rf, kb, msg, len);
            CHECK_EQ_U64(SipHash(&key, rc, rf, msg, len), expected_end(want),
                         "SipHash %d-%d, len %zu", rc, rf, len);
            SipHash_Init(&ctx, &key);
            update_split(&ctx, rc, rf, msg, len);
            SipHash_Final(digest, &ctx, rc, rf);
            CHECK_EQ_U64(le64(digest), want, "SipHash_Final %d-%d, len %zu", rc, rf, len);
        }
    }
}

/* A copy forks the computation; End leaves the context zeroed. */
static void test_copy_and_wipe(void)
{
    uint8_t kb[16], msg[40];
    SIPHASH_KEY key;
    SIPHASH_CTX a, b;
    check_rand_bytes(kb, sizeof kb);
    check_rand_bytes(msg, sizeof msg);
    memcpy(&key, kb, sizeof key);
    siphash_key_t lk = siphash_key_from_bytes(kb);
    SipHash24_Init(&a, &key);
    SipHash24_Update(&a, msg, 13);
    b = a;
    SipHash24_Update(&a, msg + 13, 27);
    SipHash24_Update(&b, msg + 13, 5);
    CHECK_EQ_U64(SipHash24_End(&a), expected_end(siphash24_64(msg, 40, &lk)), "fork a");
    CHECK_EQ_U64(SipHash24_End(&b), expected_end(siphash24_64(msg, 18, &lk)), "fork b");
    CHECK(check_all_zero(&a, sizeof a), "End wipes the context");
    CHECK(sizeof(SIPHASH_KEY) == SIPHASH_KEY_LENGTH, "key size %zu", sizeof(SIPHASH_KEY));
}

/* ---- misuse: each aborts with the library's message ---- */

static const SIPHASH_KEY zero_key = {0, 0};

static void update_rc0(void)
{
    SIPHASH_CTX ctx;
    SipHash_Init(&ctx, &zero_key);
    SipHash_Update(&ctx, 0, 4, "x", 1);
}
static void update_rc_negative(void)
{
    SIPHASH_CTX ctx;
    SipHash_Init(&ctx, &zero_key);
    SipHash_Update(&ctx, -1, 4, "x", 1);
}
static void end_rf256(void)
{
    SIPHASH_CTX ctx;
    SipHash_Init(&ctx, &zero_key);
    (void)SipHash_End(&ctx, 2, 256);
}
static void oneshot_rf0(void)
{
    (void)SipHash(&zero_key, 2, 0, "x", 1);
}
static void update_after_end(void)
{
    SIPHASH_CTX ctx;
    SipHash24_Init(&ctx, &zero_key);
    (void)SipHash24_End(&ctx);
    SipHash24_Update(&ctx, "x", 1);
}
static void update_after_end_const(void)
{
    SIPHASH_CTX ctx;
    uint64_t word = 1;
    SipHash24_Init(&ctx, &zero_key);
    (void)SipHash24_End(&ctx);
    SipHash24_Update(&ctx, &word, sizeof word); /* the inline piece path */
}
static void end_after_end(void)
{
    SIPHASH_CTX ctx;
    SipHash48_Init(&ctx, &zero_key);
    (void)SipHash48_End(&ctx);
    (void)SipHash48_End(&ctx);
}

static void test_misuse(void)
{
    CHECK(aborts_saying(update_rc0, "must be 1..255"), "Update with rc 0");
    CHECK(aborts_saying(update_rc_negative, "must be 1..255"), "Update with rc -1");
    CHECK(aborts_saying(end_rf256, "must be 1..255"), "End with rf 256");
    CHECK(aborts_saying(oneshot_rf0, "must be 1..255"), "SipHash with rf 0");
    CHECK(aborts(update_after_end), "Update after End");
    CHECK(aborts(update_after_end_const), "Update of 8 bytes after End");
    CHECK(aborts(end_after_end), "End after End");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    check_seed(TEST_NAME);
    test_known_answers(argv[1]);
    test_random();
    test_copy_and_wipe();
    test_misuse();
    return check_finish(TEST_NAME);
}
