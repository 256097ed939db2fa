/* SPDX-License-Identifier: MIT */
/*
 * bench.h — the timing API shared by every section of siphash-bench.
 *
 * How speed is measured here (see DESIGN.md, "How speed is measured"):
 *   - Time is read from the TSC on x86 (fenced so the reading does not drift
 *     into the timed code), from CLOCK_MONOTONIC in nanoseconds elsewhere.
 *     Either way the unit is called a "tick".
 *   - The TSC runs at a fixed rate, not at the core clock.  Core cycles per
 *     tick are estimated by timing a chain of dependent adds (one add = one
 *     core cycle on every out-of-order core we know), so figures can also
 *     be printed in estimated core cycles.
 *   - Candidates are timed in alternating runs (A B A B ..., or A B C A B C
 *     ... for more), each run long enough to dwarf the timer's cost; the
 *     result is the median over runs with the inter-quartile spread, and the
 *     ratio of each candidate to the first is the median of the per-round
 *     ratios.  The machine is shared and noisy: ratios from alternating runs
 *     hold where absolute times do not.
 */
#ifndef SIPHASH_BENCH_H
#define SIPHASH_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define BENCH_HAVE_TSC 1
/* Keeps instructions from crossing a clock reading (where the target has
 * lfence: SSE2; 32-bit builds without it read the TSC unfenced). */
#if defined(__SSE2__)
#define BENCH_LFENCE() __asm__ volatile("lfence" ::: "memory")
#else
#define BENCH_LFENCE() ((void)0)
#endif
#else
#define BENCH_HAVE_TSC 0
/* CLOCK_MONOTONIC in nanoseconds (bench.c: this header may be included
 * without the POSIX feature macros clock_gettime needs). */
uint64_t bench_monotonic_ns(void);
#endif

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_NOINLINE __attribute__((noinline))
#define BENCH_INLINE static inline __attribute__((always_inline))
/* Makes the compiler forget what it knows about x (value, constness),
 * without emitting an instruction. */
#define BENCH_OPAQUE(x) __asm__ volatile("" : "+r"(x))
/* Makes the compiler believe x is used (so its computation stays). */
#define BENCH_USE(x) __asm__ volatile("" : : "r"(x))
/* Makes the compiler assume memory at p was read and may have changed: a
 * store before it is made, loads after it are done again. */
#define BENCH_CLOBBER(p) __asm__ volatile("" : : "r"(p) : "memory")
#else
#define BENCH_NOINLINE
#define BENCH_INLINE static inline
#define BENCH_OPAQUE(x) ((void)0)
#define BENCH_USE(x) ((void)(x))
#define BENCH_CLOBBER(p) ((void)(p))
#endif

