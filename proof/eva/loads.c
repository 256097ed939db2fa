/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/loads.c — EVA driver for the memcpy loads and stores of
 * src/internal.h, whose contracts WP takes on trust: each is called on a
 * buffer of exactly its width (a fresh allocation: one byte more read or
 * written is an alarm), with unknown contents.
 */
#include "internal.h"

#include <stdlib.h>

#include "__fc_builtin.h"

int main(void)
{
    uint8_t *p8 = malloc(8), *p4 = malloc(4), *p2 = malloc(2);
    if (!p8 || !p4 || !p2)
        return 1;
    Frama_C_make_unknown((char *)p8, 8);
    Frama_C_make_unknown((char *)p4, 4);
    Frama_C_make_unknown((char *)p2, 2);
    uint64_t x = sip_load64(p8);
    uint32_t y = sip_load32(p4);
    uint32_t z = sip_load16(p2);
    sip_store64(p8, x ^ y);
    sip_store32(p4, y ^ z);
    free(p8);
    free(p4);
    free(p2);
    return 0;
}
