/* SPDX-License-Identifier: MIT */
/*
 * test_dpdk_sigs.c — siphash_dpdk.h's signatures are the low 32 bits of
 * siphash13_64 under the process key, for every key of every burst (1..64
 * keys, odd and even lengths, records and pointers, evenly spaced (through
 * siphash13_batch) or not (through siphash13_batchv)), on every batch path
 * this CPU has, equal to what rte_hash computes through the callback; and bad input
 * (more than 64 keys, none, NULL arrays, another key length, a table not
 * made by siphash_dpdk_create) gives -EINVAL and writes nothing.
 */
#include "dpdk_util.h"

#include <string.h>

#include "batch_test.h"

SIPHASH_DPDK_DEFINE_KEY;

#define MAXLEN 64

static const uint32_t lens[] = {1, 3, 7, 8, 13, 15, 16, 17, 31, 37, 40, 63, 64};

static uint32_t want_sig(const void *k, uint32_t len)
{
    return (uint32_t)siphash13_64(k, len, &siphash_dpdk_process_key);
}

static void bursts(const struct siphash_dpdk_table *t, uint32_t len)
{
    /* Records with a stride larger than the key, so the padding is never
     * hashed; pointers into a shuffled copy, so they are not evenly spaced. */
    size_t stride = len + 5;
    uint8_t *rec = check_xmalloc(64 * stride), *scattered = check_xmalloc(64 * MAXLEN * 3);
    const void *even[64], *odd[64];
    hash_sig_t sigs[64];
    check_rand_bytes(rec, 64 * stride);
    for (uint32_t i = 0; i < 64; i++) {
        even[i] = rec + i * stride;
        /* Key i at slot (i * 37) % 192: spacing varies. */
        uint8_t *p = scattered + (size_t)((i * 37) % 192) * MAXLEN;
        memcpy(p, rec + i * stride, len);
        odd[i] = p;
    }
    for (uint32_t n = 1; n <= 64; n++) {
        memset(sigs, 0xa5, sizeof sigs);
        CHECK(siphash_dpdk_sigs(t, rec, stride, len, n, sigs) == 0, "len %u n %u", len, n);
        for (uint32_t i = 0; i < 64; i++) {
            if (i < n)
                CHECK(sigs[i] == want_sig(rec + i * stride, len), "records len %u n %u i %u", len,
                      n, i);
            else
                CHECK(sigs[i] == 0xa5a5a5a5u, "records len %u n %u wrote past n", len, n);
        }
        memset(sigs, 0xa5, sizeof sigs);
        CHECK(siphash_dpdk_sigs_ptrs(t, even, len, n, sigs) == 0, "len %u n %u", len, n);
        for (uint32_t i = 0; i < n; i++)
            CHECK(sigs[i] == want_sig(even[i], len), "even pointers len %u n %u i %u", len, n, i);
        CHECK(n == 64 || sigs[n] == 0xa5a5a5a5u, "even pointers wrote past n");
        memset(sigs, 0xa5, sizeof sigs);
        CHECK(siphash_dpdk_sigs_ptrs(t, odd, len, n, sigs) == 0, "len %u n %u", len, n);
        for (uint32_t i = 0; i < n; i++)
            CHECK(sigs[i] == want_sig(odd[i], len) && sigs[i] == want_sig(even[i], len),
                  "scattered pointers len %u n %u i %u", len, n, i);
    }
    /* The callback rte_hash uses for rte_hash_add_key() and friends. */
    for (uint32_t i = 0; i < 64; i++) {
        CHECK(rte_hash_hash(t->h, even[i]) == want_sig(even[i], len), "rte_hash_hash len %u", len);
        CHECK(siphash_dpdk_hash(even[i], len, (uint32_t)check_rand()) == want_sig(even[i], len),
              "init_val must not matter");
    }
    free(rec);
    free(scattered);
}

