/* SPDX-License-Identifier: MIT */
/*
 * log_filter.c — keeps siphash.key values out of the server log where
 * PostgreSQL itself would write them:
 *
 *  - a configuration reload logs every changed setting with its new value
 *    ("parameter "siphash.key" changed to "<key>""), at LOG level in the
 *    postmaster: the new key of every rotation.  The line stays, without
 *    the value.
 *  - a refused value (not 32 hex digits) is an error whose STATEMENT line
 *    would repeat the SQL that tried to set it, and so a mistyped key,
 *    which the message itself deliberately does not.  The statement is
 *    left out of that report.
 *
 * The postmaster has the filter only when the module is in
 * shared_preload_libraries (a reload is logged there); backends have it
 * once the module is loaded.  Statement logging (log_statement) of SQL
 * that sets the key is not filtered: docs/postgresql.md keeps the key in a
 * configuration file for that reason.
 */
#include "siphash_pg.h"

#include "utils/elog.h"

static emit_log_hook_type prev_emit_log_hook;

static void filter_key_values(ErrorData *edata)
{
    if (edata->message_id != NULL && edata->message != NULL) {
        if (strcmp(edata->message_id, "parameter \"%s\" changed to \"%s\"") == 0 &&
            strncmp(edata->message, "parameter \"siphash.key\"", 23) == 0)
            edata->message = pstrdup("parameter \"siphash.key\" changed (value not logged)");
        else if (strncmp(edata->message, SIPHASH_PG_KEY_SETTING_ERROR,
                         strlen(SIPHASH_PG_KEY_SETTING_ERROR)) == 0)
            edata->hide_stmt = true;
    }
    if (prev_emit_log_hook)
        prev_emit_log_hook(edata);
}

void siphash_pg_install_log_filter(void)
{
    prev_emit_log_hook = emit_log_hook;
    emit_log_hook = filter_key_values;
}
