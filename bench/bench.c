/* SPDX-License-Identifier: MIT */
/*
 * bench.c — clocks, the core-clock estimate, alternating runs, printing.
 * See bench.h for the method.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if BENCH_HAVE_TSC
#include <cpuid.h>
#endif

void bench_opts_default(struct bench_opts *o, int quick)
{
    memset(o, 0, sizeof *o);
    o->quick = quick;
    o->runs = quick ? 3 : 41;
    o->run_ticks = quick ? 2000 : 30000;
    o->out = stdout;
}

#if !BENCH_HAVE_TSC
uint64_t bench_monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

const char *bench_tick_name(void)
{
    return BENCH_HAVE_TSC ? "TSC" : "ns";
}

static volatile uint64_t bench_sink_v;

void bench_sink(uint64_t v)
{
    bench_sink_v ^= v;
}

/* ---- core clock estimate ------------------------------------------------ */

#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) || defined(__arm__)
/* n iterations of 16 dependent one-cycle adds; the loop counter runs beside
 * the chain, so an iteration costs 16 core cycles. */
static uint64_t add_chain(uint64_t n)
{
    /* register-width operands: "add" on a 64-bit value is two instructions
     * (and not one asm operand) on 32-bit targets */
    unsigned long x = 0, one = 1;
    BENCH_OPAQUE(one);
    for (uint64_t i = 0; i < n; i++) {
#if defined(__x86_64__) || defined(__i386__)
#define ADD4 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
        __asm__ volatile(ADD4 ADD4 ADD4 ADD4 : "+r"(x) : "r"(one));
#else
#define ADD4 "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
        __asm__ volatile(ADD4 ADD4 ADD4 ADD4 : "+r"(x) : "r"(one));
#endif
    }
    return x;
}
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_cycles_per_tick_measure(void)
{
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) || defined(__arm__)
    enum { TRIALS = 15 };
    const uint64_t n = 20000; /* 320k cycles per trial */
    double r[TRIALS];
    bench_sink(add_chain(n)); /* warm up: let the clock ramp */
    for (int t = 0; t < TRIALS; t++) {
        uint64_t t0 = bench_ticks_begin();
        uint64_t x = add_chain(n);
        uint64_t t1 = bench_ticks_end();
        bench_sink(x);
        r[t] = (double)(16 * n) / (double)(t1 - t0 ? t1 - t0 : 1);
    }
    qsort(r, TRIALS, sizeof r[0], cmp_double);
    /* Interruptions only make trials slower (lower ratios); take the upper
     * quartile, which is robust to a few of them. */
    return r[(3 * TRIALS) / 4];
#else
    return 0;
#endif
}

/* Estimates taken so far (start, between measurements, end); the figure
 * used is their median, so one estimate taken while the clock was still
 * ramping up, or while a neighbour held the core, does not skew them all. */
static double cpt_samples[64];
static int cpt_n;

static int cmp_double(const void *a, const void *b);

double bench_cycles_per_tick_update(void)
{
    double c = bench_cycles_per_tick_measure();
    if (cpt_n < (int)(sizeof cpt_samples / sizeof cpt_samples[0]))
        cpt_samples[cpt_n++] = c;
    return c;
}

double bench_cycles_per_tick(void)
{
    if (cpt_n == 0) {
        /* Spin ~20 ms first: the first estimate is otherwise often taken
         * before the core has left a low-power state. */
        uint64_t t0 = bench_ticks_begin();
        double tps = bench_ticks_per_second();
        while ((double)(bench_ticks_end() - t0) < 0.02 * tps)
            bench_sink(t0);
        bench_cycles_per_tick_update();
    }
    double s[64];
    memcpy(s, cpt_samples, sizeof s[0] * (size_t)cpt_n);
    qsort(s, (size_t)cpt_n, sizeof s[0], cmp_double);
    return cpt_n & 1 ? s[cpt_n / 2] : (s[cpt_n / 2 - 1] + s[cpt_n / 2]) / 2;
}

double bench_ticks_per_second(void)
{
    static double cached = 0;
    if (cached == 0) {
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        uint64_t t0 = bench_ticks_begin();
        do
            clock_gettime(CLOCK_MONOTONIC, &b);
        while ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec) < 2e7);
        uint64_t t1 = bench_ticks_end();
        double ns = (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
        cached = (double)(t1 - t0) / ns * 1e9;
    }
    return cached;
}

double bench_to_cycles(double ticks)
{
    double c = bench_cycles_per_tick();
    return c > 0 ? ticks * c : ticks;
}

/* ---- CPU identification -------------------------------------------------- */

