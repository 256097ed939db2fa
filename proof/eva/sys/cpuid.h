/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/sys/cpuid.h — stands for GCC's <cpuid.h> in the EVA analysis
 * of src/batch.c (proof/eva/dispatch.c; Frama-C's libc has no such
 * header): the CPU answers any leaf with any four words, or says it lacks
 * the leaf.  Never seen by the compiler.
 */
#ifndef SIPHASH_EVA_CPUID_H
#define SIPHASH_EVA_CPUID_H

#include "__fc_builtin.h"

static int __get_cpuid_count(unsigned leaf, unsigned sub, unsigned *a, unsigned *b,
                             unsigned *c, unsigned *d)
{
    (void)leaf, (void)sub;
    *a = Frama_C_unsigned_int_interval(0, 0xffffffffu);
    *b = Frama_C_unsigned_int_interval(0, 0xffffffffu);
    *c = Frama_C_unsigned_int_interval(0, 0xffffffffu);
    *d = Frama_C_unsigned_int_interval(0, 0xffffffffu);
    return Frama_C_interval(0, 1);
}

#endif
