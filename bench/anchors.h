/* SPDX-License-Identifier: MIT */
/*
 * anchors.h — the functions siphash-bench compares against, each in its own
 * translation unit so none is inlined into (or specialised for) the timing
 * loops: every anchor is called the way a user's code would call it.
 * Each returns 64 bits of its output (little-endian) so loops can chain.
 */
#ifndef SIPHASH_BENCH_ANCHORS_H
#define SIPHASH_BENCH_ANCHORS_H

#include <stddef.h>
#include <stdint.h>

#include "siphash.h"

/* jhash (lookup3) behind a call, as a kernel module calls jhash(): the
 * generic function and the word fast paths (1/2/3 words, jhash2 of 4, 6, 8
 * words for 16, 24, 32 bytes). */
uint32_t bench_jhash(const void *p, size_t len, uint32_t seed);
uint32_t bench_jhash_1word(uint32_t a, uint32_t seed);
uint32_t bench_jhash_2words(uint32_t a, uint32_t b, uint32_t seed);
uint32_t bench_jhash_3words(uint32_t a, uint32_t b, uint32_t c, uint32_t seed);
uint32_t bench_jhash2_4(const uint32_t *k, uint32_t seed);
uint32_t bench_jhash2_6(const uint32_t *k, uint32_t seed);
uint32_t bench_jhash2_8(const uint32_t *k, uint32_t seed);
/* 1 if jhash reproduces lookup3's published test values. */
int bench_jhash_selftest(void);

/* OpenSSL (libcrypto >= 3.0). */
uint64_t bench_md5(const void *p, size_t len);        /* MD5() one-shot */
uint64_t bench_sha1(const void *p, size_t len);       /* SHA1() one-shot */
uint64_t bench_sha1_ctx(const void *p, size_t len);   /* SHA1_Init/Update/Final */
/* EVP_MAC "SIPHASH" with an 8-byte output; keyed once by _init, then
 * EVP_MAC_init(key) + update + final per message, as a caller would. */
int bench_evp_siphash_init(const siphash_key_t *key);
uint64_t bench_evp_siphash(const void *p, size_t len);
/* The name of OpenSSL's version, for the header line. */
const char *bench_openssl_version(void);

/* libsodium: crypto_shorthash_siphash24 (64-bit) and siphashx24 (128-bit,
 * first 8 bytes returned); key in reference byte order. */
int bench_sodium_init(void);
uint64_t bench_sodium_siphash24(const void *p, size_t len, const unsigned char key[16]);
uint64_t bench_sodium_siphashx24(const void *p, size_t len, const unsigned char key[16]);
const char *bench_sodium_version(void);

#endif
