/* SPDX-License-Identifier: MIT */
/*
 * sum_key.c — where siphashsum's keys come from, how their text is read,
 * and --keygen.
 *
 * The key never has to be on the command line (visible in ps(1) and shell
 * history): --key-file and SIPHASH_KEY are the ways meant for use; --key is
 * for tests and examples, and its argument is overwritten as soon as it has
 * been read (SIPHASH_KEY likewise, in the environment).  A key file holds
 * either hex digits (32 for SipHash, 16 for HalfSipHash; surrounding
 * whitespace such as a trailing newline is ignored) or exactly the raw key
 * bytes (16 or 8).  Text that is all hex digits is always read as hex: a
 * raw key consisting only of hex-digit characters has probability
 * (22/256)^16 ~ 1e-17, while a hex key of the wrong length being silently
 * taken as raw bytes would be a real mistake.  That rule also makes the
 * family of a key unambiguous, which is how two keys (one per family, for
 * a check file mixing SipHash and HalfSipHash lines) are told apart.
 *
 * Every key is read, judged and parsed before anything is hashed, so a bad
 * or insecure key stops the run (exit 2) whatever the check files hold.
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

/* One key as given, before it is known which family it is for. */
typedef struct {
    char origin[300];      /* for messages: "--key", "SIPHASH_KEY", "key file 'k'" */
    unsigned char *data;   /* the text or file contents (wiped, then freed) */
    size_t len;
    bool file;             /* file contents: raw bytes allowed */
} key_input_t;

static bool parse_input(const key_input_t *in, const sum_algo_t *a, uint8_t *out, char *why,
                        size_t whylen)
{
    if (in->file)
        return parse_file_bytes(in->data, in->len, a, out, why, whylen);
    return parse_text((const char *)in->data, a, out, why, whylen);
}

static void input_free(key_input_t *in)
{
    if (in->data) {
        siphash_wipe(in->data, in->len + 1);
        free(in->data);
    }
    in->data = NULL;
}

/* A copy of len bytes at p (NUL-terminated, for text), or NULL. */
static unsigned char *copy_bytes(const void *p, size_t len)
{
    unsigned char *c = malloc(len + 1);
    if (c) {
        memcpy(c, p, len);
        c[len] = 0;
    }
    return c;
}

/* Reads key file name ("-" = standard input) whole into in.  Returns false
 * after a message. */
