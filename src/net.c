/* SPDX-License-Identifier: MIT */
/*
 * net.c — TCP ISNs (RFC 6528), timestamp offsets, RFC 6056 port offsets and
 * SYN cookies, as Linux computes them (net/core/secure_seq.c,
 * net/ipv4/syncookies.c, net/ipv6/syncookies.c) but with caller-supplied
 * keys and time.
 *
 * Every function builds its message as an explicit byte string and hashes
 * it with siphash24_64(): the layout is documented in siphash_net.h and is
 * what Linux hashes on a little-endian machine, so results are the same on
 * every platform and match Linux on x86/arm64 with the same key.
 */
#include "internal.h"
#include "siphash_net.h"

#include <errno.h>

/* Cookie layout: top 8 bits minute counter, low 24 bits keyed hash + data. */
#define COOKIE_BITS 24
#define COOKIE_MASK ((UINT32_C(1) << COOKIE_BITS) - 1)
/* A cookie made in minute m is accepted in minutes m and m + 1. */
#define MAX_COOKIE_AGE 2

static const uint16_t msstab_v4[SIPHASH_NET_MSS_COUNT] = {536, 1300, 1440, 1460};
static const uint16_t msstab_v6[SIPHASH_NET_MSS_COUNT] = {1280 - 60, 1480 - 60, 1500 - 60,
                                                          9000 - 60};

static void put_be16(uint8_t *p, uint16_t x)
{
    p[0] = (uint8_t)(x >> 8);
    p[1] = (uint8_t)x;
}

/* The 32-bit value Linux keeps: the low half of the 64-bit SipHash. */
static uint32_t hash32(const uint8_t *msg, size_t len, const siphash_key_t *key)
{
    return (uint32_t)siphash24_64(msg, len, key);
}

/*
 * Constant-time helpers.  The keys, and every value derived from them, must
 * not steer a branch or an address (tests/ct checks this under valgrind):
 * validity ("the key is the all-zero key", "the cookie is genuine") is
 * computed as a mask and only the return value tells it, as the API says.
 * Pointer checks stay ordinary branches: pointers are not secrets.
 */

/* Hides a mask's value from the optimiser.  Without it, clang sees that a
 * mask is 0 or all ones and turns (a & m) | (b & ~m) back into a select
 * between two *addresses* — a secret-dependent load (found by tests/ct). */
