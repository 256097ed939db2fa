/* SPDX-License-Identifier: MIT */
/*
 * test_dpdk_attack.c — the attack's keys really collide under DPDK's own
 * rte_hash_crc, whatever the init value (so a wrong derivation in
 * collide.c fails here); a CRC table takes exactly the colliding keys its
 * two buckets hold and refuses the rest with -ENOSPC; a SipHash table
 * (siphash_dpdk.h) of the same size takes them all.  For 13-byte IPv4 and
 * 37-byte IPv6 5-tuples and 16-byte keys.
 *
 * What each verdict rests on, so that no random draw decides it:
 *   - the CRC table.  Every key has the signature sig, so the primary
 *     bucket sig & mask and the alternative (primary ^ (sig >> 16)) & mask
 *     of all of them: 16 slots, or 8 when (sig >> 16) & mask is 0 and both
 *     are one bucket (1 init value in 256 here).  The test computes which
 *     from the init value and asserts exactly that; it also forces each
 *     case with an init value chosen for it.
 *   - the SipHash table: N = 1000 keys in a table of TABLE = 2048 entries
 *     (256 buckets of 8, half full at the end).  Cuckoo insertion fails only
 *     when some set of s buckets is the only choice of more than 8s keys;
 *     under a PRF the likeliest such set, 2 buckets holding the choices of
 *     17 keys, has probability below 2^-90 summed over all pairs, and the
 *     larger sets less.  (At 1000 keys in 1024 slots, 97.7 % full, rte_hash
 *     refuses a random key now and then: about 1 table in 400.)
 */
#include "dpdk_util.h"

#include <string.h>

#include <rte_hash_crc.h>

#include "collide.h"
#include "tuples.h"

SIPHASH_DPDK_DEFINE_KEY;

enum { N = 1000, TABLE = 2048, BUCKETS = TABLE / 8 };

/* How many keys of signature sig rte_hash holds (see the top). */
static unsigned crc_capacity(uint32_t sig)
{
    return ((sig >> 16) & (BUCKETS - 1)) == 0 ? 8 : 16;
}

/* Offers the N keys to a CRC table of TABLE entries under init; checks
 * that exactly the first crc_capacity() go in and the rest get -ENOSPC. */
static void crc_table(const char *name, const char *what, const uint8_t *keys, size_t st,
                      size_t len, uint32_t init)
{
    char tname[64];
    snprintf(tname, sizeof tname, "crc-%s", name);
    struct rte_hash_parameters p = {.name = tname, .entries = TABLE, .key_len = (uint32_t)len,
                                    .hash_func = rte_hash_crc, .hash_func_init_val = init,
                                    .socket_id = 0};
    struct rte_hash *h = rte_hash_create(&p);
    CHECK(h != NULL, "%s: rte_hash_create: %s", name, rte_strerror(rte_errno));
    if (h == NULL)
        return;
    unsigned want = crc_capacity(rte_hash_crc(keys, (uint32_t)len, init));
    unsigned in = 0, nospc = 0, other = 0;
    for (size_t i = 0; i < N; i++) {
        int32_t rc = rte_hash_add_key(h, keys + i * st);
        if (rc >= 0)
            in += i == in; /* counts only an unbroken run from the first key */
        else if (rc == -ENOSPC)
            nospc++;
        else
            other++;
    }
    printf("%s: CRC table, %s init %08x: accepted %u colliding keys, refused %u with -ENOSPC"
           " (%s)\n", name, what, init, in, nospc,
           want == 8 ? "both buckets are one" : "two buckets");
    CHECK(in == want && nospc == N - want && other == 0,
          "%s: CRC table, %s init %08x: %u accepted, %u -ENOSPC, %u other (want %u, %u, 0)",
          name, what, init, in, nospc, other, want, N - want);
    rte_hash_free(h);
}

