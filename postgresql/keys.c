/* SPDX-License-Identifier: MIT */
/*
 * keys.c — where the extension's keys come from: a bytea argument, or the
 * siphash.key setting (32 hex digits), so that the key stays out of the
 * queries that use it.  The recommended place for the setting is a
 * configuration file the server reads (docs/postgresql.md): then no SQL
 * carries the key at all.  SQL that sets it (SET, set_config(), ALTER
 * SYSTEM/ROLE/DATABASE, a DO block) carries the key's text, and the
 * module keeps that text out of what it can reach: the server log and the
 * client's messages (log_filter.c, and the refusal below) and
 * pg_stat_statements (stats_filter.c).  What PostgreSQL itself keeps
 * (pg_db_role_setting for ALTER ROLE/DATABASE, pg_proc for a function,
 * pg_stat_activity while the statement runs) docs/postgresql.md lists.
 *
 * The setting is superuser-only to set (PGC_SUSET) and to read
 * (GUC_SUPERUSER_ONLY: SHOW, current_setting() and pg_settings refuse or
 * hide it for other roles).  It is parsed once, when assigned; the parsed
 * key replaces the old one, which is wiped first.  An invalid value is
 * refused without echoing it: a mistyped key is still most of a key.
 */
#include "siphash_pg.h"

#include "utils/guc.h"

enum { KEY_BYTES = 16, KEY_HEX = 2 * KEY_BYTES };

siphash_key_t siphash_pg_key_arg(const bytea *key, const char *fn)
{
    size_t len = VARSIZE_ANY_EXHDR(key);

    if (len != KEY_BYTES)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("%s: the key must be 16 bytes, got %zu", fn, len),
                        errhint("siphash_generate_key() makes a key; "
                                "decode('<32 hex digits>', 'hex') turns hex into one.")));
    return siphash_key_from_bytes((const uint8_t *)VARDATA_ANY(key));
}

static char *setting_text;         /* owned by the GUC machinery */
static siphash_key_t setting_key;  /* the parsed value of setting_text */
static bool setting_is_set;

const siphash_key_t *siphash_pg_setting_key(const char *fn)
{
    if (!setting_is_set)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s: siphash.key is not set", fn),
                        errhint("A superuser sets it in postgresql.conf, with siphash in "
                                "shared_preload_libraries (or with ALTER ROLE name SET "
                                "siphash.key = '<32 hex digits>'); or pass the key as the "
                                "second argument.")));
    return &setting_key;
}

static bool is_hex_digit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/*
 * The refusal of a value set from SQL carries no CONTEXT.  PostgreSQL
 * reports it right after this hook returns, and its CONTEXT lines come
 * from the callbacks on error_context_stack: PL/pgSQL's and SPI's quote
 * the statement that set the value (SQL statement "SET siphash.key =
 * '<value>'"), the extended protocol's its parameters.  emit_log_hook
 * (log_filter.c) sees only reports that go to the log, and the client
 * gets the CONTEXT even when the log does not (log_min_messages above
 * error).  So the stack is emptied here, for SQL's sources only (SET,
 * set_config(), a function's SET clause; the validation of ALTER
 * ROLE/DATABASE and CREATE FUNCTION ... SET).  That is safe: an ERROR's
 * catcher restores error_context_stack (PG_CATCH, PostgresMain), and a
 * frame that pushed a callback pops it by restoring its own saved pointer,
 * so at worst a later report in the same frame lacks its CONTEXT; the
 * stack never points anywhere stale.
 */
static bool refused(GucSource source)
{
    if (source >= PGC_S_INTERACTIVE)
        error_context_stack = NULL;
    return false;
}

/* Empty means "not set"; anything else must be exactly 32 hex digits.  The
 * message says what is wrong with the value, not what the value is. */
static bool check_key_setting(char **newval, void **extra, GucSource source)
{
    const char *v = *newval;
    size_t len;

    (void)extra;
    if (v == NULL || v[0] == '\0')
        return true;
    siphash_pg_remember_value(v);
    len = strlen(v);
    if (len != KEY_HEX) {
        GUC_check_errcode(ERRCODE_INVALID_PARAMETER_VALUE);
        GUC_check_errmsg(SIPHASH_PG_KEY_SETTING_ERROR "got %zu characters", len);
        return refused(source);
    }
    for (size_t i = 0; i < len; i++) {
        if (!is_hex_digit(v[i])) {
            GUC_check_errcode(ERRCODE_INVALID_PARAMETER_VALUE);
            GUC_check_errmsg(SIPHASH_PG_KEY_SETTING_ERROR "got a non-hex character at position %zu",
                             i + 1);
            return refused(source);
        }
    }
    return true;
}

/* A checked hex digit's value without a branch or table lookup on it:
 * '0'-'9' are 0x30-0x39, 'A'-'F' 0x41-0x46, 'a'-'f' 0x61-0x66. */
static uint8_t hex_value(char c)
{
    unsigned u = (unsigned char)c;
    return (uint8_t)((u & 0xf) + 9 * (u >> 6));
}

static void assign_key_setting(const char *newval, void *extra)
{
    uint8_t bytes[KEY_BYTES];

    (void)extra;
    siphash_wipe(&setting_key, sizeof setting_key);
    setting_is_set = false;
    if (newval == NULL || newval[0] == '\0')
        return;
    /* The check hook let only 32 hex digits through. */
    for (int i = 0; i < KEY_BYTES; i++)
        bytes[i] = (uint8_t)(hex_value(newval[2 * i]) << 4 | hex_value(newval[2 * i + 1]));
    setting_key = siphash_key_from_bytes(bytes);
    siphash_wipe(bytes, sizeof bytes);
    setting_is_set = true;
}

void siphash_pg_define_setting(void)
{
    DefineCustomStringVariable(
        "siphash.key", "Key of the one-argument siphash24() and siphash13() (32 hex digits).",
        "Only superusers may set or read it; empty means not set.", &setting_text, "",
        PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE, check_key_setting,
        assign_key_setting, NULL);
#if PG_VERSION_NUM >= 150000
    MarkGUCPrefixReserved("siphash");
#else
    EmitWarningsOnPlaceholders("siphash");
#endif
}
