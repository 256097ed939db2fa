/* SPDX-License-Identifier: MIT */
/*
 * test_syncookie.c — SYN cookies: known answers recomputed here with the
 * core API from Linux's formula, MSS round trips, the 2-minute age limit,
 * tampering, other 4-tuples, the minute counter used in all 32 bits, what
 * the additive MSS index lets through, forgery rate and bad input.
 *
 * Random events (a forged or altered cookie happening to pass) are asserted
 * with tail_limit(): a bound the count exceeds by chance less than once in
 * 10^12 runs if each try passes with the stated probability.
 */
#include "check.h"
#include "net_util.h"

#include <siphash_net.h>

#define MASK24 0xffffffu

struct tuple {
    uint8_t saddr[16], daddr[16];
    uint16_t sport, dport;
    uint32_t seq;
};

static struct tuple rand_tuple(void)
{
    struct tuple t;
    check_rand_bytes(t.saddr, 16);
    check_rand_bytes(t.daddr, 16);
    t.sport = (uint16_t)check_rand();
    t.dport = (uint16_t)check_rand();
    t.seq = (uint32_t)check_rand();
    return t;
}

static void rand_keys(siphash_key_t k[2])
{
    for (int i = 0; i < 2; i++)
        k[i].key[0] = check_rand() | 1, k[i].key[1] = check_rand();
}

/* ---- the two families behind one interface ---------------------------- */

struct fam {
    const char *name;
    uint16_t (*mss)(unsigned);
    int (*make)(const uint8_t *, const uint8_t *, uint16_t, uint16_t, uint32_t, uint16_t,
                uint32_t, const siphash_key_t *, uint32_t *, uint16_t *);
    int (*check)(const uint8_t *, const uint8_t *, uint16_t, uint16_t, uint32_t, uint32_t,
                 uint32_t, const siphash_key_t *);
    uint32_t (*linux_hash)(const struct tuple *, uint32_t, const siphash_key_t *);
};

/* net/ipv4/syncookies.c: siphash_4u32(saddr, daddr, sport << 16 | dport, count). */
static uint32_t linux_hash_v4(const struct tuple *t, uint32_t count, const siphash_key_t *k)
{
    return (uint32_t)siphash_4u32(linux_word(t->saddr), linux_word(t->daddr),
                                  linux_be16(t->sport) << 16 | linux_be16(t->dport), count, k);
}

/* net/ipv6/syncookies.c: siphash of struct { saddr, daddr, u32 count, sport, dport },
 * computed here with the streaming API, piece by piece. */
static uint32_t linux_hash_v6(const struct tuple *t, uint32_t count, const siphash_key_t *k)
{
    siphash_ctx_t ctx;
    uint8_t c[4] = {(uint8_t)count, (uint8_t)(count >> 8), (uint8_t)(count >> 16),
                    (uint8_t)(count >> 24)};
    uint8_t p[4] = {(uint8_t)(t->sport >> 8), (uint8_t)t->sport, (uint8_t)(t->dport >> 8),
                    (uint8_t)t->dport};
    uint8_t out[8];
    siphash_ctx_init(&ctx, k, 2, 4, 8);
    siphash_ctx_update(&ctx, t->saddr, 16);
    siphash_ctx_update(&ctx, t->daddr, 16);
    siphash_ctx_update(&ctx, c, 4);
    siphash_ctx_update(&ctx, p, 4);
    siphash_ctx_final(&ctx, out);
    return linux_word(out);
}

static const struct fam fams[2] = {
    {"v4", siphash_net_mss_v4, siphash_net_syncookie_v4, siphash_net_syncookie_check_v4,
     linux_hash_v4},
    {"v6", siphash_net_mss_v6, siphash_net_syncookie_v6, siphash_net_syncookie_check_v6,
     linux_hash_v6},
};

static int make(const struct fam *f, const struct tuple *t, uint16_t mss, uint32_t minute,
                const siphash_key_t k[2], uint32_t *cookie, uint16_t *used)
{
    return f->make(t->saddr, t->daddr, t->sport, t->dport, t->seq, mss, minute, k, cookie,
                   used);
}

static int check(const struct fam *f, const struct tuple *t, uint32_t cookie, uint32_t minute,
                 const siphash_key_t k[2])
{
    return f->check(t->saddr, t->daddr, t->sport, t->dport, t->seq, cookie, minute, k);
}

/* ---- tests -------------------------------------------------------------- */

