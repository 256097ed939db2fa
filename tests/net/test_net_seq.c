/* SPDX-License-Identifier: MIT */
/*
 * test_net_seq.c — ISNs (RFC 6528), timestamp offsets and RFC 6056 port
 * offsets: known answers recomputed here from the core API the way Linux
 * writes the formulas, the RFC's properties, and bad input.
 */
#include "check.h"
#include "net_util.h"

#include <siphash_net.h>

static siphash_key_t rand_key(void)
{
    siphash_key_t k = {{check_rand() | 1, check_rand()}};
    return k;
}

static void rand_v4(uint8_t a[4]) { check_rand_bytes(a, 4); }
static void rand_v6(uint8_t a[16]) { check_rand_bytes(a, 16); }

static unsigned popcount32(uint32_t x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Linux: siphash_3u32(saddr, daddr, sport << 16 | dport) + (ns >> 6). */
static void known_isn_v4(void)
{
    for (int i = 0; i < 1000; i++) {
        siphash_key_t key = rand_key();
        uint8_t l[4], r[4];
        rand_v4(l), rand_v4(r);
        uint16_t lp = (uint16_t)check_rand(), rp = (uint16_t)check_rand();
        uint64_t ns = check_rand();
        uint32_t want = (uint32_t)siphash_3u32(linux_word(l), linux_word(r),
                                               linux_be16(lp) << 16 | linux_be16(rp), &key) +
                        (uint32_t)(ns >> 6);
        uint32_t got = 0;
        CHECK(siphash_net_isn_v4(l, r, lp, rp, ns, &key, &got) == 0, "isn_v4 failed");
        CHECK_EQ_U64(got, want, "isn_v4 known answer, case %d", i);
    }
}

/* Linux: siphash(&{saddr, daddr, sport, dport}, 36) + (ns >> 6). */
static void known_isn_v6(void)
{
    for (int i = 0; i < 1000; i++) {
        siphash_key_t key = rand_key();
        uint8_t l[16], r[16], m[36];
        rand_v6(l), rand_v6(r);
        uint16_t lp = (uint16_t)check_rand(), rp = (uint16_t)check_rand();
        uint64_t ns = check_rand();
        memcpy(m, l, 16), memcpy(m + 16, r, 16);
        m[32] = (uint8_t)(lp >> 8), m[33] = (uint8_t)lp;
        m[34] = (uint8_t)(rp >> 8), m[35] = (uint8_t)rp;
        uint32_t want = (uint32_t)siphash(m, sizeof m, &key) + (uint32_t)(ns >> 6);
        uint32_t got = 0;
        CHECK(siphash_net_isn_v6(l, r, lp, rp, ns, &key, &got) == 0, "isn_v6 failed");
        CHECK_EQ_U64(got, want, "isn_v6 known answer, case %d", i);
    }
}

/* Linux: siphash_2u32(saddr, daddr, &ts_secret); v6: siphash(&{saddr, daddr}, 32);
 * ports: siphash_3u32(saddr, daddr, dport) extended here by the time seed. */
static void known_offsets(void)
{
    for (int i = 0; i < 1000; i++) {
        siphash_key_t key = rand_key();
        uint8_t l[16], r[16], m[40];
        rand_v6(l), rand_v6(r);
        uint16_t rp = (uint16_t)check_rand();
        uint32_t seed = (uint32_t)check_rand(), got = 0;

        CHECK(siphash_net_ts_off_v4(l, r, &key, &got) == 0, "ts_off_v4");
        CHECK_EQ_U64(got, (uint32_t)siphash_2u32(linux_word(l), linux_word(r), &key),
                     "ts_off_v4 case %d", i);

        memcpy(m, l, 16), memcpy(m + 16, r, 16);
        CHECK(siphash_net_ts_off_v6(l, r, &key, &got) == 0, "ts_off_v6");
        CHECK_EQ_U64(got, (uint32_t)siphash24_64(m, 32, &key), "ts_off_v6 case %d", i);

        CHECK(siphash_net_port_offset_v4(l, r, rp, seed, &key, &got) == 0, "port_v4");
        CHECK_EQ_U64(got,
                     (uint32_t)siphash_4u32(linux_word(l), linux_word(r), linux_be16(rp), seed,
                                            &key),
                     "port_offset_v4 case %d", i);

        m[32] = (uint8_t)(rp >> 8), m[33] = (uint8_t)rp, m[34] = 0, m[35] = 0;
        m[36] = (uint8_t)seed, m[37] = (uint8_t)(seed >> 8);
        m[38] = (uint8_t)(seed >> 16), m[39] = (uint8_t)(seed >> 24);
        CHECK(siphash_net_port_offset_v6(l, r, rp, seed, &key, &got) == 0, "port_v6");
        CHECK_EQ_U64(got, (uint32_t)siphash24_64(m, 40, &key), "port_offset_v6 case %d", i);
    }
}

/* RFC 6528: for one 4-tuple, the ISN advances with the 64-ns clock. */
static void isn_follows_clock(void)
{
    siphash_key_t key = rand_key();
    uint8_t l[16], r[16];
    rand_v6(l), rand_v6(r);
    uint64_t ns = check_rand() >> 1;
    uint32_t prev4, prev6;
    siphash_net_isn_v4(l, r, 443, 50000, ns, &key, &prev4);
    siphash_net_isn_v6(l, r, 443, 50000, ns, &key, &prev6);
    for (int i = 1; i <= 1000; i++) {
        /* Steps of 1 us .. 1 ms, always well inside the 274 s wrap. */
        uint64_t t = ns + 1000 + check_rand() % 1000000;
        uint32_t isn4, isn6, adv = (uint32_t)((t >> 6) - (ns >> 6));
        siphash_net_isn_v4(l, r, 443, 50000, t, &key, &isn4);
        siphash_net_isn_v6(l, r, 443, 50000, t, &key, &isn6);
        CHECK((int32_t)(isn4 - prev4) > 0, "v4 ISN did not increase at step %d", i);
        CHECK((int32_t)(isn6 - prev6) > 0, "v6 ISN did not increase at step %d", i);
        CHECK_EQ_U64(isn4 - prev4, adv, "v4 ISN advance != clock/64 at step %d", i);
        CHECK_EQ_U64(isn6 - prev6, adv, "v6 ISN advance != clock/64 at step %d", i);
        prev4 = isn4, prev6 = isn6, ns = t;
    }
}

/* Different 4-tuples get unrelated offsets: changing one bit of a port or
 * an address flips each output bit with probability 1/2.  The mean over
 * 20000 pairs of a Binomial(32, 1/2) has standard deviation 0.02; the
 * window 16 +- 0.5 is 25 sigma wide. */
static void tuples_unrelated(void)
{
    siphash_key_t key = rand_key();
    double sum4 = 0, sum6 = 0;
    const int n = 20000;
    uint64_t ns = check_rand();
    for (int i = 0; i < n; i++) {
        uint8_t l[16], r[16], l2[16];
        rand_v6(l), rand_v6(r);
        uint16_t lp = (uint16_t)check_rand(), rp = (uint16_t)check_rand(), rp2 = rp;
        memcpy(l2, l, 16);
        unsigned bit = (unsigned)(check_rand() % 48);
        if (bit < 16)
            rp2 ^= (uint16_t)(1u << bit);
        else
            l2[(bit - 16) / 8] ^= (uint8_t)(1u << (bit % 8));
        uint32_t a, b;
        siphash_net_isn_v4(l, r, lp, rp, ns, &key, &a);
        siphash_net_isn_v4(l2, r, lp, rp2, ns, &key, &b);
        sum4 += popcount32(a ^ b);
        siphash_net_isn_v6(l, r, lp, rp, ns, &key, &a);
        siphash_net_isn_v6(l2, r, lp, rp2, ns, &key, &b);
        sum6 += popcount32(a ^ b);
    }
    CHECK(sum4 / n > 15.5 && sum4 / n < 16.5, "v4 ISN mean bit distance %.3f", sum4 / n);
    CHECK(sum6 / n > 15.5 && sum6 / n < 16.5, "v6 ISN mean bit distance %.3f", sum6 / n);
}

/* RFC 6056 alg. 3: the time seed reshuffles the offset; the key matters. */
static void port_seed_and_key(void)
{
    siphash_key_t k1 = rand_key(), k2 = rand_key();
    uint8_t l[4] = {192, 0, 2, 1}, r[4] = {198, 51, 100, 7};
    unsigned same_seed = 0, same_key = 0;
    for (uint32_t s = 0; s < 1000; s++) {
        uint32_t a, b, c;
        siphash_net_port_offset_v4(l, r, 443, s, &k1, &a);
        siphash_net_port_offset_v4(l, r, 443, s + 1, &k1, &b);
        siphash_net_port_offset_v4(l, r, 443, s, &k2, &c);
        same_seed += a == b;
        same_key += a == c;
    }
    /* Each equality has probability 2^-32: 1000 tries, at most 2 (< 1e-12). */
    CHECK(same_seed <= tail_limit(1000, 0x1p-32) - 1, "seed does not change offset");
    CHECK(same_key <= tail_limit(1000, 0x1p-32) - 1, "key does not change offset");
}

static void bad_input(void)
{
    siphash_key_t zero = {{0, 0}}, key = rand_key();
    uint8_t a[16] = {1};
    uint32_t out = 0x5a5a5a5a;
    CHECK(siphash_net_isn_v4(a, a, 1, 2, 3, &zero, &out) == -EINVAL, "zero key isn_v4");
    CHECK(siphash_net_isn_v6(a, a, 1, 2, 3, &zero, &out) == -EINVAL, "zero key isn_v6");
    CHECK(siphash_net_ts_off_v4(a, a, &zero, &out) == -EINVAL, "zero key ts_off_v4");
    CHECK(siphash_net_ts_off_v6(a, a, &zero, &out) == -EINVAL, "zero key ts_off_v6");
    CHECK(siphash_net_port_offset_v4(a, a, 1, 2, &zero, &out) == -EINVAL, "zero key port_v4");
    CHECK(siphash_net_port_offset_v6(a, a, 1, 2, &zero, &out) == -EINVAL, "zero key port_v6");
    CHECK(out == 0x5a5a5a5a, "output changed on error");
    CHECK(siphash_net_isn_v4(a, a, 1, 2, 3, NULL, &out) == -EINVAL, "NULL key");
    CHECK(siphash_net_isn_v4(NULL, a, 1, 2, 3, &key, &out) == -EINVAL, "NULL laddr");
    CHECK(siphash_net_isn_v6(a, NULL, 1, 2, 3, &key, &out) == -EINVAL, "NULL raddr");
    CHECK(siphash_net_ts_off_v4(a, a, &key, NULL) == -EINVAL, "NULL out");
    CHECK(siphash_net_port_offset_v6(a, a, 1, 2, &key, NULL) == -EINVAL, "NULL out");
    /* A key with only one non-zero bit is a valid key. */
    siphash_key_t one = {{0, 1}};
    CHECK(siphash_net_isn_v4(a, a, 1, 2, 3, &one, &out) == 0, "nearly-zero key refused");
}

int main(void)
{
    check_seed("test_net_seq");
    known_isn_v4();
    known_isn_v6();
    known_offsets();
    isn_follows_clock();
    tuples_unrelated();
    port_seed_and_key();
    bad_input();
    return check_finish("test_net_seq");
}