static uint32_t opaque(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* All ones if a < b, else 0 (a, b < 2^32: the borrow lands in bit 63). */
static uint32_t lt_mask(uint32_t a, uint32_t b)
{
    return opaque((uint32_t)(0 - (((uint64_t)a - b) >> 63)));
}

/* All ones if a == b, else 0. */
static uint32_t eq_mask(uint32_t a, uint32_t b)
{
    return opaque((uint32_t)(0 - (((uint64_t)(a ^ b) - 1) >> 63)));
}

/* All ones if the key is all zero (refused: it is public), else 0. */
static uint32_t zero_key_mask(const siphash_key_t *key)
{
    uint64_t x = key->key[0] | key->key[1];
    return opaque((uint32_t)(((x | (0 - x)) >> 63) - 1));
}

/* *out = val unless bad (then *out is left as it was); 0 or -EINVAL. */
static int store_unless(uint32_t *out, uint32_t val, uint32_t bad)
{
    *out = (*out & bad) | (val & ~bad);
    return -(int)(bad & EINVAL);
}

/* 64-ns clock, wrapping every 2^32 * 64 ns = 274 s (Linux's seq_scale). */
static uint32_t seq_clock(uint64_t ns)
{
    return (uint32_t)(ns >> 6);
}

/* Both ISNs hash the two addresses and the ports in the order Linux stores
 * them: (u32)sport << 16 | dport stored little-endian puts dport first for
 * IPv4; IPv6 hashes sport, dport. */
static int isn(const uint8_t *laddr, const uint8_t *raddr, size_t alen, uint16_t first,
               uint16_t second, uint64_t ns, const siphash_key_t *key, uint32_t *out)
{
    uint8_t m[36];
    if (!laddr || !raddr || !out || !key)
        return -EINVAL;
    memcpy(m, laddr, alen);
    memcpy(m + alen, raddr, alen);
    put_be16(m + 2 * alen, first);
    put_be16(m + 2 * alen + 2, second);
    return store_unless(out, hash32(m, 2 * alen + 4, key) + seq_clock(ns), zero_key_mask(key));
}

int siphash_net_isn_v4(const uint8_t laddr[4], const uint8_t raddr[4], uint16_t lport,
                       uint16_t rport, uint64_t ns, const siphash_key_t *key, uint32_t *isn_out)
{
    return isn(laddr, raddr, 4, rport, lport, ns, key, isn_out);
}

int siphash_net_isn_v6(const uint8_t laddr[16], const uint8_t raddr[16], uint16_t lport,
                       uint16_t rport, uint64_t ns, const siphash_key_t *key, uint32_t *isn_out)
{
    return isn(laddr, raddr, 16, lport, rport, ns, key, isn_out);
}

static int ts_off(const uint8_t *laddr, const uint8_t *raddr, size_t alen,
                  const siphash_key_t *key, uint32_t *off)
{
    uint8_t m[32];
    if (!laddr || !raddr || !off || !key)
        return -EINVAL;
    memcpy(m, laddr, alen);
    memcpy(m + alen, raddr, alen);
    return store_unless(off, hash32(m, 2 * alen, key), zero_key_mask(key));
}

int siphash_net_ts_off_v4(const uint8_t laddr[4], const uint8_t raddr[4],
                          const siphash_key_t *key, uint32_t *off)
{
    return ts_off(laddr, raddr, 4, key, off);
}

int siphash_net_ts_off_v6(const uint8_t laddr[16], const uint8_t raddr[16],
                          const siphash_key_t *key, uint32_t *off)
{
    return ts_off(laddr, raddr, 16, key, off);
}

static int port_offset(const uint8_t *laddr, const uint8_t *raddr, size_t alen, uint16_t rport,
                       uint32_t seed, const siphash_key_t *key, uint32_t *offset)
{
    uint8_t m[40];
    if (!laddr || !raddr || !offset || !key)
        return -EINVAL;
    memcpy(m, laddr, alen);
    memcpy(m + alen, raddr, alen);
    put_be16(m + 2 * alen, rport);
    m[2 * alen + 2] = 0;
    m[2 * alen + 3] = 0;
    sip_store32(m + 2 * alen + 4, seed);
    return store_unless(offset, hash32(m, 2 * alen + 8, key), zero_key_mask(key));
}

int siphash_net_port_offset_v4(const uint8_t laddr[4], const uint8_t raddr[4], uint16_t rport,
                               uint32_t seed, const siphash_key_t *key, uint32_t *offset)
{
    return port_offset(laddr, raddr, 4, rport, seed, key, offset);
}

int siphash_net_port_offset_v6(const uint8_t laddr[16], const uint8_t raddr[16],
                               uint16_t rport, uint32_t seed, const siphash_key_t *key,
                               uint32_t *offset)
{
    return port_offset(laddr, raddr, 16, rport, seed, key, offset);
}

/* ---- SYN cookies ------------------------------------------------------ */

uint16_t siphash_net_mss_v4(unsigned index)
{
    return index < SIPHASH_NET_MSS_COUNT ? msstab_v4[index] : 0;
}

uint16_t siphash_net_mss_v6(unsigned index)
{
    return index < SIPHASH_NET_MSS_COUNT ? msstab_v6[index] : 0;
}

/* What differs between v4 and v6: the address length and the message
 * layout (Linux's cookie_hash() in each family). */
struct cookie_family {
    size_t alen;
    const uint16_t *msstab;
    uint32_t (*hash)(const uint8_t *saddr, const uint8_t *daddr, uint16_t sport, uint16_t dport,
                     uint32_t count, const siphash_key_t *key);
};

static uint32_t cookie_hash_v4(const uint8_t *saddr, const uint8_t *daddr, uint16_t sport,
                               uint16_t dport, uint32_t count, const siphash_key_t *key)
{
    uint8_t m[16];
    memcpy(m, saddr, 4);
    memcpy(m + 4, daddr, 4);
    put_be16(m + 8, dport); /* (u32)sport << 16 | dport, little-endian */
    put_be16(m + 10, sport);
    sip_store32(m + 12, count);
    return hash32(m, sizeof m, key);
}

static uint32_t cookie_hash_v6(const uint8_t *saddr, const uint8_t *daddr, uint16_t sport,
                               uint16_t dport, uint32_t count, const siphash_key_t *key)
{
    uint8_t m[40];
    memcpy(m, saddr, 16);
    memcpy(m + 16, daddr, 16);
    sip_store32(m + 32, count);
    put_be16(m + 36, sport);
    put_be16(m + 38, dport);
    return hash32(m, sizeof m, key);
}

static const struct cookie_family fam_v4 = {4, msstab_v4, cookie_hash_v4};
static const struct cookie_family fam_v6 = {16, msstab_v6, cookie_hash_v6};

/* All ones if either cookie key is all zero. */
static uint32_t zero_keys_mask(const siphash_key_t keys[2])
{
    return zero_key_mask(&keys[0]) | zero_key_mask(&keys[1]);
}

static int cookie_make(const struct cookie_family *f, const uint8_t *saddr, const uint8_t *daddr,
                       uint16_t sport, uint16_t dport, uint32_t seq, uint16_t mss,
                       uint32_t minute, const siphash_key_t keys[2], uint32_t *cookie,
                       uint16_t *mss_used)
{
    /* The client's MSS is public (it is in the SYN), so it may steer. */
    if (!saddr || !daddr || !cookie || !keys || mss < f->msstab[0])
        return -EINVAL;
    /* Largest table entry not above the client's MSS (Linux's loop). */
    uint32_t idx = SIPHASH_NET_MSS_COUNT - 1;
    while (idx > 0 && mss < f->msstab[idx])
        idx--;
    uint32_t bad = zero_keys_mask(keys);
    uint32_t h0 = f->hash(saddr, daddr, sport, dport, 0, &keys[0]);
    uint32_t h1 = f->hash(saddr, daddr, sport, dport, minute, &keys[1]);
    if (mss_used)
        *mss_used = (uint16_t)((*mss_used & bad) | (f->msstab[idx] & ~bad));
    return store_unless(cookie, h0 + seq + (minute << COOKIE_BITS) + ((h1 + idx) & COOKIE_MASK),
                        bad);
}

static int cookie_check(const struct cookie_family *f, const uint8_t *saddr,
                        const uint8_t *daddr, uint16_t sport, uint16_t dport, uint32_t seq,
                        uint32_t cookie, uint32_t minute, const siphash_key_t keys[2])
{
    if (!saddr || !daddr || !keys)
        return -EINVAL;
    uint32_t bad = zero_keys_mask(keys);
    /* Strip the outer layer: what remains is (minute << 24) + (h1 + idx) mod 2^24. */
    cookie -= f->hash(saddr, daddr, sport, dport, 0, &keys[0]) + seq;
    /* Age in minutes, modulo the 8 bits the cookie carries.  It is derived
     * from the key, so both checks below are masks, not branches: the time
     * taken does not say which of them failed. */
    uint32_t diff = (minute - (cookie >> COOKIE_BITS)) & (UINT32_MAX >> COOKIE_BITS);
    uint32_t idx =
        (cookie - f->hash(saddr, daddr, sport, dport, minute - diff, &keys[1])) & COOKIE_MASK;
    uint32_t ok = lt_mask(diff, MAX_COOKIE_AGE) & lt_mask(idx, SIPHASH_NET_MSS_COUNT) & ~bad;
    /* The table entry without indexing by a secret: scan all four. */
    uint32_t mss = 0;
    for (uint32_t i = 0; i < SIPHASH_NET_MSS_COUNT; i++)
        mss |= f->msstab[i] & eq_mask(idx, i);
    return -(int)(bad & EINVAL) | (int)(mss & ok);
}

int siphash_net_syncookie_v4(const uint8_t saddr[4], const uint8_t daddr[4], uint16_t sport,
                             uint16_t dport, uint32_t seq, uint16_t mss, uint32_t minute,
                             const siphash_key_t keys[2], uint32_t *cookie, uint16_t *mss_used)
{
    return cookie_make(&fam_v4, saddr, daddr, sport, dport, seq, mss, minute, keys, cookie,
                       mss_used);
}

int siphash_net_syncookie_v6(const uint8_t saddr[16], const uint8_t daddr[16], uint16_t sport,
                             uint16_t dport, uint32_t seq, uint16_t mss, uint32_t minute,
                             const siphash_key_t keys[2], uint32_t *cookie, uint16_t *mss_used)
{
    return cookie_make(&fam_v6, saddr, daddr, sport, dport, seq, mss, minute, keys, cookie,
                       mss_used);
}

int siphash_net_syncookie_check_v4(const uint8_t saddr[4], const uint8_t daddr[4],
                                   uint16_t sport, uint16_t dport, uint32_t seq,
                                   uint32_t cookie, uint32_t minute, const siphash_key_t keys[2])
{
    return cookie_check(&fam_v4, saddr, daddr, sport, dport, seq, cookie, minute, keys);
}

int siphash_net_syncookie_check_v6(const uint8_t saddr[16], const uint8_t daddr[16],
                                   uint16_t sport, uint16_t dport, uint32_t seq,
                                   uint32_t cookie, uint32_t minute, const siphash_key_t keys[2])
{
    return cookie_check(&fam_v6, saddr, daddr, sport, dport, seq, cookie, minute, keys);
}
