/* SPDX-License-Identifier: MIT */
/*
 * redis_siphash.h — SipHash-1-2 with the shape of Redis's src/siphash.c
 * (also Valkey's and KeyDB's): the function Redis's dict hashes every key
 * with, and its ASCII case-insensitive twin.  Written here from the
 * algorithm and from how Redis arranges it, for the bench's Redis anchor;
 * see redis_siphash.c.
 *
 * Both take the key as its 16 reference bytes and return the 64-bit hash
 * as Redis does (the output bytes read little-endian on little-endian
 * hosts, which is what the bench compares on).
 */
#ifndef SIPHASH_THIRD_PARTY_REDIS_SIPHASH_H
#define SIPHASH_THIRD_PARTY_REDIS_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t redis_siphash(const uint8_t *in, size_t inlen, const uint8_t k[16]);
/* The same over the input with 'A'..'Z' mapped to 'a'..'z', one byte at a
 * time with a branch per byte, as Redis's siptlw() does. */
uint64_t redis_siphash_nocase(const uint8_t *in, size_t inlen, const uint8_t k[16]);

#endif
