/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/batchv.c — EVA driver for one mixed-length kernel of the
 * portable batch table (-DKERNEL=vec24, vec13, vec12, vec12_nocase).
 * With -DGENERIC the file is compiled as for a target other than x86, so
 * the kernel is the generic one of src/batch_internal.h and
 * src/batch_lanes.h: the counting sort by word count (sip_vec_grouped),
 * the one-word-count groups (same, same_group, with their copies for 1
 * and 2 words) and the lock-step mixed groups (vgroup); without it, the
 * x86 kernel, a loop over sip_hash64 (whose loads WP proves for every
 * length).  Each message is a fresh allocation of exactly its length with
 * unknown bytes (a read one byte past it is an alarm), the key unknown.
 *
 * Analysed apart (split): every pair of lengths <= VMAX (n = 2), and each
 * row of the table below, chosen to reach every branch of the generic
 * kernel: one word count throughout (0, 1, 2 and 3 words: the constant
 * copies and the loop; a group of 4 and single ones), several word counts
 * (the sort: groups of 4, the last n % 4 one by one), all lengths of 15
 * words or more but different (one bucket: the order kept, the longest
 * found by the min/max scan), groups whose shortest message has no whole
 * word (the final blocks built in place) or some, every tail length.
 */
#include "batch_internal.h"

#include <stdlib.h>

#include "__fc_builtin.h"

#if defined(GENERIC)
/* the generic kernels: what batch_portable.c compiles off x86 */
#undef __x86_64__
#undef __i386__
#endif
#include "batch_portable.c"

#ifndef VMAX
#define VMAX 9
#endif
#define NROWS 12
#define NMSG 9

/* n, then the lengths of msgs[0 .. n-1] */
static const size_t rows[NROWS][1 + NMSG] = {
    {1, 0},
    {5, 1, 7, 3, 0, 5},
    {5, 8, 15, 9, 12, 11},
    {6, 16, 23, 17, 20, 18, 21},
    {4, 24, 31, 25, 26},
    {5, 0, 8, 5, 17, 130},
    {4, 120, 131, 200, 127},
    {4, 9, 14, 17, 23},
    {4, 0, 3, 8, 16},
    {9, 7, 6, 5, 4, 3, 2, 1, 0, 8},
    {8, 40, 33, 34, 35, 36, 37, 38, 39},
    {7, 64, 1, 72, 2, 9, 100, 121},
};

static siphash_key_t key;
static uint64_t out[NMSG];
static const void *msgs[NMSG];
static size_t lens[NMSG];

static void run(size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t *m = malloc(lens[i]);
        Frama_C_make_unknown((char *)m, lens[i]);
        msgs[i] = m;
    }
    sip_batch_portable.KERNEL(msgs, lens, n, &key, out);
    for (size_t i = 0; i < n; i++)
        free((void *)msgs[i]);
}

int main(void)
{
    Frama_C_make_unknown((char *)&key, sizeof key);
    size_t row = Frama_C_size_t_interval(0, NROWS);
    //@ split row;
    if (row < NROWS) {
        for (size_t i = 0; i < rows[row][0]; i++)
            lens[i] = rows[row][1 + i];
        run(rows[row][0]);
    } else {
        size_t a = Frama_C_size_t_interval(0, VMAX), b = Frama_C_size_t_interval(0, VMAX);
        //@ split a;
        //@ split b;
        lens[0] = a, lens[1] = b;
        run(2);
    }
    return 0;
}
