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

/* Whether the escape string whose opening quote is at quote (E'...' with
 * its backslash escapes; with unicode, U&'...' or U&"..." with \XXXX and
 * \+XXXXXX), decoded, names the setting; end bounds it (key_mention.c). */
bool siphash_pg_escape_mentions_key(const char *quote, const char *end, bool unicode);

/* How siphash_pg_may_set_key treats a called function's name that its
 * cache does not hold: look it up in pg_proc (in a transaction that is not
 * aborted, else as CONSERVATIVE), count it as setting the key, or not. */
typedef enum {
    SIPHASH_PG_LOOKUP,
    SIPHASH_PG_CONSERVATIVE,
    SIPHASH_PG_LENIENT
} SiphashPgLookup;

/* Whether a statement's text (len bytes, or up to its NUL when len < 0)
 * may set siphash.key: it names the setting (escape strings decoded),
 * calls a function or procedure whose definition may set it, or EXECUTEs a
 * prepared statement whose text may (key_statement.c).  NULL sets
 * nothing.  The catalog is read only with SIPHASH_PG_LOOKUP. */
bool siphash_pg_may_set_key(const char *text, int len, SiphashPgLookup how);

/* The same for the statement being run (debug_query_string), with the
 * answer kept: a later call for the same text without SIPHASH_PG_LOOKUP
 * gets it back (an error report, the duration line after the commit), and
 * one with it too when the kept answer read the catalog and pg_proc has
 * not changed since (parse analysis after log_statement's line). */
bool siphash_pg_query_may_set_key(const char *query, SiphashPgLookup how);

/* Records that query (the one last judged, by its address) sets the key:
 * one of its statements, or one nested in it, was found to (analysis). */
void siphash_pg_note_query_sets_key(const char *query);

/* Empties key_statement.c's cache of function names whenever pg_proc
 * changes (from _PG_init). */
void siphash_pg_install_function_cache(void);

/* Remembers a value offered for siphash.key (keys.c's check hook), so that
 * reports quoting it can be found (key_values.c): the last few distinct
 * values of 8 characters or more. */
void siphash_pg_remember_value(const char *value);

/* Whether text contains a remembered value; NULL contains none. */
bool siphash_pg_has_value(const char *text);

/* text with each remembered value replaced by SIPHASH_PG_VALUE_REDACTED,
 * palloc'd; NULL when it contains none. */
char *siphash_pg_redact_values(const char *text);

#define SIPHASH_PG_VALUE_REDACTED "(a siphash.key value, not logged)"

/* Keeps siphash.key values out of the server log and the client's messages
 * (log_filter.c), and statements that name it out of pg_stat_statements
 * (stats_filter.c); both from _PG_init. */
void siphash_pg_install_log_filter(void);
void siphash_pg_install_stats_filter(void);

#endif
