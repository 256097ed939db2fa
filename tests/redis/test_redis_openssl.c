/* SPDX-License-Identifier: MIT */
/*
 * test_redis_openssl.c — SipHash-1-2 against OpenSSL 3's SIPHASH MAC with
 * c-rounds 1, d-rounds 2 on random keys, lengths and offsets (messages in
 * exact-size allocations): siphash12_64, siphash12_nocase_64 (OpenSSL over
 * an ASCII-lowercased copy) and the streaming API with c = 1, d = 2 split
 * at a random point.
 */
#include "diffcase.h"
#include "nocase_vectors.h"
#include "openssl_sip.h"

#include <siphash.h>

int main(void)
{
    check_seed("test_redis_openssl");
    ossl_sip_init();
    const int n = diff_cases();
    uint8_t want[8], got[8];
    for (int i = 0; i < n; i++) {
        diff_case dc;
        diff_case_make(&dc);
        /* Half the cases get many capitals, so the folding has work to do. */
        if (i & 1) {
            uint8_t *w = dc.block + (dc.msg - dc.block);
            for (size_t j = 0; j < dc.len; j++)
                if (w[j] & 1)
                    w[j] = (uint8_t)('A' + w[j] % 26);
        }
        const siphash_key_t k = siphash_key_from_bytes(dc.key);
        ossl_siphash(dc.key, 1, 2, dc.msg, dc.len, want);
        CHECK_EQ_U64(siphash12_64(dc.msg, dc.len, &k), diff_le64(want), "siphash12_64 len %zu",
                     dc.len);

        const size_t cut = dc.len ? (size_t)(check_rand() % (dc.len + 1)) : 0;
        siphash_ctx_t ctx;
        siphash_ctx_init(&ctx, &k, 1, 2, 8);
        siphash_ctx_update(&ctx, dc.msg, cut);
        siphash_ctx_update(&ctx, dc.msg + cut, dc.len - cut);
        siphash_ctx_final(&ctx, got);
        CHECK(memcmp(got, want, 8) == 0, "stream 1-2 len %zu cut %zu", dc.len, cut);

        uint8_t *low = malloc(dc.len ? dc.len : 1);
        if (!low)
            exit(2);
        ascii_lower_copy(low, dc.msg, dc.len);
        ossl_siphash(dc.key, 1, 2, low, dc.len, want);
        CHECK_EQ_U64(siphash12_nocase_64(dc.msg, dc.len, &k), diff_le64(want),
                     "siphash12_nocase_64 len %zu", dc.len);
        free(low);
        diff_case_free(&dc);
    }
    ossl_sip_done();
    return check_finish("test_redis_openssl");
}