static void tables(void)
{
    const uint16_t v4[4] = {536, 1300, 1440, 1460}, v6[4] = {1220, 1420, 1440, 8940};
    for (unsigned i = 0; i < 4; i++) {
        CHECK(siphash_net_mss_v4(i) == v4[i], "msstab v4[%u]", i);
        CHECK(siphash_net_mss_v6(i) == v6[i], "msstab v6[%u]", i);
    }
    CHECK(siphash_net_mss_v4(4) == 0 && siphash_net_mss_v6(4) == 0, "index 4 accepted");
    CHECK(siphash_net_mss_v4(~0u) == 0, "index ~0 accepted");
}

/* Linux: h0 + seq + (count << 24) + ((h1 + mssind) & mask), mssind the largest
 * table index whose MSS <= the client's. */
static void known_answers(const struct fam *f)
{
    for (int i = 0; i < 2000; i++) {
        siphash_key_t k[2];
        rand_keys(k);
        struct tuple t = rand_tuple();
        uint32_t minute = (uint32_t)check_rand();
        uint16_t mss = (uint16_t)(f->mss(0) + check_rand() % (65536u - f->mss(0)));
        uint32_t idx = 3;
        while (idx > 0 && f->mss(idx) > mss)
            idx--;
        uint32_t want = f->linux_hash(&t, 0, &k[0]) + t.seq + (minute << 24) +
                        ((f->linux_hash(&t, minute, &k[1]) + idx) & MASK24);
        uint32_t got = 0;
        uint16_t used = 0;
        CHECK(make(f, &t, mss, minute, k, &got, &used) == 0, "%s make failed", f->name);
        CHECK_EQ_U64(got, want, "%s cookie known answer, case %d", f->name, i);
        CHECK(used == f->mss(idx), "%s mss %u used %u", f->name, mss, used);
    }
}

/* Every MSS the table can carry comes back, in this minute and the next. */
static void round_trip(const struct fam *f)
{
    siphash_key_t k[2];
    rand_keys(k);
    for (int i = 0; i < 4000; i++) {
        struct tuple t = rand_tuple();
        unsigned idx = (unsigned)i % 4;
        /* The exact entry, or just below the next one. */
        uint16_t mss = (i & 4) && idx < 3 ? (uint16_t)(f->mss(idx + 1) - 1) : f->mss(idx);
        if ((i & 4) && idx == 3)
            mss = 65535;
        uint32_t minute = (uint32_t)check_rand(), cookie;
        uint16_t used;
        CHECK(make(f, &t, mss, minute, k, &cookie, &used) == 0, "%s make", f->name);
        CHECK(used == f->mss(idx), "%s mss %u -> %u, want %u", f->name, mss, used, f->mss(idx));
        CHECK(check(f, &t, cookie, minute, k) == f->mss(idx), "%s same minute", f->name);
        CHECK(check(f, &t, cookie, minute + 1, k) == f->mss(idx), "%s next minute", f->name);
    }
    /* Across the 32-bit and 8-bit wraps of the minute counter. */
    const uint32_t edge[] = {0xffffffffu, 0xffu, 0x1ffu, 0};
    for (size_t e = 0; e < sizeof edge / sizeof edge[0]; e++) {
        struct tuple t = rand_tuple();
        uint32_t cookie;
        make(f, &t, 1440, edge[e], k, &cookie, NULL);
        CHECK(check(f, &t, cookie, edge[e] + 1, k) == 1440, "%s wrap at %x", f->name, edge[e]);
    }
}

/* A cookie from minute m is valid in m and m + 1 only: older (up to the
 * 8-bit wrap) and "future" cookies are refused.  The minute is carried
 * exactly in the top byte, so these refusals are certain, not probable. */
static void age_limit(const struct fam *f)
{
    siphash_key_t k[2];
    rand_keys(k);
    for (int i = 0; i < 200; i++) {
        struct tuple t = rand_tuple();
        uint32_t m = (uint32_t)check_rand(), cookie;
        make(f, &t, f->mss(2), m, k, &cookie, NULL);
        for (uint32_t age = 2; age < 256; age++)
            CHECK(check(f, &t, cookie, m + age, k) == 0, "%s accepted at age %u", f->name, age);
        CHECK(check(f, &t, cookie, m - 1, k) == 0, "%s accepted a minute early", f->name);
    }
}

