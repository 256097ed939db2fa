/* SPDX-License-Identifier: MIT */
/*
 * test_dpdk_stale.c — a table freed with rte_hash_free(t.h), which the
 * header allows, must leave nothing that siphash_dpdk_find() could take
 * for a live table, nor use up the shared record's slots.
 *
 * The danger: DPDK's allocator hands the freed table's memory to the next
 * table of the same size, so a record that outlives its table names a new
 * table by its address.  find() would then report the old key length: a
 * 13-byte table found as an 8-byte one misses every key, and rte_hash
 * reads 13 bytes of the caller's 8-byte keys.  So, with a shared key:
 *   - an 8-byte table freed by rte_hash_free(), then a 13-byte table made
 *     (its record in an earlier slot than the stale one, which is where an
 *     old record would win): find() gives 13 and the keys are found, in
 *     rounds that reuse the address (counted and printed: the allocator
 *     decides) and that do not;
 *   - the same, the new table having the old one's name;
 *   - a plain rte_hash_create() table in the freed one's place (another
 *     name, or the same name and another capacity): find() refuses it;
 *   - 3 x SIPHASH_DPDK_SHARED_TABLES creates each followed by
 *     rte_hash_free(), then the record's full capacity of live tables:
 *     every create succeeds, the one after them gets -ENOSPC.
 * The keys live in buffers of exactly their length (so ASan builds see
 * an over-read).
 */
#include "dpdk_util.h"

#include <string.h>

#include <rte_hash_crc.h>

SIPHASH_DPDK_DEFINE_KEY;

enum { N = 64, ROUNDS = 8 };

static int reused; /* rounds where the new table took the freed one's address */

/* n distinct random keys of len bytes, each in a buffer of its own. */
static void make_keys(uint8_t *keys[N], uint32_t len)
{
    for (int i = 0; i < N; i++) {
        keys[i] = malloc(len);
        if (keys[i] == NULL) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        check_rand_bytes(keys[i], len);
        keys[i][0] = (uint8_t)i; /* distinct */
    }
}

static void free_keys(uint8_t *keys[N])
{
    for (int i = 0; i < N; i++)
        free(keys[i]);
}

/* Finds the table called name and checks it is t, with t's key length,
 * and that keys added through t are all found through the found struct. */
static void found_as(const struct siphash_dpdk_table *t, const char *name, const char *what)
{
    struct siphash_dpdk_table f;
    int rc = siphash_dpdk_find(&f, name);
    CHECK(rc == 0 && f.h == t->h && f.key_len == t->key_len && f.tag == t->tag,
          "%s: find(%s): %d, key_len %u (want 0, %u)", what, name, rc, (unsigned)f.key_len,
          (unsigned)t->key_len);
    if (rc != 0 || f.key_len != t->key_len)
        return; /* the helpers would read past the keys */
    uint8_t *keys[N];
    int32_t pos[N];
    make_keys(keys, t->key_len);
    for (int i = 0; i < N; i++)
        CHECK(rte_hash_add_key(t->h, keys[i]) >= 0, "%s: add key %d", what, i);
    CHECK(siphash_dpdk_lookup_bulk(&f, (const void **)keys, f.key_len, N, pos) == 0,
          "%s: lookup_bulk", what);
    for (int i = 0; i < N; i++)
        CHECK(pos[i] >= 0, "%s: key %d of the found table missing: %d", what, i, pos[i]);
    free_keys(keys);
}

/* An 8-byte table freed with rte_hash_free() behind a freed filler's slot,
 * then a 13-byte one called next: found as itself. */
