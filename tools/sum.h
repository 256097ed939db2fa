/* SPDX-License-Identifier: MIT */
/*
 * sum.h — the pieces of siphashsum and how they talk to each other.
 *
 *   siphashsum.c   main: options, hashing mode, exit status
 *   sum_algo.c     the variant table and streaming a file through a variant
 *   sum_key.c      key sources (--key-file, SIPHASH_KEY, --key), parsing, --keygen
 *   sum_check.c    -c: reading checksum lines of both styles and verifying them
 *   sum_escape.c   coreutils-style file name escaping and unescaping
 *   sum_output.c   hex, output lines, diagnostics, stdout write errors
 *   sum_platform.c what differs between POSIX and Windows (sum_platform.h)
 *
 * Exit statuses (documented in siphashsum(1)):
 *   0  everything hashed / every checksum matched
 *   1  a file could not be read, a checksum did not match, a check line's
 *      family had no key, a check file had no valid line (or, with
 *      --strict, any bad line), a check file could not be read to its end,
 *      --keygen could not write its key, or stdout failed
 *   2  the command was wrong: bad option, bad, insecure or missing key,
 *      unknown algorithm, length not offered — nothing was hashed
 *
 * Code that differs between POSIX and Windows (opening files, key file
 * ownership and modes, writing a key file, resource limits, the command
 * line's encoding) is in sum_platform.c.
 */
#ifndef SIPHASHSUM_SUM_H
#define SIPHASHSUM_SUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "siphash.h"
#include "sum_platform.h"

/* The value of one hex digit, or -1: shared by the key and check parsers. */
static inline int sum_hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

enum { SUM_EXIT_OK = 0, SUM_EXIT_FAIL = 1, SUM_EXIT_USAGE = 2 };

/* Largest output (SipHash 128 bits) and key (SipHash 16 bytes). */
enum { SUM_MAX_OUT = 16, SUM_MAX_KEY = 16 };

/* ---- sum_algo.c ------------------------------------------------------- */

/* One algorithm family member, e.g. SipHash-2-4. */
typedef struct {
    const char *name; /* -a spelling and GNU-line tag prefix: "siphash-2-4" */
    const char *tag;  /* BSD-line spelling: "SipHash-2-4" */
    unsigned c_rounds, d_rounds;
    bool half;        /* HalfSipHash: 8-byte key, 32-bit words */
    unsigned bits[2]; /* output lengths offered; bits[0] is the default;
                         equal when only one is offered */
} sum_algo_t;

/* An algorithm together with an output length: what one line records. */
typedef struct {
    const sum_algo_t *algo;
    unsigned bits;
} sum_variant_t;

extern const sum_algo_t sum_algos[];
extern const size_t sum_nalgos;

/* The algorithm called name (case-insensitive), or NULL. */
const sum_algo_t *sum_algo_find(const char *name);
/* True if algo offers bits-bit output. */
bool sum_algo_has_length(const sum_algo_t *algo, unsigned bits);
/* Key length in bytes: 16 for SipHash, 8 for HalfSipHash. */
size_t sum_algo_keylen(const sum_algo_t *algo);
/* Parses a variant spelled "<algorithm>-<bits>" (either spelling, any case)
 * from the len bytes at s; the whole span must match.  Returns false if it
 * names no variant we offer. */
bool sum_variant_parse(const char *s, size_t len, sum_variant_t *out);

/* A key as bytes, in the reference order. */
typedef struct {
    uint8_t bytes[SUM_MAX_KEY];
    size_t len; /* 16 or 8; 0 = no key */
} sum_key_t;

/* Streams everything readable from fd through variant v with key (whose
 * length must suit v) in fixed-size chunks, so memory stays constant for
 * any input.  Writes v.bits/8 bytes to out.  Returns 0, or the errno of the
 * failed read (nothing is written to out then). */
int sum_hash_fd(int fd, const sum_variant_t *v, const sum_key_t *key, uint8_t *out);

/* Opens name ("-" = stdin) and hashes it.  Returns 0, an errno value, or
 * SUM_ESTDINKEY for "-" when standard input held the key. */
int sum_hash_file(const char *name, const sum_variant_t *v, const sum_key_t *key,
                  uint8_t *out);

/* Error code beyond errno's: "-" named after the key came from stdin. */
enum { SUM_ESTDINKEY = -1 };
/* strerror() that also knows SUM_ESTDINKEY. */
const char *sum_strerror(int err);

/* sum_open() and sum_fd_above_stdio(): sum_platform.h. */

/* ---- sum_key.c -------------------------------------------------------- */

/* The key options as given: up to one key per family, either as --key HEX
 * (each up to twice) or as --key-file FILE (likewise; "-" = standard
 * input), told apart by their length; without either, SIPHASH_KEY (one
 * key, or two separated by a comma). */
