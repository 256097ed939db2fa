/* SPDX-License-Identifier: MIT */
/*
 * fast_hashes.h — the "fast hashes" section of siphash-bench: our scalar
 * loops and batches against an inlined XXH3_64bits_withSeed loop (the kind
 * of hash the big runtimes moved their tables to) and HighwayHash64, per
 * key, in one alternating run (fast_hashes.c).
 *
 * The anchors' loops live in their own files (fast_xxh3.c, fast_highway.c),
 * each compiled only when its library was found, so the section builds and
 * runs without them and says which it skipped.
 */
#ifndef SIPHASH_BENCH_FAST_HASHES_H
#define SIPHASH_BENCH_FAST_HASHES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench.h"
#include "siphash.h"

/* The keys every loop of one measurement hashes, and where results go.
 * Contiguous: n records of len bytes packed back to back at recs.  Column:
 * n separately allocated strings, in `orders` different orders: iteration
 * i of a timed body hashes ptrs[o + j] of lens[o + j] bytes, j < n, with
 * o = fast_order(k, i).  Hashing the same n strings in the same order
 * every time lets the branch predictor learn part of their sequence of
 * lengths, which a table's keys never allow: measured on Sapphire Rapids
 * with one order, the XXH3 loop's median run took 6.4 ns per key (its
 * fastest 4.6), with 8 orders 7.6 (6.9); siphash_batchv 6.6 and 7.0. */
struct fast_keys {
    const uint8_t *recs;
    size_t len;
    const void *const *ptrs; /* orders * n pointers */
    const size_t *lens;      /* orders * n lengths */
    size_t orders;
    size_t n;
    uint64_t *out;       /* n results: every loop stores every hash */
    siphash_key_t key;   /* ours */
    uint64_t seed;       /* XXH3's seed (a run-time value) */
    uint64_t hhkey[4];   /* HighwayHash's 256-bit key */
};

/* Where iteration i's order of the column starts in ptrs and lens. */
static inline size_t fast_order(const struct fast_keys *k, uint64_t i)
{
    return (size_t)(i % k->orders) * k->n;
}

/* Timed bodies (bench_fn) of the anchors: `iters` times hash all n keys of
 * the struct fast_keys at arg into out, the length a run-time value. */
#if SIPHASH_BENCH_HAVE_XXH3
uint64_t fast_xxh3_contiguous(void *arg, uint64_t iters);
uint64_t fast_xxh3_column(void *arg, uint64_t iters);
/* "0.8.1": the version of the xxHash header compiled in. */
const char *fast_xxh3_version(void);
#endif
#if SIPHASH_BENCH_HAVE_HIGHWAYHASH
uint64_t fast_highway_contiguous(void *arg, uint64_t iters);
uint64_t fast_highway_column(void *arg, uint64_t iters);
/* Which of its code paths HighwayHash64's dispatch takes on this CPU. */
const char *fast_highway_target(void);
/* 1 if HighwayHash64 reproduces its published test value. */
int fast_highway_selftest(void);
#endif

/* ---- the section's results (fast_hashes.c measures, fast_targets.c judges) */

/* The hashes timed, in the order they alternate. */
enum fast_hash {
    FAST_XXH3,    /* XXH3_64bits_withSeed loop (anchor) */
    FAST_HIGHWAY, /* HighwayHash64 loop (anchor) */
    FAST_S24,     /* siphash24_64 loop */
    FAST_S13,     /* siphash13_64 loop */
    FAST_S12,     /* siphash12_64 loop */
    FAST_B24,     /* siphash_batch (contiguous) / siphash_batchv (column) */
    FAST_B13,     /* siphash13_batch / siphash13_batchv */
    FAST_B12,     /* siphash12_batch / siphash12_batchv */
    FAST_NHASH
};
#define FAST_NKEYS 4096 /* keys per measurement: records, or the column's strings */
#define FAST_ORDERS 8   /* orders of the column, hashed in turn (struct fast_keys) */
#define FAST_NLEN 5     /* contiguous record lengths: 8, 16, 24, 32, 64 */
#define FAST_COLUMN FAST_NLEN /* the group of the string column */

/* One hash in one group (a record length, or the column). */
struct fast_cell {
    int valid;             /* 0: not built (a missing anchor) */
    struct bench_stat s;   /* ticks per key */
    struct bench_stat vs[2]; /* per-round ratios cost / cost(XXH3), / cost(HighwayHash64);
                                median 0: that anchor is missing */
};

struct fast_results {
    size_t len[FAST_NLEN];
    struct fast_cell cell[FAST_NLEN + 1][FAST_NHASH];
    const char *path;  /* the batch path measured (siphash_batch_impl) */
    const char *uarch; /* the port model's name for this CPU */
    char when[32];     /* when it was measured, "YYYY-MM-DD HH:MM UTC" */
};

/* The row name of hash h in the contiguous groups or the column. */
const char *fast_hash_name(enum fast_hash h, int column);
/* Nanoseconds per tick (1 where the clock counts nanoseconds). */
double fast_ns_per_tick(void);

/* Prints the targets against the anchors from one measured run; returns
 * how many were not met (fast_targets.c). */
int fast_targets_print(FILE *out, const struct fast_results *r);

/* Runs the section: its rows, ratios and targets to o->out (CSV rows in
 * --csv mode).  csv_path (may be NULL) also receives the section's CSV
 * rows; with `alone` (the section runs by itself: --fast-only) the file is
 * created with the CSV header and context rows, otherwise the rows are
 * appended to the main table's CSV file.  Returns 0, or -1 when it could
 * not measure (out of memory, an anchor or batch giving wrong answers:
 * said on stderr). */
int bench_fast_section(const struct bench_opts *o, const char *csv_path, int alone);

#endif
