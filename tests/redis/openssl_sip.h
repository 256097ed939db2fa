/* SPDX-License-Identifier: MIT */
/*
 * openssl_sip.h — SipHash-c-d from OpenSSL 3's EVP_MAC "SIPHASH", an
 * implementation independent of ours, for the Redis tests.
 */
#ifndef SIPHASH_TEST_OPENSSL_SIP_H
#define SIPHASH_TEST_OPENSSL_SIP_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

static EVP_MAC *ossl_sip_mac;

/* Exits 2 (a hard failure, not a skip) if this OpenSSL has no SIPHASH. */
static inline void ossl_sip_init(void)
{
    ossl_sip_mac = EVP_MAC_fetch(NULL, "SIPHASH", NULL);
    if (!ossl_sip_mac) {
        ERR_print_errors_fp(stderr);
        fprintf(stderr, "OpenSSL has no SIPHASH MAC\n");
        exit(2);
    }
}

static inline void ossl_sip_done(void)
{
    EVP_MAC_free(ossl_sip_mac);
}

/* 8 output bytes of SipHash-c-d; "size" is set before the key, as
 * OpenSSL's documentation requires. */
static inline void ossl_siphash(const uint8_t key[16], unsigned c, unsigned d,
                                const uint8_t *m, size_t len, uint8_t out[8])
{
    size_t size = 8, outl = 0;
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(ossl_sip_mac);
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size),
        OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_C_ROUNDS, &c),
        OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_D_ROUNDS, &d),
        OSSL_PARAM_END,
    };
    if (!ctx || !EVP_MAC_CTX_set_params(ctx, params) || !EVP_MAC_init(ctx, key, 16, NULL) ||
        !EVP_MAC_update(ctx, m, len) || !EVP_MAC_final(ctx, out, &outl, 8) || outl != 8) {
        ERR_print_errors_fp(stderr);
        fprintf(stderr, "OpenSSL SIPHASH failed (c=%u d=%u)\n", c, d);
        exit(2);
    }
    EVP_MAC_CTX_free(ctx);
}

#endif
