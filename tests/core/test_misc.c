/* SPDX-License-Identifier: MIT */
/*
 * test_misc.c — the small promises: version, key conversions,
 * siphash_key_is_zero, siphash_wipe, and that misuse of the streaming
 * parameters (c_rounds or d_rounds outside 1..255, a wrong outlen) aborts
 * with a message naming the function and the values instead of hashing
 * wrongly.
 */
#define _GNU_SOURCE 1
#include "check.h"

#include <siphash.h>

#include "aborts.h"

static siphash_key_t zero_key;
static void bad_outlen(void)
{
    siphash_ctx_t c;
    siphash_ctx_init(&c, &zero_key, 2, 4, 12);
}
static void bad_rounds(void)
{
    siphash_ctx_t c;
    siphash_ctx_init(&c, &zero_key, 0, 4, 8);
}

/* Every way out of 1..255, for c and for d, through the name (the header's
 * inline path, constant arguments), through the exported function, and
 * with values the compiler cannot see. */
static volatile unsigned bad_c, bad_d;
static void sip_bad_by_name(void)
{
    siphash_ctx_t c;
    siphash_ctx_init(&c, &zero_key, bad_c, bad_d, 8);
}
static void sip_bad_exported(void)
{
    siphash_ctx_t c;
    (siphash_ctx_init)(&c, &zero_key, bad_c, bad_d, 16);
}
static void sip_d0_constant(void)
{
    siphash_ctx_t c;
    siphash_ctx_init(&c, &zero_key, 2, 0, 8);
}
static void sip_c256_constant(void)
{
    siphash_ctx_t c;
    siphash_ctx_init(&c, &zero_key, 256, 4, 8);
}
static void sip_d256_constant(void)
{
    siphash_ctx_t c;
    siphash_ctx_init(&c, &zero_key, 2, 256, 8);
}
static void half_bad_by_name(void)
{
    halfsiphash_ctx_t c;
    halfsiphash_key_t k = {{0, 0}};
    halfsiphash_ctx_init(&c, &k, bad_c, bad_d, 4);
}
static void half_bad_exported(void)
{
    halfsiphash_ctx_t c;
    halfsiphash_key_t k = {{0, 0}};
    (halfsiphash_ctx_init)(&c, &k, bad_c, bad_d, 8);
}
static void half_d0_constant(void)
{
    halfsiphash_ctx_t c;
    halfsiphash_key_t k = {{0, 0}};
    halfsiphash_ctx_init(&c, &k, 2, 0, 4);
}
static void half_c0_constant(void)
{
    halfsiphash_ctx_t c;
    halfsiphash_key_t k = {{0, 0}};
    halfsiphash_ctx_init(&c, &k, 0, 4, 4);
}
static void half_good_init(void)
{
    halfsiphash_ctx_t c;
    halfsiphash_key_t k = {{0, 0}};
    halfsiphash_ctx_init(&c, &k, bad_c, bad_d, 8);
}
static void bad_half_outlen(void)
{
    halfsiphash_ctx_t c;
    halfsiphash_key_t k = {{0, 0}};
    halfsiphash_ctx_init(&c, &k, 2, 4, 16);
}
static void good_init(void)
{
    siphash_ctx_t c;
    siphash_ctx_init(&c, &zero_key, 255, 255, 16);
}

