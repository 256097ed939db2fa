/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/stream.c — EVA driver for src/stream.c, for the one thing WP's
 * typed memory model cannot show there: that final's siphash_wipe() calls
 * on the context and the local state (a struct seen as bytes) stay inside
 * them.  Both variants, both output sizes, two pieces of every length up
 * to 17 each (every split of 0..34 bytes into two), unknown bytes and key.
 */
#include "siphash.h"

#include <stdlib.h>

#include "__fc_builtin.h"

static uint8_t *fresh(size_t len)
{
    uint8_t *p = malloc(len);
    Frama_C_make_unknown((char *)p, len);
    return p;
}

int main(void)
{
    siphash_key_t key;
    halfsiphash_key_t hkey;
    Frama_C_make_unknown((char *)&key, sizeof key);
    Frama_C_make_unknown((char *)&hkey, sizeof hkey);
    size_t a, b, wide;
    uint8_t *pa, *pb, out[16];
    siphash_ctx_t ctx;
    halfsiphash_ctx_t hctx;
    a = Frama_C_size_t_interval(0, 17);
    //@ split a;
    b = Frama_C_size_t_interval(0, 17);
    //@ split b;
    wide = Frama_C_size_t_interval(0, 1);
    //@ split wide;
    pa = fresh(a);
    pb = fresh(b);
    (siphash_ctx_init)(&ctx, &key, 2, 4, wide ? 16 : 8);
    (siphash_ctx_update)(&ctx, pa, a);
    (siphash_ctx_update)(&ctx, pb, b);
    (siphash_ctx_final)(&ctx, out);
    (halfsiphash_ctx_init)(&hctx, &hkey, 2, 4, wide ? 8 : 4);
    (halfsiphash_ctx_update)(&hctx, pa, a);
    (halfsiphash_ctx_update)(&hctx, pb, b);
    (halfsiphash_ctx_final)(&hctx, out);
    return 0;
}
