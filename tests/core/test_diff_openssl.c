/* SPDX-License-Identifier: MIT */
/*
 * test_diff_openssl.c — SipHash-c-d against OpenSSL 3's EVP_MAC "SIPHASH"
 * (an independent implementation): 2-4 and 1-3 with 64- and 128-bit output
 * through the one-shot functions, and random c/d through streaming.
 */
#include "diffcase.h"

#include <siphash.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

static EVP_MAC *mac;

/* OpenSSL's answer; "size" is set before the key, as its docs require. */
static void openssl_siphash(const uint8_t key[16], unsigned c, unsigned d, size_t size,
                            const uint8_t *m, size_t len, uint8_t *out)
{
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size),
        OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_C_ROUNDS, &c),
        OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_D_ROUNDS, &d),
        OSSL_PARAM_END,
    };
    size_t outl = 0;
    if (!ctx || !EVP_MAC_CTX_set_params(ctx, params) || !EVP_MAC_init(ctx, key, 16, NULL) ||
        !EVP_MAC_update(ctx, m, len) || !EVP_MAC_final(ctx, out, &outl, 16) || outl != size) {
        ERR_print_errors_fp(stderr);
        fprintf(stderr, "OpenSSL SIPHASH failed (c=%u d=%u size=%zu)\n", c, d, size);
        exit(2);
    }
    EVP_MAC_CTX_free(ctx);
}

int main(void)
{
    check_seed("test_diff_openssl");
    mac = EVP_MAC_fetch(NULL, "SIPHASH", NULL);
    if (!mac) {
        ERR_print_errors_fp(stderr);
        fprintf(stderr, "OpenSSL has no SIPHASH MAC\n");
        return 2;
    }
    int n = diff_cases();
    uint8_t want[16], got[16];
    static const struct { unsigned c, d; size_t size; } fixed[] = {
        {2, 4, 8}, {2, 4, 16}, {1, 3, 8}, {1, 3, 16}};
    for (size_t v = 0; v < 4; v++) {
        for (int i = 0; i < n; i++) {
            diff_case dc;
            diff_case_make(&dc);
            siphash_key_t k = siphash_key_from_bytes(dc.key);
            openssl_siphash(dc.key, fixed[v].c, fixed[v].d, fixed[v].size, dc.msg, dc.len, want);
            if (fixed[v].size == 8) {
                uint64_t h = fixed[v].c == 2 ? siphash24_64(dc.msg, dc.len, &k)
                                             : siphash13_64(dc.msg, dc.len, &k);
                CHECK_EQ_U64(h, diff_le64(want), "SipHash-%u-%u-64 len %zu", fixed[v].c,
                             fixed[v].d, dc.len);
            } else {
                (fixed[v].c == 2 ? siphash24_128 : siphash13_128)(dc.msg, dc.len, &k, got);
                CHECK(memcmp(got, want, 16) == 0, "SipHash-%u-%u-128 len %zu", fixed[v].c,
                      fixed[v].d, dc.len);
            }
            diff_case_free(&dc);
        }
    }
    /* Any c/d through the streaming API, split at a random point. */
    for (int i = 0; i < n / 4; i++) {
        diff_case dc;
        diff_case_make(&dc);
        uint64_t r = check_rand();
        unsigned c = 1 + (unsigned)(r % 6), d = 1 + (unsigned)(r >> 8) % 10;
        size_t size = (r >> 16) & 1 ? 16 : 8;
        size_t cut = dc.len ? (size_t)(r >> 20) % (dc.len + 1) : 0;
        siphash_key_t k = siphash_key_from_bytes(dc.key);
        siphash_ctx_t ctx;
        siphash_ctx_init(&ctx, &k, c, d, size);
        siphash_ctx_update(&ctx, dc.msg, cut);
        siphash_ctx_update(&ctx, dc.msg + cut, dc.len - cut);
        siphash_ctx_final(&ctx, got);
        openssl_siphash(dc.key, c, d, size, dc.msg, dc.len, want);
        CHECK(memcmp(got, want, size) == 0, "SipHash-%u-%u-%zu len %zu cut %zu", c, d,
              size * 8, dc.len, cut);
        diff_case_free(&dc);
    }
    EVP_MAC_free(mac);
    return check_finish("test_diff_openssl");
}
