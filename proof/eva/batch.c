/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/batch.c — EVA driver for the portable batch kernels
 * (src/batch_portable.c stamping out src/batch_lanes.h: the lanes, the
 * counting sort by length where the target has no SIP_OWN_VEC, the
 * leftovers), through the portable table every dispatch ends at.  Every
 * message is a fresh allocation of exactly its length with unknown bytes,
 * the key is unknown; every count n <= NMAX and length <= LMAX (mixed
 * lengths: every pair <= VMAX) is analysed separately (split), so an
 * access one byte past any message is an alarm.
 */
#include "batch_internal.h"

#include <stdlib.h>

#include "__fc_builtin.h"

/* The u64 kernels read their stride and length through volatile variables
 * (to stop GCC specialising the kernel); for EVA a volatile read is any
 * value, so the qualifier is erased here, where the code is included: the
 * values are the constants 8 they are initialised with. */
#define volatile
#include "batch_portable.c"
#undef volatile

#ifndef NMAX
#define NMAX 5
#endif
#ifndef LMAX
#define LMAX 17
#endif
#ifndef VMAX
#define VMAX 9
#endif

static siphash_key_t key;
static uint64_t out[NMAX];

static void fixed(size_t n, size_t len, size_t stride)
{
    uint8_t *base = malloc((n - 1) * stride + len); /* the last record ends the buffer */
    if (!base)
        return;
    Frama_C_make_unknown((char *)base, (n - 1) * stride + len);
    sip_batch_portable.fixed24(base, stride, len, n, &key, out);
    sip_batch_portable.fixed13(base, stride, len, n, &key, out);
    sip_batch_portable.fixed12(base, stride, len, n, &key, out);
    free(base);
}

/* Mixed lengths: up to two messages, each of its own length (all pairs). */
static void vec(size_t n)
{
    const void *msgs[2];
    size_t lens[2];
    size_t l0 = Frama_C_size_t_interval(0, VMAX), l1 = Frama_C_size_t_interval(0, VMAX);
    //@ split l0;
    //@ split l1;
    lens[0] = l0, lens[1] = l1;
    for (size_t i = 0; i < 2; i++) {
        uint8_t *m = malloc(lens[i]);
        Frama_C_make_unknown((char *)m, lens[i]);
        msgs[i] = m;
    }
    sip_batch_portable.vec24(msgs, lens, n, &key, out);
    sip_batch_portable.vec13(msgs, lens, n, &key, out);
    sip_batch_portable.vec12(msgs, lens, n, &key, out);
    sip_batch_portable.vec12_nocase(msgs, lens, n, &key, out);
}

int main(void)
{
    Frama_C_make_unknown((char *)&key, sizeof key);
    size_t n = Frama_C_size_t_interval(1, NMAX);
    //@ split n;
    size_t len = Frama_C_size_t_interval(1, LMAX);
    //@ split len;
    fixed(n, len, len);
    fixed(n, len, len + 3);
    uint64_t *in = malloc(n * sizeof *in);
    if (in) {
        Frama_C_make_unknown((char *)in, n * sizeof *in);
        sip_batch_portable.u64_24(in, n, &key, out);
        sip_batch_portable.u64_13(in, n, &key, out);
        free(in);
    }
    vec(n < 2 ? n : 2);
    return 0;
}
