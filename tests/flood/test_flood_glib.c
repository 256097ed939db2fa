/* SPDX-License-Identifier: MIT */
/*
 * test_flood_glib.c — GLib's GHashTable: the attack strings have one full
 * g_str_hash (the real one, from libglib), every lookup walks all of them,
 * and the SipHash GHashFunc leaves at most a handful of key comparisons.
 */
#include "check.h"
#include "flood.h"

#include <glib.h>
#include <stdlib.h>

int main(void)
{
    check_seed("test_flood_glib");
    const size_t n = FLOOD_DJB_MAX;
    char *strs = malloc(n * FLOOD_DJB_STRIDE);
    if (!strs)
        return 1;
    flood_djb_strings(strs, n);

    /* One full 32-bit hash for all 2^17 strings, and our model agrees with
     * GLib's own function (so the demo attacks the real thing). */
    guint h0 = g_str_hash(strs);
    size_t same = 0;
    GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
    for (size_t i = 0; i < 4096; i++) /* distinctness, on a prefix (quadratic!) */
        g_hash_table_add(seen, strs + i * FLOOD_DJB_STRIDE);
    CHECK(g_hash_table_size(seen) == 4096, "attack strings not distinct");
    g_hash_table_destroy(seen);
    for (size_t i = 0; i < n; i++) {
        const char *s = strs + i * FLOOD_DJB_STRIDE;
        same += g_str_hash(s) == h0;
        if (i < 1000)
            CHECK_EQ_U64(flood_djb_glib(s), g_str_hash(s), "model vs g_str_hash, %zu", i);
    }
    CHECK(same == n, "%zu of %zu strings share g_str_hash %08x", same, n, (unsigned)h0);

    /* Under attack the last key inserted is found after comparing with all. */
    struct flood_result r;
    CHECK(flood_run_glib_str_hash(strs, 3000, &r) == 0, "g_str_hash run failed");
    CHECK(r.longest == 3000, "g_str_hash: most compares %zu, want 3000", r.longest);

    /* SipHash-1-3 truncated to 32 bits: a lookup compares keys only on a
     * full 32-bit hash match.  Four of 100000 keys sharing one hash has
     * probability <= C(100000, 4) / 2^96 = 5e-11, so <= 3 cannot flake. */
    CHECK(flood_run_glib_siphash(strs, 100000, &r) == 0, "siphash run failed");
    printf("GHashTable + SipHash, 100000 attack strings: most compares in a lookup %zu\n",
           r.longest);
    CHECK(r.longest >= 1 && r.longest <= 3, "siphash: most compares %zu", r.longest);
    free(strs);
    return check_finish("test_flood_glib");
}