/* An init value whose signature for keys gives the capacity want. */
static uint32_t init_for(const uint8_t *keys, size_t len, unsigned want)
{
    for (int tries = 0; tries < 1 << 20; tries++) {
        uint32_t init = (uint32_t)check_rand();
        if (crc_capacity(rte_hash_crc(keys, (uint32_t)len, init)) == want)
            return init;
    }
    CHECK(0, "no init value giving %u slots in 2^20 tries", want);
    return 0;
}

static void one(const char *name, size_t len, const unsigned *bits, unsigned nbits)
{
    struct collider c;
    uint8_t base[COLLIDE_MAX_LEN];
    /* Keys 8-byte aligned: rte_hash_crc (inline, so built into this test
     * and, under UBSan, checked) loads 8-byte words through uint64_t
     * pointers. */
    size_t st = (len + 7) & ~(size_t)7;
    uint8_t *keys = check_xmalloc(N * st);
    check_rand_bytes(base, len);
    int dim = collider_init(&c, base, len, bits, nbits);
    CHECK(dim >= (int)nbits - 32, "%s: kernel dimension %d of %u bits", name, dim, nbits);
    CHECK(dim >= 10, "%s: too few colliding keys for the test", name);
    if (dim < 10)
        return;
    for (size_t i = 0; i < N; i++)
        collider_key(&c, i, keys + i * st);

    /* Equal CRCs under DPDK's function, for random init values unknown to
     * the derivation; and all keys distinct. */
    for (int r = 0; r < 8; r++) {
        uint32_t init = (uint32_t)check_rand();
        uint32_t want = rte_hash_crc(keys, (uint32_t)len, init);
        unsigned same = 0;
        for (size_t i = 0; i < N; i++)
            same += rte_hash_crc(keys + i * st, (uint32_t)len, init) == want;
        CHECK(same == N, "%s: %u of %d keys share rte_hash_crc under init %08x", name, same, N,
              init);
    }
    for (size_t i = 1; i < N; i++)
        CHECK(memcmp(keys + (i - 1) * st, keys + i * st, len) != 0, "%s: duplicate key", name);

    /* The CRC table: under a random secret init, and under init values
     * that give one bucket and two. */
    crc_table(name, "random", keys, st, len, (uint32_t)check_rand());
    crc_table(name, "one-bucket", keys, st, len, init_for(keys, len, 8));
    crc_table(name, "two-bucket", keys, st, len, init_for(keys, len, 16));

    /* The SipHash table of the same size takes every one. */
    char tname[64];
    snprintf(tname, sizeof tname, "sip-%s", name);
    struct siphash_dpdk_table t = dpdk_test_table(tname, (uint32_t)len, TABLE);
    unsigned failed = 0;
    for (size_t i = 0; i < N; i += 64) {
        int32_t res[64];
        uint32_t n = (uint32_t)(N - i < 64 ? N - i : 64);
        int rc = siphash_dpdk_add_burst(&t, keys + i * st, st, len, n, NULL, res);
        CHECK(rc >= 0, "%s: add_burst: %d", name, rc);
        failed += rc > 0 ? (unsigned)rc : 0;
    }
    CHECK(failed == 0 && rte_hash_count(t.h) == N, "%s: SipHash table refused %u, holds %d", name,
          failed, rte_hash_count(t.h));
    printf("%s: SipHash table accepted %d of %d\n", name, rte_hash_count(t.h), N);
    siphash_dpdk_free(&t);
    free(keys);
}

int main(void)
{
    dpdk_test_start("test_dpdk_attack");
    const struct keytype *v4 = keytype_v4(), *v6 = keytype_v6();
    one("ipv4", v4->len, v4->bits, v4->nbits);
    one("ipv6", v6->len, v6->bits, v6->nbits);
    /* 16-byte keys, the attacker owning their last 8 bytes. */
    unsigned bits16[64];
    for (unsigned i = 0; i < 64; i++)
        bits16[i] = 64 + i;
    one("key16", 16, bits16, 64);
    dpdk_eal_stop();
    return check_finish("test_dpdk_attack");
}
