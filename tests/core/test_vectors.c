/* SPDX-License-Identifier: MIT */
/*
 * test_vectors.c — every variant against all 12 known-answer files, with
 * each message placed at offsets 0..7 of a buffer allocated to its exact
 * end (so ASan/valgrind catch any read past the message).
 * Usage: test_vectors VECTOR_DIR
 */
#include "check.h"
#include "vectors.h"

#include <siphash.h>

static uint8_t key_bytes[16];

/* Little-endian reading of reference bytes (what the integer API returns). */
static uint64_t le(const uint8_t *b, size_t n)
{
    uint64_t x = 0;
    for (size_t i = n; i-- > 0;)
        x = x << 8 | b[i];
    return x;
}

enum kind { SIP24_64, SIP24_128, SIP13_64, SIP13_128, HSIP24_32, HSIP24_64,
            HSIP13_32, HSIP13_64, LINUX_SIPHASH, LINUX_HSIPHASH64, LINUX_HSIPHASH32, SIP12_64 };

static const struct {
    const char *file;
    enum kind kind;
} files[] = {
    {"siphash-2-4-64.txt", SIP24_64},       {"siphash-2-4-128.txt", SIP24_128},
    {"siphash-1-3-64.txt", SIP13_64},       {"siphash-1-3-128.txt", SIP13_128},
    {"halfsiphash-2-4-32.txt", HSIP24_32},  {"halfsiphash-2-4-64.txt", HSIP24_64},
    {"halfsiphash-1-3-32.txt", HSIP13_32},  {"halfsiphash-1-3-64.txt", HSIP13_64},
    {"linux-siphash.txt", LINUX_SIPHASH},   {"linux-hsiphash-64bit.txt", LINUX_HSIPHASH64},
    {"linux-hsiphash-32bit.txt", LINUX_HSIPHASH32},
    {"siphash-1-2-64.txt", SIP12_64},
};

/* Computes answer for message m (len bytes) as reference bytes (out) and
 * as integer; returns how many bytes are meaningful. */
static void check_one(enum kind kind, const vec_file *v, int i, const uint8_t *m,
                      const char *file, int off)
{
    siphash_key_t k = siphash_key_from_bytes(key_bytes);
    halfsiphash_key_t hk = halfsiphash_key_from_bytes(key_bytes);
    size_t len = (size_t)i;
    uint8_t out[16];
    switch (kind) {
    case SIP24_64:
        CHECK_EQ_U64(siphash24_64(m, len, &k), le(v->bytes[i], 8), "%s msg %d off %d", file, i, off);
        break;
    case SIP13_64:
        CHECK_EQ_U64(siphash13_64(m, len, &k), le(v->bytes[i], 8), "%s msg %d off %d", file, i, off);
        break;
    case SIP24_128:
        siphash24_128(m, len, &k, out);
        CHECK(memcmp(out, v->bytes[i], 16) == 0, "%s msg %d off %d", file, i, off);
        break;
    case SIP13_128:
        siphash13_128(m, len, &k, out);
        CHECK(memcmp(out, v->bytes[i], 16) == 0, "%s msg %d off %d", file, i, off);
        break;
    case HSIP24_32:
        CHECK_EQ_U64(halfsiphash24_32(m, len, &hk), le(v->bytes[i], 4), "%s msg %d off %d", file, i, off);
        break;
    case HSIP24_64:
        CHECK_EQ_U64(halfsiphash24_64(m, len, &hk), le(v->bytes[i], 8), "%s msg %d off %d", file, i, off);
        break;
    case HSIP13_32:
        CHECK_EQ_U64(halfsiphash13_32(m, len, &hk), le(v->bytes[i], 4), "%s msg %d off %d", file, i, off);
        break;
    case HSIP13_64:
        CHECK_EQ_U64(halfsiphash13_64(m, len, &hk), le(v->bytes[i], 8), "%s msg %d off %d", file, i, off);
        break;
    case LINUX_SIPHASH:
        /* Runtime length: the generic path (constant lengths: test_fold). */
        CHECK_EQ_U64(siphash(m, len, &k), v->ints[i], "%s msg %d off %d", file, i, off);
        break;
    case LINUX_HSIPHASH64: {
        /* Linux's 64-bit hsiphash is SipHash-1-3 truncated: check the
         * explicit function on every target, hsiphash() where it applies. */
        CHECK_EQ_U64((uint32_t)siphash13_64(m, len, &k), v->ints[i], "%s msg %d off %d", file, i, off);
        if (sizeof(unsigned long) == 8) {
            hsiphash_key_t hs = {{(unsigned long)k.key[0], (unsigned long)k.key[1]}};
            CHECK_EQ_U64(hsiphash(m, len, &hs), v->ints[i], "%s hsiphash msg %d off %d", file, i, off);
        }
        break;
    }
    case SIP12_64:
        /* Messages 0..63 hold no 'A'..'Z': the case-folding form agrees. */
        CHECK_EQ_U64(siphash12_64(m, len, &k), le(v->bytes[i], 8), "%s msg %d off %d", file, i, off);
        CHECK_EQ_U64(siphash12_nocase_64(m, len, &k), le(v->bytes[i], 8), "%s nocase msg %d off %d",
                     file, i, off);
        break;
    case LINUX_HSIPHASH32:
        CHECK_EQ_U64(halfsiphash13_32(m, len, &hk), v->ints[i], "%s msg %d off %d", file, i, off);
        if (sizeof(unsigned long) == 4) {
            hsiphash_key_t hs = {{hk.key[0], hk.key[1]}};
            CHECK_EQ_U64(hsiphash(m, len, &hs), v->ints[i], "%s hsiphash msg %d off %d", file, i, off);
        }
        break;
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    for (int i = 0; i < 16; i++)
        key_bytes[i] = (uint8_t)i;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        vec_file v;
        vec_load(argv[1], files[f].file, &v);
        for (int i = 0; i < VEC_COUNT; i++) {
            for (int off = 0; off < 8; off++) {
                /* Exact-size allocation: the message ends the block. */
                uint8_t *buf = malloc(off + i ? (size_t)(off + i) : 1);
                if (!buf)
                    return 2;
                for (int j = 0; j < i; j++)
                    buf[off + j] = (uint8_t)j;
                check_one(files[f].kind, &v, i, buf + off, files[f].file, off);
                free(buf);
            }
        }
        /* len 0 with a NULL pointer is allowed. */
        if (files[f].kind == SIP24_64) {
            siphash_key_t k = siphash_key_from_bytes(key_bytes);
            CHECK_EQ_U64(siphash24_64(NULL, 0, &k), le(v.bytes[0], 8), "NULL, 0");
        }
    }
    printf("hsiphash checked as %s (unsigned long is %zu bytes)\n",
           sizeof(unsigned long) == 8 ? "SipHash-1-3 (linux-hsiphash-64bit.txt)"
                                      : "HalfSipHash-1-3 (linux-hsiphash-32bit.txt)",
           sizeof(unsigned long));
    return check_finish("test_vectors");
}
