/* SPDX-License-Identifier: MIT */
/*
 * sum_key.c — where siphashsum's key comes from, how its text is read, and
 * --keygen.
 *
 * The key never has to be on the command line (visible in ps(1) and shell
 * history): --key-file and SIPHASH_KEY are the ways meant for use; --key is
 * for tests and examples, and its argument is overwritten as soon as it has
 * been read.  A key file holds either hex digits (32 for SipHash, 16 for
 * HalfSipHash; surrounding whitespace such as a trailing newline is
 * ignored) or exactly the raw key bytes (16 or 8).  Text that is all hex
 * digits is always read as hex: a raw key consisting only of hex-digit
 * characters has probability (22/256)^16 ~ 1e-17, while a hex key of the
 * wrong length being silently taken as raw bytes would be a real mistake.
 *
 * Every copy of key material (file contents, parsed bytes) is wiped with
 * siphash_wipe() once used, and core dumps are switched off before a key is
 * read so that a crash does not write it to disk.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sum.h"

/* Anything larger is certainly not a key; reading it whole would be silly. */
enum { KEYFILE_MAX = 4096 };

static const char *family(const sum_algo_t *a)
{
    return a->half ? "HalfSipHash" : "SipHash";
}

static bool is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Narrows [*b, *e) to exclude surrounding whitespace. */
static void trim(const unsigned char *s, size_t *b, size_t *e)
{
    while (*b < *e && is_space(s[*b]))
        (*b)++;
    while (*e > *b && is_space(s[*e - 1]))
        (*e)--;
}

/* Index of the first non-hex byte in [b, e), or e. */
static size_t first_nonhex(const unsigned char *s, size_t b, size_t e)
{
    while (b < e && sum_hexval(s[b]) >= 0)
        b++;
    return b;
}

/* A byte as it can be shown in a message. */
static void show_byte(unsigned char c, char out[8])
{
    if (c >= 0x20 && c < 0x7f)
        snprintf(out, 8, "'%c'", c);
    else
        snprintf(out, 8, "\\x%02x", c);
}

/* Decodes the hex digits s[b..e) (all known to be hex) into keylen bytes,
 * or explains in why[] what is wrong with their number. */
static bool decode_hex(const unsigned char *s, size_t b, size_t e, const sum_algo_t *a,
                       uint8_t *out, char *why, size_t whylen)
{
    size_t keylen = sum_algo_keylen(a), ndig = e - b;
    if (ndig % 2) {
        snprintf(why, whylen, "odd number of hex digits (%zu; %s needs %zu)", ndig,
                 family(a), 2 * keylen);
        return false;
    }
    if (ndig != 2 * keylen) {
        snprintf(why, whylen, "wrong key length: %zu hex digits, %s needs %zu (%zu bytes)",
                 ndig, family(a), 2 * keylen, keylen);
        return false;
    }
    /* Unsigned: the shift stays defined even if a caller broke the "all
     * hex" promise (clang-analyzer cannot see that promise across calls). */
    for (size_t i = 0; i < keylen; i++)
        out[i] = (uint8_t)((unsigned)sum_hexval(s[b + 2 * i]) << 4 |
                           (unsigned)sum_hexval(s[b + 2 * i + 1]));
    return true;
}

/* Key text from --key or SIPHASH_KEY: hex only. */
static bool parse_text(const char *text, const sum_algo_t *a, uint8_t *out, char *why,
                       size_t whylen)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t b = 0, e = strlen(text);
    trim(s, &b, &e);
    if (b == e) {
        snprintf(why, whylen, "empty key (%s needs %zu hex digits)", family(a),
                 2 * sum_algo_keylen(a));
        return false;
    }
    size_t bad = first_nonhex(s, b, e);
    if (bad != e) {
        char c[8];
        show_byte(s[bad], c);
        snprintf(why, whylen, "non-hex character %s at offset %zu (%s needs %zu hex digits)",
                 c, bad, family(a), 2 * sum_algo_keylen(a));
        return false;
    }
    return decode_hex(s, b, e, a, out, why, whylen);
}

