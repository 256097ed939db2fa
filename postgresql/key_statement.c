/* SPDX-License-Identifier: MIT */
/*
 * key_statement.c — whether a statement's text may set siphash.key, so that
 * log_filter.c and stats_filter.c keep it out of the log and
 * pg_stat_statements.  A statement may set it when its text
 *
 *  - names the setting (key_mention.c), also inside an escape string
 *    (E'siphash\.key', E'\x73iphash.key', U&'siphash\002ekey', decoded
 *    there first);
 *  - calls a function or procedure, by name, one of whose definitions sets
 *    it: a SET siphash.key clause, or a body (prosrc, or a BEGIN ATOMIC
 *    body) that may set it by these same rules, to a depth of MAX_DEPTH
 *    (a wrapper of a wrapper...; a longer chain counts as setting it);
 *    functions made by initdb are not read (set_config() itself is judged
 *    by the caller's text);
 *  - runs a prepared statement (EXECUTE name) whose text may set it.
 *
 * The text is scanned as it stands, strings, comments and dollar-quoted
 * bodies included (a DO block's body is a string; and the scan cannot be
 * misled about where a string ends, as it never skips one), for each word
 * followed by "(" (a function's name: a keyword such as VALUES or IN is one
 * too, and finds no function) and each word after EXECUTE.  A name is looked up in
 * pg_proc by name alone, every schema and every overload: one that sets the
 * key makes every function of that name suspect, which errs on the side of
 * not logging.
 *
 * Cost: one pass over the text, and a hash lookup per called name in a
 * per-process cache of "does a function of this name set the key?".  The
 * cache is filled from pg_proc on a miss and emptied whenever pg_proc
 * changes (a syscache invalidation callback), so a steady workload does no
 * catalog access (docs/postgresql.md has the measured cost).  The catalog is
 * read only where the caller says it may be (a transaction that is not
 * aborted, and not from inside an arbitrary error report); elsewhere a
 * name not in the cache counts as setting the key (CONSERVATIVE) or as not
 * (LENIENT), as the caller asks.
 *
 * Not seen: a name built at run time ('siphash' || '.key', format(), a
 * variable passed to set_config), a C function that sets it, a function
 * reached through a trigger, a view, an operator or a default value;
 * docs/postgresql.md lists these.
 */
#include "siphash_pg.h"

#include "access/htup_details.h"
#include "access/transam.h"
#include "access/xact.h"
#include "catalog/pg_proc.h"
#include "commands/prepare.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/catcache.h"
#include "utils/fmgrprotos.h"
#include "utils/hsearch.h"
#include "utils/inval.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

enum { MAX_DEPTH = 4 };

typedef struct {
    char name[NAMEDATALEN]; /* the hash key: a function's name */
    bool sets_key;
    bool judging;           /* being judged: a call back to it is a cycle */
} FunctionEntry;

/* A cycle of calls was met while judging: a function judged meanwhile
 * took "does not" for one still being judged. */
static bool cycle_met;

static HTAB *functions;  /* name -> FunctionEntry, NULL when emptied */
static bool stale;       /* pg_proc changed since the cache was filled */
static uint64 proc_changes; /* how many times pg_proc has changed */

static void forget_functions(Datum arg, int cacheid, uint32 hashvalue)
{
    (void)arg;
    (void)cacheid;
    (void)hashvalue;
    stale = true;
    proc_changes++;
}

/* The cached entry for name, or NULL; never fills or empties the cache
 * (safe from inside an error report). */
static FunctionEntry *cached_function(const char *name)
{
    if (functions == NULL || stale)
        return NULL;
    return hash_search(functions, name, HASH_FIND, NULL);
}

static HTAB *function_cache(void)
{
    if (functions != NULL && stale) {
        hash_destroy(functions);
        functions = NULL;
    }
    if (functions == NULL) {
        HASHCTL ctl;

        memset(&ctl, 0, sizeof ctl);
        ctl.keysize = NAMEDATALEN;
        ctl.entrysize = sizeof(FunctionEntry);
        functions = hash_create("siphash key-setting functions", 64, &ctl, HASH_ELEM | HASH_STRINGS);
        stale = false;
    }
    return functions;
}

static bool may_set(const char *s, const char *end, SiphashPgLookup how, int depth);

/* Whether one pg_proc row sets the key: its SET clause, or its body.  A
 * function made by initdb (pg_catalog's, information_schema's) does not:
 * set_config() itself is judged by its arguments, in the caller's text. */
