/* SPDX-License-Identifier: MIT */
/* tuples.c — l3fwd's 5-tuple layouts and random flows toward one server. */
#include "tuples.h"

#include <string.h>

static struct keytype v4 = {"ipv4", V4_KEY_LEN, 0, {0}};
static struct keytype v6 = {"ipv6", V6_KEY_LEN, 0, {0}};

static void add_bits(struct keytype *kt, unsigned first_byte, unsigned nbytes)
{
    for (unsigned b = 8 * first_byte; b < 8 * (first_byte + nbytes); b++)
        kt->bits[kt->nbits++] = b;
}

const struct keytype *keytype_v4(void)
{
    if (v4.nbits == 0) {
        add_bits(&v4, 4, 4);  /* source address */
        add_bits(&v4, 10, 2); /* source port */
    }
    return &v4;
}

const struct keytype *keytype_v6(void)
{
    if (v6.nbits == 0)
        add_bits(&v6, 24, 8); /* interface identifier of the source /64 */
    return &v6;
}

uint64_t tuple_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void tuple_random(const struct keytype *kt, uint64_t *s, uint8_t *out)
{
    uint8_t r[40];
    for (size_t i = 0; i < sizeof r; i += 8) {
        uint64_t x = tuple_rand(s);
        memcpy(r + i, &x, 8);
    }
    if (kt->len == V4_KEY_LEN) {
        const uint8_t dst[4] = {192, 0, 2, 1};
        memcpy(out, dst, 4);
        memcpy(out + 4, r, 4);
        out[8] = 443 >> 8, out[9] = 443 & 0xff;
        memcpy(out + 10, r + 4, 2);
        out[12] = 6;
    } else {
        const uint8_t dst[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
        memcpy(out, dst, 16);
        memcpy(out + 16, r, 16);
        out[32] = 443 >> 8, out[33] = 443 & 0xff;
        memcpy(out + 34, r + 16, 2);
        out[36] = 6;
    }
}