typedef struct {
    const char *hex[2];
    size_t nhex;
    const char *file[2];
    size_t nfile;
    bool allow_insecure; /* --allow-insecure-key-file */
} sum_keyopt_t;

/* The keys, parsed: at most one per family. */
typedef struct {
    sum_key_t key[2];    /* [0] SipHash, [1] HalfSipHash; len 0 = none */
    size_t given;        /* how many keys were given (0, 1 or 2) */
    char why[2][320];    /* per family, why there is no key (for messages) */
    bool stdin_used;     /* a key was read from standard input */
} sum_keysrc_t;

/* Reads, checks and parses every key given, before anything is hashed:
 * files are read whole and judged (owner, mode), SIPHASH_KEY is
 * overwritten in the environment.  preferred (the -a algorithm or the
 * default) names the family a key that fits none is explained for.
 * Returns false after a message (the caller exits with SUM_EXIT_USAGE). */
bool sum_keysrc_init(sum_keysrc_t *src, const sum_keyopt_t *ko, const sum_algo_t *preferred);

/* The key for algo's family, or NULL; then src->why[algo->half] says why. */
const sum_key_t *sum_keysrc_get(const sum_keysrc_t *src, const sum_algo_t *algo);

/* Wipes every key. */
void sum_keysrc_wipe(sum_keysrc_t *src);

/* --keygen: writes a fresh random key for algo, as hex and a newline, to
 * file or, when file is NULL, to stdout.  The file is written under a
 * temporary name in the same directory (mode 0600), synced, then put in
 * place: never over an existing name without force, and with force only
 * over a regular file.  Returns an exit status. */
int sum_keygen(const sum_algo_t *algo, const char *file, bool force);

/* True once a key has been read from standard input: "-" then names
 * nothing to hash (sum_hash_file() refuses it). */
extern bool sum_stdin_is_key;

/* ---- sum_escape.c ----------------------------------------------------- */

/* True if name must be written escaped (it holds '\\', '\n' or '\r'). */
bool sum_name_needs_escape(const char *name);
/* Writes name to f with '\\' -> "\\\\", '\n' -> "\\n", '\r' -> "\\r". */
void sum_name_write_escaped(const char *name, void *f);
/* Undoes the escaping in place over s[0..*len); returns false on an escape
 * sequence coreutils would never write (the line is then malformed). */
bool sum_name_unescape(char *s, size_t *len);

/* ---- sum_output.c ----------------------------------------------------- */

/* Output settings shared by hashing and checking. */
typedef struct {
    bool tag;  /* --tag: BSD style */
    bool zero; /* -z: NUL-terminated lines, no escaping */
} sum_outopt_t;

/* Prints "siphashsum: " and the formatted message to stderr. */
void sum_error(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* name as shown in a diagnostic: unchanged unless it holds a backslash or
 * a control byte; then escaped as in checksum lines ("\\\\", "\\n", "\\r")
 * plus "\\xHH" for other control bytes, so a message stays one line.  The
 * result lives until the fourth call after. */
const char *sum_quote(const char *name);
/* Writes len bytes as lowercase hex to f. */
void sum_write_hex(const uint8_t *p, size_t len, void *f);
/* Writes one checksum line for name to stdout in the selected style. */
void sum_print_line(const sum_outopt_t *o, const sum_variant_t *v, const uint8_t *digest,
                    const char *name);
/* Writes "name: status" (escaped as in a checksum line) to stdout. */
void sum_print_status(const sum_outopt_t *o, const char *name, const char *status);
/* After output: reports a stdout write error once and returns true if one
 * happened (the caller then stops with SUM_EXIT_FAIL). */
bool sum_stdout_failed(void);
/* Flushes and closes stdout; returns false (after a message) on error. */
bool sum_stdout_close(void);

/* ---- sum_check.c ------------------------------------------------------ */

typedef struct {
    bool quiet, status, strict, warn, ignore_missing;
    /* -a / -l given with -c: lines naming another algorithm or length are
     * counted as improperly formatted, as b2sum -l does; and with -a, plain
     * untagged "hex  name" lines (from other tools) are accepted, their
     * length read from the number of hex digits. */
    const sum_algo_t *algo; /* NULL: not given */
    unsigned bits;          /* 0: not given */
} sum_checkopt_t;

/* Longest check line read: 64 KiB plus the longest path.  A longer line is
 * improperly formatted (counted and skipped), so memory stays bounded
 * whatever the check file holds (siphashsum -c /dev/zero). */
enum { SUM_LINE_MAX = 64 * 1024 + 4096 };

/* Verifies every line of check file name ("-" = stdin).  Returns 0 if every
 * listed file matched, SUM_EXIT_FAIL otherwise (including a read error on
 * the check file itself, reported, whatever was verified before it). */
int sum_check_file(const char *name, const sum_checkopt_t *co, const sum_outopt_t *o,
                   const sum_keysrc_t *keys);

#endif /* SIPHASHSUM_SUM_H */
