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
 *
 * Exit statuses (documented in siphashsum(1)):
 *   0  everything hashed / every checksum matched
 *   1  a file could not be read, a checksum did not match, a check file had
 *      no valid line (or, with --strict, any bad line), or stdout failed
 *   2  the command was wrong: bad option, bad or missing key, unknown
 *      algorithm, length not offered — nothing was hashed
 */
#ifndef SIPHASHSUM_SUM_H
#define SIPHASHSUM_SUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "siphash.h"

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
    unsigned bits[2]; /* output lengths offered; bits[0] is the default */
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

/* Opens name ("-" = stdin) and hashes it.  Returns 0 or an errno value. */
int sum_hash_file(const char *name, const sum_variant_t *v, const sum_key_t *key,
                  uint8_t *out);

/* ---- sum_key.c -------------------------------------------------------- */

/* Where the key comes from.  The text is held only until it has been parsed
 * for the family that needs it; sum_keysrc_wipe() clears everything. */
typedef struct {
    enum { SUM_KEYSRC_NONE, SUM_KEYSRC_ARG, SUM_KEYSRC_ENV, SUM_KEYSRC_FILE } kind;
    const char *origin;       /* for messages: "--key", "SIPHASH_KEY" or the file name */
    const char *text;         /* --key / SIPHASH_KEY text (not owned) */
    bool allow_insecure;      /* --allow-insecure-key-file */
    sum_key_t cache[2];       /* parsed key for [0] SipHash, [1] HalfSipHash */
} sum_keysrc_t;

/* Chooses the key source from --key (arg_hex), --key-file (file) and the
 * SIPHASH_KEY environment variable, in that order of precedence.  Returns
 * false (after a message) if both --key and --key-file were given. */
bool sum_keysrc_init(sum_keysrc_t *src, const char *arg_hex, const char *file,
                     bool allow_insecure);

/* The key for algo's family, read and parsed on first use and cached.
 * Returns NULL after printing why (no key, unreadable, malformed, wrong
 * length, insecure permissions): the caller exits with SUM_EXIT_USAGE. */
const sum_key_t *sum_keysrc_get(sum_keysrc_t *src, const sum_algo_t *algo);

/* Wipes every cached key. */
void sum_keysrc_wipe(sum_keysrc_t *src);

/* --keygen: writes a fresh random key for algo, as hex and a newline, to
 * file (created with mode 0600; an existing file is replaced only with
 * force, atomically) or, when file is NULL, to stdout.  Returns an exit
 * status. */
int sum_keygen(const sum_algo_t *algo, const char *file, bool force);

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

/* Verifies every line of check file name ("-" = stdin).  Returns 0 if every
 * listed file matched, SUM_EXIT_FAIL otherwise, SUM_EXIT_USAGE on a key
 * error. */
int sum_check_file(const char *name, const sum_checkopt_t *co, const sum_outopt_t *o,
                   sum_keysrc_t *keys);

#endif /* SIPHASHSUM_SUM_H */
