/* SPDX-License-Identifier: MIT */
/*
 * key_mention.c — whether a text (a statement, a log line) names the
 * setting siphash.key, as SQL may spell it: in any case, with the parts
 * quoted ("siphash"."key") or apart, whitespace or comments around the dot
 * (siphash . key).
 *
 * key_statement.c judges a statement by it (and by the functions and
 * prepared statements it calls, and after decoding escape strings): one
 * that may set the setting may carry a key's text, so it is kept out of the
 * server log and pg_stat_statements.  A statement that builds the name
 * from pieces ('siphash' || '.key') is not recognised; docs/postgresql.md
 * says so.
 */
#include "siphash_pg.h"

static int lower_ascii(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Past the word w (lower case) at s, in any case; NULL if it is not there. */
static const char *word(const char *s, const char *end, const char *w)
{
    for (; *w; s++, w++)
        if (s >= end || lower_ascii((unsigned char)*s) != *w)
            return NULL;
    return s;
}

/* Past what SQL lets stand around the dot of a qualified name: whitespace,
 * double quotes and comments.  end bounds s. */
static const char *skip_filler(const char *s, const char *end)
{
    while (s < end) {
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' || *s == '\v' ||
            *s == '"') {
            s++;
        } else if (s + 1 < end && s[0] == '-' && s[1] == '-') {
            while (s < end && *s != '\n')
                s++;
        } else if (s + 1 < end && s[0] == '/' && s[1] == '*') {
            s += 2;
            while (s + 1 < end && !(s[0] == '*' && s[1] == '/'))
                s++;
            s = s + 1 < end ? s + 2 : end;
        } else {
            break;
        }
    }
    return s;
}

bool siphash_pg_mentions_key(const char *s, int len)
{
    const char *end;

    if (s == NULL)
        return false;
    end = s + (len < 0 ? (int)strlen(s) : len);
    for (; s < end; s++) {
        const char *p = word(s, end, "siphash");

        if (p == NULL)
            continue;
        p = skip_filler(p, end);
        if (p >= end || *p != '.')
            continue;
        p = skip_filler(p + 1, end);
        if (word(p, end, "key"))
            return true;
    }
    return false;
}
