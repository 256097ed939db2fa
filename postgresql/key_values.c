/* SPDX-License-Identifier: MIT */
/*
 * key_values.c — the values this process has seen offered for siphash.key
 * (keys.c's check hook sees every one, valid or mistyped, whatever route
 * set it: SET, set_config() under any spelling of the name, a wrapper
 * function or procedure, a prepared statement, the configuration file), so
 * that log_filter.c can take them out of any report that quotes one: an
 * error message such as `invalid input syntax for type integer: "<key>"`,
 * a DETAIL, a CONTEXT, the statement.  This catches, after the fact, every
 * route that naming the setting (key_statement.c) cannot see; it cannot
 * act on a report made before the value reached the check hook (the
 * statement log's line, written before the statement runs).
 *
 * Kept: the last few distinct values of at least MIN_LEN characters (a
 * shorter one is no key, and taking every "abc" out of the log would
 * garble it), in this process's memory, wiped when they are dropped.
 */
#include "siphash_pg.h"

#include "lib/stringinfo.h"
#include "utils/memutils.h"

enum { SLOTS = 8, MIN_LEN = 8 };

static char *seen[SLOTS];
static int next_slot;

void siphash_pg_remember_value(const char *value)
{
    size_t len = value == NULL ? 0 : strlen(value);

    if (len < MIN_LEN)
        return;
    for (int i = 0; i < SLOTS; i++)
        if (seen[i] != NULL && strcmp(seen[i], value) == 0)
            return;
    if (seen[next_slot] != NULL) {
        siphash_wipe(seen[next_slot], strlen(seen[next_slot]));
        pfree(seen[next_slot]);
    }
    seen[next_slot] = MemoryContextStrdup(TopMemoryContext, value);
    next_slot = (next_slot + 1) % SLOTS;
}

bool siphash_pg_has_value(const char *text)
{
    if (text == NULL)
        return false;
    for (int i = 0; i < SLOTS; i++)
        if (seen[i] != NULL && strstr(text, seen[i]) != NULL)
            return true;
    return false;
}

char *siphash_pg_redact_values(const char *text)
{
    StringInfoData out;
    const char *p = text;

    if (!siphash_pg_has_value(text))
        return NULL;
    initStringInfo(&out);
    while (*p) {
        int hit = -1;

        for (int i = 0; i < SLOTS && hit < 0; i++)
            if (seen[i] != NULL && strncmp(p, seen[i], strlen(seen[i])) == 0)
                hit = i;
        if (hit >= 0) {
            appendStringInfoString(&out, SIPHASH_PG_VALUE_REDACTED);
            p += strlen(seen[hit]);
        } else {
            appendStringInfoChar(&out, *p++);
        }
    }
    return out.data;
}