/* Altered cookies, cookies for another 4-tuple or sequence number, and
 * cookies checked against the other key pair. */
static void tampered_and_misdirected(const struct fam *f)
{
    siphash_key_t k[2], other[2];
    rand_keys(k);
    rand_keys(other);
    unsigned long tampered = 0, tamper_tries = 0, wrong = 0, wrong_tries = 0;
    for (int i = 0; i < 20000; i++) {
        struct tuple t = rand_tuple(), u = t;
        uint32_t m = (uint32_t)check_rand(), cookie;
        make(f, &t, f->mss((unsigned)i % 4), m, k, &cookie, NULL);
        /* Bits 0-1 carry the MSS index additively (Linux's design): flipping
         * them can give another valid MSS.  Any other single bit: the 24-bit
         * hash must match again, chance <= 4 / 2^24 per try. */
        unsigned bit = 2 + (unsigned)(check_rand() % 30);
        tampered += check(f, &t, cookie ^ (1u << bit), m + (check_rand() & 1), k) > 0;
        tamper_tries++;
        /* One changed field: the cookie is random to the check, <= 2^-24. */
        switch (i % 6) {
        case 0: u.saddr[check_rand() % (f->name[1] == '4' ? 4 : 16)] ^= 0x10; break;
        case 1: u.daddr[check_rand() % (f->name[1] == '4' ? 4 : 16)] ^= 0x01; break;
        case 2: u.sport ^= 1; break;
        case 3: u.dport ^= 0x8000; break;
        /* seq enters the cookie additively, like the MSS index: seq + 1 can
         * look like the next index (Linux's design), so shift it further. */
        case 4: u.seq += 0x10000; break;
        case 5: break;
        }
        wrong += (i % 6 == 5 ? check(f, &t, cookie, m, other) : check(f, &u, cookie, m, k)) > 0;
        wrong_tries++;
    }
    printf("%s: %lu/%lu single-bit-tampered and %lu/%lu misdirected cookies accepted\n",
           f->name, tampered, tamper_tries, wrong, wrong_tries);
    CHECK(tampered < tail_limit((double)tamper_tries, 4.0 / 16777216.0),
          "%s: %lu tampered cookies accepted", f->name, tampered);
    CHECK(wrong < tail_limit((double)wrong_tries, 1.0 / 16777216.0),
          "%s: %lu misdirected cookies accepted", f->name, wrong);
}

/* The minute counter is hashed in all 32 bits (as Linux hashes
 * tcp_cookie_time()), as the header says.  A caller keeping the full
 * counter crosses every 8-bit boundary (0x?ff -> 0x?00) untroubled; one
 * keeping only 8 bits passes 255 and then 0 for a cookie made at 255, and
 * that cookie is refused (the check hashes minute 0xffffffff, not 255):
 * up to the 24-bit hash matching by chance, <= 4 / 2^24 per try. */
static void minute_counter_width(const struct fam *f)
{
    siphash_key_t k[2];
    rand_keys(k);
    unsigned long wrapped8 = 0, tries = 0;
    for (int i = 0; i < 2000; i++) {
        struct tuple t = rand_tuple();
        uint32_t m = (uint32_t)check_rand() | 0xffu, cookie; /* low byte 0xff */
        uint16_t mss = f->mss((unsigned)i % 4);
        CHECK(make(f, &t, mss, m, k, &cookie, NULL) == 0, "%s make", f->name);
        CHECK(check(f, &t, cookie, m + 1, k) == mss, "%s full counter across %x -> %x",
              f->name, m, m + 1);
        uint32_t c8;
        CHECK(make(f, &t, mss, 0xffu, k, &c8, NULL) == 0, "%s make at 255", f->name);
        wrapped8 += check(f, &t, c8, 0, k) > 0;
        tries++;
    }
    printf("%s: %lu/%lu cookies made at an 8-bit counter's 255 accepted at its 0\n", f->name,
           wrapped8, tries);
    CHECK(wrapped8 < tail_limit((double)tries, 4.0 / 16777216.0),
          "%s: %lu cookies accepted across an 8-bit wrap: the minute is not hashed in full",
          f->name, wrapped8);
}

/* What the check cannot detect, as in Linux: the MSS index is added to the
 * low bits, so a genuine cookie plus d (or checked with seq - d) passes with
 * the larger entry while index + d < 4, and is refused beyond the table.
 * The only exception is the 24-bit part wrapping (chance d / 2^24), which
 * carries into the minute byte: counted, bounded. */
