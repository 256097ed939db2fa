/* SPDX-License-Identifier: MIT */
/*
 * rows.h — the rows of siphash-bench's main table: what is timed at each
 * input size, in three modes (throughput, latency through the message
 * address, latency through memory).
 */
#ifndef SIPHASH_BENCH_ROWS_H
#define SIPHASH_BENCH_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"
#include "siphash.h"

/* Input sizes (bytes); the last one is the long message reported as
 * cycles per byte, measured in throughput mode only. */
#define BENCH_NSIZES 12
#define BENCH_LONG BENCH_NSIZES - 1
extern const size_t bench_sizes[BENCH_NSIZES];

/* The messages for one size: NMSG copies (1 for long messages, so they stay
 * in L1) at stride bytes, each with >= 8 bytes of slack behind it. */
struct bench_msgs {
    uint8_t *buf;
    size_t len, stride;
    uint64_t mask; /* message index mask: i & mask */
    siphash_key_t key;
    hsiphash_key_t hkey;
    halfsiphash_key_t halfkey;
    unsigned char kbytes[16]; /* key as reference bytes (libsodium) */
};

/* Which algorithm a row computes: rows of one class must agree, and a
 * row's "best anchor" is the fastest anchor row of its class. */
enum bench_class {
    CLASS_SIP24,     /* SipHash-2-4, 64-bit out */
    CLASS_SIP13,     /* SipHash-1-3 (hsiphash on 64-bit; compared on 32 bits) */
    CLASS_SIP24_128, /* SipHash-2-4, 128-bit out (compared on the first 8 bytes) */
    CLASS_HALF13,    /* HalfSipHash-1-3, 32-bit out */
    CLASS_HSIP32,    /* hsiphash on 32-bit targets: HalfSipHash-1-3 with the
                        hsiphash key (compared among the hsiphash rows) */
    CLASS_SIP12,     /* SipHash-1-2 (Redis's dict hash) */
    CLASS_SIP12NC,   /* SipHash-1-2 over ASCII-lowercased bytes */
    CLASS_JHASH,     /* lookup3 */
    CLASS_OTHER,     /* MD5, SHA-1 */
};

enum bench_who { WHO_OURS, WHO_ANCHOR };

struct bench_row {
    const char *name;
    enum bench_who who;
    enum bench_class cls;
    int constlen;    /* 1: compiled with the length as a constant */
    uint64_t outmask; /* bits of the output comparable across the class */
    bench_fn tp[BENCH_NSIZES];  /* NULL: not available at that size */
    bench_fn lat[BENCH_NSIZES]; /* the next message's address waits for the hash */
    bench_fn mem[BENCH_NSIZES]; /* the hash is stored into the message, then hashed */
    const char *missing; /* non-NULL: not built; the package to install */
};

/* Messages hashed through memory need a writable first message: the bench
 * keeps its first 8 bytes zero before timing so every row's first step
 * hashes the same bytes (the cross-check relies on it). */

/* All rows, in print order; *n gets the count.  Rows whose dependency is
 * missing are present with ->missing set and no functions. */
const struct bench_row *bench_rows(int *n);

/* Sets up everything the anchors need (keys, OpenSSL contexts).  Returns 0
 * on success. */
int bench_rows_init(const struct bench_msgs *m);

#endif