/* Key file contents s[0..n): hex text or exactly the raw bytes. */
static bool parse_file_bytes(const unsigned char *s, size_t n, const sum_algo_t *a,
                             uint8_t *out, char *why, size_t whylen)
{
    size_t keylen = sum_algo_keylen(a), b = 0, e = n;
    if (n == 0) {
        snprintf(why, whylen, "empty key file (%s needs %zu hex digits or %zu raw bytes)",
                 family(a), 2 * keylen, keylen);
        return false;
    }
    trim(s, &b, &e);
    if (b < e && first_nonhex(s, b, e) == e)
        return decode_hex(s, b, e, a, out, why, whylen);
    if (n == keylen) {
        memcpy(out, s, keylen);
        return true;
    }
    if (b == e) {
        snprintf(why, whylen, "no key in file, only whitespace (%s needs %zu hex digits or "
                 "%zu raw bytes)", family(a), 2 * keylen, keylen);
        return false;
    }
    /* Text with a stray character, or binary data of the wrong size? */
    bool text = true;
    for (size_t i = 0; i < n; i++)
        if (!is_space(s[i]) && (s[i] < 0x20 || s[i] >= 0x7f))
            text = false;
    if (text) {
        size_t bad = first_nonhex(s, b, e);
        char c[8];
        show_byte(s[bad], c);
        snprintf(why, whylen, "non-hex character %s at offset %zu (%s needs %zu hex digits "
                 "or %zu raw bytes)", c, bad, family(a), 2 * keylen, keylen);
    } else {
        snprintf(why, whylen, "wrong key length: %zu bytes, %s needs %zu raw bytes or %zu "
                 "hex digits", n, family(a), keylen, 2 * keylen);
    }
    return false;
}

/* Refuses a key file others can read or replace, warns about the group.
 * Only regular files are judged: pipes (--key-file <(...)) and devices
 * have modes that say nothing about who knows the key. */
static bool permissions_ok(const char *file, const struct stat *st, bool allow_insecure)
{
    if (!S_ISREG(st->st_mode))
        return true;
    unsigned mode = (unsigned)st->st_mode & 07777;
    if (st->st_mode & (S_IROTH | S_IWOTH)) {
        const char *how = (st->st_mode & S_IROTH) ? "readable" : "writable";
        if (!allow_insecure) {
            sum_error("key file '%s': %s by every user (mode %04o); refusing to use it: "
                      "run 'chmod 600 %s', or pass --allow-insecure-key-file",
                      file, how, mode, file);
            return false;
        }
        sum_error("key file '%s': warning: %s by every user (mode %04o); used because of "
                  "--allow-insecure-key-file", file, how, mode);
    } else if (st->st_mode & (S_IRGRP | S_IWGRP)) {
        sum_error("key file '%s': warning: %s by its group (mode %04o); run 'chmod 600 %s'",
                  file, (st->st_mode & S_IRGRP) ? "readable" : "writable", mode, file);
    }
    return true;
}

/* Reads and parses a key file for algorithm a into out. */
static bool load_file(const sum_keysrc_t *src, const sum_algo_t *a, uint8_t *out)
{
    const char *file = src->origin;
    unsigned char buf[KEYFILE_MAX + 1];
    char why[200];
    size_t n = 0;
    bool ok = false;

    int fd = open(file, O_RDONLY | O_NOCTTY);
    if (fd < 0) {
        sum_error("key file '%s': %s", file, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        sum_error("key file '%s': %s", file, strerror(errno));
        goto out;
    }
    if (S_ISDIR(st.st_mode)) {
        sum_error("key file '%s': %s", file, strerror(EISDIR));
        goto out;
    }
    if (!permissions_ok(file, &st, src->allow_insecure))
        goto out;
    for (;;) {
        ssize_t r = read(fd, buf + n, sizeof buf - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            sum_error("key file '%s': %s", file, strerror(errno));
            goto out;
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n == sizeof buf) {
            sum_error("key file '%s': too large to be a key (over %d bytes)", file,
                      KEYFILE_MAX);
            goto out;
        }
    }
    ok = parse_file_bytes(buf, n, a, out, why, sizeof why);
    if (!ok)
        sum_error("key file '%s': %s", file, why);
out:
    close(fd);
    siphash_wipe(buf, sizeof buf);
    return ok;
}

bool sum_keysrc_init(sum_keysrc_t *src, const char *arg_hex, const char *file,
                     bool allow_insecure)
{
    memset(src, 0, sizeof *src);
    src->allow_insecure = allow_insecure;
    if (arg_hex && file) {
        sum_error("--key and --key-file: give the key one way only");
        return false;
    }
    if (arg_hex) {
        src->kind = SUM_KEYSRC_ARG;
        src->origin = "--key";
        src->text = arg_hex;
    } else if (file) {
        src->kind = SUM_KEYSRC_FILE;
        src->origin = file;
    } else if ((src->text = getenv("SIPHASH_KEY")) != NULL) {
        src->kind = SUM_KEYSRC_ENV;
        src->origin = "SIPHASH_KEY";
    }
    return true;
}

const sum_key_t *sum_keysrc_get(sum_keysrc_t *src, const sum_algo_t *a)
{
    sum_key_t *k = &src->cache[a->half];
    if (k->len)
        return k;
    if (src->kind == SUM_KEYSRC_NONE) {
        sum_error("no key: pass --key-file FILE or set SIPHASH_KEY; make a key with "
                  "'siphashsum --keygen --key-file FILE'");
        return NULL;
    }
    /* Keep the key out of core files. */
    struct rlimit nocore = {0, 0};
    (void)setrlimit(RLIMIT_CORE, &nocore);

    uint8_t bytes[SUM_MAX_KEY];
    bool ok;
    if (src->kind == SUM_KEYSRC_FILE) {
        ok = load_file(src, a, bytes);
    } else {
        char why[200];
        ok = parse_text(src->text, a, bytes, why, sizeof why);
        if (!ok)
            sum_error("%s: %s", src->origin, why);
    }
    if (ok) {
        memcpy(k->bytes, bytes, sum_algo_keylen(a));
        k->len = sum_algo_keylen(a);
    }
    siphash_wipe(bytes, sizeof bytes);
    return ok ? k : NULL;
}

void sum_keysrc_wipe(sum_keysrc_t *src)
{
    siphash_wipe(src->cache, sizeof src->cache);
}

/* Writes all of buf to fd. */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len) {
        ssize_t w = write(fd, buf, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return errno;
        buf += w;
        len -= (size_t)w;
    }
    return 0;
}

