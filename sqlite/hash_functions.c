/* SPDX-License-Identifier: MIT */
/*
 * hash_functions.c — siphash24, siphash13 and siphash24_128, each with the
 * key as second argument or, with one argument, the connection's key.
 *
 * What is hashed, by the value's type (so that every type has one defined
 * meaning, the same in every database):
 *   BLOB     its bytes;
 *   TEXT     its UTF-8 bytes, also in a UTF-16 database (sqlite3_value_text
 *            converts), so a value hashes alike wherever it is stored;
 *   INTEGER  its 8 bytes, little-endian two's complement: siphash24(n, k)
 *            is the C library's siphash_1u64((uint64_t)n, &key);
 *   NULL     nothing: the result is NULL;
 *   REAL     refused: its text form depends on formatting and its bytes on
 *            the platform, and a silent conversion would give a value no
 *            other tool reproduces.
 * The 64-bit results are the uint64's bits read as a signed 64-bit INTEGER
 * (SQLite has no unsigned type): the same convention as the PostgreSQL
 * extension's bigint.
 */
#include <string.h>

#include "siphash_sqlite.h"

typedef enum { ALG_24_64, ALG_13_64, ALG_24_128 } alg_t;

/* The key for this call: the argument (exactly a 16-byte BLOB) or the
 * connection's.  False after setting the error. */
static bool get_key(sqlite3_context *ctx, int argc, sqlite3_value **argv, const char *fn,
                    siphash_key_t *key)
{
    if (argc == 1) {
        const siphash_sqlite_conn_t *conn = sqlite3_user_data(ctx);
        if (!conn->has_key) {
            char *msg = sqlite3_mprintf("%s: no connection key: call siphash_key_file(path) "
                                        "first, or pass a key as the second argument", fn);
            sqlite3_result_error(ctx, msg ? msg : fn, -1);
            sqlite3_free(msg);
            return false;
        }
        *key = conn->key;
        return true;
    }
    char *msg = NULL;
    switch (sqlite3_value_type(argv[1])) {
    case SQLITE_BLOB: {
        int n = sqlite3_value_bytes(argv[1]);
        if (n == 16) {
            *key = siphash_key_from_bytes(sqlite3_value_blob(argv[1]));
            return true;
        }
        msg = sqlite3_mprintf("%s: the key must be 16 bytes, got %d", fn, n);
        break;
    }
    case SQLITE_NULL:
        /* An unbound parameter is NULL: a missing key must not quietly
         * turn every hash into NULL. */
        msg = sqlite3_mprintf("%s: the key is NULL (a 16-byte BLOB is needed; "
                              "siphash_generate_key() makes one)", fn);
        break;
    default:
        /* A text key would be the bytes of its characters: hex text is 32
         * bytes, a passphrase is not a key. */
        msg = sqlite3_mprintf("%s: the key must be a 16-byte BLOB, got %s (for hex, "
                              "X'...' in SQL or bytes.fromhex() in Python)", fn,
                              sqlite3_value_type(argv[1]) == SQLITE_TEXT ? "TEXT"
                              : sqlite3_value_type(argv[1]) == SQLITE_INTEGER ? "INTEGER"
                                                                              : "REAL");
        break;
    }
    sqlite3_result_error(ctx, msg ? msg : fn, -1);
    sqlite3_free(msg);
    return false;
}

static void hash(sqlite3_context *ctx, int argc, sqlite3_value **argv, alg_t alg, const char *fn)
{
    siphash_key_t key;
    /* The key first, so that a wrong key is reported even on NULL rows. */
    if (!get_key(ctx, argc, argv, fn, &key))
        return;
    const void *data;
    size_t len;
    uint8_t le[8];
    switch (sqlite3_value_type(argv[0])) {
    case SQLITE_NULL:
        siphash_wipe(&key, sizeof key);
        sqlite3_result_null(ctx);
        return;
    case SQLITE_INTEGER: {
        uint64_t u = (uint64_t)sqlite3_value_int64(argv[0]);
        for (int i = 0; i < 8; i++)
            le[i] = (uint8_t)(u >> (8 * i));
        data = le;
        len = 8;
        break;
    }
    case SQLITE_TEXT:
        /* Text before bytes: the byte count is then that of the UTF-8. */
        data = sqlite3_value_text(argv[0]);
        len = (size_t)sqlite3_value_bytes(argv[0]);
        break;
    case SQLITE_BLOB:
        data = sqlite3_value_blob(argv[0]);
        len = (size_t)sqlite3_value_bytes(argv[0]);
        break;
    default: {
        char *msg = sqlite3_mprintf("%s: cannot hash a REAL (its bytes and text form are not "
                                    "one value everywhere): convert it first, e.g. "
                                    "CAST(x AS TEXT) or printf('%%!.17g', x)", fn);
        sqlite3_result_error(ctx, msg ? msg : fn, -1);
        sqlite3_free(msg);
        siphash_wipe(&key, sizeof key);
        return;
    }
    }
    if (!data) {
        if (len != 0) { /* out of memory converting text */
            siphash_wipe(&key, sizeof key);
            sqlite3_result_error_nomem(ctx);
            return;
        }
        data = ""; /* an empty BLOB has no pointer */
    }
    if (alg == ALG_24_128) {
        uint8_t out[16];
        siphash24_128(data, len, &key, out);
        sqlite3_result_blob(ctx, out, 16, SQLITE_TRANSIENT);
    } else {
        uint64_t u = alg == ALG_24_64 ? siphash24_64(data, len, &key)
                                      : siphash13_64(data, len, &key);
        /* The same 64 bits as a signed integer; the conversion of a value
         * above INT64_MAX is implementation-defined, so go through memcpy. */
        sqlite3_int64 s;
        memcpy(&s, &u, sizeof s);
        sqlite3_result_int64(ctx, s);
    }
    siphash_wipe(&key, sizeof key);
}

static void fn_siphash24(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    hash(ctx, argc, argv, ALG_24_64, "siphash24");
}

static void fn_siphash13(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    hash(ctx, argc, argv, ALG_13_64, "siphash13");
}

static void fn_siphash24_128(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    hash(ctx, argc, argv, ALG_24_128, "siphash24_128");
}

int siphash_sqlite_register_hashes(sqlite3 *db, siphash_sqlite_conn_t *conn)
{
    static const struct {
        const char *name;
        void (*fn)(sqlite3_context *, int, sqlite3_value **);
    } fns[] = {
        {"siphash24", fn_siphash24},
        {"siphash13", fn_siphash13},
        {"siphash24_128", fn_siphash24_128},
    };
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        /* With a key argument: a pure function of the arguments, safe
         * anywhere (indexes, generated columns, views, triggers). */
        int rc = siphash_sqlite_register(db, conn, fns[i].name, 2,
                                         SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, fns[i].fn);
        /* With the connection's key: the value depends on which key this
         * connection loaded, so not SQLITE_DETERMINISTIC (an index or
         * generated column built by one connection would be read by
         * another with another key: PostgreSQL's STABLE, which SQLite
         * lacks), and not SQLITE_INNOCUOUS (with trusted_schema off, a
         * database's triggers and views cannot compute hashes of values
         * of their choosing under the key). */
        if (rc == SQLITE_OK)
            rc = siphash_sqlite_register(db, conn, fns[i].name, 1, 0, fns[i].fn);
        if (rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}
