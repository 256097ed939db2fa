/* SPDX-License-Identifier: MIT */
/*
 * collide.h — keys with equal rte_hash_crc() values, whatever the init value.
 *
 * rte_hash_crc(data, len, init) is CRC-32C with init as the starting
 * register and no final inversion.  For one length it is affine over
 * GF(2): crc(init, x) = crc(init, 0^len) ^ crc(0, x), with x -> crc(0, x)
 * linear.  So if crc(0, d) == 0, then crc(init, x ^ d) == crc(init, x) for
 * every init: the attacker never needs the init value.  The differences d
 * with crc(0, d) == 0 inside the bits the attacker controls (a source
 * address, a source port) are the kernel of a 32-row linear map, found by
 * Gaussian elimination; m controlled bits give at least 2^(m-32) keys, all
 * with the CRC of the base key.
 *
 * Our own bitwise CRC-32C is used here, not DPDK's: the tests check the
 * keys through rte_hash_crc, so a wrong derivation fails.
 */
#ifndef SIPHASH_DPDK_COLLIDE_H
#define SIPHASH_DPDK_COLLIDE_H

#include <stddef.h>
#include <stdint.h>

#define COLLIDE_MAX_LEN 64  /* bytes of a key */
#define COLLIDE_MAX_BITS 64 /* controlled bits */

struct collider {
    size_t len;
    uint8_t base[COLLIDE_MAX_LEN];
    unsigned dim; /* kernel dimension: 2^dim colliding keys */
    uint8_t diff[COLLIDE_MAX_BITS][COLLIDE_MAX_LEN];
};

/* CRC-32C (Castagnoli, reflected) from register crc, no inversions:
 * rte_hash_crc(p, len, crc) computed one bit at a time. */
uint32_t collide_crc32c(uint32_t crc, const void *p, size_t len);

/* Prepares the keys that share base's CRC, varying only the given bit
 * positions (bit b is bit b % 8 of byte b / 8).  Returns the dimension
 * (c->dim), or -1 for a bad argument (len or nbits too large, a bit
 * outside the key). */
int collider_init(struct collider *c, const uint8_t *base, size_t len, const unsigned *bits,
                  unsigned nbits);

/* Key number i (i < 2^dim; distinct i give distinct keys) into out[len]. */
void collider_key(const struct collider *c, uint64_t i, uint8_t *out);

#endif
