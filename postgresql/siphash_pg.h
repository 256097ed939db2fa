/* SPDX-License-Identifier: MIT */
/*
 * siphash_pg.h — what the extension's files share: the key of an argument,
 * the key of the siphash.key setting, and the setting's definition.
 *
 * The library (libsiphash, compiled into this module from its one-file
 * amalgamation) is reached through its public header only.
 */
#ifndef SIPHASH_PG_H
#define SIPHASH_PG_H

#include "postgres.h"

#include "siphash.h"

/* The key in a bytea argument: exactly 16 bytes, else ERROR 22023 naming
 * the function (fn) and the length it got. */
siphash_key_t siphash_pg_key_arg(const bytea *key, const char *fn);

/* The key of the siphash.key setting; ERROR 55000 naming fn when it is not
 * set.  Points into this module's static storage: do not keep it past the
 * call (a SET in the same session replaces it). */
const siphash_key_t *siphash_pg_setting_key(const char *fn);

/* Defines siphash.key and reserves the siphash. prefix (from _PG_init). */
void siphash_pg_define_setting(void);

/* How the refusal of a siphash.key value begins (log_filter.c knows the
 * report by it). */
#define SIPHASH_PG_KEY_SETTING_ERROR "siphash.key must be 32 hexadecimal digits (a 16-byte key), "

/* Whether text (len bytes, or up to its NUL when len < 0) names the
 * setting siphash.key, in any case, quoted or spaced around the dot
 * (key_mention.c).  NULL names nothing. */
bool siphash_pg_mentions_key(const char *text, int len);

/* Keeps siphash.key values out of the server log and the client's messages
 * (log_filter.c), and statements that name it out of pg_stat_statements
 * (stats_filter.c); both from _PG_init. */
void siphash_pg_install_log_filter(void);
void siphash_pg_install_stats_filter(void);

#endif
