/* SPDX-License-Identifier: MIT */
/*
 * called_alone.c — whether a function is being called by SQL the
 * application ran itself, as the whole statement `SELECT fn(arg)`, and not
 * by a part of a database's schema.
 *
 * Why not SQLITE_DIRECTONLY alone: SQLite decides it when it resolves an
 * expression, and some expressions escape it.  SQLite 3.40.1 (Debian 12)
 * does not apply it to CHECK constraints at all, nor to TEMP triggers,
 * views and column defaults; and a generated column, index expression or
 * partial-index WHERE that SQLite resolved while the function did not exist
 * yet (the connection read the schema before the extension was loaded) is
 * not checked again unless the schema is read again (module.c has SQLite
 * do that when the extension loads).  A database file could call the
 * function while the application runs a plain INSERT or SELECT.
 *
 * The rule here depends on none of that.  A function cannot ask SQLite who
 * called it, but while it runs the statement that called it is running
 * (sqlite3_stmt_busy), and its text is sqlite3_sql().  So the call is
 * accepted only when
 *   - exactly one statement of the connection is running: the caller is
 *     that statement, not another one still open beside it; and
 *   - that statement's whole text is SELECT fn(ARG), ARG one literal (a
 *     string, X'...', NULL) or one parameter (?, ?NNN, :name, @name,
 *     $name), with only whitespace, comments and one final semicolon
 *     around: a statement that names no table, view or CTE, so no trigger,
 *     view, CHECK, default, generated column or index of any schema is part
 *     of it.
 * The text is that of the statement as the application prepared it; a
 * schema cannot change it.  What this costs: the function cannot be part of
 * a larger statement (FROM, WITH, a subquery, a view or trigger of the
 * application's own) or run while another statement of the connection is
 * unfinished.
 */
#include <stddef.h>

#include "siphash_sqlite.h"

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* A character of an identifier or parameter name: ASCII letters, digits,
 * '_', '$' and every byte of a non-ASCII UTF-8 character, as SQLite's
 * tokenizer has it. */
static bool is_id_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '$' || c >= 0x80;
}

/* Past whitespace and comments; NULL for an unterminated block comment
 * (refused rather than reasoned about). */
static const char *skip_blank(const char *s)
{
    for (;;) {
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' || *s == '\v') {
            s++;
        } else if (s[0] == '-' && s[1] == '-') {
            while (*s && *s != '\n')
                s++;
        } else if (s[0] == '/' && s[1] == '*') {
            s += 2;
            while (*s && !(s[0] == '*' && s[1] == '/'))
                s++;
            if (!*s)
                return NULL;
            s += 2;
        } else {
            return s;
        }
    }
}

/* Past the word w (lower case) if s starts with it, in any case, as a whole
 * word; else NULL. */
static const char *word(const char *s, const char *w)
{
    for (; *w; s++, w++)
        if (lower((unsigned char)*s) != *w)
            return NULL;
    return is_id_char((unsigned char)*s) ? NULL : s;
}

/* Past one literal (a string, a BLOB, NULL) or one parameter; else NULL. */
static const char *argument(const char *s)
{
    if (lower((unsigned char)*s) == 'x' && s[1] == '\'')
        s++; /* X'...': the quote below */
    else if (word(s, "null"))
        return word(s, "null");
    if (*s == '\'') {
        for (s++;; s++) {
            if (!*s)
                return NULL;
            if (*s == '\'') {
                if (s[1] != '\'')
                    return s + 1;
                s++; /* '' is a quote inside the literal */
            }
        }
    }
    if (*s == '?') {
        s++;
        while (*s >= '0' && *s <= '9')
            s++;
        return s;
    }
    if (*s == ':' || *s == '@' || *s == '$') {
        const char *name = ++s;
        while (is_id_char((unsigned char)*s))
            s++;
        return s > name ? s : NULL;
    }
    return NULL;
}

/* Whether sql is exactly SELECT fn(ARG) [;] (fn in lower case). */
static bool is_select_of(const char *sql, const char *fn)
{
    const char *s = skip_blank(sql);
    if (s)
        s = word(s, "select");
    if (s)
        s = skip_blank(s);
    if (s)
        s = word(s, fn);
    if (s)
        s = skip_blank(s);
    if (!s || *s != '(')
        return false;
    s = skip_blank(s + 1);
    if (s)
        s = argument(s);
    if (s)
        s = skip_blank(s);
    if (!s || *s != ')')
        return false;
    s = skip_blank(s + 1);
    if (s && *s == ';')
        s = skip_blank(s + 1);
    return s && *s == '\0';
}

bool siphash_sqlite_called_alone(sqlite3 *db, const char *fn)
{
    sqlite3_stmt *running = NULL;
    for (sqlite3_stmt *s = sqlite3_next_stmt(db, NULL); s; s = sqlite3_next_stmt(db, s)) {
        if (!sqlite3_stmt_busy(s))
            continue;
        if (running)
            return false; /* two running: which one calls us is unknowable */
        running = s;
    }
    const char *sql = running ? sqlite3_sql(running) : NULL;
    return sql != NULL && is_select_of(sql, fn);
}
