/* SPDX-License-Identifier: MIT */
/*
 * ct_test.c — constant-time check of every public hashing function, with
 * valgrind memcheck as the oracle (after Adam Langley's ctgrind idea).
 *
 * Keys and message bytes are marked *undefined* with
 * VALGRIND_MAKE_MEM_UNDEFINED (their values stay as they are).  Memcheck
 * then tracks everything computed from them and reports any conditional
 * jump, or any memory address, that depends on them — exactly the two ways
 * a secret leaks through timing or the cache.  Lengths, round counts,
 * output sizes and batch sizes stay defined: they are allowed to steer
 * control flow.  Results are marked defined again before they are compared
 * or printed (the output of a PRF is meant to be seen).
 *
 * Run by CTest as  valgrind --error-exitcode=1 --track-origins=yes ct_test
 * --require-valgrind; any memcheck report fails the test.  Outside valgrind
 * the client requests are no-ops and the program only checks that the
 * different entry points agree (so it is an ordinary test as well).
 * tests/ct/ct_negative.c proves that this setup does flag leaks.
 */
#include "siphash.h"
#include "siphash_net.h"

#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>

#include "check.h"
#include "const_len.h"

/* Marks a secret (key or message) as unknown to memcheck. */
#define SECRET(p, n) (void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
/* Declares a result public before it is used in a branch. */
#define PUBLIC(p, n) (void)VALGRIND_MAKE_MEM_DEFINED((p), (n))

enum { MAXLEN = 80, NBATCH = 17 };

static uint8_t key_bytes[16];
static siphash_key_t key;
static halfsiphash_key_t hkey;
static hsiphash_key_t lkey;
static uint8_t msg[MAXLEN + 64]; /* padding so batch records may overlap */

static uint64_t pub64(uint64_t x)
{
    PUBLIC(&x, sizeof x);
    return x;
}

static uint32_t pub32(uint32_t x)
{
    PUBLIC(&x, sizeof x);
    return x;
}

static uint64_t le_read(const uint8_t *p, size_t n)
{
    uint64_t x = 0;
    for (size_t i = n; i-- > 0;)
        x = x << 8 | p[i];
    return x;
}

/* One-shot variants, and the inline siphash()/hsiphash() both with a length
 * the compiler cannot see and with every constant length 0..65. */
static void one_shot(void)
{
    for (size_t len = 0; len <= MAXLEN; len++) {
        uint8_t o16[16];
        uint64_t a = pub64(siphash24_64(msg, len, &key));
        uint64_t b = pub64(siphash(msg, len, &key));
        CHECK(a == b, "siphash() != siphash24_64 at len %zu", len);
        if (len <= CONST_LEN_MAX) {
            /* The header's inline code, compiled here, at this constant length. */
            CHECK(a == pub64(siphash_const_len(msg, len, &key)), "inline siphash len %zu", len);
            CHECK(pub32(hsiphash_const_len(msg, len, &lkey)) ==
                      pub32(hsiphash_generic(msg, len, &lkey)),
                  "inline hsiphash len %zu", len);
        }
        siphash24_128(msg, len, &key, o16);
        PUBLIC(o16, 16);
        siphash13_128(msg, len, &key, o16);
        PUBLIC(o16, 16);
        uint64_t c = pub64(siphash13_64(msg, len, &key));
        uint32_t h = pub32(hsiphash(msg, len, &lkey));
        uint32_t hg = pub32(hsiphash_generic(msg, len, &lkey));
        CHECK(h == hg, "hsiphash() != hsiphash_generic at len %zu", len);
#if ULONG_MAX > 0xffffffffUL
        CHECK(hg == (uint32_t)c, "hsiphash != SipHash-1-3 low half at len %zu", len);
#else
        (void)c; /* 32-bit: hsiphash is HalfSipHash-1-3, checked by tests/core */
#endif
        (void)pub32(halfsiphash24_32(msg, len, &hkey));
        (void)pub64(halfsiphash24_64(msg, len, &hkey));
        (void)pub32(halfsiphash13_32(msg, len, &hkey));
        (void)pub64(halfsiphash13_64(msg, len, &hkey));
        /* Redis's SipHash-1-2, and its ASCII case folding. */
        (void)pub64(siphash12_64(msg, len, &key));
        (void)pub64(siphash12_nocase_64(msg, len, &key));
    }
}

/* Linux's fixed-size functions (arguments are secret message words) and
 * the inline folding at constant lengths. */
