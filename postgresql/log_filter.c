/* SPDX-License-Identifier: MIT */
/*
 * log_filter.c — keeps the text of siphash.key values out of what
 * PostgreSQL writes to the server log and sends to the client, where the
 * report passes through emit_log_hook (every report that goes to the log):
 *
 *  - a configuration reload logs every changed setting with its new value
 *    ("parameter "siphash.key" changed to "<key>""), at LOG level in the
 *    postmaster: the new key of every rotation.  The line stays, without
 *    the value.
 *  - a report made while the statement being run may set siphash.key
 *    (key_statement.c: it names the setting, calls a function that may set
 *    it, or EXECUTEs a prepared statement that may) keeps its message but
 *    loses the STATEMENT line and its CONTEXT, which may quote that
 *    statement or its parameters.  So does the refusal of a value (keys.c),
 *    whatever ran it, and any report whose CONTEXT or DETAIL may set it (a
 *    function's body run from a statement that does not; the postmaster's
 *    "Failed process was running: ...").  Its DETAIL stays unless the
 *    DETAIL itself may carry key text (below, or a statement that may set
 *    the key).
 *  - the statement log's own lines for such a statement (log_statement,
 *    log_min_duration_statement, the extended protocol's execute lines,
 *    and auto_explain's plan with its query text) are replaced by a line
 *    saying that it was not logged (the duration stays), without their
 *    DETAIL (the bind parameters, or EXECUTE's prepared text).
 *  - every value offered for the key in this process (key_values.c) is
 *    replaced wherever a report quotes it: an error message that echoes
 *    it, a DETAIL, a CONTEXT, a statement line written after it ran.
 *
 * The catalog (pg_proc, for the functions a statement calls) is read here
 * only for the statement log's line written before the statement runs;
 * any other report may come from inside the catalog code itself, so it
 * gets the judgement made at parse analysis (stats_filter.c), or a
 * conservative one.
 *
 * The hook sees a report only when it goes to the server log: keys.c takes
 * the CONTEXT off a refusal at its source, for a client that gets the
 * error while the log does not (log_min_messages above error).  The
 * postmaster has the filter only when the module is in
 * shared_preload_libraries (a reload is logged there); backends have it
 * once the module is loaded.
 */
#include "siphash_pg.h"

#include "tcop/tcopprot.h"
#include "utils/elog.h"

static emit_log_hook_type prev_emit_log_hook;

/* The messages of the statement log (postgres.c, auto_explain), each with
 * the statement's text in it. */
#define AUTO_EXPLAIN_PLAN "duration: %.3f ms  plan:\n%s"

static const char *const statement_log_ids[] = {
    "statement: %s",
    "duration: %s ms  statement: %s",
    "%s %s%s%s: %s", /* "execute <name>: ...", "execute fetch from ..." */
    "duration: %s ms  %s %s%s%s: %s",
    "parse %s: %s",
    "duration: %s ms  parse %s: %s",
    "bind %s%s%s: %s",
    "duration: %s ms  bind %s%s%s: %s",
    AUTO_EXPLAIN_PLAN,
};

static bool is_statement_log(const char *message_id)
{
    if (message_id == NULL)
        return false;
    for (size_t i = 0; i < lengthof(statement_log_ids); i++)
        if (strcmp(message_id, statement_log_ids[i]) == 0)
            return true;
    return false;
}

/* "duration: 0.123 ms  statement not logged: ...", or without a duration. */
static char *unlogged_statement(const char *message)
{
    const char *ms = strncmp(message, "duration: ", 10) == 0 ? strstr(message, " ms") : NULL;

    if (ms != NULL)
        return psprintf("%.*s  statement not logged: it may set siphash.key",
                        (int)(ms + 3 - message), message);
    return pstrdup("statement not logged: it may set siphash.key");
}

/* Whether the catalog may be read to judge the statement: only for the
 * statement log's line that postgres.c writes before the statement runs
 * (parse analysis, stats_filter.c's chance, comes after it), in a
 * transaction where nothing is held; any other report may come from
 * anywhere, an error inside the catalog code included. */
static SiphashPgLookup lookup_for(const char *message_id)
{
    if (message_id != NULL &&
        (strcmp(message_id, "statement: %s") == 0 || strcmp(message_id, "%s %s%s%s: %s") == 0))
        return SIPHASH_PG_LOOKUP;
    return SIPHASH_PG_CONSERVATIVE;
}

/* Whether a piece of a report (a DETAIL, a CONTEXT...) may carry key text:
 * it quotes a value seen for the key, or a statement that may set it. */
static bool may_carry_key(const char *text)
{
    return siphash_pg_has_value(text) || siphash_pg_may_set_key(text, -1, SIPHASH_PG_LENIENT);
}

/* Each remembered value in *field replaced (key_values.c). */
static void redact(char **field)
{
    char *r = *field == NULL ? NULL : siphash_pg_redact_values(*field);

    if (r != NULL)
        *field = r;
}

static void filter_key_values(ErrorData *edata)
{
    bool refusal = edata->message != NULL &&
                   strncmp(edata->message, SIPHASH_PG_KEY_SETTING_ERROR,
                           strlen(SIPHASH_PG_KEY_SETTING_ERROR)) == 0;
    bool statement_log = is_statement_log(edata->message_id);
    bool query_sets = siphash_pg_query_may_set_key(debug_query_string, lookup_for(edata->message_id));
    bool detail_carries = may_carry_key(edata->detail) || may_carry_key(edata->detail_log);

    if (edata->message_id != NULL && edata->message != NULL &&
        strcmp(edata->message_id, "parameter \"%s\" changed to \"%s\"") == 0 &&
        strncmp(edata->message, "parameter \"siphash.key\"", 23) == 0)
        edata->message = pstrdup("parameter \"siphash.key\" changed (value not logged)");
    /* A statement line quotes the statement being run, just judged, but
     * for auto_explain's plan of a nested statement: only that one is
     * judged again. */
    if (statement_log && edata->message != NULL &&
        (query_sets || siphash_pg_has_value(edata->message) ||
         (strcmp(edata->message_id, AUTO_EXPLAIN_PLAN) == 0 &&
          siphash_pg_may_set_key(edata->message, -1, SIPHASH_PG_LENIENT)))) {
        /* The line quotes the statement; its DETAIL, the statement's bind
         * parameters or the text of the prepared statement it runs. */
        edata->message = unlogged_statement(edata->message);
        detail_carries = true;
    }
    if (refusal || query_sets || detail_carries || may_carry_key(edata->context) ||
        may_carry_key(edata->internalquery) || siphash_pg_has_value(debug_query_string)) {
        edata->hide_stmt = true;
        edata->context = NULL;
        edata->internalquery = NULL;
        edata->internalpos = 0;
    }
    if (detail_carries) {
        edata->detail = NULL;
        edata->detail_log = NULL;
    }
    /* Whatever is left (an error message that quotes a value it was given,
     * a hint) loses the values seen for the key. */
    redact(&edata->message);
    redact(&edata->detail);
    redact(&edata->detail_log);
    redact(&edata->hint);
    redact(&edata->context);
    if (prev_emit_log_hook)
        prev_emit_log_hook(edata);
}

void siphash_pg_install_log_filter(void)
{
    prev_emit_log_hook = emit_log_hook;
    emit_log_hook = filter_key_values;
}
