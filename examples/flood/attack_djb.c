/* SPDX-License-Identifier: MIT */
/*
 * attack_djb.c — full collisions for the h*33 + c string hashes.
 *
 * h(s) = h0 * 33^len + sum(c_i * 33^(len-1-i)) mod 2^32 is linear in the
 * characters, so two 2-byte blocks with 33*a + b equal ("Ez" and "FY":
 * 69*33 + 122 = 70*33 + 89 = 2399) are interchangeable anywhere in a string
 * of fixed length.  k blocks give 2^k strings with the same *full* 32-bit
 * hash — so no table size, prime modulus or resize can separate them.
 */
#include "flood.h"

#include <string.h>

void flood_djb_strings(char *buf, size_t n)
{
    static const char blocks[2][2] = {{'E', 'z'}, {'F', 'Y'}};
    for (size_t i = 0; i < n; i++) {
        char *s = buf + i * FLOOD_DJB_STRIDE;
        for (unsigned b = 0; b < FLOOD_DJB_BLOCKS; b++)
            memcpy(s + 2 * b, blocks[(i >> b) & 1], 2);
        s[FLOOD_DJB_LEN] = '\0';
    }
}

uint32_t flood_djb_glib(const char *s)
{
    uint32_t h = 5381;
    for (const signed char *p = (const signed char *)s; *p; p++)
        h = (h << 5) + h + (uint32_t)(int32_t)*p;
    return h;
}

uint32_t flood_djb_ber(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    uint32_t h = 0;
    while (len--)
        h = (h << 5) + h + *p++;
    return h;
}
