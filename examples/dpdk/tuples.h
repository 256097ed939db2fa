/* SPDX-License-Identifier: MIT */
/*
 * tuples.h — the flow keys of DPDK's l3fwd example, as byte layouts (its
 * structs are packed: no padding, so a key is exactly these bytes):
 *   IPv4 5-tuple, 13 bytes: dst addr 0..3, src addr 4..7, dst port 8..9,
 *                           src port 10..11, protocol 12
 *   IPv6 5-tuple, 37 bytes: dst addr 0..15, src addr 16..31, dst port
 *                           32..33, src port 34..35, protocol 36
 * and what a remote attacker controls in them: the source port, and the
 * source address (IPv4: spoofed; IPv6: the 64-bit interface identifier of
 * a /64 the attacker owns — no spoofing needed).
 */
#ifndef SIPHASH_DPDK_TUPLES_H
#define SIPHASH_DPDK_TUPLES_H

#include <stddef.h>
#include <stdint.h>

#define V4_KEY_LEN 13
#define V6_KEY_LEN 37

struct keytype {
    const char *name;     /* "ipv4", "ipv6" */
    size_t len;           /* key bytes */
    unsigned nbits;       /* attacker-controlled bits... */
    unsigned bits[64];    /* ...their positions (bit b % 8 of byte b / 8) */
};

const struct keytype *keytype_v4(void);
const struct keytype *keytype_v6(void);

/* A random flow toward one server: random source address and port, the
 * server's fixed address, port 443, TCP.  s is the caller's PRNG state. */
void tuple_random(const struct keytype *kt, uint64_t *s, uint8_t *out);

/* splitmix64: a fast PRNG for test data (not for keys). */
uint64_t tuple_rand(uint64_t *s);

#endif
