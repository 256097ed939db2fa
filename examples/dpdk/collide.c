/* SPDX-License-Identifier: MIT */
/* collide.c — the kernel of x -> crc(0, x) over the attacker's bits. */
#include "collide.h"

#include <string.h>

uint32_t collide_crc32c(uint32_t crc, const void *p, size_t len)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < len; i++) {
        crc ^= b[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
    }
    return crc;
}

int collider_init(struct collider *c, const uint8_t *base, size_t len, const unsigned *bits,
                  unsigned nbits)
{
    /* pivot[r]: a reduced column whose highest set bit is r, and which
     * controlled bits (a mask over bits[]) add up to it. */
    uint32_t pivot_val[32];
    uint64_t pivot_comb[32];
    uint32_t have = 0;
    uint8_t e[COLLIDE_MAX_LEN];

    if (len == 0 || len > COLLIDE_MAX_LEN || nbits > COLLIDE_MAX_BITS)
        return -1;
    memset(c, 0, sizeof *c);
    c->len = len;
    memcpy(c->base, base, len);
    for (unsigned j = 0; j < nbits; j++) {
        if (bits[j] >= 8 * len)
            return -1;
        memset(e, 0, len);
        e[bits[j] / 8] = (uint8_t)(1u << (bits[j] % 8));
        uint32_t v = collide_crc32c(0, e, len);
        uint64_t comb = (uint64_t)1 << j;
        while (v != 0) {
            int r = 31 - __builtin_clz(v);
            if (!(have & (1u << r))) {
                have |= 1u << r;
                pivot_val[r] = v;
                pivot_comb[r] = comb;
                break;
            }
            v ^= pivot_val[r];
            comb ^= pivot_comb[r];
        }
        if (v == 0) {
            /* comb's bits flipped together leave the CRC unchanged.  Each
             * such comb includes bit j, which no earlier one does: they are
             * independent. */
            uint8_t *d = c->diff[c->dim++];
            for (unsigned k = 0; k < nbits; k++)
                if (comb >> k & 1)
                    d[bits[k] / 8] ^= (uint8_t)(1u << (bits[k] % 8));
        }
    }
    return (int)c->dim;
}

void collider_key(const struct collider *c, uint64_t i, uint8_t *out)
{
    memcpy(out, c->base, c->len);
    for (unsigned k = 0; k < c->dim; k++)
        if (i >> k & 1)
            for (size_t b = 0; b < c->len; b++)
                out[b] ^= c->diff[k][b];
}
