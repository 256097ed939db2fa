/* SPDX-License-Identifier: MIT */
/*
 * test_dpdk_share.c — sharing the process key through a memzone
 * (siphash_dpdk_key_share / _attach / _unshare) and finding the tables
 * made under it by name (siphash_dpdk_find), in one process.
 *
 * A real secondary process needs hugepages (DPDK 22.11 cannot attach a
 * secondary to a --no-huge primary: test_dpdk_mp.c does it where there are
 * some).  Here the "secondary" is this process after it forgot the shared
 * memzone and took a random key of its own, as a secondary that never
 * attached would: its lookups must be refused, not silently missed, and
 * after siphash_dpdk_key_attach() it must hash with the shared key and
 * find the table by name.  Also: every refusal, the record's capacity,
 * free forgetting a table, find refusing a table after the process key
 * changed, unshare wiping the whole memzone (checked as it is freed: DPDK
 * zeroes freed memory itself, so afterwards would prove nothing) and
 * removing it.
 */
#include "dpdk_util.h"

#include <string.h>

#include <rte_hash_crc.h>

#include "tuples.h"

SIPHASH_DPDK_DEFINE_KEY;

enum { L = 13, N = 64 };

/* rte_memzone_free, wrapped (the test links with --wrap=rte_memzone_free):
 * whether every byte of the shared key's memzone was zero when unshare
 * freed it; -1 while it has not freed it. */
static int wiped = -1;
int __real_rte_memzone_free(const struct rte_memzone *mz);
int __wrap_rte_memzone_free(const struct rte_memzone *mz);
int __wrap_rte_memzone_free(const struct rte_memzone *mz)
{
    if (mz != NULL && strcmp(mz->name, "share-key") == 0) {
        const unsigned char *b = mz->addr;
        wiped = 1;
        for (size_t i = 0; i < sizeof(struct siphash_dpdk_shared_); i++)
            if (b[i] != 0)
                wiped = 0;
    }
    return __real_rte_memzone_free(mz);
}

static void all_found(const struct siphash_dpdk_table *t, const uint8_t *keys, const char *what)
{
    const void *ptrs[N];
    int32_t pos[N], q[N];
    for (int i = 0; i < N; i++)
        ptrs[i] = keys + (size_t)((i * 5) % N) * L;
    CHECK(siphash_dpdk_lookup_burst(t, keys, L, L, N, pos) == 0, "%s: lookup_burst", what);
    CHECK(siphash_dpdk_lookup_bulk(t, ptrs, L, N, q) == 0, "%s: lookup_bulk", what);
    for (int i = 0; i < N; i++)
        CHECK(pos[i] >= 0 && q[i] == pos[(i * 5) % N], "%s: key %d: %d / %d", what, i, pos[i],
              q[i]);
}

