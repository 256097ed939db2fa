/* SPDX-License-Identifier: MIT */
/*
 * anchors_sodium.c — libsodium's SipHash-2-4 (crypto_shorthash_siphash24,
 * 64-bit) and its 128-bit variant (crypto_shorthash_siphashx24).
 */
#include "anchors.h"

#include <sodium.h>

int bench_sodium_init(void)
{
    return sodium_init() >= 0;
}

static uint64_t first8(const unsigned char *md)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | md[i];
    return x;
}

uint64_t bench_sodium_siphash24(const void *p, size_t len, const unsigned char key[16])
{
    unsigned char out[crypto_shorthash_siphash24_BYTES];
    crypto_shorthash_siphash24(out, (const unsigned char *)p, len, key);
    return first8(out);
}

uint64_t bench_sodium_siphashx24(const void *p, size_t len, const unsigned char key[16])
{
    unsigned char out[crypto_shorthash_siphashx24_BYTES];
    crypto_shorthash_siphashx24(out, (const unsigned char *)p, len, key);
    return first8(out);
}

const char *bench_sodium_version(void)
{
    return sodium_version_string();
}
