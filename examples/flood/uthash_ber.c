/* SPDX-License-Identifier: MIT */
/* uthash_ber.c — uthash with its built-in HASH_BER (h*33 + c, no key).
 * HASH_FUNCTION is expanded where uthash uses it, so naming HASH_BER
 * before uthash.h defines it is fine. */
#define HASH_FUNCTION(keyptr, keylen, hashv) HASH_BER(keyptr, keylen, hashv)
#include <uthash.h>

#define FLOOD_UTHASH_RUN flood_run_uthash_ber
#include "uthash_run.h"
