/* SPDX-License-Identifier: MIT */
/*
 * stats_filter.c — keeps every statement that may set siphash.key out of
 * pg_stat_statements (and anything else that keys on the query identifier),
 * and judges the client's statement for log_filter.c while the catalog may
 * be read.
 *
 * pg_stat_statements stores a utility statement's text as written (SET
 * siphash.key = '<key>', ALTER SYSTEM/ROLE/DATABASE ... SET, a DO block, a
 * CALL, an EXECUTE inside EXPLAIN, a CREATE FUNCTION) and, now and then,
 * an optimizable one's with its constants (when its entry is created at
 * execution rather than at parse analysis).  It stores nothing for a
 * statement whose query identifier is 0.  So after parse analysis a
 * statement that sets the key, or whose text may set it (key_statement.c:
 * it names the setting, calls a function that may set it, EXECUTEs a
 * prepared statement that may), gets identifier 0, before the hook chain
 * goes on: whichever order the modules were loaded in, pg_stat_statements
 * sees 0 (its own hook never sets a nonzero one).  Nested statements
 * (pg_stat_statements.track = all: the SET inside a DO block or a
 * function) go through parse analysis too.  Such statements are then not
 * counted at all; and pg_stat_activity's query_id is 0 for them.
 */
#include "siphash_pg.h"

#include "nodes/parsenodes.h"
#include "parser/analyze.h"
#include "tcop/tcopprot.h"

static post_parse_analyze_hook_type prev_post_parse_analyze_hook;

static bool is_key_name(const char *name)
{
    return name != NULL && pg_strcasecmp(name, "siphash.key") == 0;
}

/* Whether a utility statement's parse tree sets siphash.key, however its
 * name is spelled: SET/RESET, and the SET of ALTER SYSTEM/ROLE/DATABASE. */
static bool sets_key(const Node *stmt)
{
    if (stmt == NULL)
        return false;
    switch (nodeTag(stmt)) {
    case T_VariableSetStmt:
        return is_key_name(((const VariableSetStmt *)stmt)->name);
    case T_AlterSystemStmt:
        return sets_key((const Node *)((const AlterSystemStmt *)stmt)->setstmt);
    case T_AlterRoleSetStmt:
        return sets_key((const Node *)((const AlterRoleSetStmt *)stmt)->setstmt);
    case T_AlterDatabaseSetStmt:
        return sets_key((const Node *)((const AlterDatabaseSetStmt *)stmt)->setstmt);
    default:
        return false;
    }
}

/* Whether the statement (len bytes of text, or all of it when len < 0) is
 * the rest of its string: nothing but semicolons and spaces after it. */
static bool is_rest(const char *text, int len)
{
    if (len < 0)
        return true;
    for (const char *p = text + len; *p; p++)
        if (*p != ';' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            return false;
    return true;
}

static void forget_key_statements(ParseState *pstate, Query *query, JumbleState *jstate)
{
    const char *text = pstate->p_sourcetext;
    int len = -1;
    bool may_set;

    if (text != NULL && query->stmt_location > 0)
        text += query->stmt_location;
    if (query->stmt_len > 0)
        len = query->stmt_len;
    /* The first statement of the client's string: the whole string is
     * judged (with the catalog, which parse analysis may read) for the
     * reports still to come, when log_statement did not judge it; and when
     * the statement is the whole string, that is its own judgement. */
    if (pstate->p_sourcetext != NULL && pstate->p_sourcetext == debug_query_string &&
        query->stmt_location <= 0) {
        bool whole = siphash_pg_query_may_set_key(debug_query_string, SIPHASH_PG_LOOKUP);

        may_set = is_rest(text, len) ? whole : siphash_pg_may_set_key(text, len, SIPHASH_PG_LOOKUP);
    } else {
        may_set = siphash_pg_may_set_key(text, len, SIPHASH_PG_LOOKUP);
    }
    if (sets_key(query->utilityStmt) || may_set) {
        query->queryId = UINT64CONST(0);
        /* A statement nested in a function, or a later statement of the
         * string, that sets the key: what is logged of the whole string
         * from now on (its duration line, an error) is not. */
        siphash_pg_note_query_sets_key(debug_query_string);
    }
    if (prev_post_parse_analyze_hook)
        prev_post_parse_analyze_hook(pstate, query, jstate);
}

void siphash_pg_install_stats_filter(void)
{
    prev_post_parse_analyze_hook = post_parse_analyze_hook;
    post_parse_analyze_hook = forget_key_statements;
}