/* The C++ section (cpp_section.cpp) uses this API too. */
#ifdef __cplusplus
extern "C" {
#endif

/* Options every section receives from main(). */
struct bench_opts {
    int quick;          /* --quick: tiny runs, CI only checks rows print */
    int csv;            /* --csv: machine-readable output only */
    int verbose;        /* -v: extra detail */
    int runs;           /* alternating rounds per measurement (odd) */
    uint64_t run_ticks; /* minimum ticks per timed run */
    FILE *out;          /* where rows go (stdout) */
};

/* Fills o with the defaults for a normal (quick == 0) or --quick run. */
void bench_opts_default(struct bench_opts *o, int quick);

/* ---- clocks ------------------------------------------------------------ */

/* Reads the clock before timed code: on x86 the lfence before rdtsc keeps
 * earlier work from leaking into the interval, the one after keeps the
 * timed code from starting before the reading. */
static inline uint64_t bench_ticks_begin(void)
{
#if BENCH_HAVE_TSC
    BENCH_LFENCE();
    uint64_t t = __rdtsc();
    BENCH_LFENCE();
    return t;
#else
    return bench_monotonic_ns();
#endif
}

/* Reads the clock after timed code: rdtscp waits for earlier instructions
 * to finish; the lfence keeps later ones from starting before it. */
static inline uint64_t bench_ticks_end(void)
{
#if BENCH_HAVE_TSC
    unsigned aux;
    uint64_t t = __rdtscp(&aux);
    BENCH_LFENCE();
    return t;
#else
    return bench_ticks_begin();
#endif
}

/* "TSC" or "ns": what a tick is on this build. */
const char *bench_tick_name(void);

/* Estimated core cycles per tick from timing a chain of dependent adds:
 * the median of the estimates taken so far (the first on first use, more
 * with bench_cycles_per_tick_update()); 0 when it cannot be estimated on
 * this architecture. */
double bench_cycles_per_tick(void);

/* Measures the estimate again (e.g. at the end of a run, to see whether the
 * clock moved); does not change the figure used. */
double bench_cycles_per_tick_measure(void);

/* Measures the estimate again and adds it to the samples whose median
 * bench_cycles_per_tick() returns (call it between measurements). */
double bench_cycles_per_tick_update(void);

/* Ticks per second (TSC frequency), measured against CLOCK_MONOTONIC. */
double bench_ticks_per_second(void);

/* The CPU's model name ("AMD EPYC 9R14 ...") or "unknown". */
const char *bench_cpu_model(void);
/* 1 if the CPU has the SHA extensions (x86 cpuid leaf 7, EBX bit 29). */
int bench_cpu_has_sha_ni(void);
/* 1 if the CPU has AMX tiles (x86 cpuid leaf 7, EDX bit 24): Sapphire
 * Rapids and later among Intel's cores. */
int bench_cpu_has_amx(void);
/* x86 cpuid: the vendor string ("AuthenticAMD", "GenuineIntel") and the
 * family and model with their extended fields folded in (AMD family 25 =
 * Zen 3/4, 26 = Zen 5).  Returns 0, or -1 off x86 or without cpuid leaf 1. */
int bench_cpu_id(char vendor[13], unsigned *family, unsigned *model);

/* ---- timing candidates -------------------------------------------------- */

/* A timed body: does `iters` iterations of the work and returns a value
 * depending on every result (so nothing is optimised away).  Each
 * iteration counts as `items` items (hashes) for the per-item figures. */
typedef uint64_t (*bench_fn)(void *arg, uint64_t iters);

struct bench_candidate {
    const char *name;
    bench_fn fn;
    void *arg;
    double items; /* items per iteration (1 for one hash per call) */
};

/* Per-item cost over the runs: median, quartiles, relative spread. */
struct bench_stat {
    double median; /* ticks per item */
    double q1, q3; /* quartiles, ticks per item */
    double spread; /* (q3 - q1) / 2 / median: +- fraction */
    double min;    /* the fastest run: what the code can do when nothing interferes */
    int runs;
};

/* Times n candidates in alternating rounds (c[0] c[1] ... c[n-1], repeated
 * o->runs times, starting position rotated every round).  Each candidate's
 * iteration count is calibrated once so one run lasts >= o->run_ticks.
 * stat[i] gets candidate i's per-item cost; ratio[i] (may be NULL) the
 * median over rounds of cost(i) / cost(0), with its spread (ratio[0] = 1).
 * Returns a sink value (pass it to bench_sink()). */
uint64_t bench_alternate(const struct bench_candidate *c, int n, const struct bench_opts *o,
                         struct bench_stat *stat, struct bench_stat *ratio);

/* The same measurement returning every run: raw[r * n + i] = ticks per item
 * of candidate i in round r (raw holds o->runs * n doubles).  For ratios
 * against any candidate, per round.  Returns a sink value. */
uint64_t bench_alternate_raw(const struct bench_candidate *c, int n, const struct bench_opts *o,
                             double *raw);

/* Median, quartiles and spread of x[0..n-1] (sorts x). */
void bench_stat_of(double *x, int n, struct bench_stat *s);

/* The two-candidate case: candidate against anchor, A B A B ...
 * ratio = median of cost(candidate) / cost(anchor) over rounds. */
struct bench_pair {
    struct bench_stat cand, anchor, ratio;
};
void bench_compare(const struct bench_candidate *cand, const struct bench_candidate *anchor,
                   const struct bench_opts *o, struct bench_pair *res);

/* Keeps a result alive (results flow here instead of being discarded). */
void bench_sink(uint64_t v);

/* ---- printing ------------------------------------------------------------ */

/* Converts ticks to estimated core cycles (or returns ticks unchanged when
 * the clock ratio is unknown). */
double bench_to_cycles(double ticks);

/* One labelled ratio for bench_print_row (value < 0 or NaN: not shown). */
struct bench_ratio {
    const char *label; /* e.g. "vs jhash" */
    double value;
};

/* Prints one measured row:
 *   text: "section  row  mode  size  ticks  cycles  +-spread  label xR ..."
 *   --csv: "section,row,mode,size,ticks,cycles,spread_pct,ratio_1,ratio_2"
 *          (the first two ratios; empty when absent).
 * mode and size are free-form labels ("throughput", "latency", "8", "1MiB"). */
void bench_print_row(const struct bench_opts *o, const char *section, const char *row,
                     const char *mode, const char *size, const struct bench_stat *s,
                     int nratios, const struct bench_ratio *r);

/* The CSV header line matching bench_print_row (printed once by main). */
void bench_print_csv_header(const struct bench_opts *o);

/* A heading line in text mode ("== title =="); a comment-free no-op in CSV. */
void bench_print_heading(const struct bench_opts *o, const char *title);

/* One target line, "  [met] ..." or "  [NOT MET] ..." (text after the tag
 * from fmt); returns 1 when not met, for the caller's count. */
int bench_verdict(FILE *out, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The batch section (bench/batch_section.c): its rows, their port bounds
 * and its targets, printed after the main table. */
void bench_batch_section(const struct bench_opts *o);

/* The C++ section (bench/cpp_section.cpp, built where CMake finds a C++
 * compiler: SIPHASH_BENCH_HAVE_CPP): libsiphash::hasher against std::hash
 * (and absl::Hash with Abseil) in hash-table lookups, and its targets. */
void bench_cpp_section(const struct bench_opts *o);

#ifdef __cplusplus
}
#endif

#endif /* SIPHASH_BENCH_H */
