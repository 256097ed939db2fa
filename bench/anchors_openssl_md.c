/* SPDX-License-Identifier: MIT */
/*
 * anchors_openssl_md.c — MD5 and SHA-1 through OpenSSL's low-level one-shot
 * functions, the paths the SipHash-for-Linux article compared against.
 * They are deprecated in OpenSSL 3, so this file alone is compiled with
 * -Wno-deprecated-declarations.  OpenSSL picks SHA-NI by itself when the CPU
 * has it.
 */
#include "anchors.h"

#include <openssl/crypto.h>
#include <openssl/md5.h>
#include <openssl/sha.h>
#include <string.h>

static uint64_t first8(const unsigned char *md)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | md[i];
    return x;
}

uint64_t bench_md5(const void *p, size_t len)
{
    unsigned char md[MD5_DIGEST_LENGTH];
    MD5((const unsigned char *)p, len, md);
    return first8(md);
}

uint64_t bench_sha1(const void *p, size_t len)
{
    unsigned char md[SHA_DIGEST_LENGTH];
    SHA1((const unsigned char *)p, len, md);
    return first8(md);
}

uint64_t bench_sha1_ctx(const void *p, size_t len)
{
    unsigned char md[SHA_DIGEST_LENGTH];
    SHA_CTX c;
    SHA1_Init(&c);
    SHA1_Update(&c, p, len);
    SHA1_Final(md, &c);
    return first8(md);
}

const char *bench_openssl_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}