int main(void)
{
    CHECK(strcmp(siphash_version(), SIPHASH_VERSION_STRING) == 0, "version %s", siphash_version());

    uint8_t b[16], back[16];
    for (int i = 0; i < 16; i++)
        b[i] = (uint8_t)(0xf0 + i);
    siphash_key_t k = siphash_key_from_bytes(b);
    CHECK_EQ_U64(k.key[0], 0xf7f6f5f4f3f2f1f0ULL, "key[0] little-endian");
    CHECK_EQ_U64(k.key[1], 0xfffefdfcfbfaf9f8ULL, "key[1] little-endian");
    siphash_key_to_bytes(&k, back);
    CHECK(memcmp(b, back, 16) == 0, "key_to_bytes round trip");
    halfsiphash_key_t hk = halfsiphash_key_from_bytes(b);
    CHECK(hk.key[0] == 0xf3f2f1f0u && hk.key[1] == 0xf7f6f5f4u, "half key");

    CHECK(siphash_key_is_zero(&zero_key), "zero key");
    siphash_key_t one_bit = {{0, 1ULL << 63}};
    CHECK(!siphash_key_is_zero(&one_bit), "high bit of key[1]");
    one_bit.key[0] = 1;
    one_bit.key[1] = 0;
    CHECK(!siphash_key_is_zero(&one_bit), "low bit of key[0]");

    uint8_t secret[37];
    memset(secret, 0x5a, sizeof secret);
    siphash_wipe(secret + 1, 35);
    CHECK(secret[0] == 0x5a && secret[36] == 0x5a, "wipe went outside its range");
    int zero = 1;
    for (int i = 1; i < 36; i++)
        zero &= secret[i] == 0;
    CHECK(zero, "wipe left bytes");
    siphash_wipe(NULL, 0);

    CHECK(aborts_saying(bad_outlen, "libsiphash: siphash_ctx_init: outlen must be 8 or 16, got 12"),
          "outlen 12 accepted");
    CHECK(aborts_saying(bad_rounds, "libsiphash: siphash_ctx_init: c_rounds and d_rounds must be "
                                    "1..255, got c_rounds 0, d_rounds 4"),
          "c_rounds 0 accepted");
    CHECK(aborts_saying(bad_half_outlen,
                        "libsiphash: halfsiphash_ctx_init: outlen must be 4 or 8, got 16"),
          "halfsiphash outlen 16 accepted");
    CHECK(!aborts(good_init), "valid parameters rejected");

    static const unsigned bad[][2] = {{0, 4}, {2, 0}, {0, 0}, {256, 4}, {2, 256}, {256, 256},
                                      {0, 256}, {4096, 1}, {1, 65536 + 4}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char want[128];
        bad_c = bad[i][0];
        bad_d = bad[i][1];
        snprintf(want, sizeof want, "siphash_ctx_init: c_rounds and d_rounds must be 1..255, "
                 "got c_rounds %u, d_rounds %u", bad[i][0], bad[i][1]);
        CHECK(aborts_saying(sip_bad_by_name, want), "siphash c %u d %u accepted", bad_c, bad_d);
        CHECK(aborts_saying(sip_bad_exported, want), "(siphash_ctx_init) c %u d %u accepted",
              bad_c, bad_d);
        snprintf(want, sizeof want, "halfsiphash_ctx_init: c_rounds and d_rounds must be 1..255, "
                 "got c_rounds %u, d_rounds %u", bad[i][0], bad[i][1]);
        CHECK(aborts_saying(half_bad_by_name, want), "halfsiphash c %u d %u accepted", bad_c,
              bad_d);
        CHECK(aborts_saying(half_bad_exported, want), "(halfsiphash_ctx_init) c %u d %u accepted",
              bad_c, bad_d);
    }
    CHECK(aborts(sip_d0_constant), "siphash d_rounds 0 (constant) accepted");
    CHECK(aborts(sip_c256_constant), "siphash c_rounds 256 (constant) accepted");
    CHECK(aborts(sip_d256_constant), "siphash d_rounds 256 (constant) accepted");
    CHECK(aborts(half_d0_constant), "halfsiphash d_rounds 0 (constant) accepted");
    CHECK(aborts(half_c0_constant), "halfsiphash c_rounds 0 (constant) accepted");
    static const unsigned good[][2] = {{1, 1}, {255, 255}, {1, 255}, {255, 1}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        bad_c = good[i][0];
        bad_d = good[i][1];
        CHECK(!aborts(sip_bad_exported) && !aborts(sip_bad_by_name), "siphash c %u d %u refused",
              bad_c, bad_d);
        CHECK(!aborts(half_good_init), "halfsiphash c %u d %u refused", bad_c, bad_d);
    }
    return check_finish("test_misc");
}