static bool proc_sets_key(HeapTuple tup, int depth)
{
    bool isnull;
    Datum d;

    if (((Form_pg_proc)GETSTRUCT(tup))->oid < FirstNormalObjectId)
        return false;
    d = SysCacheGetAttr(PROCOID, tup, Anum_pg_proc_proconfig, &isnull);

    if (!isnull) {
        Datum *items;
        int n;

        deconstruct_array(DatumGetArrayTypeP(d), TEXTOID, -1, false, TYPALIGN_INT, &items, NULL, &n);
        for (int i = 0; i < n; i++)
            if (siphash_pg_mentions_key(TextDatumGetCString(items[i]), -1))
                return true;
    }
    d = SysCacheGetAttr(PROCOID, tup, Anum_pg_proc_prosrc, &isnull);
    if (!isnull) {
        char *src = TextDatumGetCString(d);

        if (may_set(src, src + strlen(src), SIPHASH_PG_LOOKUP, depth + 1))
            return true;
    }
    (void)SysCacheGetAttr(PROCOID, tup, Anum_pg_proc_prosqlbody, &isnull);
    if (!isnull) {
        /* A BEGIN ATOMIC body is stored parsed; its SQL text is cheap to
         * get back beside a catalog miss. */
        Oid oid = ((Form_pg_proc)GETSTRUCT(tup))->oid;
        char *src = TextDatumGetCString(DirectFunctionCall1(pg_get_function_sqlbody, ObjectIdGetDatum(oid)));

        if (may_set(src, src + strlen(src), SIPHASH_PG_LOOKUP, depth + 1))
            return true;
    }
    return false;
}

/* Whether a function called name (any schema, any arguments) may set the
 * key; with how != LOOKUP and the name not cached, per how. */
static bool function_may_set(const char *name, SiphashPgLookup how, int depth)
{
    FunctionEntry *e;
    bool found;
    CatCList *list;
    bool sets = false;

    e = cached_function(name);
    if (e != NULL) {
        cycle_met |= e->judging;
        return e->sets_key;
    }
    if (depth > MAX_DEPTH)
        return how != SIPHASH_PG_LENIENT;
    if (how != SIPHASH_PG_LOOKUP)
        return how == SIPHASH_PG_CONSERVATIVE;
    /* Entered first as "does not", so that a function that calls itself
     * ends the recursion. */
    if (depth == 0)
        cycle_met = false;
    e = hash_search(function_cache(), name, HASH_ENTER, &found);
    e->sets_key = false;
    e->judging = true;
    list = SearchSysCacheList1(PROCNAMEARGSNSP, CStringGetDatum(name));
    for (int i = 0; i < list->n_members && !sets; i++)
        sets = proc_sets_key(&list->members[i]->tuple, depth);
    ReleaseSysCacheList(list);
    /* The recursion may have emptied the cache (an invalidation). */
    e = hash_search(function_cache(), name, HASH_ENTER, &found);
    e->sets_key = sets;
    e->judging = false;
    /* In a cycle that sets the key, a function judged before the cycle
     * closed may have taken "does not" from one of the cycle: the cache
     * is emptied, and each is judged again when next called. */
    if (depth == 0 && cycle_met && sets)
        stale = true;
    return sets;
}

/* Whether the prepared statement called name may set the key: its text
 * (the PREPARE statement, or the protocol's Parse message). */
static bool prepared_may_set(const char *name, SiphashPgLookup how, int depth)
{
    PreparedStatement *ps;
    const char *text;

    if (depth > MAX_DEPTH)
        return how != SIPHASH_PG_LENIENT;
    ps = FetchPreparedStatement(name, false);
    if (ps == NULL || ps->plansource == NULL || ps->plansource->query_string == NULL)
        return false;
    text = ps->plansource->query_string;
    return may_set(text, text + strlen(text), how, depth + 1);
}

static bool is_word_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

static bool is_word_char(unsigned char c)
{
    return is_word_start(c) || (c >= '0' && c <= '9') || c == '$';
}

static const char *skip_space(const char *s, const char *end)
{
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' ||
                       *s == '\v'))
        s++;
    return s;
}

/* A word at p (a name, or "quoted"), as PostgreSQL folds it, into name;
 * returns the position past it. */
