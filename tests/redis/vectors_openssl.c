/* SPDX-License-Identifier: MIT */
/*
 * vectors_openssl.c — the second source of the committed SipHash-1-2
 * vectors: every answer in tests/vectors/siphash-1-2-64.txt and
 * siphash-1-2-64-nocase.txt recomputed with OpenSSL's SIPHASH MAC
 * (c-rounds 1, d-rounds 2); the nocase answers over an ASCII-lowercased
 * copy.  The first source is gen_vectors.py (the model from the paper).
 * Uses no library code.
 *
 * Usage: vectors_openssl VECTOR_DIR
 */
#include "check.h"
#include "vectors.h"
#include "nocase_vectors.h"
#include "openssl_sip.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    uint8_t key[16], msg[VEC_COUNT], got[8];
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)i;
    for (int i = 0; i < VEC_COUNT; i++)
        msg[i] = (uint8_t)i;
    ossl_sip_init();

    static vec_file plain;
    vec_load(argv[1], "siphash-1-2-64.txt", &plain);
    CHECK(plain.nbytes == 8, "siphash-1-2-64.txt: %zu-byte answers", plain.nbytes);
    for (size_t i = 0; i < VEC_COUNT; i++) {
        ossl_siphash(key, 1, 2, msg, i, got);
        CHECK(memcmp(got, plain.bytes[i], 8) == 0, "siphash-1-2-64.txt line %zu", i + 1);
    }

    static nocase_vec nv[NOCASE_MAX];
    size_t n = nocase_load(argv[1], "siphash-1-2-64-nocase.txt", nv);
    int folded = 0, high = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t low[NOCASE_MAXLEN];
        ascii_lower_copy(low, nv[i].msg, nv[i].len);
        folded += memcmp(low, nv[i].msg, nv[i].len) != 0;
        for (size_t j = 0; j < nv[i].len; j++)
            high += nv[i].msg[j] >= 0x80;
        ossl_siphash(key, 1, 2, low, nv[i].len, got);
        CHECK(memcmp(got, nv[i].out, 8) == 0, "siphash-1-2-64-nocase.txt line %zu", i + 1);
    }
    /* The file must exercise the folding, not only pass through it. */
    CHECK(folded >= 20, "only %d nocase vectors contain A-Z", folded);
    CHECK(high >= 100, "only %d bytes >= 0x80 in the nocase vectors", high);
    ossl_sip_done();
    printf("vectors_openssl: %d + %zu answers recomputed with OpenSSL\n", VEC_COUNT, n);
    return check_finish("vectors_openssl");
}
