/* SPDX-License-Identifier: MIT */
/*
 * test_diff_model.c — HalfSipHash has no implementation in OpenSSL or
 * libsodium, so it is checked against the tests' naive model written from
 * the paper (tests/support/sipmodel.h), which shares no code with src/.
 * SipHash is run through the same model as a cross-check of the model
 * (test_diff_openssl and test_diff_sodium check SipHash itself).
 */
#include "diffcase.h"
#include "sipmodel.h"

#include <siphash.h>

int main(void)
{
    check_seed("test_diff_model");
    int n = diff_cases();
    uint8_t want[16], got[16];
    for (int i = 0; i < n; i++) {
        diff_case dc;
        diff_case_make(&dc);
        halfsiphash_key_t hk = halfsiphash_key_from_bytes(dc.key);
        siphash_key_t k = siphash_key_from_bytes(dc.key);
        const uint8_t *m = dc.msg;
        size_t len = dc.len;

        CHECK_EQ_U64(halfsiphash24_32(m, len, &hk), sipmodel_half32(2, 4, dc.key, m, len),
                     "H24-32 len %zu", len);
        sipmodel(4, 2, 4, dc.key, m, len, want, 8);
        CHECK_EQ_U64(halfsiphash24_64(m, len, &hk), diff_le64(want), "H24-64 len %zu", len);
        CHECK_EQ_U64(halfsiphash13_32(m, len, &hk), sipmodel_half32(1, 3, dc.key, m, len),
                     "H13-32 len %zu", len);
        sipmodel(4, 1, 3, dc.key, m, len, want, 8);
        CHECK_EQ_U64(halfsiphash13_64(m, len, &hk), diff_le64(want), "H13-64 len %zu", len);

        /* Odd round counts through the streaming API. */
        unsigned c = 1 + (unsigned)(check_rand() % 4), d = 1 + (unsigned)(check_rand() % 6);
        halfsiphash_ctx_t hctx;
        halfsiphash_ctx_init(&hctx, &hk, c, d, 8);
        halfsiphash_ctx_update(&hctx, m, len / 2);
        halfsiphash_ctx_update(&hctx, m + len / 2, len - len / 2);
        halfsiphash_ctx_final(&hctx, got);
        sipmodel(4, c, d, dc.key, m, len, want, 8);
        CHECK(memcmp(got, want, 8) == 0, "HalfSipHash-%u-%u-64 stream len %zu", c, d, len);

        if (i % 4 == 0) { /* the model of SipHash, checked against ours */
            sipmodel(8, 2, 4, dc.key, m, len, want, 16);
            siphash24_128(m, len, &k, got);
            CHECK(memcmp(got, want, 16) == 0, "model SipHash-2-4-128 len %zu", len);
            CHECK_EQ_U64(siphash13_64(m, len, &k), sipmodel_64(1, 3, dc.key, m, len),
                         "model 1-3 len %zu", len);
        }
        diff_case_free(&dc);
    }
    return check_finish("test_diff_model");
}