int main(void)
{
    dpdk_test_start("test_dpdk_share");
    const siphash_key_t shared = siphash_dpdk_process_key;
    uint8_t keys[N * L];
    uint64_t s = check_rand();
    for (int i = 0; i < N; i++) {
        tuple_random(keytype_v4(), &s, keys + i * L);
        keys[i * L + 10] = 0, keys[i * L + 11] = (uint8_t)i; /* distinct */
    }

    /* Share, then create: the table is recorded. */
    CHECK(siphash_dpdk_key_share(NULL) == -EINVAL, "share NULL");
    CHECK(siphash_dpdk_key_share("share-key") == 0, "share");
    CHECK(siphash_dpdk_key_share("share-key2") == -EINVAL, "share twice in one process");
    CHECK(siphash_dpdk_key_attach("share-key") == -EINVAL, "attach after share");
    struct siphash_dpdk_table t = dpdk_test_table("share-flows", L, 1024);
    int32_t res[N];
    CHECK(siphash_dpdk_add_burst(&t, keys, L, L, N, NULL, res) == 0, "add_burst");
    struct rte_hash_parameters p = {.name = "share-crc", .entries = 1024, .key_len = L,
                                    .hash_func = rte_hash_crc, .socket_id = 0};
    struct rte_hash *crc = rte_hash_create(&p);
    CHECK(crc != NULL, "rte_hash_create");

    /* The sharing process finds its own table by name. */
    struct siphash_dpdk_table f;
    CHECK(siphash_dpdk_find(&f, "share-flows") == 0 && f.h == t.h && f.key_len == L &&
              f.tag == t.tag, "find in the sharing process");

    /* Now be a process that never attached: no memzone known, its own key. */
    siphash_dpdk_shared_zone_ = NULL;
    siphash_key_t own = {{check_rand() | 1, check_rand()}};
    CHECK(siphash_dpdk_key_set(&own) == 0, "own key");
    int32_t pos[N];
    CHECK(siphash_dpdk_lookup_burst(&f, keys, L, L, N, pos) == -EINVAL,
          "a table under another process key must be refused, not missed");
    CHECK(siphash_dpdk_find(&f, "share-flows") == -EINVAL && f.h == NULL,
          "find without the shared key");

    /* Attach: refusals first, then the real memzone. */
    /* A memzone as large as ours that holds something else. */
    const size_t zsize = sizeof(struct siphash_dpdk_shared_);
    const struct rte_memzone *other = rte_memzone_reserve("share-other", zsize, SOCKET_ID_ANY, 0);
    CHECK(other != NULL, "memzone");
    if (other != NULL)
        memset(other->addr, 0x11, zsize);
    CHECK(siphash_dpdk_key_attach(NULL) == -EINVAL, "attach NULL");
    CHECK(siphash_dpdk_key_attach("share-absent") == -ENOENT, "attach an absent memzone");
    CHECK(siphash_dpdk_key_attach("share-other") == -EINVAL, "attach a memzone of another kind");
    CHECK(siphash_dpdk_key_attach("share-key") == 0, "attach");
    CHECK(memcmp(&siphash_dpdk_process_key, &shared, sizeof shared) == 0,
          "attach gives the shared key");
    CHECK(siphash_dpdk_find(&f, "share-flows") == 0 && f.h == t.h && f.key_len == L,
          "find after attach");
    all_found(&f, keys, "found after attach");
    /* A key change: the recorded tables were made under the shared key. */
    siphash_key_t changed = {{check_rand() | 1, check_rand()}};
    CHECK(siphash_dpdk_key_set(&changed) == 0, "another key");
    int rc = siphash_dpdk_find(&f, "share-flows");
    CHECK(rc == -EINVAL && f.h == NULL, "find after a key change: %d, want -EINVAL", rc);
    CHECK(siphash_dpdk_key_set(&shared) == 0 && siphash_dpdk_find(&f, "share-flows") == 0 &&
              f.h == t.h, "find with the shared key back");
    CHECK(siphash_dpdk_find(&f, "share-crc") == -EINVAL && f.h == NULL,
          "a CRC table is not found as ours");
    CHECK(siphash_dpdk_find(&f, "share-absent") == -ENOENT, "an absent table");
    CHECK(siphash_dpdk_find(&f, NULL) == -EINVAL && siphash_dpdk_find(NULL, "share-flows") == -EINVAL,
          "find NULL");

    /* The record holds SIPHASH_DPDK_SHARED_TABLES tables; the next create
     * is refused and leaves no table behind; a free makes room. */
    static struct siphash_dpdk_table more[SIPHASH_DPDK_SHARED_TABLES];
    int made = 0;
    for (int i = 0; i < SIPHASH_DPDK_SHARED_TABLES; i++) {
        char name[32];
        snprintf(name, sizeof name, "share-more-%d", i);
        struct rte_hash_parameters q = {.name = name, .entries = 64, .key_len = 8, .socket_id = 0};
        int rc = siphash_dpdk_create(&more[i], &q);
        if (rc == -ENOSPC) {
            CHECK(more[i].h == NULL && rte_hash_find_existing(name) == NULL,
                  "a refused create leaves no table");
            break;
        }
        CHECK(rc == 0, "create %d: %d", i, rc);
        made++;
    }
    CHECK(made == SIPHASH_DPDK_SHARED_TABLES - 1, "%d more tables recorded (want %d)", made,
          SIPHASH_DPDK_SHARED_TABLES - 1);
    siphash_dpdk_free(&more[0]);
    struct rte_hash_parameters q = {.name = "share-last", .entries = 64, .key_len = 8,
                                    .socket_id = 0};
    CHECK(siphash_dpdk_create(&more[0], &q) == 0, "a free makes room");
    for (int i = 0; i < made; i++)
        siphash_dpdk_free(&more[i]);

    /* Free forgets the table; unshare wipes and frees the memzone, and
     * leaves this process's key and tables working. */
    all_found(&t, keys, "the creator's struct, after attach");
    siphash_dpdk_free(&t);
    rc = siphash_dpdk_find(&f, "share-flows");
    CHECK(rc == -ENOENT, "find after free: %d", rc);
    struct siphash_dpdk_table u = dpdk_test_table("share-after", L, 1024);
    CHECK(siphash_dpdk_key_unshare("share-other") == -EINVAL, "unshare another kind");
    CHECK(siphash_dpdk_key_unshare("share-key") == 0, "unshare");
    CHECK(wiped == 1, "unshare: the memzone was %s when freed",
          wiped < 0 ? "not freed through rte_memzone_free" : "not all zero");
    CHECK(rte_memzone_lookup("share-key") == NULL, "memzone gone");
    CHECK(siphash_dpdk_key_unshare("share-key") == -ENOENT, "unshare twice");
    CHECK(siphash_dpdk_key_attach("share-key") == -ENOENT, "attach after unshare");
    CHECK(siphash_dpdk_add_burst(&u, keys, L, L, N, NULL, res) == 0, "add after unshare");
    all_found(&u, keys, "after unshare");
    siphash_dpdk_free(&u);
    rte_memzone_free(other);
    rte_hash_free(crc);
    dpdk_eal_stop();
    return check_finish("test_dpdk_share");
}
