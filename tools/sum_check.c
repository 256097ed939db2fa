/* SPDX-License-Identifier: MIT */
/*
 * sum_check.c — -c/--check: read checksum lines (either style), hash each
 * listed file with the variant its line names, report as coreutils does.
 *
 * Accepted lines (after an optional leading backslash, which marks an
 * escaped name, and with a trailing CR ignored so CRLF files work):
 *   GNU     siphash-2-4-64:<hex>  <name>       (or " *<name>", binary marker)
 *   BSD     SipHash-2-4-64 (<name>) = <hex>
 *   plain   <hex>  <name>                      only with -a, length from the
 *                                              number of digits (other tools)
 * Empty lines and lines starting with '#' are skipped, as coreutils does.
 * Anything else is "improperly formatted": counted, reported with -w,
 * fatal only with --strict; so is a line longer than SUM_LINE_MAX, which
 * is skipped without being held in memory.
 *
 * A check never says OK for what it did not check: a check file that
 * cannot be read to its end is reported and fails the run, whatever was
 * verified before; a line whose algorithm family has no key is reported
 * as FAILED with the reason, and the rest is still checked.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "sum.h"

/* Decodes exactly 2*n hex digits at s into out. */
static bool decode_digest(const char *s, size_t ndigits, size_t n, uint8_t *out)
{
    if (ndigits != 2 * n)
        return false;
    for (size_t i = 0; i < n; i++) {
        int hi = sum_hexval((unsigned char)s[2 * i]), lo = sum_hexval((unsigned char)s[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

/* Number of hex digits at the start of s[0..len). */
static size_t hex_span(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && sum_hexval((unsigned char)s[i]) >= 0)
        i++;
    return i;
}

/* One parsed line. */
typedef struct {
    sum_variant_t v;
    uint8_t digest[SUM_MAX_OUT];
    char *name; /* points into the line buffer, NUL-terminated */
} entry_t;

/* How untagged-name lines separate the digest from the name, decided by
 * the first such line of the run, as coreutils decides it (one flag for the
 * whole run, every check file): LAYOUT_UNKNOWN until then. */
enum { LAYOUT_UNKNOWN = -1, LAYOUT_MARKER = 0, LAYOUT_ONE_BLANK = 1 };
static int check_layout = LAYOUT_UNKNOWN;

/* "<hex>  <name>" or "<hex> *<name>" (one blank, then the text/binary
 * marker ' ' or '*'), or "<hex> <name>" (one blank only: BSD 'md5 -r'
 * lines, and coreutils' lines edited by hand), at s[0..len) for variant
 * e->v; the blank may be a space or a tab.  As in coreutils 9.1: a line
 * whose name would start right after the blank (the character there is
 * neither ' ' nor '*', or it is the last one) has the one-blank layout,
 * refused once a line of the run had the marker; after a one-blank line
 * every name starts right after the blank, a leading ' ' or '*' included.
 * (Mixing the two would let a file named " x" pass for "x".) */
static bool parse_hex_and_name(char *s, size_t len, entry_t *e, size_t *name_off)
{
    size_t nd = hex_span(s, len);
    if (!decode_digest(s, nd, e->v.bits / 8, e->digest))
        return false;
    if (len < nd + 2 || (s[nd] != ' ' && s[nd] != '\t'))
        return false;
    size_t rest = nd + 1;
    bool marker = len - rest >= 2 && (s[rest] == ' ' || s[rest] == '*');
    if (!marker) {
        if (check_layout == LAYOUT_MARKER)
            return false;
        check_layout = LAYOUT_ONE_BLANK;
        *name_off = rest;
    } else if (check_layout != LAYOUT_ONE_BLANK) {
        check_layout = LAYOUT_MARKER;
        *name_off = rest + 1;
    } else {
        *name_off = rest;
    }
    return true;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* "SipHash-2-4-64 (<name>) = <hex>": s[0..len) is what follows the '('.
 * As coreutils reads it: the name runs to the last ')' (names may contain
 * ") = " themselves), then blanks, '=', blanks, and exactly the digest's
 * hex digits to the end of the line. */
static bool parse_bsd(char *s, size_t len, entry_t *e, size_t *name_off, size_t *name_len)
{
    size_t close = len;
    while (close > 0 && s[close - 1] != ')')
        close--;
    if (close == 0)
        return false;
    close--; /* at the ')' */
    size_t i = close + 1;
    while (i < len && is_blank(s[i]))
        i++;
    if (i == len || s[i] != '=')
        return false;
    i++;
    while (i < len && is_blank(s[i]))
        i++;
    size_t want = e->v.bits / 4;
    if (len - i != want || !decode_digest(s + i, hex_span(s + i, want), want / 2, e->digest))
        return false;
    *name_off = 0;
    *name_len = close;
    return true;
}

/* Parses line[0..len) (newline and CR removed) into e.  Returns false for
 * an improperly formatted line. */
static bool parse_line(char *line, size_t len, const sum_checkopt_t *co, bool zero, entry_t *e)
{
    bool escaped = false;
    size_t name_off = 0, name_len = 0;

    while (len && is_blank(*line))
        line++, len--;
    if (!zero && len && *line == '\\') {
        escaped = true;
        line++, len--;
    }
    /* The tag ends at the first ':' (GNU style) or at the first '(', less
     * one space before it (BSD style); no variant name holds either
     * character, so at most one of the two spans names a variant. */
    char *colon = memchr(line, ':', len);
    char *paren = memchr(line, '(', len);
    size_t tag_len = paren ? (size_t)(paren - line) : 0;
    if (tag_len && line[tag_len - 1] == ' ')
        tag_len--;
    if (colon && sum_variant_parse(line, (size_t)(colon - line), &e->v)) {
        /* GNU line with its variant tag. */
        size_t off = (size_t)(colon - line) + 1;
        if (!parse_hex_and_name(line + off, len - off, e, &name_off))
            return false;
        name_off += off;
        name_len = len - name_off;
    } else if (paren && sum_variant_parse(line, tag_len, &e->v)) {
        size_t off = (size_t)(paren - line) + 1;
        if (!parse_bsd(line + off, len - off, e, &name_off, &name_len))
            return false;
        name_off += off;
    } else if (co->algo) {
        /* Plain line from another tool: the algorithm comes from -a, the
         * length from the digits (unambiguous within one algorithm). */
        size_t nd = hex_span(line, len);
        e->v.algo = co->algo;
        e->v.bits = (unsigned)nd * 4;
        if (!sum_algo_has_length(co->algo, e->v.bits))
            return false;
        if (!parse_hex_and_name(line, len, e, &name_off))
            return false;
        name_len = len - name_off;
    } else {
        return false;
    }
    if ((co->algo && e->v.algo != co->algo) || (co->bits && e->v.bits != co->bits))
        return false;
    char *name = line + name_off;
    if (escaped && !sum_name_unescape(name, &name_len))
        return false;
    if (name_len == 0 || memchr(name, '\0', name_len))
        return false;
    name[name_len] = '\0';
    e->name = name;
    return true;
}

/* Compares without an early exit: how much of a forged MAC is right must
 * not show in the time taken. */
static bool digest_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t d = 0;
    for (size_t i = 0; i < n; i++)
        d |= (uint8_t)(a[i] ^ b[i]);
    return d == 0;
}

typedef struct {
    unsigned long proper, malformed, mismatched, unreadable, matched, unkeyed;
} counts_t;

static const char *plural(unsigned long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* Verifies one parsed line.  Returns false when stdout failed: the caller
 * stops. */
static bool verify(const entry_t *e, const sum_checkopt_t *co, const sum_outopt_t *o,
                   const sum_keysrc_t *keys, counts_t *c)
{
    const sum_key_t *k = sum_keysrc_get(keys, e->v.algo);
    if (!k) {
        sum_error("%s: no %s key; %s", sum_quote(e->name),
                  e->v.algo->half ? "HalfSipHash" : "SipHash", keys->why[e->v.algo->half]);
        c->unkeyed++;
        if (!co->status)
            sum_print_status(o, e->name, "FAILED no key");
        return !sum_stdout_failed();
    }
    uint8_t got[SUM_MAX_OUT];
    int err = sum_hash_file(e->name, &e->v, k, got);
    if (err) {
        if (co->ignore_missing && err == ENOENT)
            return true;
        sum_error("%s: %s", sum_quote(e->name), sum_strerror(err));
        c->unreadable++;
        if (!co->status)
            sum_print_status(o, e->name, "FAILED open or read");
    } else if (digest_equal(got, e->digest, e->v.bits / 8)) {
        c->matched++;
        if (!co->status && !co->quiet)
            sum_print_status(o, e->name, "OK");
    } else {
        c->mismatched++;
        if (!co->status)
            sum_print_status(o, e->name, "FAILED");
    }
    return !sum_stdout_failed();
}

/* Check file lines, read from a descriptor through a fixed buffer: memory
 * is bounded by SUM_LINE_MAX whatever the file holds, and every way a read
 * can end is seen (a short read is never taken for the end of the file). */
typedef struct {
    int fd;
    char buf[64 * 1024];
    size_t pos, end;
    int err; /* errno of a failed read */
} reader_t;

/* Reads the next record ending in delim (or at end of file) into
 * line[0..SUM_LINE_MAX], terminator included, NUL-terminated.  Returns 1
 * with *len set (*too_long if the record was longer than SUM_LINE_MAX: it
 * was consumed, only its start kept), 0 at end of file, -1 on a read
 * error (r->err). */
static int read_line(reader_t *r, char delim, char *line, size_t *len, bool *too_long)
{
    size_t n = 0;
    bool any = false;
    *too_long = false;
    for (;;) {
        if (r->pos == r->end) {
            ssize_t got = read(r->fd, r->buf, sizeof r->buf);
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0) {
                r->err = errno;
                return -1;
            }
            if (got == 0)
                break;
            r->pos = 0;
            r->end = (size_t)got;
        }
        any = true;
        const char *start = r->buf + r->pos;
        size_t avail = r->end - r->pos;
        const char *hit = memchr(start, delim, avail);
        size_t take = hit ? (size_t)(hit - start) + 1 : avail;
        size_t room = SUM_LINE_MAX - n;
        if (take > room)
            *too_long = true;
        memcpy(line + n, start, take < room ? take : room);
        n += take < room ? take : room;
        r->pos += take;
        if (hit)
            break;
    }
    line[n] = '\0';
    *len = n;
    return any ? 1 : 0;
}

/* Prints the summary warnings and decides the status. */
static int summarize(const char *shown, const counts_t *c, const sum_checkopt_t *co)
{
    if (c->proper == 0) {
        sum_error("%s: no properly formatted checksum lines found", shown);
        return SUM_EXIT_FAIL;
    }
    if (!co->status) {
        if (c->malformed)
            sum_error("WARNING: %lu %s improperly formatted", c->malformed,
                      plural(c->malformed, "line is", "lines are"));
        if (c->unreadable)
            sum_error("WARNING: %lu listed %s could not be read", c->unreadable,
                      plural(c->unreadable, "file", "files"));
        if (c->unkeyed)
            sum_error("WARNING: %lu %s no key for %s algorithm family", c->unkeyed,
                      plural(c->unkeyed, "line has", "lines have"),
                      plural(c->unkeyed, "its", "their"));
        if (c->mismatched)
            sum_error("WARNING: %lu computed %s did NOT match", c->mismatched,
                      plural(c->mismatched, "checksum", "checksums"));
        if (co->ignore_missing && c->matched + c->mismatched == 0)
            sum_error("%s: no file was verified", shown);
    }
    bool ok = c->mismatched == 0 && c->unreadable == 0 && c->unkeyed == 0 &&
              !(co->strict && c->malformed) &&
              !(co->ignore_missing && c->matched + c->mismatched == 0);
    return ok ? SUM_EXIT_OK : SUM_EXIT_FAIL;
}

int sum_check_file(const char *name, const sum_checkopt_t *co, const sum_outopt_t *o,
                   const sum_keysrc_t *keys)
{
    bool is_stdin = strcmp(name, "-") == 0;
    const char *shown = is_stdin ? "standard input" : sum_quote(name);
    reader_t *r = malloc(sizeof *r);
    char *line = malloc(SUM_LINE_MAX + 1);
    int fd = is_stdin ? STDIN_FILENO : sum_open(name, O_RDONLY);
    if (fd < 0 || !r || !line) {
        sum_error("%s: %s", shown, strerror(fd < 0 ? errno : ENOMEM));
        if (fd >= 0 && !is_stdin)
            close(fd);
        free(r);
        free(line);
        return SUM_EXIT_FAIL;
    }
    r->fd = fd;
    r->pos = r->end = 0;
    r->err = 0;

    const char delim = o->zero ? '\0' : '\n';
    counts_t c = {0, 0, 0, 0, 0, 0};
    unsigned long lineno = 0;
    bool stdout_ok = true;
    size_t len;
    bool too_long;
    int got = 0;
    while (stdout_ok && (got = read_line(r, delim, line, &len, &too_long)) > 0) {
        lineno++;
        if (line[0] == '#')
            continue;
        entry_t e;
        if (!too_long) {
            if (line[len - 1] == delim)
                len--;
            if (!o->zero && len && line[len - 1] == '\r')
                len--;
            if (len == 0)
                continue;
        }
        if (too_long || !parse_line(line, len, co, o->zero, &e)) {
            c.malformed++;
            if (co->warn)
                sum_error("%s: %lu: improperly formatted checksum line%s", shown, lineno,
                          too_long ? " (too long)" : "");
            continue;
        }
        c.proper++;
        stdout_ok = verify(&e, co, o, keys, &c);
    }
    int read_err = stdout_ok && got < 0 ? r->err : 0;
    if (!is_stdin)
        close(fd);
    free(r);
    free(line);
    if (!stdout_ok)
        return SUM_EXIT_FAIL;
    if (read_err) {
        /* What was printed OK stays true; the rest was never checked. */
        if (lineno == 0)
            sum_error("%s: %s", shown, strerror(read_err));
        else
            sum_error("%s: read error after line %lu: %s; the lines after it were not checked",
                      shown, lineno, strerror(read_err));
        return SUM_EXIT_FAIL;
    }
    return summarize(shown, &c, co);
}