static void freed_then_made(int round, const char *old_name, const char *next)
{
    char what[128];
    snprintf(what, sizeof what, "round %d (%s after %s)", round, next, old_name);
    struct siphash_dpdk_table filler = dpdk_test_table("stale-filler", 8, 64);
    struct siphash_dpdk_table old = dpdk_test_table(old_name, 8, 1024);
    struct rte_hash *old_h = old.h;
    /* The filler's slot is the first free one, so the next record goes
     * before old's; a plain table of the filler's size takes its memory
     * back, so that the next table can take old's. */
    siphash_dpdk_free(&filler);
    struct rte_hash_parameters kp = {.name = "stale-keeper", .entries = 64, .key_len = 8,
                                     .hash_func = rte_hash_crc, .socket_id = 0};
    struct rte_hash *keeper = rte_hash_create(&kp);
    CHECK(keeper != NULL, "%s: rte_hash_create", what);
    rte_hash_free(old.h);
    struct siphash_dpdk_table t = dpdk_test_table(next, 13, 1024);
    reused += t.h == old_h;
    if (strcmp(old_name, next) != 0) {
        struct siphash_dpdk_table f;
        CHECK(siphash_dpdk_find(&f, old_name) == -ENOENT && f.h == NULL, "%s: the freed name",
              what);
    }
    found_as(&t, next, what);
    siphash_dpdk_free(&t);
    rte_hash_free(keeper);
}

/* A plain rte_hash_create() table where a recorded one was freed. */
static void plain_in_place(const char *name, uint32_t entries, const char *what)
{
    struct siphash_dpdk_table old = dpdk_test_table("stale-plain", 8, 1024);
    rte_hash_free(old.h);
    struct rte_hash_parameters p = {.name = name, .entries = entries, .key_len = 13,
                                    .hash_func = rte_hash_crc, .socket_id = 0};
    struct rte_hash *h = rte_hash_create(&p);
    CHECK(h != NULL, "%s: rte_hash_create", what);
    struct siphash_dpdk_table f;
    int rc = siphash_dpdk_find(&f, name);
    CHECK(rc == -EINVAL && f.h == NULL, "%s: find gave %d, key_len %u (want -EINVAL)%s", what,
          rc, (unsigned)f.key_len, h == old.h ? ", the freed table's address" : "");
    rte_hash_free(h);
}

int main(void)
{
    dpdk_test_start("test_dpdk_stale");
    CHECK(siphash_dpdk_key_share("stale-key") == 0, "share");

    for (int r = 0; r < ROUNDS; r++) {
        char a[32], b[32];
        snprintf(a, sizeof a, "stale-a%d", r);
        snprintf(b, sizeof b, "stale-b%d", r);
        freed_then_made(r, a, r % 2 ? b : a); /* odd rounds: another name */
    }
    printf("test_dpdk_stale: %d of %d new tables took the freed table's address\n", reused,
           ROUNDS);

    plain_in_place("stale-crc", 1024, "a CRC table of another name");
    plain_in_place("stale-plain", 2048, "a CRC table of the same name, another capacity");

    /* Freed tables give their slots back. */
    for (int i = 0; i < 3 * SIPHASH_DPDK_SHARED_TABLES; i++) {
        char name[32];
        snprintf(name, sizeof name, "stale-loop%d", i % 5);
        struct rte_hash_parameters p = {.name = name, .entries = 64, .key_len = 8,
                                        .socket_id = 0};
        struct siphash_dpdk_table t;
        int rc = siphash_dpdk_create(&t, &p);
        CHECK(rc == 0, "create %d after %d freed with rte_hash_free: %d", i, i, rc);
        if (rc != 0)
            break;
        rte_hash_free(t.h);
    }
    static struct siphash_dpdk_table live[SIPHASH_DPDK_SHARED_TABLES + 1];
    int made = 0;
    for (int i = 0; i <= SIPHASH_DPDK_SHARED_TABLES; i++) {
        char name[32];
        snprintf(name, sizeof name, "stale-live%d", i);
        struct rte_hash_parameters p = {.name = name, .entries = 64, .key_len = 8,
                                        .socket_id = 0};
        int rc = siphash_dpdk_create(&live[i], &p);
        if (i < SIPHASH_DPDK_SHARED_TABLES)
            CHECK(rc == 0, "live table %d: %d", i, rc);
        else
            CHECK(rc == -ENOSPC, "the table after a full record: %d, want -ENOSPC", rc);
        made += rc == 0;
    }
    for (int i = 0; i < made; i++)
        siphash_dpdk_free(&live[i]);

    CHECK(siphash_dpdk_key_unshare("stale-key") == 0, "unshare");
    dpdk_eal_stop();
    return check_finish("test_dpdk_stale");
}