const char *bench_cpu_model(void)
{
    static char model[128];
    if (model[0])
        return model;
    strcpy(model, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f)) {
            /* "model name" on x86, "CPU part" etc. elsewhere; take the first. */
            if (strncmp(line, "model name", 10) == 0) {
                char *c = strchr(line, ':');
                if (c) {
                    c++;
                    while (*c == ' ' || *c == '\t')
                        c++;
                    c[strcspn(c, "\n")] = 0;
                    snprintf(model, sizeof model, "%s", c);
                }
                break;
            }
        }
        fclose(f);
    }
#if BENCH_HAVE_TSC
    /* The brand string from cpuid is more precise than /proc under some
     * hypervisors; prefer it when present. */
    unsigned a, b, c, d, max;
    max = __get_cpuid_max(0x80000000u, NULL);
    if (max >= 0x80000004u) {
        char brand[49] = {0};
        for (unsigned i = 0; i < 3; i++) {
            __cpuid(0x80000002u + i, a, b, c, d);
            memcpy(brand + 16 * i, &a, 4);
            memcpy(brand + 16 * i + 4, &b, 4);
            memcpy(brand + 16 * i + 8, &c, 4);
            memcpy(brand + 16 * i + 12, &d, 4);
        }
        char *s = brand;
        while (*s == ' ')
            s++;
        size_t len = strlen(s);
        while (len && s[len - 1] == ' ')
            s[--len] = 0;
        if (len)
            snprintf(model, sizeof model, "%s", s);
    }
    /* Hypervisors often shorten the brand ("AMD EPYC"); the family and
     * model numbers still tell the core generation. */
    char vendor[13];
    unsigned fam, mod;
    if (bench_cpu_id(vendor, &fam, &mod) == 0) {
        size_t l = strlen(model);
        snprintf(model + l, sizeof model - l, " (family %u model %u)", fam, mod);
    }
#endif
    return model;
}

int bench_cpu_id(char vendor[13], unsigned *family, unsigned *model)
{
#if BENCH_HAVE_TSC
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 1)
        return -1;
    __cpuid(0, a, b, c, d);
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = 0;
    __cpuid(1, a, b, c, d);
    unsigned fam = (a >> 8) & 0xf, mod = (a >> 4) & 0xf;
    if (fam == 0xf)
        fam += (a >> 20) & 0xff;
    if (fam == 0x6 || fam >= 0xf)
        mod |= ((a >> 16) & 0xf) << 4;
    *family = fam;
    *model = mod;
    return 0;
#else
    (void)vendor, (void)family, (void)model;
    return -1;
#endif
}

/* cpuid leaf 7, subleaf 0: EBX and EDX (zero without the leaf). */
static void cpuid7(unsigned *ebx, unsigned *edx)
{
    *ebx = *edx = 0;
#if BENCH_HAVE_TSC
    unsigned a, c;
    if (__get_cpuid_max(0, NULL) < 7)
        return;
    __cpuid_count(7, 0, a, *ebx, c, *edx);
    (void)a, (void)c;
#endif
}

int bench_cpu_has_sha_ni(void)
{
    unsigned b, d;
    cpuid7(&b, &d);
    return (b >> 29) & 1;
}

int bench_cpu_has_amx(void)
{
    unsigned b, d;
    cpuid7(&b, &d);
    return (d >> 24) & 1; /* AMX-TILE */
}

/* ---- alternating runs ---------------------------------------------------- */

/* Iterations so that one run of c lasts at least target ticks. */
static uint64_t calibrate(const struct bench_candidate *c, uint64_t target)
{
    uint64_t iters = 1;
    for (;;) {
        uint64_t t0 = bench_ticks_begin();
        uint64_t v = c->fn(c->arg, iters);
        uint64_t t1 = bench_ticks_end();
        bench_sink(v);
        uint64_t dt = t1 - t0;
        if (dt >= target || iters >= ((uint64_t)1 << 40)) {
            /* Scale to the target plus a margin, from the last timing. */
            if (dt < target && dt > 0)
                iters = iters * target / dt + 1;
            return iters;
        }
        if (dt * 8 < target)
            iters *= 8;
        else
            iters = iters * target / (dt ? dt : 1) + 1;
    }
}

void bench_stat_of(double *x, int n, struct bench_stat *s)
{
    qsort(x, (size_t)n, sizeof x[0], cmp_double);
    /* Quartiles by nearest rank: simple and enough for n >= 3. */
    s->median = n & 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
    s->q1 = x[n / 4];
    s->q3 = x[(3 * n) / 4 < n ? (3 * n) / 4 : n - 1];
    s->spread = s->median > 0 ? (s->q3 - s->q1) / 2 / s->median : 0;
    s->min = x[0];
    s->runs = n;
}

