/* SPDX-License-Identifier: MIT */
/*
 * anchors_openssl_mac.c — OpenSSL's SipHash through the EVP_MAC interface
 * (the only public one in OpenSSL 3), with an 8-byte output so it computes
 * SipHash-2-4-64 like ours.
 */
#include "anchors.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

static EVP_MAC_CTX *mac_ctx;
static unsigned char mac_key[16];

int bench_evp_siphash_init(const siphash_key_t *key)
{
    siphash_key_to_bytes(key, mac_key);
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "SIPHASH", NULL);
    if (!mac)
        return 0;
    mac_ctx = EVP_MAC_CTX_new(mac);
    EVP_MAC_free(mac); /* the context keeps its own reference */
    if (!mac_ctx)
        return 0;
    size_t size = 8;
    OSSL_PARAM params[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size), OSSL_PARAM_END};
    return EVP_MAC_CTX_set_params(mac_ctx, params) == 1;
}

uint64_t bench_evp_siphash(const void *p, size_t len)
{
    unsigned char out[8];
    size_t outl = 0;
    if (EVP_MAC_init(mac_ctx, mac_key, sizeof mac_key, NULL) != 1 ||
        EVP_MAC_update(mac_ctx, p, len) != 1 || EVP_MAC_final(mac_ctx, out, &outl, 8) != 1 ||
        outl != 8)
        return 0;
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | out[i];
    return x;
}
