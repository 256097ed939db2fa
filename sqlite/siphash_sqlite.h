/* SPDX-License-Identifier: MIT */
/*
 * siphash_sqlite.h — what the extension's files share: the per-connection
 * state (the connection key) and the registration of each file's functions.
 *
 * The library (libsiphash, compiled into this module) is reached through its
 * public header only.
 */
#ifndef SIPHASH_SQLITE_H
#define SIPHASH_SQLITE_H

#include <stdbool.h>

#include <sqlite3ext.h>

#include "siphash.h"

/* module.c defines sqlite3_api (SQLITE_EXTENSION_INIT1); the others use it. */
SQLITE_EXTENSION_INIT3

/* One per connection, shared by all the functions registered on it (their
 * user data).  A connection is used by one thread at a time (SQLite holds its
 * mutex while a function runs), so the key needs no lock of its own. */
typedef struct {
    siphash_key_t key;   /* the one-argument forms' key; wiped when replaced */
    bool has_key;
    int refs;            /* registrations still holding this state */
} siphash_sqlite_conn_t;

/* Registers a function with the connection's state as user data, taking a
 * reference that the function's destructor gives back (the last one wipes
 * the key and frees the state, when the connection closes).  */
int siphash_sqlite_register(sqlite3 *db, siphash_sqlite_conn_t *conn, const char *name,
                            int nargs, int flags,
                            void (*fn)(sqlite3_context *, int, sqlite3_value **));

/* Each file's functions (hash_functions.c, key_functions.c). */
int siphash_sqlite_register_hashes(sqlite3 *db, siphash_sqlite_conn_t *conn);
int siphash_sqlite_register_keys(sqlite3 *db, siphash_sqlite_conn_t *conn);

/* Whether the running call of fn (its name in lower case) is the whole of
 * the connection's only running statement, and that statement is exactly
 * SELECT fn(<one literal or parameter>): SQL the application ran
 * itself, with no table, view or trigger in it, so no part of a schema
 * (called_alone.c says why SQLITE_DIRECTONLY is not enough). */
bool siphash_sqlite_called_alone(sqlite3 *db, const char *fn);

/* Reads a key file under siphashsum --key-file's rules (key_file.c).
 * Returns true with key[] filled, or false with why[] saying what is wrong
 * (never quoting the file's bytes). */
bool siphash_sqlite_read_key_file(const char *path, uint8_t key[16], char *why, size_t whylen);

#endif
