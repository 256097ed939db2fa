/* SPDX-License-Identifier: MIT */
/*
 * test_uthash_adapter.c — include/siphash_uthash.h used as its header says
 * (default key, SIPHASH_UTHASH_DEFINE_KEY, siphash_uthash_init) with the
 * real uthash: add, find, replace, delete, iterate, count, for string keys
 * kept inside the item, pointer keys and int keys.  Every stored hash must
 * be SipHash-1-3 of the key, recomputed here with the streaming API.
 */
#include "check.h"

#include <siphash_uthash.h> /* before uthash.h: sets HASH_FUNCTION */
#include <uthash.h>

#include <stdio.h>
#include <stdlib.h>

SIPHASH_UTHASH_DEFINE_KEY;

struct user {
    char name[24]; /* key, inside the item: HASH_ADD_STR */
    int id;        /* key of the second table: HASH_ADD_INT */
    UT_hash_handle hh, hh_id;
};

/* SipHash-1-3, low 32 bits, via siphash_ctx (independent of siphash13_64). */
static uint32_t expect_hash(const void *p, size_t len)
{
    siphash_ctx_t ctx;
    uint8_t out[8];
    siphash_ctx_init(&ctx, &siphash_uthash_key, 1, 3, 8);
    siphash_ctx_update(&ctx, p, len);
    siphash_ctx_final(&ctx, out);
    return (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 |
           (uint32_t)out[3] << 24;
}

#define N 20000

int main(void)
{
    check_seed("test_uthash_adapter");
    CHECK(siphash_key_is_zero(&siphash_uthash_key), "key not zero before init");
    CHECK(siphash_uthash_init() == 0, "siphash_uthash_init failed");
    CHECK(!siphash_key_is_zero(&siphash_uthash_key), "key still zero after init");
    /* From here on a replayable key. */
    siphash_uthash_key.key[0] = check_rand();
    siphash_uthash_key.key[1] = check_rand() | 1;

    unsigned h;
    SIPHASH_UTHASH("abc", 3, h);
    CHECK_EQ_U64(h, expect_hash("abc", 3), "SIPHASH_UTHASH(\"abc\")");

    struct user *users = calloc(N, sizeof *users), *by_name = NULL, *by_id = NULL, *u, *tmp;
    if (!users)
        return 1;
    for (int i = 0; i < N; i++) {
        snprintf(users[i].name, sizeof users[i].name, "user-%d", i);
        users[i].id = i * 7919;
        HASH_ADD_STR(by_name, name, &users[i]);
        HASH_ADD(hh_id, by_id, id, sizeof(int), &users[i]);
    }
    CHECK(HASH_COUNT(by_name) == N, "count %u", HASH_COUNT(by_name));
    CHECK(HASH_CNT(hh_id, by_id) == N, "id count %u", HASH_CNT(hh_id, by_id));

    for (int i = 0; i < N; i++) {
        char key[24];
        snprintf(key, sizeof key, "user-%d", i);
        HASH_FIND_STR(by_name, key, u);
        CHECK(u == &users[i], "find %s", key);
        if (u)
            CHECK_EQ_U64(u->hh.hashv, expect_hash(key, strlen(key)), "hashv of %s", key);
        int id = i * 7919;
        HASH_FIND(hh_id, by_id, &id, sizeof id, u);
        CHECK(u == &users[i], "find id %d", id);
        if (u)
            CHECK_EQ_U64(u->hh_id.hashv, expect_hash(&id, sizeof id), "hashv of id %d", id);
        snprintf(key, sizeof key, "nobody-%d", i);
        HASH_FIND_STR(by_name, key, u);
        CHECK(u == NULL, "found absent %s", key);
    }

    /* Delete every other user; the rest stay findable. */
    for (int i = 0; i < N; i += 2) {
        HASH_DEL(by_name, &users[i]);
        HASH_DELETE(hh_id, by_id, &users[i]);
    }
    CHECK(HASH_COUNT(by_name) == N / 2, "count after delete %u", HASH_COUNT(by_name));
    for (int i = 0; i < N; i++) {
        HASH_FIND_STR(by_name, users[i].name, u);
        CHECK((u != NULL) == (i % 2 == 1), "after delete, user %d", i);
    }

    /* HASH_REPLACE_STR swaps in a new item for an existing key. */
    struct user repl = {.id = -1};
    memcpy(repl.name, users[1].name, sizeof repl.name);
    struct user *old = NULL;
    HASH_REPLACE_STR(by_name, name, &repl, old);
    CHECK(old == &users[1], "replace returned %p", (void *)old);
    HASH_FIND_STR(by_name, users[1].name, u);
    CHECK(u == &repl, "replaced item not found");

    /* Pointer keys (HASH_ADD_KEYPTR) hash the pointed-to bytes. */
    struct user *by_ptr = NULL;
    static const char *names[] = {"alpha", "beta", "gamma", "delta"};
    struct user pu[4];
    for (int i = 0; i < 4; i++) {
        pu[i].id = i;
        HASH_ADD_KEYPTR(hh, by_ptr, names[i], strlen(names[i]), &pu[i]);
    }
    char copy[8];
    memcpy(copy, "gamma", 6);
    HASH_FIND(hh, by_ptr, copy, 5, u);
    CHECK(u == &pu[2], "keyptr find by equal bytes");

    /* Iterate and delete everything. */
    unsigned seen = 0;
    HASH_ITER(hh, by_name, u, tmp) {
        seen++;
        HASH_DEL(by_name, u);
    }
    CHECK(seen == N / 2 && by_name == NULL, "iterated %u", seen);
    HASH_CLEAR(hh_id, by_id);
    HASH_CLEAR(hh, by_ptr);
    free(users);
    siphash_wipe(&siphash_uthash_key, sizeof siphash_uthash_key);
    return check_finish("test_uthash_adapter");
}
