/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/key.c — EVA driver for what WP does not cover in src/key.c:
 * siphash_wipe (memset and a compiler barrier, an asm statement with a
 * "memory" clobber), called on a buffer of exactly its length for each
 * length up to 64 and on a key; and the two word-key generators, which
 * hand a key's words to siphash_random_bytes as bytes (WP's typed model
 * cannot see words as bytes).  proof/eva.sh analyses them with
 * siphash_random_bytes's contract (-eva-use-spec), which WP proves in the
 * unit key: its precondition, that the key's bytes are valid, is what EVA
 * checks at each call.
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
    hsiphash_key_t hk;
    halfsiphash_key_t qk;
    if (hsiphash_key_generate(&hk) != 0 || halfsiphash_key_generate(&qk) != 0)
        return 1;
    return 0;
}