static void additive_mss_index(const struct fam *f)
{
    siphash_key_t k[2];
    rand_keys(k);
    unsigned long odd = 0, tries = 0;
    for (int n = 0; n < 1000; n++) {
        struct tuple t = rand_tuple();
        uint32_t m = (uint32_t)check_rand(), cookie;
        unsigned i = (unsigned)n % 4;
        make(f, &t, f->mss(i), m, k, &cookie, NULL);
        for (unsigned d = 1; d <= 3; d++) {
            int want = i + d < 4 ? f->mss(i + d) : 0;
            struct tuple u = t;
            u.seq -= d;
            odd += check(f, &t, cookie + d, m, k) != want;
            odd += check(f, &u, cookie, m + 1, k) != want;
            tries += 2;
        }
    }
    CHECK(odd < tail_limit((double)tries, 3.0 / 16777216.0),
          "%s: cookie + d / seq - d not accepted as the header documents (%lu of %lu)",
          f->name, odd, tries);
}

/* Blind forgery: random 32-bit cookies for random connections.  Each passes
 * with probability 2/256 (minute byte) * 4/2^24 (hash) = 2^-29; we assert
 * the weaker 2^-24 the 24-bit hash promises, over 2^20 tries. */
static void forgery_rate(const struct fam *f)
{
    siphash_key_t k[2];
    rand_keys(k);
    const unsigned long n = 1ul << 20;
    unsigned long accepted = 0;
    for (unsigned long i = 0; i < n; i++) {
        struct tuple t = rand_tuple();
        accepted += check(f, &t, (uint32_t)check_rand(), (uint32_t)check_rand(), k) > 0;
    }
    unsigned limit = tail_limit((double)n, 1.0 / 16777216.0);
    printf("%s: %lu of %lu forged cookies accepted (limit %u; expected %.4f at 2^-29)\n",
           f->name, accepted, n, limit - 1, (double)n / 536870912.0);
    CHECK(accepted < limit, "%s: %lu forged cookies accepted", f->name, accepted);
}

static void bad_input(const struct fam *f)
{
    siphash_key_t k[2], z[2];
    rand_keys(k);
    struct tuple t = rand_tuple();
    uint32_t cookie = 0x12345678;
    uint16_t used = 7;
    CHECK(make(f, &t, (uint16_t)(f->mss(0) - 1), 5, k, &cookie, &used) == -EINVAL,
          "%s MSS below table", f->name);
    CHECK(make(f, &t, 0, 5, k, &cookie, &used) == -EINVAL, "%s MSS 0", f->name);
    CHECK(cookie == 0x12345678 && used == 7, "%s output changed on error", f->name);
    for (int which = 0; which < 3; which++) {
        z[0] = k[0], z[1] = k[1];
        if (which != 1)
            z[0].key[0] = z[0].key[1] = 0;
        if (which != 0)
            z[1].key[0] = z[1].key[1] = 0;
        CHECK(make(f, &t, 1440, 5, z, &cookie, &used) == -EINVAL, "%s zero key %d", f->name,
              which);
        CHECK(check(f, &t, 0, 5, z) == -EINVAL, "%s check zero key %d", f->name, which);
    }
    CHECK(make(f, &t, 1440, 5, NULL, &cookie, &used) == -EINVAL, "%s NULL keys", f->name);
    CHECK(make(f, &t, 1440, 5, k, NULL, &used) == -EINVAL, "%s NULL cookie", f->name);
    CHECK(f->make(NULL, t.daddr, 1, 2, 3, 1440, 5, k, &cookie, &used) == -EINVAL, "%s NULL",
          f->name);
    CHECK(f->check(t.saddr, NULL, 1, 2, 3, 0, 5, k) == -EINVAL, "%s NULL daddr", f->name);
    CHECK(make(f, &t, 1440, 5, k, &cookie, NULL) == 0, "%s mss_used may be NULL", f->name);
}

int main(void)
{
    check_seed("test_syncookie");
    tables();
    for (int i = 0; i < 2; i++) {
        known_answers(&fams[i]);
        round_trip(&fams[i]);
        age_limit(&fams[i]);
        tampered_and_misdirected(&fams[i]);
        minute_counter_width(&fams[i]);
        additive_mss_index(&fams[i]);
        forgery_rate(&fams[i]);
        bad_input(&fams[i]);
    }
    return check_finish("test_syncookie");
}
