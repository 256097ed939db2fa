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
#include <string.h>

#include "sum.h"

void sum_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout); /* keep stdout and stderr in order on a shared terminal */
    fputs("siphashsum: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    putc('\n', stderr);
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

static bool report(int err)
{
    if (!reported)
        sum_error("write error: %s", strerror(err));
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
    return report(err ? err : EIO);
}

bool sum_stdout_close(void)
{
    if (sum_stdout_failed())
        return false;
    errno = 0;
    if (fclose(stdout) != 0)
        return !report(errno ? errno : EIO);
    return true;
}
