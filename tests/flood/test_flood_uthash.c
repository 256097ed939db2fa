/* SPDX-License-Identifier: MIT */
/*
 * test_flood_uthash.c — uthash under attack: the strings share one full
 * HASH_BER value (uthash's own macro), uthash ends with one chain of N and
 * gives up expanding; through the SipHash adapter it keeps expanding and
 * its chains stay short.  Also the adapter's custom-key form
 * (SIPHASH_UTHASH_KEY naming the application's own key).
 */
#include "check.h"
#include "flood.h"

#include <siphash.h>

static siphash_key_t app_key; /* the application's own key */
#define SIPHASH_UTHASH_KEY app_key
#include <siphash_uthash.h>
#include <uthash.h>

#include <stdlib.h>

struct item {
    const char *name;
    UT_hash_handle hh;
};

static void ber_collides(const char *strs, size_t n)
{
    unsigned h0, h;
    HASH_BER(strs, FLOOD_DJB_LEN, h0);
    size_t same = 0;
    for (size_t i = 0; i < n; i++) {
        HASH_BER(strs + i * FLOOD_DJB_STRIDE, FLOOD_DJB_LEN, h);
        same += h == h0;
        if (i < 1000)
            CHECK_EQ_U64(flood_djb_ber(strs + i * FLOOD_DJB_STRIDE, FLOOD_DJB_LEN), h,
                         "model vs HASH_BER, %zu", i);
    }
    CHECK(same == n, "%zu of %zu strings share HASH_BER %08x", same, n, h0);

    struct flood_result r;
    int gave_up = 0;
    CHECK(flood_run_uthash_ber(strs, 3000, &r, &gave_up) == 0, "HASH_BER run failed");
    CHECK(r.longest == 3000, "HASH_BER longest chain %zu, want 3000", r.longest);
    CHECK(gave_up, "uthash did not give up expanding under HASH_BER collisions");
}

/* uthash doubles its bucket array when a chain reaches 10 * (expand_mult
 * + 1) items, expand_mult being raised per bucket at each doubling, and
 * gives up only if most items stay in overfull buckets.  With a keyed hash
 * it must never give up, and its chains stay near the threshold of 10: 8 to
 * 13 in 60 runs of 100000 keys.  The uthash rule has no hard cap, so the
 * assertion is deliberately loose (40) — the point is the gap to the
 * 100000-long chain the same keys make under HASH_BER. */
static void siphash_spreads(const char *strs, size_t n)
{
    struct flood_result r;
    int gave_up = 1;
    CHECK(flood_run_uthash_siphash(strs, n, &r, &gave_up) == 0, "siphash run failed");
    printf("uthash + SipHash adapter, %zu attack strings: longest chain %zu, gave up: %d\n", n,
           r.longest, gave_up);
    CHECK(!gave_up, "uthash gave up expanding with SipHash");
    CHECK(r.longest <= 40, "SipHash longest chain %zu", r.longest);
}

/* The custom-key form: HASH_FUNCTION hashes with app_key. */
static void custom_key(const char *strs)
{
    app_key.key[0] = check_rand(), app_key.key[1] = check_rand() | 1;
    struct item *head = NULL, items[100], *found;
    for (int i = 0; i < 100; i++) {
        items[i].name = strs + (size_t)i * FLOOD_DJB_STRIDE;
        HASH_ADD_KEYPTR(hh, head, items[i].name, FLOOD_DJB_LEN, &items[i]);
        CHECK_EQ_U64(items[i].hh.hashv,
                     (uint32_t)siphash13_64(items[i].name, FLOOD_DJB_LEN, &app_key),
                     "custom key hashv, item %d", i);
    }
    for (int i = 0; i < 100; i++) {
        HASH_FIND(hh, head, items[i].name, FLOOD_DJB_LEN, found);
        CHECK(found == &items[i], "custom key: item %d not found", i);
    }
    HASH_CLEAR(hh, head);
}

int main(void)
{
    check_seed("test_flood_uthash");
    char *strs = malloc(FLOOD_DJB_MAX * FLOOD_DJB_STRIDE);
    if (!strs)
        return 1;
    flood_djb_strings(strs, FLOOD_DJB_MAX);
    ber_collides(strs, FLOOD_DJB_MAX);
    siphash_spreads(strs, 100000);
    custom_key(strs);
    free(strs);
    return check_finish("test_flood_uthash");
}
