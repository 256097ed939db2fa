/* SPDX-License-Identifier: MIT */
/*
 * key_mention.c — whether a text (a statement, a log line) names the
 * setting siphash.key, as SQL may spell it: in any case, with the parts
 * quoted ("siphash"."key") or apart, whitespace or comments around the dot
 * (siphash . key).
 *
 * An escape string (E'siphash\.key', E'\x73iphash.key',
 * U&'siphash\002ekey') is decoded first (siphash_pg_escape_mentions_key).
 *
 * key_statement.c judges a statement by it (and by the functions and
 * prepared statements it calls): one that may set the setting may carry a
 * key's text, so it is kept out of the server log and pg_stat_statements.
 * A statement that builds the name from pieces ('siphash' || '.key') is not
 * recognised; docs/postgresql.md says so.
 */
#include "siphash_pg.h"

#include "lib/stringinfo.h"

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

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* n hex digits at s as a code point, or -1. */
static long hex_code(const char *s, const char *end, int n)
{
    long v = 0;

    if (end - s < n)
        return -1;
    for (int i = 0; i < n; i++) {
        int d = hex_digit(s[i]);

        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* A code point as the matcher needs it: ASCII as itself, anything else as
 * a byte that is no part of the setting's name. */
static void append_code(StringInfo out, long c)
{
    appendStringInfoChar(out, c > 0 && c < 0x80 ? (char)c : '?');
}

/* The contents of the escape string whose opening quote is at q (E'...':
 * backslash escapes; U&'...' or U&"...": \XXXX and \+XXXXXX), decoded into
 * out, to its closing quote or end. */
static void decode_escaped(const char *q, const char *end, bool unicode, StringInfo out)
{
    char quote = *q++;

    while (q < end) {
        if (*q == quote) {
            if (q + 1 < end && q[1] == quote) {
                appendStringInfoChar(out, quote);
                q += 2;
                continue;
            }
            return;
        }
        if (*q != '\\' || q + 1 >= end) {
            appendStringInfoChar(out, *q++);
            continue;
        }
        q++;
        if (unicode) {
            long c = *q == '+' ? hex_code(q + 1, end, 6) : hex_code(q, end, 4);

            if (*q == '\\') {
                appendStringInfoChar(out, '\\');
                q++;
            } else if (c >= 0) {
                append_code(out, c);
                q += *q == '+' ? 7 : 4;
            }
        } else if (*q == 'x' && q + 1 < end && hex_digit(q[1]) >= 0) {
            long c = hex_digit(q[1]);

            q += 2;
            if (q < end && hex_digit(*q) >= 0)
                c = c * 16 + hex_digit(*q++);
            append_code(out, c);
        } else if (*q >= '0' && *q <= '7') {
            long c = 0;

            for (int i = 0; i < 3 && q < end && *q >= '0' && *q <= '7'; i++)
                c = c * 8 + (*q++ - '0');
            append_code(out, c);
        } else if ((*q == 'u' || *q == 'U') && hex_code(q + 1, end, *q == 'u' ? 4 : 8) >= 0) {
            int n = *q == 'u' ? 4 : 8;

            append_code(out, hex_code(q + 1, end, n));
            q += 1 + n;
        } else {
            appendStringInfoChar(out, *q++); /* \. is ., \' is ' ... */
        }
    }
}

bool siphash_pg_escape_mentions_key(const char *quote, const char *end, bool unicode)
{
    StringInfoData lit;
    bool hit;

    initStringInfo(&lit);
    decode_escaped(quote, end, unicode, &lit);
    hit = siphash_pg_mentions_key(lit.data, lit.len);
    pfree(lit.data);
    return hit;
}
