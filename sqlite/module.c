/* SPDX-License-Identifier: MIT */
/*
 * module.c — the entry point SQLite calls when it loads siphash.so
 * (.load, sqlite3_load_extension(), load_extension()), and the
 * per-connection state every function of the connection shares.
 */
#include <stdlib.h>

#include "siphash_sqlite.h"

SQLITE_EXTENSION_INIT1

/* A function's destructor: SQLite calls it when the function is replaced
 * (the extension loaded again) or the connection closes, and also when the
 * registration itself fails.  The last reference wipes the key. */
static void conn_release(void *p)
{
    siphash_sqlite_conn_t *conn = p;
    if (--conn->refs > 0)
        return;
    siphash_wipe(conn, sizeof *conn);
    sqlite3_free(conn);
}

int siphash_sqlite_register(sqlite3 *db, siphash_sqlite_conn_t *conn, const char *name,
                            int nargs, int flags,
                            void (*fn)(sqlite3_context *, int, sqlite3_value **))
{
    /* Taken before the call: a failed registration calls the destructor. */
    conn->refs++;
    return sqlite3_create_function_v2(db, name, nargs, SQLITE_UTF8 | flags, conn, fn, NULL, NULL,
                                      conn_release);
}

/* SQLite checks a function's flags when it resolves an expression: not
 * deterministic, so never in an index or a generated column; not innocuous
 * (and, for siphash_key_file, direct only), so not in a database's views,
 * triggers and defaults under trusted_schema = OFF.  A schema the
 * connection read before this extension was loaded was resolved while
 * these functions did not exist, and SQLite (3.40.1) does not check those
 * expressions again: a database file's generated column or index would
 * then compute siphash24(x) with the connection's key and store it in the
 * file.  PRAGMA writable_schema = RESET, which SQLite documents as also
 * reloading the schema, makes the next statement read it again with the
 * functions known.  RESET turns writable_schema off too: it is turned back
 * on if the application had it on. */
static int reread_schema(sqlite3 *db)
{
    int writable = 0;
    sqlite3_db_config(db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, -1, &writable);
    int rc = sqlite3_exec(db, "PRAGMA writable_schema = RESET", NULL, NULL, NULL);
    if (writable)
        sqlite3_db_config(db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, 1, NULL);
    return rc;
}

/* Exported under the name SQLite derives from the file name siphash.so;
 * exports.map hides every other symbol. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("default")))
#endif
int sqlite3_siphash_init(sqlite3 *db, char **errmsg, const sqlite3_api_routines *api);

int sqlite3_siphash_init(sqlite3 *db, char **errmsg, const sqlite3_api_routines *api)
{
    SQLITE_EXTENSION_INIT2(api);
    /* SQLITE_DIRECTONLY and SQLITE_INNOCUOUS: SQLite's own first line
     * against a schema calling the functions (called_alone.c is the second
     * for siphash_key_file). */
    if (sqlite3_libversion_number() < 3031000) {
        *errmsg = sqlite3_mprintf("siphash: SQLite 3.31.0 or later is needed (this is %s)",
                                  sqlite3_libversion());
        return SQLITE_ERROR;
    }
    /* Before registering: a failure leaves no function behind. */
    int rc = reread_schema(db);
    if (rc != SQLITE_OK) {
        *errmsg = sqlite3_mprintf("siphash: cannot make SQLite read the schema again: %s",
                                  sqlite3_errmsg(db));
        return rc;
    }
    siphash_sqlite_conn_t *conn = sqlite3_malloc(sizeof *conn);
    if (!conn)
        return SQLITE_NOMEM;
    *conn = (siphash_sqlite_conn_t){.has_key = false, .refs = 1};
    rc = siphash_sqlite_register_hashes(db, conn);
    if (rc == SQLITE_OK)
        rc = siphash_sqlite_register_keys(db, conn);
    if (rc != SQLITE_OK)
        *errmsg = sqlite3_mprintf("siphash: cannot register its functions: %s",
                                  sqlite3_errstr(rc));
    /* Our own reference: from now on the functions hold the state. */
    conn_release(conn);
    return rc;
}
