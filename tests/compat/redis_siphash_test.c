/* SPDX-License-Identifier: MIT */
/*
 * redis_siphash_test.c — include/compat/redis/siphash.h gives Redis's
 * values, byte for byte, on this machine (little- or big-endian):
 *
 *   - Redis's own test (its src/siphash.c, SIPHASH_TEST): key 00..0f,
 *     message i = bytes 00..i-1 for i < 64, memcmp(&hash, answer_i, 8)
 *     against the reference output bytes.  Redis's copy carries the
 *     SipHash-2-4 answers and says to put its rounds back to 2-4 before
 *     running it; its function is 1-2, so the answers here are the
 *     committed SipHash-1-2 ones (tests/vectors/siphash-1-2-64.txt, checked
 *     against a model and OpenSSL by tests/redis), in the same comparison;
 *     and the case-folding answers (siphash-1-2-64-nocase.txt) the same way.
 *   - Redis's three case-insensitive checks, verbatim in substance: key
 *     "1234567812345678", "hello world" / "HELLO world".
 *   - Every length 0..1024 with random keys, each message in an allocation
 *     that ends at its last byte and at a random misalignment: the 8 bytes
 *     of siphash() in memory equal the naive model's SipHash-1-2 output
 *     (tests/support/sipmodel.h, no code shared with the library), and the
 *     value equals siphash12_64() read the way Redis returns it; likewise
 *     siphash_nocase() against the model over a lowercased copy and
 *     siphash12_nocase_64().
 *   - siptlw() on every byte value and EOF.
 *   - Redis's own prototypes (as src/dict.c writes them) after the header:
 *     that is how Redis sees these functions once the header is
 *     force-included (-include), and it must compile warning-free.
 */
#include <redis/siphash.h> /* -I include/compat: the compat header */

/* As Redis's src/dict.c declares them: refer to the inline definitions. */
uint64_t siphash(const uint8_t *in, const size_t inlen, const uint8_t *k);
uint64_t siphash_nocase(const uint8_t *in, const size_t inlen, const uint8_t *k);
int siptlw(int c);

#include "check.h"
#include "nocase_vectors.h"
#include "sipmodel.h"
#include "vectors.h"

/* The integer Redis returns for reference output bytes b: b as they lie in
 * memory, read in host order. */
static uint64_t as_redis_returns(const uint8_t b[8])
{
    uint64_t r;
    memcpy(&r, b, sizeof r);
    return r;
}

/* siphash12_64's integer (the little-endian reading of the output bytes)
 * turned into Redis's return value: written out little-endian, read back. */
static uint64_t redis_from_lib(uint64_t h)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(h >> (8 * i));
    return as_redis_returns(b);
}

static void redis_own_test(const char *dir)
{
    vec_file v;
    vec_load(dir, "siphash-1-2-64.txt", &v);
    uint8_t in[64], k[16];
    for (int i = 0; i < 16; i++)
        k[i] = (uint8_t)i;
    for (int i = 0; i < 64; i++) {
        in[i] = (uint8_t)i;
        uint64_t hash = siphash(in, (size_t)i, k);
        CHECK(memcmp(&hash, v.bytes[i], 8) == 0, "siphash() of bytes 00..%02x: %016" PRIx64, i,
              hash);
    }

    const uint8_t *key = (const uint8_t *)"1234567812345678";
    const uint8_t *lo = (const uint8_t *)"hello world", *up = (const uint8_t *)"HELLO world";
    CHECK(siphash(lo, 11, key) == siphash_nocase(lo, 11, key), "nocase(lower) == plain(lower)");
    CHECK(siphash(lo, 11, key) == siphash_nocase(up, 11, key), "nocase(upper) == plain(lower)");
    CHECK(siphash(up, 11, key) != siphash_nocase(up, 11, key), "nocase(upper) != plain(upper)");
}

static void nocase_vectors(const char *dir)
{
    nocase_vec vecs[NOCASE_MAX];
    size_t n = nocase_load(dir, "siphash-1-2-64-nocase.txt", vecs);
    uint8_t k[16];
    for (int i = 0; i < 16; i++)
        k[i] = (uint8_t)i;
    for (size_t i = 0; i < n; i++) {
        uint64_t hash = siphash_nocase(vecs[i].msg, vecs[i].len, k);
        CHECK(memcmp(&hash, vecs[i].out, 8) == 0, "siphash_nocase() of nocase vector %zu", i);
    }
}

/* A message of len bytes ending exactly at the end of its allocation, at
 * a random misalignment; *block is what to free. */
static uint8_t *exact_message(size_t len, uint8_t **block)
{
    size_t off = (size_t)(check_rand() & 7);
    *block = check_xmalloc(off + len);
    return *block + off;
}

static void every_length(int keys_per_length)
{
    for (size_t len = 0; len <= 1024; len++)
        for (int r = 0; r < keys_per_length; r++) {
            uint8_t key[16], out[8], *block;
            check_rand_bytes(key, 16);
            const siphash_key_t lk = siphash_key_from_bytes(key);
            uint8_t *m = exact_message(len, &block);
            check_rand_bytes(m, len);
            if (r & 1) /* half the messages mostly letters: folding matters */
                for (size_t j = 0; j < len; j++)
                    m[j] = (uint8_t)((m[j] & 0x20) | ('A' + m[j] % 26));

            uint64_t h = siphash(m, len, key);
            sipmodel(8, 1, 2, key, m, len, out, 8);
            CHECK(memcmp(&h, out, 8) == 0, "siphash() vs the model, len %zu", len);
            CHECK_EQ_U64(h, redis_from_lib(siphash12_64(m, len, &lk)),
                         "siphash() vs siphash12_64, len %zu", len);

            uint8_t *low = check_xmalloc(len);
            ascii_lower_copy(low, m, len);
            uint64_t hn = siphash_nocase(m, len, key);
            sipmodel(8, 1, 2, key, low, len, out, 8);
            CHECK(memcmp(&hn, out, 8) == 0, "siphash_nocase() vs the model, len %zu", len);
            CHECK_EQ_U64(hn, redis_from_lib(siphash12_nocase_64(m, len, &lk)),
                         "siphash_nocase() vs siphash12_nocase_64, len %zu", len);
            CHECK_EQ_U64(hn, siphash(low, len, key), "siphash_nocase() vs siphash(lower), len %zu",
                         len);
            free(low);
            free(block);
        }
}

static void siptlw_all(void)
{
    for (int c = -1; c < 256; c++) {
        int want = c >= 'A' && c <= 'Z' ? c + 32 : c;
        CHECK(siptlw(c) == want, "siptlw(%d) = %d", c, siptlw(c));
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    check_seed("redis_compat_siphash");
    redis_own_test(argv[1]);
    nocase_vectors(argv[1]);
    every_length(getenv("SIPHASH_TEST_QUICK") ? 2 : 8);
    siptlw_all();
    return check_finish("redis_compat_siphash");
}
