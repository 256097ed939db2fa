/* SPDX-License-Identifier: MIT */
/*
 * proof/eva/net.c — EVA driver for src/net.c.  Its messages have fixed
 * sizes, so one analysis covers every input: unknown addresses, ports,
 * sequence numbers, times, minutes and keys, every MSS table index, and
 * each pointer argument either NULL or a valid object of exactly its size.
 */
#include "siphash_net.h"

#include <stdlib.h>

#include "__fc_builtin.h"

/* a fresh object of n unknown bytes, or NULL */
static void *maybe(size_t n)
{
    if (Frama_C_interval(0, 1))
        return NULL;
    void *p = malloc(n);
    if (p)
        Frama_C_make_unknown((char *)p, n);
    return p;
}

#define U16 ((uint16_t)Frama_C_interval(0, 65535))
#define U32 ((uint32_t)Frama_C_unsigned_int_interval(0, 0xffffffffu))

int main(void)
{
    uint64_t ns = Frama_C_unsigned_long_interval(0, 0xffffffffffffffffu);
    for (int v6 = 0; v6 < 2; v6++) {
        size_t a = v6 ? 16 : 4;
        const uint8_t *l = maybe(a), *r = maybe(a);
        const siphash_key_t *key = maybe(sizeof *key), *keys = maybe(2 * sizeof *keys);
        uint32_t *o = maybe(4);
        uint16_t *mss = maybe(2);
        if (v6) {
            (void)siphash_net_isn_v6(l, r, U16, U16, ns, key, o);
            (void)siphash_net_ts_off_v6(l, r, key, o);
            (void)siphash_net_port_offset_v6(l, r, U16, U32, key, o);
            (void)siphash_net_mss_v6((unsigned)Frama_C_unsigned_int_interval(0, 0xffffffffu));
            (void)siphash_net_syncookie_v6(l, r, U16, U16, U32, U16, U32, keys, o, mss);
            (void)siphash_net_syncookie_check_v6(l, r, U16, U16, U32, U32, U32, keys);
        } else {
            (void)siphash_net_isn_v4(l, r, U16, U16, ns, key, o);
            (void)siphash_net_ts_off_v4(l, r, key, o);
            (void)siphash_net_port_offset_v4(l, r, U16, U32, key, o);
            (void)siphash_net_mss_v4((unsigned)Frama_C_unsigned_int_interval(0, 0xffffffffu));
            (void)siphash_net_syncookie_v4(l, r, U16, U16, U32, U16, U32, keys, o, mss);
            (void)siphash_net_syncookie_check_v4(l, r, U16, U16, U32, U32, U32, keys);
        }
    }
    return 0;
}