static bool load_file(const char *name, bool allow_insecure, key_input_t *in)
{
    bool use_stdin = strcmp(name, "-") == 0;
    const char *shown = sum_quote(name);
    unsigned char buf[KEYFILE_MAX + 1];
    size_t n = 0;
    bool ok = false;

    if (use_stdin)
        snprintf(in->origin, sizeof in->origin, "key from standard input (--key-file -)");
    else
        snprintf(in->origin, sizeof in->origin, "key file '%s'", shown);
    int fd = use_stdin ? STDIN_FILENO : sum_open(name, O_RDONLY);
    if (fd < 0) {
        sum_error("%s: %s", in->origin, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        sum_error("%s: %s", in->origin, strerror(errno));
        goto out;
    }
    if (S_ISDIR(st.st_mode)) {
        sum_error("%s: %s", in->origin, strerror(EISDIR));
        goto out;
    }
    if (!sum_platform_key_file_ok(in->origin, use_stdin ? "-" : shown, &st, allow_insecure))
        goto out;
    /* --key-file /dev/stdin (or /proc/self/fd/0 ...) is standard input too. */
    if (use_stdin || sum_platform_is_stdin(&st))
        sum_stdin_is_key = true;
    for (;;) {
        ssize_t r = read(fd, buf + n, sizeof buf - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            sum_error("%s: %s", in->origin, strerror(errno));
            goto out;
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n == sizeof buf) {
            sum_error("%s: too large to be a key (over %d bytes)", in->origin, KEYFILE_MAX);
            goto out;
        }
    }
    in->file = true;
    in->len = n;
    in->data = copy_bytes(buf, n);
    ok = in->data != NULL;
    if (!ok)
        sum_error("%s: %s", in->origin, strerror(ENOMEM));
out:
    if (!use_stdin)
        close(fd);
    siphash_wipe(buf, sizeof buf);
    return ok;
}

/* The SIPHASH_KEY text, copied; the environment's copy is overwritten in
 * place (what /proc/PID/environ shows), as --key's argument is.  NULL if
 * unset, or after a message (out of memory) with *failed set. */
static char *take_env_key(bool *failed)
{
    char *v = getenv("SIPHASH_KEY");
    if (!v)
        return NULL;
    size_t n = strlen(v);
    char *copy = (char *)copy_bytes(v, n);
    memset(v, 'x', n);
    if (!copy) {
        sum_error("SIPHASH_KEY: %s", strerror(ENOMEM));
        *failed = true;
    }
    return copy;
}

/* gcc 12's -fanalyzer reports the copies stored in in[] as leaked when the
 * loop ends: the caller frees both entries (input_free) on every path. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wanalyzer-malloc-leak"
#endif
/* Fills in[] from the options; returns the count, or -1 after a message. */
static int gather(const sum_keyopt_t *ko, key_input_t in[2])
{
    if (ko->nhex && ko->nfile) {
        sum_error("--key and --key-file: give the key one way only");
        return -1;
    }
    /* The option parser keeps at most two of each; in[] holds two. */
    for (size_t i = 0; i < ko->nhex && i < 2; i++) {
        snprintf(in[i].origin, sizeof in[i].origin, "--key");
        in[i].len = strlen(ko->hex[i]);
        if (!(in[i].data = copy_bytes(ko->hex[i], in[i].len))) {
            sum_error("--key: %s", strerror(ENOMEM));
            for (size_t j = 0; j < i; j++)
                input_free(&in[j]);
            return -1;
        }
    }
    if (ko->nhex)
        return (int)ko->nhex;
    for (size_t i = 0; i < ko->nfile && i < 2; i++)
        if (!load_file(ko->file[i], ko->allow_insecure, &in[i]))
            return -1;
    if (ko->nfile)
        return (int)ko->nfile;

    bool failed = false;
    char *env = take_env_key(&failed);
    if (!env)
        return failed ? -1 : 0;
    /* One key, or two separated by a comma. */
    char *comma = strchr(env, ',');
    size_t envlen = strlen(env);
    int n = comma ? 2 : 1;
    if (comma) {
        *comma = '\0';
        if (strchr(comma + 1, ',')) {
            sum_error("SIPHASH_KEY: more than two keys (at most one SipHash and one "
                      "HalfSipHash key, separated by a comma)");
            n = -1;
        }
    }
    const char *piece = env;
    for (int i = 0; i < n; i++) {
        snprintf(in[i].origin, sizeof in[i].origin, "SIPHASH_KEY");
        in[i].len = strlen(piece);
        if (!(in[i].data = copy_bytes(piece, in[i].len))) {
            sum_error("SIPHASH_KEY: %s", strerror(ENOMEM));
            n = -1;
        }
        if (comma)
            piece = comma + 1;
    }
    siphash_wipe(env, envlen);
    free(env);
    return n;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

static const sum_algo_t *family_algo(int half)
{
    return sum_algo_find(half ? "halfsiphash-2-4" : "siphash-2-4");
}

bool sum_keysrc_init(sum_keysrc_t *src, const sum_keyopt_t *ko, const sum_algo_t *preferred)
{
    key_input_t in[2];
    memset(src, 0, sizeof *src);
    memset(in, 0, sizeof in);
    snprintf(src->why[0], sizeof src->why[0], "no key: pass --key-file FILE or set "
             "SIPHASH_KEY; make a key with 'siphashsum --keygen --key-file FILE'");
    snprintf(src->why[1], sizeof src->why[1], "%s", src->why[0]);

    /* Keep the keys out of core files. */
    sum_platform_no_core_dumps();

    int n = gather(ko, in);
    bool ok = n >= 0;
    int fam[2] = {-1, -1};
    char why[2][2][200]; /* per input, per family */
    for (int i = 0; ok && i < n; i++) {
        for (int half = 0; half < 2; half++) {
            uint8_t bytes[SUM_MAX_KEY];
            if (parse_input(&in[i], family_algo(half), bytes, why[i][half], sizeof why[i][half])) {
                fam[i] = half;
                memcpy(src->key[half].bytes, bytes, sizeof bytes);
                src->key[half].len = sum_algo_keylen(family_algo(half));
            }
            siphash_wipe(bytes, sizeof bytes);
        }
    }
    int pref = preferred->half;
    if (ok && n == 1) {
        if (fam[0] < 0) {
            sum_error("%s: %s", in[0].origin, why[0][pref]);
            ok = false;
        } else {
            /* The other family: what its parse said, for hashing mode. */
            /* A message only: cut short when the origin names a very long path. */
            if (snprintf(src->why[!fam[0]], sizeof src->why[0], "%s: %s", in[0].origin,
                         why[0][!fam[0]]) < 0)
                src->why[!fam[0]][0] = '\0';
        }
    } else if (ok && n == 2) {
        if (fam[0] >= 0 && fam[0] == fam[1]) {
            sum_error("%s and %s: two %s keys; give at most one key per family (SipHash: 32 "
                      "hex digits, HalfSipHash: 16)", in[0].origin, in[1].origin,
                      fam[0] ? "HalfSipHash" : "SipHash");
            ok = false;
        } else {
            for (int i = 0; i < 2 && ok; i++) {
                if (fam[i] >= 0)
                    continue;
                /* It should be the family the other key is not. */
                int want = fam[!i] >= 0 ? !fam[!i] : pref;
                sum_error("%s: %s", in[i].origin, why[i][want]);
                ok = false;
            }
        }
    }
    src->given = n > 0 ? (size_t)n : 0;
    for (int i = 0; i < 2; i++)
        input_free(&in[i]);
    if (!ok)
        sum_keysrc_wipe(src);
    return ok;
}

const sum_key_t *sum_keysrc_get(const sum_keysrc_t *src, const sum_algo_t *a)
{
    const sum_key_t *k = &src->key[a->half];
    return k->len ? k : NULL;
}

void sum_keysrc_wipe(sum_keysrc_t *src)
{
    siphash_wipe(src->key, sizeof src->key);
}

/* ---- --keygen ----------------------------------------------------------- */

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
        const char *what = NULL;
        const char *shown = sum_quote(file);
        int err = sum_platform_write_key_file(file, text, 2 * keylen + 1, force, &what);
        if (err == EEXIST) {
            sum_error("key file '%s': already exists; not overwriting a key "
                      "(pass --force to replace it)", shown);
            status = SUM_EXIT_FAIL;
        } else if (err < 0) {
            sum_error("key file '%s': %s; --force replaces only a regular file", shown, what);
            status = SUM_EXIT_FAIL;
        } else if (err) {
            sum_error("key file '%s': %s", shown, strerror(err));
            status = SUM_EXIT_FAIL;
        }
    } else {
        /* Straight to the descriptor: no stdio buffer keeps a copy. */
        int err = sum_write_all(STDOUT_FILENO, text, 2 * keylen + 1);
        if (err) {
            sum_error("write error: %s", strerror(err));
            status = SUM_EXIT_FAIL;
        }
    }
    siphash_wipe(key, sizeof key);
    siphash_wipe(text, sizeof text);
    return status;
}
