/* SPDX-License-Identifier: MIT */
/*
 * test_diff_sodium.c — SipHash-2-4 against libsodium (an independent
 * implementation): crypto_shorthash_siphash24 (64-bit) and
 * crypto_shorthash_siphashx24 (128-bit), one-shot and streamed.
 */
#include "diffcase.h"

#include <siphash.h>
#include <sodium.h>

int main(void)
{
    check_seed("test_diff_sodium");
    if (sodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        return 2;
    }
    int n = diff_cases();
    uint8_t want[16], got[16];
    for (int i = 0; i < n; i++) {
        diff_case dc;
        diff_case_make(&dc);
        siphash_key_t k = siphash_key_from_bytes(dc.key);

        crypto_shorthash_siphash24(want, dc.msg, dc.len, dc.key);
        CHECK_EQ_U64(siphash24_64(dc.msg, dc.len, &k), diff_le64(want), "64 len %zu", dc.len);
        CHECK_EQ_U64(siphash(dc.msg, dc.len, &k), diff_le64(want), "siphash() len %zu", dc.len);

        crypto_shorthash_siphashx24(want, dc.msg, dc.len, dc.key);
        siphash24_128(dc.msg, dc.len, &k, got);
        CHECK(memcmp(got, want, 16) == 0, "128 len %zu", dc.len);

        siphash_ctx_t ctx;
        size_t cut = dc.len / 3;
        siphash_ctx_init(&ctx, &k, 2, 4, 16);
        siphash_ctx_update(&ctx, dc.msg, cut);
        siphash_ctx_update(&ctx, dc.msg + cut, dc.len - cut);
        siphash_ctx_final(&ctx, got);
        CHECK(memcmp(got, want, 16) == 0, "128 streamed len %zu", dc.len);
        diff_case_free(&dc);
    }
    return check_finish("test_diff_sodium");
}
