/* SPDX-License-Identifier: MIT */
/*
 * uarch.h — a small port model of the CPU the bench runs on, the
 * cross-check beside the batch rows' measured bounds (bound.h): how many
 * SipRounds per core cycle a batch kernel could do at best, from how many
 * execution ports take each kind of operation.
 *
 * The model (written out in uarch.c, where each figure is sourced):
 *   - One SipRound is 4 adds, 4 xors and 6 rotates (by 13, 16, 17, 21 and
 *     twice 32).  AVX-512 rotates with one vprolq each: 14 operations.
 *     AVX2 has no 64-bit rotate: 13, 17 and 21 are shift, shift, or (3
 *     operations), 32 is one vpshufd and 16 one vpshufb: 20 operations, 6
 *     of them shifts and 3 shuffles.  Scalar code: 14 operations, 6 of them
 *     rotates.
 *   - A round's cost in cycles per register of lanes is the largest of:
 *     all its operations over the ports that take any of them, its shifts
 *     (and vprolq) over the ports that shift, its shuffles over the ports
 *     that shuffle.  With enough independent registers in flight (the
 *     kernels keep 4 to 8), latency hides and this is the bound.
 *   - Per hash: rounds = c x (len / 8 + 1) + d, over the lanes of a
 *     register.  The message words, their xors, the loads and the
 *     finalization xors are left out: the bound is a floor that real code
 *     approaches but cannot reach.
 */
#ifndef SIPHASH_BENCH_UARCH_H
#define SIPHASH_BENCH_UARCH_H

struct uarch {
    const char *name;   /* "AMD Zen 3", ..., or "generic (no model for this CPU), or "none"" */
    int known;          /* 0: the generic fallback */
    /* operations per cycle at vector width 128, 256, 512 bits (0: none) */
    double alu[3];      /* add, xor, or: every vector ALU port */
    double shift[3];    /* shift by immediate; vprolq */
    double shuf[3];     /* vpshufb, vpshufd */
    /* scalar: integer ALU ports, and those that rotate */
    double int_alu, int_rot;
};

/* The model for this CPU (cpuid vendor, family, model on x86; the generic
 * fallback elsewhere). */
const struct uarch *uarch_detect(void);

/* Core cycles one SipRound takes per lane, at best, on batch path `impl`
 * ("avx512", "avx2", "portable"; anything else: 0 = no model). */
double uarch_cycles_per_lane_round(const struct uarch *u, const char *impl);

/* One line describing the model's figures for this CPU. */
void uarch_describe(const struct uarch *u, char *buf, unsigned long size);

#endif