/* Every helper, every kind of bad input: -EINVAL, nothing written, nothing added. */
static void bad_input(const struct siphash_dpdk_table *t)
{
    enum { L = 13 };
    uint8_t rec[65 * L];
    const void *ptrs[65];
    hash_sig_t sigs[65];
    int32_t pos[65];
    uint64_t mask;
    void *data[65];
    struct siphash_dpdk_table none = {NULL, L, 0};
    check_rand_bytes(rec, sizeof rec);
    for (int i = 0; i < 65; i++)
        ptrs[i] = rec + i * L;
    int32_t count = rte_hash_count(t->h);

    struct {
        const struct siphash_dpdk_table *t;
        const void *base;
        const void **ptrs;
        size_t len;
        uint32_t n;
        const char *what;
    } cases[] = {
        {t, rec, ptrs, L, 65, "65 keys"},
        {t, rec, ptrs, L, 1000, "1000 keys"},
        {t, rec, ptrs, L, 0, "0 keys"},
        {t, NULL, NULL, L, 4, "NULL keys"},
        {t, rec, ptrs, 16, 4, "another key length"},
        {t, rec, ptrs, 12, 4, "a shorter key length"},
        {&none, rec, ptrs, L, 4, "no table"},
        {NULL, rec, ptrs, L, 4, "NULL table"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *w = cases[c].what;
        memset(sigs, 0xa5, sizeof sigs), memset(pos, 0xa5, sizeof pos);
        memset(&mask, 0xa5, sizeof mask), memset(data, 0xa5, sizeof data);
        CHECK(siphash_dpdk_sigs(cases[c].t, cases[c].base, L, cases[c].len, cases[c].n, sigs) ==
                  -EINVAL, "sigs: %s", w);
        CHECK(siphash_dpdk_sigs_ptrs(cases[c].t, cases[c].ptrs, cases[c].len, cases[c].n, sigs) ==
                  -EINVAL, "sigs_ptrs: %s", w);
        CHECK(siphash_dpdk_lookup_burst(cases[c].t, cases[c].base, L, cases[c].len, cases[c].n,
                                        pos) == -EINVAL, "lookup_burst: %s", w);
        CHECK(siphash_dpdk_lookup_bulk(cases[c].t, cases[c].ptrs, cases[c].len, cases[c].n, pos) ==
                  -EINVAL, "lookup_bulk: %s", w);
        CHECK(siphash_dpdk_lookup_burst_data(cases[c].t, cases[c].base, L, cases[c].len,
                                             cases[c].n, &mask, data) == -EINVAL,
              "lookup_burst_data: %s", w);
        CHECK(siphash_dpdk_lookup_bulk_data(cases[c].t, cases[c].ptrs, cases[c].len, cases[c].n,
                                            &mask, data) == -EINVAL, "lookup_bulk_data: %s", w);
        CHECK(siphash_dpdk_add_burst(cases[c].t, cases[c].base, L, cases[c].len, cases[c].n, NULL,
                                     pos) == -EINVAL, "add_burst: %s", w);
        CHECK(dpdk_test_untouched(sigs, sizeof sigs) && dpdk_test_untouched(pos, sizeof pos) &&
                  dpdk_test_untouched(&mask, sizeof mask) && dpdk_test_untouched(data, sizeof data),
              "%s: an output was written", w);
    }
    /* NULL outputs, and a NULL pointer inside a pointer burst. */
    CHECK(siphash_dpdk_sigs(t, rec, L, L, 4, NULL) == -EINVAL, "NULL sigs");
    CHECK(siphash_dpdk_sigs_ptrs(t, ptrs, L, 4, NULL) == -EINVAL, "NULL sigs (pointers)");
    CHECK(siphash_dpdk_lookup_burst(t, rec, L, L, 4, NULL) == -EINVAL, "NULL positions");
    CHECK(siphash_dpdk_lookup_bulk(t, ptrs, L, 4, NULL) == -EINVAL, "NULL positions (pointers)");
    CHECK(siphash_dpdk_lookup_burst_data(t, rec, L, L, 4, NULL, data) == -EINVAL, "NULL hit_mask");
    CHECK(siphash_dpdk_lookup_bulk_data(t, ptrs, L, 4, &mask, NULL) == -EINVAL, "NULL data");
    CHECK(siphash_dpdk_add_burst(t, rec, L, L, 4, NULL, NULL) == -EINVAL, "NULL results");
    ptrs[2] = NULL;
    memset(pos, 0xa5, sizeof pos);
    CHECK(siphash_dpdk_lookup_bulk(t, ptrs, L, 4, pos) == -EINVAL, "NULL key pointer");
    CHECK(dpdk_test_untouched(pos, sizeof pos), "NULL key pointer: positions written");
    CHECK(rte_hash_count(t->h) == count, "bad input added keys");

    /* Creation: no key yet, NULL arguments, key length 0. */
    struct rte_hash_parameters p = {.name = "bad", .entries = 64, .key_len = 0, .socket_id = 0};
    struct siphash_dpdk_table u;
    CHECK(siphash_dpdk_create(&u, &p) == -EINVAL && u.h == NULL, "key_len 0");
    CHECK(siphash_dpdk_create(&u, NULL) == -EINVAL && u.h == NULL, "NULL parameters");
    CHECK(siphash_dpdk_create(NULL, &p) == -EINVAL, "NULL table");
    siphash_key_t zero = {{0, 0}};
    CHECK(siphash_dpdk_key_set(&zero) == -EINVAL, "a zero key is refused");
    CHECK(siphash_dpdk_key_set(NULL) == -EINVAL, "NULL key");
}

#define NLENS (sizeof lens / sizeof lens[0])
static struct siphash_dpdk_table tables[NLENS];

static void every_length(const char *path)
{
    (void)path;
    for (size_t i = 0; i < NLENS; i++)
        bursts(&tables[i], lens[i]);
}

int main(void)
{
    dpdk_test_start("test_dpdk_sigs");
    for (size_t i = 0; i < NLENS; i++) {
        char name[32];
        snprintf(name, sizeof name, "sigs-%u", lens[i]);
        tables[i] = dpdk_test_table(name, lens[i], 1024);
        CHECK(tables[i].key_len == lens[i], "recorded key length");
        if (lens[i] == 13)
            bad_input(&tables[i]);
    }
    batch_paths_each("test_dpdk_sigs", 0, every_length);
    for (size_t i = 0; i < NLENS; i++) {
        siphash_dpdk_free(&tables[i]);
        CHECK(tables[i].h == NULL, "free clears the table");
    }
    /* A table made before the key existed would hash with the zero key:
     * creation refuses when the key is zero. */
    siphash_wipe(&siphash_dpdk_process_key, sizeof siphash_dpdk_process_key);
    struct rte_hash_parameters p = {.name = "nokey", .entries = 64, .key_len = 8, .socket_id = 0};
    struct siphash_dpdk_table u;
    CHECK(siphash_dpdk_create(&u, &p) == -EINVAL && u.h == NULL, "no process key");
    dpdk_eal_stop();
    return check_finish("test_dpdk_sigs");
}
