/* SPDX-License-Identifier: MIT */
/*
 * A real consumer ported unchanged: Linux's net/core/secure_seq.c and
 * include/net/secure_seq.h (extracted from linux-source at build time) are
 * compiled against <linux/siphash.h> = include/compat/linux/siphash.h, and
 * the kernel's secure_tcp_seq()/secure_tcpv6_seq() are compared with
 * siphash_net_isn_v4()/_v6() for the same key, 4-tuple and clock.
 *
 * This file provides what the kernel would: the network namespace, the
 * clock, jiffies and the one-time secret (a known key here, so both sides
 * hash with it).
 */
#include <net/secure_seq.h>
#include <net/tcp.h>
#include <siphash_net.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

struct net init_net = {.ipv4 = {.sysctl_tcp_timestamps = 1}};
unsigned long jiffies;

static u64 clock_ns;
static siphash_key_t secret;

u64 ktime_get_real_ns(void)
{
    return clock_ns;
}

void net_get_random_once(void *buf, size_t len)
{
    memcpy(buf, &secret, len < sizeof secret ? len : sizeof secret);
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A port as the kernel holds it: network byte order in a __be16. */
static __be16 be16(uint16_t port)
{
    uint8_t b[2] = {(uint8_t)(port >> 8), (uint8_t)port};
    __be16 v;
    memcpy(&v, b, 2);
    return v;
}

int main(void)
{
    const uint16_t one = 1;
    uint8_t first;
    memcpy(&first, &one, 1);
    const int little = first == 1;
    uint8_t kb[16];
    for (int i = 0; i < 16; i++)
        kb[i] = (uint8_t)(0xa0 + i);
    secret = siphash_key_from_bytes(kb);

    int fail = 0, n = 1000;
    for (int i = 0; i < n; i++) {
        uint8_t l4[4], r4[4], l6[16], r6[16];
        for (int j = 0; j < 4; j++) {
            l4[j] = (uint8_t)next();
            r4[j] = (uint8_t)next();
        }
        for (int j = 0; j < 16; j++) {
            l6[j] = (uint8_t)next();
            r6[j] = (uint8_t)next();
        }
        uint16_t lport = (uint16_t)next(), rport = (uint16_t)next();
        clock_ns = next();

        /* The kernel's call for a SYN received: its own address and port
         * first (tcp_v4_init_seq passes the packet's daddr, saddr, dest,
         * source). */
        __be32 ls, rs;
        memcpy(&ls, l4, 4);
        memcpy(&rs, r4, 4);
        u32 k4 = secure_tcp_seq(ls, rs, be16(lport), be16(rport));
        __be32 l6w[4], r6w[4];
        memcpy(l6w, l6, 16);
        memcpy(r6w, r6, 16);
        u32 k6 = secure_tcpv6_seq(l6w, r6w, be16(lport), be16(rport));

        uint32_t o4 = 0, o6 = 0;
        if (siphash_net_isn_v4(l4, r4, lport, rport, clock_ns, &secret, &o4) != 0 ||
            siphash_net_isn_v6(l6, r6, lport, rport, clock_ns, &secret, &o6) != 0) {
            printf("FAIL: siphash_net_isn_v4/v6 returned an error\n");
            return 1;
        }
        uint32_t clock = (uint32_t)(clock_ns >> 6);
        if (little) {
            /* Equal by design: siphash_net.h hashes the bytes Linux hashes
             * on a little-endian machine and keeps the low 32 bits. */
            if (k4 != o4 || k6 != o6) {
                printf("FAIL tuple %d: secure_tcp_seq %08" PRIx32 " isn_v4 %08" PRIx32
                       ", secure_tcpv6_seq %08" PRIx32 " isn_v6 %08" PRIx32 "\n",
                       i, k4, o4, k6, o6);
                fail = 1;
            }
        } else {
            /* On a big-endian machine Linux's union takes the high half of
             * the hash (and the port word's bytes swap), so the kernel's
             * ISNs differ from the portable ones; check the kernel code
             * against its own definition instead. */
            u32 ports = (u32)be16(lport) << 16 | (u32)be16(rport);
            u32 want = (u32)(siphash_3u32(ls, rs, ports, &secret) >> 32) + clock;
            if (k4 != want) {
                printf("FAIL tuple %d: secure_tcp_seq %08" PRIx32 " expected %08" PRIx32 "\n", i,
                       k4, want);
                fail = 1;
            }
        }
    }
    if (fail)
        return 1;
    if (little)
        printf("secure_tcp_seq == siphash_net_isn_v4 and secure_tcpv6_seq == "
               "siphash_net_isn_v6 for %d random 4-tuples\n",
               n);
    else
        printf("big-endian: secure_tcp_seq computed as Linux defines it for %d 4-tuples "
               "(siphash_net_isn_v4 is the little-endian value by design)\n",
               n);
    return 0;
}
