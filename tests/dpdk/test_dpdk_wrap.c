/* SPDX-License-Identifier: MIT */
/*
 * test_dpdk_wrap.c — the helpers take only tables made by
 * siphash_dpdk_create() under the current process key.  A struct
 * siphash_dpdk_table wrapped by hand around a CRC table (where our
 * signatures would silently miss every present key) or around one of our
 * own tables, a copy with another key length or another table, and every
 * table after the process key changed: -EINVAL from every helper, nothing
 * written, nothing added.  The genuine table still finds its keys, and
 * does again once the key is back.
 */
#include "dpdk_util.h"

#include <string.h>

#include <rte_hash_crc.h>

#include "tuples.h"

SIPHASH_DPDK_DEFINE_KEY;

enum { L = 13, N = 64 };

/* Every helper on t with the keys' own length: -EINVAL, no output, no key
 * added to the table under t->h. */
static void refused(const struct siphash_dpdk_table *t, const uint8_t *keys, const char *what)
{
    const void *ptrs[N];
    hash_sig_t sigs[N];
    int32_t pos[N];
    uint64_t mask;
    void *data[N];
    for (int i = 0; i < N; i++)
        ptrs[i] = keys + i * L;
    int32_t count = rte_hash_count(t->h);
    memset(sigs, 0xa5, sizeof sigs), memset(pos, 0xa5, sizeof pos);
    memset(&mask, 0xa5, sizeof mask), memset(data, 0xa5, sizeof data);
    CHECK(siphash_dpdk_sigs(t, keys, L, t->key_len, N, sigs) == -EINVAL, "sigs: %s", what);
    CHECK(siphash_dpdk_sigs_ptrs(t, ptrs, t->key_len, N, sigs) == -EINVAL, "sigs_ptrs: %s", what);
    CHECK(siphash_dpdk_lookup_burst(t, keys, L, t->key_len, N, pos) == -EINVAL,
          "lookup_burst: %s", what);
    CHECK(siphash_dpdk_lookup_bulk(t, ptrs, t->key_len, N, pos) == -EINVAL, "lookup_bulk: %s",
          what);
    CHECK(siphash_dpdk_lookup_burst_data(t, keys, L, t->key_len, N, &mask, data) == -EINVAL,
          "lookup_burst_data: %s", what);
    CHECK(siphash_dpdk_lookup_bulk_data(t, ptrs, t->key_len, N, &mask, data) == -EINVAL,
          "lookup_bulk_data: %s", what);
    CHECK(siphash_dpdk_add_burst(t, keys, L, t->key_len, N, NULL, pos) == -EINVAL,
          "add_burst: %s", what);
    CHECK(dpdk_test_untouched(sigs, sizeof sigs) && dpdk_test_untouched(pos, sizeof pos) &&
              dpdk_test_untouched(&mask, sizeof mask) && dpdk_test_untouched(data, sizeof data),
          "%s: an output was written", what);
    CHECK(rte_hash_count(t->h) == count, "%s: keys were added", what);
}

/* All N keys found, through records and through scattered pointers. */
static void found(const struct siphash_dpdk_table *t, const uint8_t *keys, const char *what)
{
    const void *ptrs[N];
    int32_t pos[N], q[N];
    for (int i = 0; i < N; i++)
        ptrs[i] = keys + (size_t)((i * 7) % N) * L;
    CHECK(siphash_dpdk_lookup_burst(t, keys, L, L, N, pos) == 0, "%s: lookup_burst", what);
    CHECK(siphash_dpdk_lookup_bulk(t, ptrs, L, N, q) == 0, "%s: lookup_bulk", what);
    for (int i = 0; i < N; i++)
        CHECK(pos[i] >= 0 && q[i] == pos[(i * 7) % N], "%s: key %d: %d / %d", what, i, pos[i],
              q[i]);
}

int main(void)
{
    dpdk_test_start("test_dpdk_wrap");
    uint8_t keys[N * L];
    uint64_t s = check_rand();
    for (int i = 0; i < N; i++) {
        tuple_random(keytype_v4(), &s, keys + i * L);
        /* Distinct by construction: the source port is the index. */
        keys[i * L + 10] = 0, keys[i * L + 11] = (uint8_t)i;
    }

    /* A CRC table holding the keys, and the natural hand-made wrapper. */
    struct rte_hash_parameters p = {.name = "wrap-crc", .entries = 1024, .key_len = L,
                                    .hash_func = rte_hash_crc, .socket_id = 0};
    struct rte_hash *crc = rte_hash_create(&p);
    CHECK(crc != NULL, "rte_hash_create: %s", rte_strerror(rte_errno));
    if (crc == NULL)
        return check_finish("test_dpdk_wrap");
    for (int i = 0; i < N; i++) {
        /* rte_hash_crc (inline, so built into this test and, under UBSan,
         * checked) loads 8-byte words through uint64_t pointers: an aligned
         * copy of the key. */
        uint64_t k[(L + 7) / 8];
        memcpy(k, keys + i * L, L);
        CHECK(rte_hash_add_key(crc, k) >= 0, "CRC table add");
    }
    struct siphash_dpdk_table hand = {.h = rte_hash_find_existing("wrap-crc"), .key_len = L};
    CHECK(hand.h == crc, "rte_hash_find_existing");
    refused(&hand, keys, "a CRC table wrapped by hand");

    /* Our own table, created properly, and wrapped by hand again. */
    struct siphash_dpdk_table t = dpdk_test_table("wrap-sip", L, 1024);
    int32_t res[N];
    CHECK(siphash_dpdk_add_burst(&t, keys, L, L, N, NULL, res) == 0, "add_burst");
    found(&t, keys, "the created table");
    struct siphash_dpdk_table ours = {.h = rte_hash_find_existing("wrap-sip"), .key_len = L};
    CHECK(ours.h == t.h, "rte_hash_find_existing");
    refused(&ours, keys, "our table wrapped by hand");

    /* Copies of the genuine struct, edited. */
    struct siphash_dpdk_table edited = t;
    edited.key_len = 12;
    refused(&edited, keys, "another key length");
    edited = t;
    edited.h = crc;
    refused(&edited, keys, "another table");
    edited = t;
    edited.tag ^= 1;
    refused(&edited, keys, "another tag");

    /* Another process key (another process's, or a key changed while
     * tables exist): the table is refused, not silently missed; with the
     * key back it works again. */
    siphash_key_t k0 = siphash_dpdk_process_key, k1 = {{check_rand() | 1, check_rand()}};
    CHECK(siphash_dpdk_key_set(&k1) == 0, "key_set");
    refused(&t, keys, "a table made under another process key");
    CHECK(siphash_dpdk_key_set(&k0) == 0, "key_set");
    found(&t, keys, "the table with its key back");

    /* Without a shared key nothing can be found by name. */
    struct siphash_dpdk_table f;
    CHECK(siphash_dpdk_find(&f, "wrap-sip") == -EINVAL && f.h == NULL, "find without a shared key");

    siphash_dpdk_free(&t);
    CHECK(t.h == NULL && t.tag == 0, "free clears the table");
    rte_hash_free(crc);
    dpdk_eal_stop();
    return check_finish("test_dpdk_wrap");
}
