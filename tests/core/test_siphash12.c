/* SPDX-License-Identifier: MIT */
/*
 * test_siphash12.c — SipHash-1-2 (Redis/Valkey's table hash) and its ASCII
 * case fold in the core suite, against the shared model (sipmodel.h) over a
 * naively lowercased copy: every byte value 0..255 at every position of
 * messages on both sides of the word edges, through siphash12_64,
 * siphash12_nocase_64 and, on every batch path, siphash12_batch,
 * siphash12_batchv and siphash12_nocase_batchv.  Only 'A'..'Z' fold: '@',
 * '[', '`', '{' and the bytes with the top bit set (0xc1..0xda among them)
 * do not.  (tests/redis/ checks the same functions against the committed
 * vectors and OpenSSL; this test keeps a bug in the 1-2 paths or the fold
 * from passing the core tests.)
 */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS, for batch_test.h's guard pages */
#include "batch_test.h"
#include "sipmodel.h"

static const size_t lens[] = {1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 33, 40};
enum { MAXLEN = 40, MAXMSGS = 1 + 2 + 7 + 8 + 9 + 15 + 16 + 17 + 24 + 31 + 33 + 40 };

static uint8_t key_bytes[16];
static siphash_key_t key;

/* The fold as documented, byte by byte. */
static uint8_t fold(uint8_t c)
{
    return c >= 'A' && c <= 'Z' ? (uint8_t)(c + ('a' - 'A')) : c;
}

static uint64_t model12(const uint8_t *m, size_t len, int nocase)
{
    uint8_t f[MAXLEN];
    for (size_t i = 0; i < len; i++)
        f[i] = nocase ? fold(m[i]) : m[i];
    return sipmodel_64(1, 2, key_bytes, f, len);
}

/* Messages with byte b at every position of every length, the other bytes
 * random (so most messages also hold letters of both cases elsewhere). */
static uint8_t msgs[MAXMSGS][MAXLEN];
static size_t msg_len[MAXMSGS];
static size_t nmsgs;

static void make_messages(uint8_t b)
{
    nmsgs = 0;
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
        for (size_t pos = 0; pos < lens[l]; pos++) {
            check_rand_bytes(msgs[nmsgs], lens[l]);
            msgs[nmsgs][pos] = b;
            msg_len[nmsgs++] = lens[l];
        }
}

static void test_oneshot(void)
{
    for (int b = 0; b < 256; b++) {
        make_messages((uint8_t)b);
        for (size_t i = 0; i < nmsgs; i++) {
            CHECK_EQ_U64(siphash12_64(msgs[i], msg_len[i], &key), model12(msgs[i], msg_len[i], 0),
                         "siphash12_64 byte 0x%02x, message %zu", b, i);
            CHECK_EQ_U64(siphash12_nocase_64(msgs[i], msg_len[i], &key),
                         model12(msgs[i], msg_len[i], 1), "siphash12_nocase_64 byte 0x%02x, message %zu",
                         b, i);
        }
    }
    /* The fold really matters: 'Z' and 'z' hash alike only under nocase. */
    static const uint8_t upper[] = "ZZZZZZZZZ", lower[] = "zzzzzzzzz";
    CHECK(siphash12_nocase_64(upper, 9, &key) == siphash12_nocase_64(lower, 9, &key),
          "nocase: 'Z' and 'z' differ");
    CHECK(siphash12_64(upper, 9, &key) != siphash12_64(lower, 9, &key), "1-2: 'Z' == 'z'");
}

static void test_path(const char *path)
{
    static uint64_t out[MAXMSGS];
    static const void *ptrs[MAXMSGS];
    for (int b = 0; b < 256; b++) {
        make_messages((uint8_t)b);
        for (size_t i = 0; i < nmsgs; i++)
            ptrs[i] = msgs[i];
        siphash12_batchv(ptrs, msg_len, nmsgs, &key, out);
        for (size_t i = 0; i < nmsgs; i++)
            CHECK_EQ_U64(out[i], model12(msgs[i], msg_len[i], 0),
                         "%s siphash12_batchv byte 0x%02x, message %zu", path, b, i);
        siphash12_nocase_batchv(ptrs, msg_len, nmsgs, &key, out);
        for (size_t i = 0; i < nmsgs; i++)
            CHECK_EQ_U64(out[i], model12(msgs[i], msg_len[i], 1),
                         "%s siphash12_nocase_batchv byte 0x%02x, message %zu", path, b, i);
        /* Fixed length: the messages of one length are consecutive rows. */
        size_t first = 0;
        for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
            siphash12_batch(msgs[first], MAXLEN, lens[l], lens[l], &key, out);
            for (size_t i = 0; i < lens[l]; i++)
                CHECK_EQ_U64(out[i], model12(msgs[first + i], lens[l], 0),
                             "%s siphash12_batch byte 0x%02x, len %zu, record %zu", path, b,
                             lens[l], i);
            first += lens[l];
        }
    }
}

int main(void)
{
    check_seed("test_siphash12");
    check_rand_bytes(key_bytes, sizeof key_bytes);
    key = siphash_key_from_bytes(key_bytes);
    test_oneshot();
    batch_paths_each("test_siphash12", 0, test_path);
    return check_finish("test_siphash12");
}