/* Creates file (mode 0600, never following an existing name) and writes
 * text to it.  With force, an existing file is replaced atomically by a new
 * one (so it never holds half a key, and never keeps an old, looser mode). */
static int write_key_file(const char *file, const char *text, size_t len, bool force)
{
    char *tmp = NULL;
    int fd, err;

    if (!force) {
        fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY, 0600);
    } else {
        size_t n = strlen(file);
        tmp = malloc(n + 8);
        if (!tmp)
            return ENOMEM;
        memcpy(tmp, file, n);
        memcpy(tmp + n, ".XXXXXX", 8);
        fd = mkstemp(tmp); /* mode 0600 */
    }
    if (fd < 0) {
        err = errno;
        free(tmp);
        return err;
    }
    err = write_all(fd, text, len);
    if (!err && fsync(fd) != 0 && errno != EINVAL)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (tmp) {
        if (!err && rename(tmp, file) != 0)
            err = errno;
        if (err)
            unlink(tmp);
        free(tmp);
    } else if (err) {
        unlink(file); /* do not leave a truncated key behind */
    }
    return err;
}

int sum_keygen(const sum_algo_t *a, const char *file, bool force)
{
    static const char digits[] = "0123456789abcdef";
    size_t keylen = sum_algo_keylen(a);
    uint8_t key[SUM_MAX_KEY];
    char text[2 * SUM_MAX_KEY + 1];
    int status = SUM_EXIT_OK;

    int r = siphash_random_bytes(key, keylen);
    if (r != 0) {
        sum_error("--keygen: no random bytes from the system: %s", strerror(-r));
        return SUM_EXIT_FAIL;
    }
    for (size_t i = 0; i < keylen; i++) {
        text[2 * i] = digits[key[i] >> 4];
        text[2 * i + 1] = digits[key[i] & 15];
    }
    text[2 * keylen] = '\n';

    if (file) {
        int err = write_key_file(file, text, 2 * keylen + 1, force);
        if (err == EEXIST) {
            sum_error("key file '%s': already exists; not overwriting a key "
                      "(pass --force to replace it)", file);
            status = SUM_EXIT_FAIL;
        } else if (err) {
            sum_error("key file '%s': %s", file, strerror(err));
            status = SUM_EXIT_FAIL;
        }
    } else {
        /* Straight to the descriptor: no stdio buffer keeps a copy. */
        int err = write_all(STDOUT_FILENO, text, 2 * keylen + 1);
        if (err) {
            sum_error("write error: %s", strerror(err));
            status = SUM_EXIT_FAIL;
        }
    }
    siphash_wipe(key, sizeof key);
    siphash_wipe(text, sizeof text);
    return status;
}