uint64_t bench_alternate_raw(const struct bench_candidate *c, int n, const struct bench_opts *o,
                             double *raw)
{
    int runs = o->runs > 0 ? o->runs : 1;
    uint64_t *iters = malloc(sizeof *iters * (size_t)n);
    uint64_t sink = 0;
    if (!iters) {
        fprintf(stderr, "siphash-bench: out of memory\n");
        exit(2);
    }
    for (int i = 0; i < n; i++) {
        sink ^= c[i].fn(c[i].arg, 1); /* warm caches and branch predictors */
        iters[i] = calibrate(&c[i], o->run_ticks);
    }
    for (int r = 0; r < runs; r++) {
        for (int k = 0; k < n; k++) {
            int i = (k + r) % n; /* rotate who goes first */
            uint64_t t0 = bench_ticks_begin();
            uint64_t v = c[i].fn(c[i].arg, iters[i]);
            uint64_t t1 = bench_ticks_end();
            sink ^= v;
            raw[(size_t)r * (size_t)n + (size_t)i] =
                (double)(t1 - t0) / ((double)iters[i] * (c[i].items > 0 ? c[i].items : 1));
        }
    }
    free(iters);
    bench_sink(sink);
    return sink;
}

uint64_t bench_alternate(const struct bench_candidate *c, int n, const struct bench_opts *o,
                         struct bench_stat *stat, struct bench_stat *ratio)
{
    int runs = o->runs > 0 ? o->runs : 1;
    double *t = malloc(sizeof *t * (size_t)n * (size_t)runs);
    double *col = malloc(sizeof *col * (size_t)runs);
    if (!t || !col) {
        fprintf(stderr, "siphash-bench: out of memory\n");
        exit(2);
    }
    uint64_t sink = bench_alternate_raw(c, n, o, t);
    for (int i = 0; i < n; i++) {
        for (int r = 0; r < runs; r++)
            col[r] = t[(size_t)r * (size_t)n + (size_t)i];
        bench_stat_of(col, runs, &stat[i]);
        if (ratio) {
            for (int r = 0; r < runs; r++)
                col[r] = t[(size_t)r * (size_t)n + (size_t)i] / t[(size_t)r * (size_t)n];
            bench_stat_of(col, runs, &ratio[i]);
        }
    }
    free(t);
    free(col);
    return sink;
}

void bench_compare(const struct bench_candidate *cand, const struct bench_candidate *anchor,
                   const struct bench_opts *o, struct bench_pair *res)
{
    struct bench_candidate c[2] = {*anchor, *cand};
    struct bench_stat s[2], r[2];
    bench_alternate(c, 2, o, s, r);
    res->anchor = s[0];
    res->cand = s[1];
    res->ratio = r[1];
}

/* ---- printing ------------------------------------------------------------ */

void bench_print_csv_header(const struct bench_opts *o)
{
    if (o->csv)
        fprintf(o->out, "section,row,mode,size,ticks,cycles,spread_pct,ratio_1,ratio_2\n");
}

int bench_verdict(FILE *out, int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(out, "  [%s] ", ok ? "met" : "NOT MET");
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    va_end(ap);
    return !ok;
}

void bench_print_heading(const struct bench_opts *o, const char *title)
{
    if (!o->csv)
        fprintf(o->out, "\n== %s ==\n", title);
}

void bench_print_row(const struct bench_opts *o, const char *section, const char *row,
                     const char *mode, const char *size, const struct bench_stat *s,
                     int nratios, const struct bench_ratio *r)
{
    double cyc = bench_cycles_per_tick() > 0 ? bench_to_cycles(s->median) : NAN;
    if (o->csv) {
        fprintf(o->out, "%s,%s,%s,%s,%.3f,", section, row, mode, size, s->median);
        if (isnan(cyc))
            fprintf(o->out, ",");
        else
            fprintf(o->out, "%.3f,", cyc);
        fprintf(o->out, "%.2f", 100 * s->spread);
        for (int i = 0; i < 2; i++) {
            fputc(',', o->out);
            if (i < nratios && r[i].value > 0)
                fprintf(o->out, "%.4f", r[i].value);
        }
        fputc('\n', o->out);
        return;
    }
    fprintf(o->out, "%-22s %-10s %6s %10.2f %s", row, mode, size, s->median, bench_tick_name());
    if (!isnan(cyc))
        fprintf(o->out, " %10.2f cyc", cyc);
    fprintf(o->out, " +-%4.1f%%", 100 * s->spread);
    for (int i = 0; i < nratios; i++)
        if (r[i].value > 0)
            fprintf(o->out, "  %s x%.2f", r[i].label, r[i].value);
    fputc('\n', o->out);
}
