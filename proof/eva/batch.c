/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/batch.c — EVA driver for one fixed-length or u64 kernel of the
 * portable batch table (src/batch_portable.c stamping out
 * src/batch_lanes.h), named by -DKERNEL=fixed24 (fixed13, fixed12, u64_24,
 * u64_13): proof/eva.sh runs one analysis per kernel, two at a time.
 * Every count n <= NMAX and length len <= LMAX is analysed apart (split),
 * with the records at stride len, len + 3, 8 and 0 in one fresh allocation
 * that ends with the last record, unknown bytes and key: a read one byte
 * past the last record is an alarm.
 *
 * Why these bounds reach every path of the x86_64 kernels: fixed_any
 * hashes groups of 3 records (length 8 and 16) or 2 (other lengths), then
 * single ones, so n <= 4 runs each group loop 0, 1 and (singles) 2 times;
 * in fixed_group, lengths 1..33 run the two-blocks loop 0, 1 and 2 times,
 * with and without the one-block step after it and with every tail r =
 * len & 7 (short tail under 8 bytes, shifted last word from 8 on), and
 * lengths 8 and 16 take their constant-length copies.  Longer lengths only
 * run the two-blocks loop more often, on the same code with w 16 larger;
 * that step is an argument, not part of what EVA checks.
 */
#include "batch_internal.h"

#include <stdlib.h>

#include "__fc_builtin.h"

/* The u64 kernels read their stride and length through volatile variables
 * (to stop GCC specialising the kernel); for EVA a volatile read is any
 * value, so the qualifier is erased here, where the code is included: the
 * values are the constants 8 they are initialised with and never change. */
#define volatile
#include "batch_portable.c"
#undef volatile

#ifndef NMAX
#define NMAX 4
#endif
#ifndef LMAX
#define LMAX 33
#endif

static siphash_key_t key;
static uint64_t out[NMAX];

int main(void)
{
    Frama_C_make_unknown((char *)&key, sizeof key);
    size_t n = Frama_C_size_t_interval(1, NMAX);
    //@ split n;
#if defined(U64)
    uint64_t *in = malloc(n * sizeof *in);
    Frama_C_make_unknown((char *)in, n * sizeof *in);
    sip_batch_portable.KERNEL(in, n, &key, out);
    free(in);
#else
    size_t len = Frama_C_size_t_interval(1, LMAX);
    //@ split len;
    size_t stride;
    int s = Frama_C_interval(0, 3);
    //@ split s;
    stride = s == 0 ? len : s == 1 ? len + 3 : s == 2 ? 8 : 0;
    /* the last record ends the buffer (stride 8 under len: overlapping
     * records, which the API allows) */
    uint8_t *base = malloc((n - 1) * stride + len);
    Frama_C_make_unknown((char *)base, (n - 1) * stride + len);
    sip_batch_portable.KERNEL(base, stride, len, n, &key, out);
    free(base);
#endif
    return 0;
}
