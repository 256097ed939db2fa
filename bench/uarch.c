/* SPDX-License-Identifier: MIT */
/*
 * uarch.c — the port figures behind the batch bounds (see uarch.h for the
 * model), per microarchitecture, and which one this CPU is.
 *
 * Figures: operations per cycle for vector integer add/xor/or, shifts by
 * an immediate (and vprolq), and in-lane shuffles (vpshufb, vpshufd), at
 * 128, 256 and 512 bits, as uops.info and Agner Fog's instruction tables
 * give them (reciprocal throughput of VPADDQ, VPXOR, VPSLLQ imm, VPROLQ,
 * VPSHUFB per width).  Only Zen 3 was checked by timing (below); the Intel
 * figures agree with the tracker's Sapphire Rapids measurement (two ports
 * for 512-bit integer operations, vprolq on one); check the others on
 * their machines before trusting a bound there.
 *   AMD Zen 3   4 vector ALU pipes, 2 of them shift and shuffle; no
 *               AVX-512.  Checked on the EPYC this table was written on
 *               (family 25 model 1): vpaddq ymm 0.25 cycles, vpsllq ymm and
 *               vpshufb ymm 0.50, scalar rol 0.50 (2 of 4 ALUs).
 *   AMD Zen 4   as Zen 3 at 256 bits; 512-bit operations run as two
 *               256-bit halves, so half the rate.
 *   AMD Zen 5   full-width 512-bit pipes: 4 ALU, 2 shift/rotate, 2 shuffle
 *               at every width; 6 scalar ALUs.
 *   Intel Skylake-X    512 bits on p0 and p5 (p0+p1 fused), vprolq/shifts on
 *               p0 only, shuffles on p5; 256 bits: ALU p015, shifts p01,
 *               shuffles p5.
 *   Intel Ice Lake     as Skylake-X, plus in-lane shuffles on p1 below 512.
 *   Intel Golden Cove / Sapphire Rapids and later   as Ice Lake; 5 scalar
 *               ALUs.
 *   generic     Skylake-X's figures: the most constrained of the above
 *               (x86 CPUs not listed); other architectures: no model.
 */
#include "uarch.h"

#include "bench.h"

#include <stdio.h>
#include <string.h>

enum { ZEN3, ZEN4, ZEN5, SKX, ICL, GLC, GENERIC, NONE };
static const struct uarch models[] = {
    /*            name                                  known  alu        shift      shuf     int rot */
    [ZEN3] = {"AMD Zen 3", 1, {4, 4, 0}, {2, 2, 0}, {2, 2, 0}, 4, 2},
    [ZEN4] = {"AMD Zen 4", 1, {4, 4, 2}, {2, 2, 1}, {2, 2, 1}, 4, 2},
    [ZEN5] = {"AMD Zen 5", 1, {4, 4, 4}, {2, 2, 2}, {2, 2, 2}, 6, 2},
    [SKX] = {"Intel Skylake-X", 1, {3, 3, 2}, {2, 2, 1}, {1, 1, 1}, 4, 2},
    [ICL] = {"Intel Ice Lake", 1, {3, 3, 2}, {2, 2, 1}, {2, 2, 1}, 4, 2},
    [GLC] = {"Intel Golden Cove / Sapphire Rapids", 1, {3, 3, 2}, {2, 2, 1}, {2, 2, 1}, 5, 2},
    [GENERIC] = {"generic (no model for this CPU: Skylake-X figures)", 0, {3, 3, 2}, {2, 2, 1},
                 {1, 1, 1}, 4, 2},
    /* not x86: no figures (no bound is printed) */
    [NONE] = {"none (no port model for this architecture)", 0, {0, 0, 0}, {0, 0, 0}, {0, 0, 0},
              0, 0},
};

const struct uarch *uarch_detect(void)
{
#if defined(__x86_64__) || defined(__i386__)
    char vendor[13];
    unsigned fam, mod;
    if (bench_cpu_id(vendor, &fam, &mod) != 0)
        return &models[GENERIC];
    if (strcmp(vendor, "AuthenticAMD") == 0) {
        if (fam == 0x1a)
            return &models[ZEN5];
        if (fam == 0x19) {
            /* Zen 4: Genoa 0x10-0x1f, Raphael 0x60-0x6f, Phoenix 0x70-0x7f,
             * Bergamo 0xa0-0xaf; the other family-25 models are Zen 3. */
            if ((mod >= 0x10 && mod <= 0x1f) || (mod >= 0x60 && mod <= 0x7f) ||
                (mod >= 0xa0 && mod <= 0xaf))
                return &models[ZEN4];
            return &models[ZEN3];
        }
    } else if (strcmp(vendor, "GenuineIntel") == 0 && fam == 6) {
        /* Hypervisors may report another model number (KVM has shown this
         * Sapphire Rapids-class Xeon as 0xa7, Rocket Lake); AMX tiles exist
         * only from Sapphire Rapids on, whatever the model says. */
        if (bench_cpu_has_amx())
            return &models[GLC];
        switch (mod) {
        case 0x55: /* Skylake-X, Cascade Lake, Cooper Lake */
            return &models[SKX];
        case 0x6a: case 0x6c: case 0x7d: case 0x7e: /* Ice Lake server, client */
        case 0x8c: case 0x8d: case 0xa7:            /* Tiger Lake, Rocket Lake */
            return &models[ICL];
        case 0x8f: case 0xcf: case 0xad: case 0xae: /* Sapphire, Emerald, Granite Rapids */
        case 0x97: case 0x9a: case 0xb7: case 0xba: case 0xbf: /* Alder, Raptor Lake P-cores */
            return &models[GLC];
        default:
            break;
        }
    }
    return &models[GENERIC];
#else
    return &models[NONE];
#endif
}

double uarch_cycles_per_lane_round(const struct uarch *u, const char *impl)
{
    double ops, shifts, shufs, alu, sh, sf, lanes;
    if (strcmp(impl, "avx512") == 0) {
        ops = 14, shifts = 6, shufs = 0, lanes = 8;
        alu = u->alu[2], sh = u->shift[2], sf = u->shuf[2];
    } else if (strcmp(impl, "avx2") == 0) {
        ops = 20, shifts = 6, shufs = 3, lanes = 4;
        alu = u->alu[1], sh = u->shift[1], sf = u->shuf[1];
    } else if (strcmp(impl, "portable") == 0) {
        ops = 14, shifts = 6, shufs = 0, lanes = 1;
        alu = u->int_alu, sh = u->int_rot, sf = 1;
    } else {
        return 0;
    }
    if (alu <= 0 || sh <= 0 || sf <= 0)
        return 0;
    double c = ops / alu;
    if (shifts / sh > c)
        c = shifts / sh;
    if (shufs / sf > c)
        c = shufs / sf;
    return c / lanes;
}

void uarch_describe(const struct uarch *u, char *buf, unsigned long size)
{
    snprintf(buf, size,
             "%s; per cycle: vector add/xor %g/%g/%g, shift+rotate %g/%g/%g, shuffle %g/%g/%g "
             "(128/256/512-bit), scalar %g ALU (%g rotate); round = 14 ops (AVX2: 20, 6 shifts, "
             "3 shuffles)",
             u->name, u->alu[0], u->alu[1], u->alu[2], u->shift[0], u->shift[1], u->shift[2],
             u->shuf[0], u->shuf[1], u->shuf[2], u->int_alu, u->int_rot);
}
