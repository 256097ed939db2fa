/* SPDX-License-Identifier: MIT */
/*
 * uthash_siphash.c — uthash with HASH_FUNCTION = SipHash, via the public
 * adapter: include siphash_uthash.h before uthash.h, define the key once,
 * initialise it once before the first add.
 */
#include <pthread.h>
#include <siphash_uthash.h>
#include <uthash.h>

SIPHASH_UTHASH_DEFINE_KEY;

#define FLOOD_UTHASH_RUN flood_run_uthash_siphash_
#include "uthash_run.h"

static int key_rc = -1;
static void make_key(void)
{
    key_rc = siphash_uthash_init();
}

int flood_run_uthash_siphash(const char *strs, size_t n, struct flood_result *r, int *gave_up)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_key);
    if (key_rc != 0)
        return -1;
    return flood_run_uthash_siphash_(strs, n, r, gave_up);
}
