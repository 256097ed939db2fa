/* SPDX-License-Identifier: MIT */
/*
 * key_file.c — reading a key file under siphashsum --key-file's rules, so
 * that one file serves both:
 *   - a regular file (siphashsum also takes a pipe; a database connection
 *     must not block on one, and has no standard input to give a key);
 *   - owned by the effective user or root, not readable or writable by
 *     other users (anyone who can read the key can forge, anyone who can
 *     write it can choose it).  Group access is allowed, as siphashsum
 *     allows it, with a warning (here through sqlite3_log, SQLite's error
 *     log: a function has no other channel for one);
 *   - 32 hex digits (surrounding whitespace such as a trailing newline
 *     ignored), or exactly the 16 raw key bytes.  Text that is all hex is
 *     read as hex, as siphashsum does.  Nothing more: a file that holds
 *     more than a key (33 hex digits, a key and more text, 17 bytes) is
 *     refused, never cut down to one.
 * Messages name the file and what is wrong, never any of its bytes: a
 * mistyped key is still most of a key.  Every copy is wiped.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "siphash_sqlite.h"

/* Anything larger is certainly not a key (siphashsum's limit). */
enum { KEYFILE_MAX = 4096 };

static bool is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static const char *file_kind(mode_t m)
{
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISFIFO(m))
        return "a pipe";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISSOCK(m))
        return "a socket";
    return "not a regular file";
}

/* The key in the file's contents s[0..n), or false with why[] set. */
static bool parse(const unsigned char *s, size_t n, const char *path, uint8_t key[16],
                  char *why, size_t whylen)
{
    size_t b = 0, e = n;
    while (b < e && is_space(s[b]))
        b++;
    while (e > b && is_space(s[e - 1]))
        e--;
    size_t hex = b;
    while (hex < e && hexval(s[hex]) >= 0)
        hex++;
    if (b < e && hex == e) {
        if (e - b != 32) {
            snprintf(why, whylen, "'%s': %zu hex digits, a SipHash key is 32", path, e - b);
            return false;
        }
        for (size_t i = 0; i < 16; i++)
            key[i] = (uint8_t)((unsigned)hexval(s[b + 2 * i]) << 4 |
                               (unsigned)hexval(s[b + 2 * i + 1]));
        return true;
    }
    if (n == 16) {
        memcpy(key, s, 16);
        return true;
    }
    if (b == e)
        snprintf(why, whylen, "'%s': no key in the file (%s; a key is 32 hex digits or 16 raw "
                 "bytes)", path, n ? "only whitespace" : "empty");
    else
        snprintf(why, whylen, "'%s': not a key: %zu bytes, neither 32 hex digits nor 16 raw "
                 "bytes", path, n);
    return false;
}

/* Whether the file may hold a key; false with why[] set. */
static bool judge(const struct stat *st, const char *path, char *why, size_t whylen)
{
    unsigned mode = (unsigned)st->st_mode & 07777;
    if (!S_ISREG(st->st_mode)) {
        snprintf(why, whylen, "'%s': %s; refusing it: a key file must be a regular file", path,
                 file_kind(st->st_mode));
        return false;
    }
    if (st->st_uid != geteuid() && st->st_uid != 0) {
        snprintf(why, whylen, "'%s': owned by another user (uid %lu); refusing it: a key file "
                 "must belong to you or root", path, (unsigned long)st->st_uid);
        return false;
    }
    if (st->st_mode & (S_IROTH | S_IWOTH)) {
        snprintf(why, whylen, "'%s': %s by every user (mode %04o); refusing it: run "
                 "'chmod 600 %s'", path, (st->st_mode & S_IROTH) ? "readable" : "writable",
                 mode, path);
        return false;
    }
    if (st->st_mode & (S_IRGRP | S_IWGRP))
        sqlite3_log(SQLITE_WARNING, "siphash_key_file: '%s': %s by its group (mode %04o); "
                    "run 'chmod 600 %s'", path, (st->st_mode & S_IRGRP) ? "readable" : "writable",
                    mode, path);
    return true;
}

bool siphash_sqlite_read_key_file(const char *path, uint8_t key[16], char *why, size_t whylen)
{
    unsigned char buf[KEYFILE_MAX + 1];
    size_t n = 0;
    bool ok = false;
    char err[128];
    /* Non-blocking: a FIFO named here is refused after fstat instead of
     * waiting for a writer. */
    int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        if (strerror_r(e, err, sizeof err) != 0)
            snprintf(err, sizeof err, "error %d", e);
        snprintf(why, whylen, "'%s': %s", path, err);
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        if (strerror_r(e, err, sizeof err) != 0)
            snprintf(err, sizeof err, "error %d", e);
        snprintf(why, whylen, "'%s': %s", path, err);
        goto out;
    }
    if (!judge(&st, path, why, whylen))
        goto out;
    for (;;) {
        ssize_t r = read(fd, buf + n, sizeof buf - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int e = errno;
            if (strerror_r(e, err, sizeof err) != 0)
                snprintf(err, sizeof err, "error %d", e);
            snprintf(why, whylen, "'%s': %s", path, err);
            goto out;
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n == sizeof buf) {
            snprintf(why, whylen, "'%s': too large to be a key (over %d bytes)", path,
                     KEYFILE_MAX);
            goto out;
        }
    }
    ok = parse(buf, n, path, key, why, whylen);
out:
    close(fd);
    siphash_wipe(buf, sizeof buf);
    return ok;
}