static const char *read_name(const char *p, const char *end, char name[NAMEDATALEN])
{
    int n = 0;

    if (*p == '"') {
        for (p++; p < end; p++) {
            if (*p == '"') {
                if (p + 1 < end && p[1] == '"') {
                    p++;
                } else {
                    p++;
                    break;
                }
            }
            if (n < NAMEDATALEN - 1)
                name[n++] = *p;
        }
    } else {
        for (; p < end && is_word_char((unsigned char)*p); p++)
            if (n < NAMEDATALEN - 1)
                name[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    }
    name[n] = '\0';
    return p;
}

static bool may_set(const char *s, const char *end, SiphashPgLookup how, int depth)
{
    const char *p = s;
    bool after_execute = false;

    if (siphash_pg_mentions_key(s, (int)(end - s)))
        return true;
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        char name[NAMEDATALEN];
        const char *q;
        bool was_execute;

        if ((c == 'e' || c == 'E') && p + 1 < end && p[1] == '\'' &&
            (p == s || !is_word_char((unsigned char)p[-1]))) {
            if (siphash_pg_escape_mentions_key(p + 1, end, false))
                return true;
            p++; /* its raw text is scanned too (see below) */
            continue;
        }
        if ((c == 'u' || c == 'U') && p + 2 < end && p[1] == '&' && (p[2] == '\'' || p[2] == '"') &&
            (p == s || !is_word_char((unsigned char)p[-1]))) {
            if (siphash_pg_escape_mentions_key(p + 2, end, true))
                return true;
            p++;
            continue;
        }
        if (!is_word_start(c) && c != '"') {
            p++;
            continue;
        }
        if (c != '"' && p > s && is_word_char((unsigned char)p[-1])) {
            p++; /* inside a number (1e5) */
            continue;
        }
        q = read_name(p, end, name);
        was_execute = after_execute;
        after_execute = c != '"' && strcmp(name, "execute") == 0;
        if (was_execute && name[0] != '\0' && prepared_may_set(name, how, depth))
            return true;
        if (name[0] != '\0') {
            const char *r = skip_space(q, end);

            if (r < end && *r == '(' && function_may_set(name, how, depth))
                return true;
        }
        /* Past a word; but only past the opening quote of a "name": the
         * scan does not know where strings are, and a quote inside one
         * ('say "hi', setk('<key>')) must not hide the text after it.  An
         * escape string's raw text is scanned on the same grounds. */
        p = c == '"' ? p + 1 : q;
    }
    return false;
}

bool siphash_pg_may_set_key(const char *text, int len, SiphashPgLookup how)
{
    if (text == NULL)
        return false;
    if (how == SIPHASH_PG_LOOKUP && (!IsTransactionState() || IsAbortedTransactionBlockState()))
        how = SIPHASH_PG_CONSERVATIVE;
    /* Inside a transaction block the statement log's line comes before
     * anything has read the invalidations other sessions sent since: a
     * function redefined there must not be judged by its old body. */
    if (how == SIPHASH_PG_LOOKUP)
        AcceptInvalidationMessages();
    return may_set(text, text + (len < 0 ? (int)strlen(text) : len), how, 0);
}

/* The judgement of the statement being run (debug_query_string), kept for
 * the reports that come when the catalog may not be read: an error, the
 * duration line (written after the commit).  Known by its address, length
 * and a hash of its text (the address alone may be the next statement's);
 * no copy of a text that may hold a key is kept. */
static const char *judged_query;
static size_t judged_len;
static uint64_t judged_hash;
static bool judged_sets;
static bool judged_with_catalog;  /* with SIPHASH_PG_LOOKUP, at... */
static uint64 judged_at;          /* ...this value of proc_changes */

static uint64_t text_hash(const char *text, size_t len)
{
    static const uint8_t zero[16];
    siphash_key_t k = siphash_key_from_bytes(zero);

    return siphash24_64(text, len, &k);
}

bool siphash_pg_query_may_set_key(const char *query, SiphashPgLookup how)
{
    size_t len;
    uint64_t h;

    if (query == NULL)
        return false;
    len = strlen(query);
    h = text_hash(query, len);
    if (how == SIPHASH_PG_LOOKUP && IsTransactionState() && !IsAbortedTransactionBlockState())
        AcceptInvalidationMessages();
    else if (how == SIPHASH_PG_LOOKUP)
        how = SIPHASH_PG_CONSERVATIVE;
    /* Judged already: for a report, whatever the judgement was; with the
     * catalog (parse analysis right after log_statement's line), only if
     * that one read it and pg_proc has not changed since.  (Another text
     * judged in between replaces this one: a later run of the same text
     * is judged anew.) */
    if (query == judged_query && len == judged_len && h == judged_hash &&
        (how != SIPHASH_PG_LOOKUP || (judged_with_catalog && judged_at == proc_changes)))
        return judged_sets;
    judged_sets = siphash_pg_may_set_key(query, (int)len, how);
    judged_query = query;
    judged_len = len;
    judged_hash = h;
    judged_with_catalog = how == SIPHASH_PG_LOOKUP;
    judged_at = proc_changes;
    return judged_sets;
}

void siphash_pg_note_query_sets_key(const char *query)
{
    if (query != NULL && query == judged_query && strlen(query) == judged_len)
        judged_sets = true;
}

void siphash_pg_install_function_cache(void)
{
    CacheRegisterSyscacheCallback(PROCOID, forget_functions, (Datum)0);
}
