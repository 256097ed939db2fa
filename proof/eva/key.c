/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/key.c — EVA driver for siphash_wipe (src/key.c), the one
 * function of key.c WP does not model: memset and a compiler barrier (an
 * asm statement with a "memory" clobber).  Called on a buffer of exactly
 * its length, for each length up to 64, and on a key.
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
    siphash_wipe(buf, len);
    free(buf);
    siphash_key_t k = {{1, 2}};
    siphash_wipe(&k, sizeof k);
    return 0;
}
