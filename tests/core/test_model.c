/* SPDX-License-Identifier: MIT */
/*
 * test_model.c — the tests' reference model (tests/support/sipmodel.h)
 * against every byte-string known-answer file in tests/vectors/, before
 * any test trusts it as an oracle: a model that drifted would otherwise
 * agree with a library bug it shares, or fail tests for the wrong reason.
 * The library is not involved.
 * Usage: test_model VECTOR_DIR
 */
#include "check.h"
#include "sipmodel.h"
#include "vectors.h"

static const struct {
    const char *file;
    unsigned word, c, d;
    size_t outlen;
} files[] = {
    {"siphash-2-4-64.txt", 8, 2, 4, 8},      {"siphash-2-4-128.txt", 8, 2, 4, 16},
    {"siphash-1-3-64.txt", 8, 1, 3, 8},      {"siphash-1-3-128.txt", 8, 1, 3, 16},
    {"halfsiphash-2-4-32.txt", 4, 2, 4, 4},  {"halfsiphash-2-4-64.txt", 4, 2, 4, 8},
    {"halfsiphash-1-3-32.txt", 4, 1, 3, 4},  {"halfsiphash-1-3-64.txt", 4, 1, 3, 8},
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    uint8_t key[16], msg[VEC_COUNT], out[16];
    for (int i = 0; i < 16; i++)
        key[i] = (uint8_t)i;
    for (int i = 0; i < VEC_COUNT; i++)
        msg[i] = (uint8_t)i;

    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        vec_file v;
        vec_load(argv[1], files[f].file, &v);
        CHECK(v.nbytes == files[f].outlen, "%s: %zu bytes per answer", files[f].file, v.nbytes);
        for (size_t len = 0; len < VEC_COUNT; len++) {
            sipmodel(files[f].word, files[f].c, files[f].d, key, msg, len, out, files[f].outlen);
            CHECK(memcmp(out, v.bytes[len], files[f].outlen) == 0, "%s: message of %zu bytes",
                  files[f].file, len);
        }
    }

    /* The convenience forms are the little-endian reading of those bytes;
     * the paper's worked example is SipHash-2-4 of the 15-byte message. */
    CHECK_EQ_U64(sipmodel_64(2, 4, key, msg, 15), 0xa129ca6149be45e5ULL, "paper example");
    sipmodel(4, 1, 3, key, msg, 7, out, 4);
    CHECK_EQ_U64(sipmodel_half32(1, 3, key, msg, 7),
                 (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 |
                     (uint32_t)out[3] << 24,
                 "sipmodel_half32");
    return check_finish("test_model");
}