static void fixed_size(void)
{
    uint32_t w[4];
    uint64_t q[4];
    for (int i = 0; i < 4; i++) {
        w[i] = (uint32_t)le_read(msg + 4 * i, 4); /* stays undefined */
        q[i] = le_read(msg + 8 * i, 8);
    }
    uint64_t r[] = {
        siphash_1u32(w[0], &key),
        siphash_2u32(w[0], w[1], &key),
        siphash_3u32(w[0], w[1], w[2], &key),
        siphash_4u32(w[0], w[1], w[2], w[3], &key),
        siphash_1u64(q[0], &key),
        siphash_2u64(q[0], q[1], &key),
        siphash_3u64(q[0], q[1], q[2], &key),
        siphash_4u64(q[0], q[1], q[2], q[3], &key),
        siphash(msg, 4, &key),
        siphash(msg, 8, &key),
        siphash(msg, 12, &key),
        siphash(msg, 16, &key),
        siphash(msg, 24, &key),
        siphash(msg, 32, &key),
        hsiphash_1u32(w[0], &lkey),
        hsiphash_2u32(w[0], w[1], &lkey),
        hsiphash_3u32(w[0], w[1], w[2], &lkey),
        hsiphash_4u32(w[0], w[1], w[2], w[3], &lkey),
        hsiphash(msg, 4, &lkey),
        hsiphash(msg, 8, &lkey),
        hsiphash(msg, 12, &lkey),
        hsiphash(msg, 16, &lkey),
    };
    PUBLIC(r, sizeof r);
    static const size_t lens[] = {4, 8, 12, 16, 8, 16, 24, 32};
    for (int i = 0; i < 8; i++) {
        uint64_t want = pub64(siphash24_64(msg, lens[i], &key));
        CHECK(r[i] == want, "fixed-size function %d", i);
    }
    static const size_t folded[] = {4, 8, 12, 16, 24, 32};
    for (int i = 0; i < 6; i++)
        CHECK(r[8 + i] == pub64(siphash24_64(msg, folded[i], &key)), "siphash() folding %d", i);
    for (int i = 0; i < 4; i++)
        CHECK(r[14 + i] == r[18 + i], "hsiphash folding %d", i);
}

/* Streaming with every split of every length up to 40 into two pieces,
 * both output sizes, SipHash and HalfSipHash, several round counts. */
static void streaming(void)
{
    static const unsigned cd[][2] = {{2, 4}, {1, 3}, {4, 8}, {1, 2}};
    for (size_t len = 0; len <= 40; len++)
        for (size_t cut = 0; cut <= len; cut++)
            for (size_t v = 0; v < 4; v++) {
                for (size_t outlen = 8; outlen <= 16; outlen += 8) {
                    siphash_ctx_t ctx;
                    uint8_t out[16];
                    siphash_ctx_init(&ctx, &key, cd[v][0], cd[v][1], outlen);
                    siphash_ctx_update(&ctx, msg, cut);
                    siphash_ctx_update(&ctx, msg + cut, len - cut);
                    siphash_ctx_final(&ctx, out);
                    PUBLIC(out, outlen);
                    if (v == 0 && outlen == 8)
                        CHECK(le_read(out, 8) == pub64(siphash24_64(msg, len, &key)),
                              "stream 2-4 len %zu cut %zu", len, cut);
                    if (v == 3 && outlen == 8)
                        CHECK(le_read(out, 8) == pub64(siphash12_64(msg, len, &key)),
                              "stream 1-2 len %zu cut %zu", len, cut);
                }
                for (size_t outlen = 4; outlen <= 8; outlen += 4) {
                    halfsiphash_ctx_t ctx;
                    uint8_t out[8];
                    halfsiphash_ctx_init(&ctx, &hkey, cd[v][0], cd[v][1], outlen);
                    halfsiphash_ctx_update(&ctx, msg, cut);
                    halfsiphash_ctx_update(&ctx, msg + cut, len - cut);
                    halfsiphash_ctx_final(&ctx, out);
                    PUBLIC(out, outlen);
                    if (v == 1 && outlen == 4)
                        CHECK(le_read(out, 4) == pub32(halfsiphash13_32(msg, len, &hkey)),
                              "stream half 1-3 len %zu cut %zu", len, cut);
                }
            }
}

