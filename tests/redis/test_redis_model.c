/* SPDX-License-Identifier: MIT */
/*
 * test_redis_model.c — siphash12_64 and siphash12_nocase_64 on random
 * inputs against the naive model (SipHash-c-d written from the paper,
 * sharing no code with src/):
 *   - random keys, lengths 0..1024 (short ones over-represented), offsets
 *     0..7, each message in an allocation that ends at its last byte (so
 *     ASan or valgrind catch any read past it);
 *   - nocase against the model over an ASCII-lowercased copy, on messages
 *     drawn from all 256 byte values and from the bytes around the letter
 *     ranges (where a word-at-a-time folding would go wrong: '@' '[' '`'
 *     '{', A-Z with the top bit set, 0x7f/0x80/0xff);
 *   - every byte value at every position of a 17-byte message, alone among
 *     letters, so a fold that carries between bytes is caught.
 */
#include "diffcase.h"
#include "sipmodel.h"
#include "nocase_vectors.h"

#include <siphash.h>

static uint64_t model12(const uint8_t key[16], const uint8_t *m, size_t len)
{
    uint8_t out[8];
    sipmodel(8, 1, 2, key, m, len, out, 8);
    return diff_le64(out);
}

static uint64_t model12_nocase(const uint8_t key[16], const uint8_t *m, size_t len)
{
    uint8_t *low = malloc(len ? len : 1);
    if (!low)
        exit(2);
    ascii_lower_copy(low, m, len);
    uint64_t h = model12(key, low, len);
    free(low);
    return h;
}

static void random_cases(int n)
{
    for (int i = 0; i < n; i++) {
        diff_case dc;
        diff_case_make(&dc);
        const siphash_key_t k = siphash_key_from_bytes(dc.key);
        CHECK_EQ_U64(siphash12_64(dc.msg, dc.len, &k), model12(dc.key, dc.msg, dc.len),
                     "siphash12_64 len %zu", dc.len);
        CHECK_EQ_U64(siphash12_nocase_64(dc.msg, dc.len, &k),
                     model12_nocase(dc.key, dc.msg, dc.len), "siphash12_nocase_64 len %zu",
                     dc.len);
        diff_case_free(&dc);
    }
}

/* Messages from a small alphabet of edge bytes, in exact-size buffers. */
static void edge_alphabet(int n)
{
    static const uint8_t edges[] = {0x00, 0x1f, 0x20, 0x3f, 0x40, 0x41, 0x42, 0x59, 0x5a,
                                    0x5b, 0x5f, 0x60, 0x61, 0x7a, 0x7b, 0x7f, 0x80, 0xbf,
                                    0xc0, 0xc1, 0xda, 0xdb, 0xe0, 0xe1, 0xfa, 0xfb, 0xff};
    for (int i = 0; i < n; i++) {
        uint8_t key[16];
        check_rand_bytes(key, 16);
        const siphash_key_t k = siphash_key_from_bytes(key);
        const size_t len = (size_t)(check_rand() % 80);
        uint8_t *m = malloc(len ? len : 1);
        if (!m)
            exit(2);
        for (size_t j = 0; j < len; j++)
            m[j] = edges[check_rand() % sizeof edges];
        CHECK_EQ_U64(siphash12_nocase_64(m, len, &k), model12_nocase(key, m, len),
                     "nocase edge alphabet len %zu", len);
        free(m);
    }
}

/* Byte value b at position p of a 17-byte message of capitals (or of
 * lowercase letters), for every b and p. */
static void every_byte_every_position(void)
{
    uint8_t key[16];
    check_rand_bytes(key, 16);
    const siphash_key_t k = siphash_key_from_bytes(key);
    uint8_t m[17];
    for (int fill = 0; fill < 2; fill++)
        for (size_t p = 0; p < sizeof m; p++)
            for (unsigned b = 0; b < 256; b++) {
                for (size_t j = 0; j < sizeof m; j++)
                    m[j] = (uint8_t)((fill ? 'a' : 'A') + (j * 7) % 26);
                m[p] = (uint8_t)b;
                CHECK_EQ_U64(siphash12_nocase_64(m, sizeof m, &k),
                             model12_nocase(key, m, sizeof m), "byte %02x at %zu fill %d", b, p,
                             fill);
            }
}

int main(void)
{
    check_seed("test_redis_model");
    const int n = diff_cases();
    random_cases(n);
    edge_alphabet(n / 2);
    every_byte_every_position();
    return check_finish("test_redis_model");
}
