/* SPDX-License-Identifier: MIT */
/*
 * sum_output.c — what siphashsum writes: checksum lines, check results,
 * diagnostics, and the handling of a stdout that stops accepting data.
 *
 * Line formats (see siphashsum(1) for why the GNU line carries a tag):
 *   GNU  [\]siphash-2-4-64:<hex>  <name>
 *   BSD  [\]SipHash-2-4-64 (<name>) = <hex>
 * A leading backslash marks an escaped name (sum_escape.c); with -z lines
 * end in NUL and names are written raw.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sum.h"

/* The cause of the first failed write to stdout, 0 if none yet.  stdio
 * keeps only a flag (ferror), so the cause is caught where it happens:
 * right after an output call, or in sum_error()'s flush. */
static int stdout_errno;

static void note_stdout_error(int err)
{
    if (!stdout_errno)
        stdout_errno = err ? err : EIO;
}

void sum_error(const char *fmt, ...)
{
    va_list ap;
    int saved = errno;
    /* Keep stdout and stderr in order on a shared terminal.  A write error
     * here is stdout's: remember its cause for sum_stdout_failed(). */
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout))
        note_stdout_error(errno);
    errno = saved;
    fputs("siphashsum: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    putc('\n', stderr);
}

const char *sum_quote(const char *name)
{
    static char *ring[4];
    static unsigned next;
    bool plain = true;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        plain &= *p != '\\' && *p >= 0x20 && *p != 0x7f;
    if (plain)
        return name;
    size_t n = strlen(name);
    char *q = realloc(ring[next % 4], 4 * n + 1);
    if (!q)
        return "(name not shown: out of memory)";
    ring[next++ % 4] = q;
    char *w = q;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if (*p == '\\')
            w += sprintf(w, "\\\\");
        else if (*p == '\n')
            w += sprintf(w, "\\n");
        else if (*p == '\r')
            w += sprintf(w, "\\r");
        else if (*p < 0x20 || *p == 0x7f)
            w += sprintf(w, "\\x%02x", *p);
        else
            *w++ = (char)*p;
    }
    *w = '\0';
    return q;
}

void sum_write_hex(const uint8_t *p, size_t len, void *fp)
{
    static const char digits[] = "0123456789abcdef";
    FILE *f = fp;
    for (size_t i = 0; i < len; i++) {
        putc(digits[p[i] >> 4], f);
        putc(digits[p[i] & 15], f);
    }
}

/* The name, escaped if the style calls for it (the caller has already
 * written the leading backslash). */
static void write_name(const char *name, bool escape)
{
    if (escape)
        sum_name_write_escaped(name, stdout);
    else
        fputs(name, stdout);
}

void sum_print_line(const sum_outopt_t *o, const sum_variant_t *v, const uint8_t *digest,
                    const char *name)
{
    bool escape = !o->zero && sum_name_needs_escape(name);
    if (escape)
        putchar('\\');
    if (o->tag) {
        printf("%s-%u (", v->algo->tag, v->bits);
        write_name(name, escape);
        fputs(") = ", stdout);
        sum_write_hex(digest, v->bits / 8, stdout);
    } else {
        printf("%s-%u:", v->algo->name, v->bits);
        sum_write_hex(digest, v->bits / 8, stdout);
        fputs("  ", stdout);
        write_name(name, escape);
    }
    putchar(o->zero ? '\0' : '\n');
}

void sum_print_status(const sum_outopt_t *o, const char *name, const char *status)
{
    bool escape = !o->zero && sum_name_needs_escape(name);
    if (escape)
        putchar('\\');
    write_name(name, escape);
    printf(": %s", status);
    putchar(o->zero ? '\0' : '\n');
}

/* Whether a write error has been reported already. */
static bool reported;

static bool report(void)
{
    if (!reported)
        sum_error("write error: %s", strerror(stdout_errno));
    reported = true;
    return true;
}

/* Write errors: stdio remembers that one happened (ferror) but not why;
 * callers ask right after writing, so errno still holds the failed write's
 * cause.  SIGPIPE keeps its inherited disposition, as in
 * coreutils: by default a closed pipe ends the process quietly with
 * SIGPIPE (`siphashsum ... | head -c1` is not an error worth a message);
 * if SIGPIPE is ignored, the write fails with EPIPE and is reported. */
bool sum_stdout_failed(void)
{
    int err = errno;
    if (reported)
        return true;
    if (!ferror(stdout))
        return false;
    note_stdout_error(err);
    return report();
}

bool sum_stdout_close(void)
{
    if (sum_stdout_failed())
        return false;
    errno = 0;
    if (fclose(stdout) != 0) {
        note_stdout_error(errno);
        return !report();
    }
    return true;
}
