/* SPDX-License-Identifier: MIT */
/*
 * key_functions.c — siphash_key_file(path), which makes a key file's key
 * the connection's, and siphash_generate_key().
 *
 * siphash_key_file runs only as a statement of its own, SELECT
 * siphash_key_file(path), with no other statement of the connection running
 * (called_alone.c): never from a trigger, view, CHECK, default, generated
 * column or index, whatever SQLite decides about SQLITE_DIRECTONLY (which
 * it also has, as a first line that SQLite enforces where it can), so that
 * a database file cannot make the connection load or replace a key.  The
 * refusal comes before the path is looked at, and its message is the same
 * for every path: a refused call cannot tell whether a file exists, whose
 * it is or what mode it has.
 *
 * siphash_generate_key touches no key of the connection: it returns 16
 * random bytes, and from a schema it can do no more than random() can.
 */
#include "siphash_sqlite.h"

static void fn_key_file(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    siphash_sqlite_conn_t *conn = sqlite3_user_data(ctx);
    /* First, before anything depends on the argument. */
    if (!siphash_sqlite_called_alone(sqlite3_context_db_handle(ctx), "siphash_key_file")) {
        /* One message for every path: it tells nothing about the file. */
        sqlite3_result_error(ctx, "siphash_key_file: refused: it must be called alone, as the "
                             "statement SELECT siphash_key_file(path), with no other statement "
                             "of this connection running (never from a trigger, view, CHECK, "
                             "default, generated column, index or larger query)", -1);
        return;
    }
    if (sqlite3_value_type(argv[0]) != SQLITE_TEXT) {
        sqlite3_result_error(ctx, "siphash_key_file: the argument must be a file name (TEXT)",
                             -1);
        return;
    }
    const char *path = (const char *)sqlite3_value_text(argv[0]);
    if (!path) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    uint8_t bytes[16];
    char why[512];
    if (!siphash_sqlite_read_key_file(path, bytes, why, sizeof why)) {
        char *msg = sqlite3_mprintf("siphash_key_file: %s", why);
        sqlite3_result_error(ctx, msg ? msg : "siphash_key_file: unusable key file", -1);
        sqlite3_free(msg);
        return;
    }
    /* Assignment overwrites the previous key in place: no copy remains. */
    conn->key = siphash_key_from_bytes(bytes);
    conn->has_key = true;
    siphash_wipe(bytes, sizeof bytes);
    sqlite3_result_null(ctx);
}

static void fn_generate_key(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    (void)argv;
    uint8_t key[16];
    int rc = siphash_random_bytes(key, sizeof key);
    if (rc != 0) {
        char *msg = sqlite3_mprintf("siphash_generate_key: the system's random source failed "
                                    "(error %d)", -rc);
        sqlite3_result_error(ctx, msg ? msg : "siphash_generate_key: no random bytes", -1);
        sqlite3_free(msg);
        return;
    }
    sqlite3_result_blob(ctx, key, sizeof key, SQLITE_TRANSIENT);
    siphash_wipe(key, sizeof key);
}

int siphash_sqlite_register_keys(sqlite3 *db, siphash_sqlite_conn_t *conn)
{
    int rc = siphash_sqlite_register(db, conn, "siphash_key_file", 1, SQLITE_DIRECTONLY,
                                     fn_key_file);
    if (rc == SQLITE_OK)
        rc = siphash_sqlite_register(db, conn, "siphash_generate_key", 0, 0, fn_generate_key);
    return rc;
}
