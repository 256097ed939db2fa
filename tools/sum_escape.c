/* SPDX-License-Identifier: MIT */
/*
 * sum_escape.c — file names in checksum lines, escaped as coreutils does.
 *
 * A line is one record, so a name holding a newline would break it; and a
 * name ending in a carriage return would be eaten by the CRLF tolerance of
 * the check mode.  coreutils' answer, kept here so the formats stay
 * interchangeable: when a name holds '\\' or '\n' (we add '\r', as newer
 * coreutils does), the line starts with a backslash and the name is written
 * with "\\\\", "\\n" and "\\r" escapes.  A name without those characters is
 * written verbatim, so ordinary lines look exactly like sha256sum's.
 */
#include <stdio.h>
#include <string.h>

#include "sum.h"

bool sum_name_needs_escape(const char *name)
{
    return strpbrk(name, "\\\n\r") != NULL;
}

void sum_name_write_escaped(const char *name, void *fp)
{
    FILE *f = fp;
    for (const char *p = name; *p; p++) {
        switch (*p) {
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        default: putc(*p, f); break;
        }
    }
}

bool sum_name_unescape(char *s, size_t *len)
{
    size_t r = 0, w = 0, n = *len;
    while (r < n) {
        char c = s[r++];
        if (c == '\\') {
            if (r == n)
                return false; /* a lone trailing backslash */
            switch (s[r++]) {
            case '\\': c = '\\'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            default: return false;
            }
        }
        s[w++] = c;
    }
    *len = w;
    return true;
}
