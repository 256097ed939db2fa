/* SPDX-License-Identifier: MIT */
/*
 * test_dpdk_attack.c — the attack's keys really collide under DPDK's own
 * rte_hash_crc, whatever the init value (so a wrong derivation in
 * collide.c fails here); a CRC table takes 16 of them and refuses the rest
 * with -ENOSPC; a SipHash table (siphash_dpdk.h) takes them all.  For
 * 13-byte IPv4 and 37-byte IPv6 5-tuples and 16-byte keys.
 */
#include "dpdk_util.h"

#include <string.h>

#include <rte_hash_crc.h>

#include "collide.h"
#include "tuples.h"

SIPHASH_DPDK_DEFINE_KEY;

enum { N = 1000 };

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

    /* The CRC table (secret init): 16 in, the rest refused.  Entries N,
     * so 1024 slots in 128 buckets of 8: nearly empty when it refuses. */
    char tname[64];
    snprintf(tname, sizeof tname, "crc-%s", name);
    struct rte_hash_parameters p = {.name = tname, .entries = N, .key_len = (uint32_t)len,
                                    .hash_func = rte_hash_crc,
                                    .hash_func_init_val = (uint32_t)check_rand(), .socket_id = 0};
    struct rte_hash *h = rte_hash_create(&p);
    CHECK(h != NULL, "%s: rte_hash_create: %s", name, rte_strerror(rte_errno));
    if (h == NULL)
        return;
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
    printf("%s: CRC table accepted %u colliding keys, refused %u with -ENOSPC\n", name, in, nospc);
    CHECK(in == 16 && nospc == N - 16 && other == 0,
          "%s: CRC table: %u accepted, %u -ENOSPC, %u other (want 16, %d, 0)", name, in, nospc,
          other, N - 16);
    rte_hash_free(h);

    /* The SipHash table of the same size takes every one. */
    snprintf(tname, sizeof tname, "sip-%s", name);
    struct siphash_dpdk_table t = dpdk_test_table(tname, (uint32_t)len, N);
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
