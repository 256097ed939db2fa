/* SPDX-License-Identifier: MIT */
/*
 * test_misc.c — the small promises: version, key conversions,
 * siphash_key_is_zero, siphash_wipe, and that misuse of the streaming
 * parameters aborts with a message instead of hashing wrongly.
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

    CHECK(aborts(bad_outlen), "outlen 12 accepted");
    CHECK(aborts(bad_rounds), "c_rounds 0 accepted");
    CHECK(aborts(bad_half_outlen), "halfsiphash outlen 16 accepted");
    CHECK(!aborts(good_init), "valid parameters rejected");
    return check_finish("test_misc");
}