/* Every batch entry point on the path currently chosen. */
static void batch_once(const char *path)
{
    uint64_t out[NBATCH], w[NBATCH], in64[NBATCH];
    const void *ptrs[NBATCH];
    size_t lens[NBATCH];
    for (size_t i = 0; i < NBATCH; i++) {
        in64[i] = le_read(msg + 3 * i, 8); /* secret words */
        ptrs[i] = msg + i;
        lens[i] = (i * 5) % 41;
    }
    for (size_t n = 1; n <= NBATCH; n++)
        for (size_t len = 0; len <= 40; len += (len < 17 ? 1 : 7)) {
            siphash_batch(msg, 3, len, n, &key, out);
            PUBLIC(out, n * sizeof *out);
            for (size_t i = 0; i < n; i++)
                w[i] = pub64(siphash24_64(msg + 3 * i, len, &key));
            CHECK(memcmp(out, w, n * sizeof *out) == 0, "[%s] siphash_batch n %zu len %zu",
                  path, n, len);
            siphash13_batch(msg, 3, len, n, &key, out);
            PUBLIC(out, n * sizeof *out);
            for (size_t i = 0; i < n; i++)
                w[i] = pub64(siphash13_64(msg + 3 * i, len, &key));
            CHECK(memcmp(out, w, n * sizeof *out) == 0, "[%s] siphash13_batch n %zu len %zu",
                  path, n, len);
            siphash12_batch(msg, 3, len, n, &key, out);
            PUBLIC(out, n * sizeof *out);
            for (size_t i = 0; i < n; i++)
                w[i] = pub64(siphash12_64(msg + 3 * i, len, &key));
            CHECK(memcmp(out, w, n * sizeof *out) == 0, "[%s] siphash12_batch n %zu len %zu",
                  path, n, len);
        }
    for (size_t n = 1; n <= NBATCH; n++) {
        siphash_batchv(ptrs, lens, n, &key, out);
        PUBLIC(out, n * sizeof *out);
        for (size_t i = 0; i < n; i++)
            CHECK(out[i] == pub64(siphash24_64(ptrs[i], lens[i], &key)), "[%s] batchv %zu",
                  path, i);
        siphash12_batchv(ptrs, lens, n, &key, out);
        PUBLIC(out, n * sizeof *out);
        for (size_t i = 0; i < n; i++)
            CHECK(out[i] == pub64(siphash12_64(ptrs[i], lens[i], &key)), "[%s] batchv12 %zu",
                  path, i);
        siphash12_nocase_batchv(ptrs, lens, n, &key, out);
        PUBLIC(out, n * sizeof *out);
        for (size_t i = 0; i < n; i++)
            CHECK(out[i] == pub64(siphash12_nocase_64(ptrs[i], lens[i], &key)),
                  "[%s] nocase_batchv12 %zu", path, i);
        siphash_batch_u64(in64, n, &key, out);
        PUBLIC(out, n * sizeof *out);
        for (size_t i = 0; i < n; i++)
            CHECK(out[i] == pub64(siphash_1u64(in64[i], &key)), "[%s] batch_u64 %zu", path, i);
        siphash13_batch_u64(in64, n, &key, out);
        PUBLIC(out, n * sizeof *out);
        for (size_t i = 0; i < n; i++)
            CHECK(out[i] == pub64(siphash13_64(msg + 3 * i, 8, &key)), "[%s] batch13_u64 %zu",
                  path, i);
    }
}

static void batches(void)
{
    static const char *const paths[] = {"portable", "avx2", "avx512", "neon"};
    int ran = 0;
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
        if (siphash_batch_force_impl(paths[i]) != 0)
            continue; /* not in this build or on this CPU (or under valgrind) */
        printf("ct_test: batch path %s\n", siphash_batch_impl());
        batch_once(paths[i]);
        ran++;
    }
    siphash_batch_force_impl(NULL);
    CHECK(ran >= 1, "no batch path could be forced");
}

/* Key conversions and the zero test (documented as constant time). */
static void keys(void)
{
    uint8_t back[16];
    siphash_key_t k = siphash_key_from_bytes(key_bytes);
    siphash_key_to_bytes(&k, back);
    PUBLIC(back, sizeof back);
    halfsiphash_key_t hk = halfsiphash_key_from_bytes(key_bytes);
    PUBLIC(&hk, sizeof hk);
    bool z = siphash_key_is_zero(&key);
    PUBLIC(&z, sizeof z);
    CHECK(!z, "random key reported as zero");
    SECRET(key_bytes, sizeof key_bytes);
}

#include "ct_net.h"

int main(int argc, char **argv)
{
    int require = argc > 1 && strcmp(argv[1], "--require-valgrind") == 0;
    if (require && !RUNNING_ON_VALGRIND) {
        fprintf(stderr, "ct_test: --require-valgrind given but not running under valgrind\n");
        return 1;
    }
    check_seed("ct_test");
    check_rand_bytes(key_bytes, sizeof key_bytes);
    key_bytes[0] |= 1; /* never the all-zero key */
    check_rand_bytes(msg, sizeof msg);

    key = siphash_key_from_bytes(key_bytes);
    hkey = halfsiphash_key_from_bytes(key_bytes);
    memcpy(lkey.key, key_bytes, sizeof lkey.key);

    /* From here on, every key and message byte is secret. */
    SECRET(key_bytes, sizeof key_bytes);
    SECRET(&key, sizeof key);
    SECRET(&hkey, sizeof hkey);
    SECRET(&lkey, sizeof lkey);
    SECRET(msg, sizeof msg);

    one_shot();
    fixed_size();
    streaming();
    batches();
    keys();
    net();
    printf("ct_test: %s\n", RUNNING_ON_VALGRIND ? "under valgrind memcheck"
                                                : "NOT under valgrind (agreement checks only)");
    return check_finish("ct_test");
}
