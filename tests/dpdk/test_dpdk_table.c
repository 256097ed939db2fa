/* SPDX-License-Identifier: MIT */
/*
 * test_dpdk_table.c — round trips through a SipHash rte_hash: keys added
 * by burst are found by burst (records and pointers, positions and data)
 * and one at a time through the callback (rte_hash_lookup); keys added one
 * at a time are found by burst; deleted keys are gone both ways; misses
 * stay misses.  IPv4 and IPv6 5-tuples, bursts of every size 1..64.
 */
#include "dpdk_util.h"

#include <string.h>

#include "tuples.h"

SIPHASH_DPDK_DEFINE_KEY;

enum { N = 4096 };

static void round_trip(const struct keytype *kt)
{
    size_t len = kt->len;
    uint64_t s = check_rand();
    uint8_t *in = check_xmalloc(N * len), *out = check_xmalloc(N * len);
    for (size_t i = 0; i < N; i++) {
        tuple_random(kt, &s, in + i * len);
        tuple_random(kt, &s, out + i * len);
        /* Distinct by construction, not by chance (8192 IPv4 tuples of 48
         * random bits repeat in about one run in 8 million): the source
         * port (the 2 bytes before the protocol, the last byte) is the
         * index, the protocol says in or out. */
        in[i * len + len - 3] = out[i * len + len - 3] = (uint8_t)(i >> 8);
        in[i * len + len - 2] = out[i * len + len - 2] = (uint8_t)i;
        in[i * len + len - 1] = 6, out[i * len + len - 1] = 17;
    }
    char name[32];
    snprintf(name, sizeof name, "rt-%s", kt->name);
    struct siphash_dpdk_table t = dpdk_test_table(name, (uint32_t)len, 2 * N);
    int32_t *pos = check_xmalloc(N * sizeof *pos);

    /* First half by bursts of 1, 2, 3 ... 64 keys with data; second half
     * one at a time through the callback. */
    size_t i = 0;
    for (uint32_t n = 1; i < N / 2; n = n % 64 + 1) {
        uint32_t b = (uint32_t)(N / 2 - i < n ? N / 2 - i : n);
        void *data[64];
        for (uint32_t k = 0; k < b; k++)
            data[k] = (void *)(uintptr_t)(i + k + 1);
        int rc = siphash_dpdk_add_burst(&t, in + i * len, len, len, b, data, pos + i);
        CHECK(rc == 0, "%s: add_burst of %u: %d", kt->name, b, rc);
        i += b;
    }
    for (; i < N; i++) {
        pos[i] = rte_hash_add_key_data(t.h, in + i * len, (void *)(uintptr_t)(i + 1));
        CHECK(pos[i] == 0, "%s: rte_hash_add_key_data: %d", kt->name, pos[i]);
    }
    CHECK(rte_hash_count(t.h) == N, "%s: %d keys in the table", kt->name, rte_hash_count(t.h));

    /* Every burst size, hits then misses, both forms, with data. */
    i = 0;
    for (uint32_t n = 1; i + n <= N; i += n, n = n % 64 + 1) {
        int32_t p[64], q[64];
        uint64_t mask;
        void *data[64];
        const void *ptrs[64];
        for (uint32_t k = 0; k < n; k++)
            ptrs[k] = in + (i + k) * len;
        CHECK(siphash_dpdk_lookup_burst(&t, in + i * len, len, len, n, p) == 0, "lookup_burst");
        CHECK(siphash_dpdk_lookup_bulk(&t, ptrs, len, n, q) == 0, "lookup_bulk");
        int hits = siphash_dpdk_lookup_burst_data(&t, in + i * len, len, len, n, &mask, data);
        CHECK(hits == (int)n && mask == (n == 64 ? ~0ull : (1ull << n) - 1), "%s: %d hits of %u",
              kt->name, hits, n);
        for (uint32_t k = 0; k < n; k++) {
            CHECK(p[k] >= 0 && p[k] == q[k], "%s: key %zu: %d / %d", kt->name, i + k, p[k], q[k]);
            CHECK(p[k] == rte_hash_lookup(t.h, in + (i + k) * len), "%s: callback lookup", kt->name);
            CHECK(data[k] == (void *)(uintptr_t)(i + k + 1), "%s: data of key %zu", kt->name, i + k);
        }
        for (uint32_t k = 0; k < n; k++)
            ptrs[k] = out + (i + k) * len;
        CHECK(siphash_dpdk_lookup_bulk_data(&t, ptrs, len, n, &mask, data) == 0 && mask == 0,
              "%s: misses found", kt->name);
        CHECK(siphash_dpdk_lookup_burst(&t, out + i * len, len, len, n, p) == 0, "lookup_burst");
        for (uint32_t k = 0; k < n; k++)
            CHECK(p[k] == -ENOENT, "%s: miss %zu gave %d", kt->name, i + k, p[k]);
    }

    /* Delete every other key, alternately through the callback and with
     * our signature; they are gone, the rest stay. */
    for (i = 0; i < N; i += 2) {
        const uint8_t *k = in + i * len;
        hash_sig_t sig = 0;
        CHECK(siphash_dpdk_sigs(&t, k, len, len, 1, &sig) == 0, "sig");
        int32_t rc = i % 4 ? rte_hash_del_key(t.h, k) : rte_hash_del_key_with_hash(t.h, k, sig);
        CHECK(rc >= 0, "%s: delete %zu: %d", kt->name, i, rc);
    }
    CHECK(rte_hash_count(t.h) == N / 2, "%s: %d left", kt->name, rte_hash_count(t.h));
    for (i = 0; i + 64 <= N; i += 64) {
        int32_t p[64];
        CHECK(siphash_dpdk_lookup_burst(&t, in + i * len, len, len, 64, p) == 0, "lookup");
        for (uint32_t k = 0; k < 64; k++)
            CHECK((k % 2 == 0) == (p[k] == -ENOENT), "%s: key %zu after deletes: %d", kt->name,
                  i + k, p[k]);
    }
    siphash_dpdk_free(&t);
    free(in);
    free(out);
    free(pos);
}

int main(void)
{
    dpdk_test_start("test_dpdk_table");
    round_trip(keytype_v4());
    round_trip(keytype_v6());
    dpdk_eal_stop();
    return check_finish("test_dpdk_table");
}
