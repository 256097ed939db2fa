/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/key.c — EVA driver for src/key.c, for what WP does not model:
 * siphash_wipe's body (memset and a compiler barrier, an asm statement
 * with a "memory" clobber).  Every function of key.c is called on a buffer
 * of exactly its length, for each length up to 64; getrandom() behaves as
 * its contract in proof/spec/prelude.h allows.
 */
#include "siphash.h"

#include <stdlib.h>

#include "__fc_builtin.h"

int main(void)
{
    size_t len = Frama_C_size_t_interval(0, 64);
    //@ split len;
    uint8_t *buf = malloc(len);
    if (!buf)
        return 1;
    (void)siphash_random_bytes(buf, len);
    siphash_wipe(buf, len);
    free(buf);
    siphash_key_t k;
    hsiphash_key_t hk;
    halfsiphash_key_t hf;
    (void)siphash_key_generate(&k);
    (void)hsiphash_key_generate(&hk);
    (void)halfsiphash_key_generate(&hf);
    siphash_wipe(&k, sizeof k);
    return 0;
}
