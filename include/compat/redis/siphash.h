/* SPDX-License-Identifier: MIT */
/*
 * Redis's SipHash API (its src/siphash.c, Redis 2.0 .. 7.x, and the forks
 * that kept it: Valkey, KeyDB), over libsiphash.  Redis declares these
 * functions itself (src/dict.c) and never includes a header for them, so
 * a build without src/siphash.c puts this header in front of every file:
 *
 *   cc -I<includedir>/siphash-compat/redis -include siphash.h ... -lsiphash
 *
 * Redis's own declarations that follow (`uint64_t siphash(const uint8_t *,
 * const size_t, const uint8_t *);`) then refer to the definitions below:
 * a declaration without `static` after a static one keeps its internal
 * linkage (C11 6.2.2p5 and p4), and the parameter types are compatible.
 * docs/adopting.md (Redis) has the whole recipe.
 *
 * Values: exactly what Redis's functions return, on every machine Redis
 * supports.  Redis computes SipHash-1-2 (1 compression round, 2
 * finalization rounds) with the 16 key bytes read as two little-endian
 * words, and returns the 8 output bytes of the reference code (the hash's
 * little-endian bytes) as they lie in memory, read as a host integer: the
 * hash itself on little-endian machines (x86, arm64, riscv64, ppc64le),
 * its byte swap on big-endian ones (s390x, ppc64, mips).  So Redis's own
 * test compares memcmp(&hash, reference_bytes, 8), and so do ours.
 *
 * One exception, not followed: on big-endian aarch64 (aarch64_be, which
 * Debian does not ship) Redis's "unaligned little-endian CPU" test is true
 * and it loads key and message words in host order, so its value there is
 * not SipHash; this header gives the same value as on every other
 * big-endian machine.
 *
 * Nothing here is a second SipHash: the rounds are libsiphash's
 * siphash12_64() and siphash12_nocase_64().  A program that wants more of
 * libsiphash (the batch functions, a key made once instead of per call)
 * uses <siphash.h> as well: everything it declares is visible here except
 * its own siphash() (Linux's, SipHash-2-4 with a siphash_key_t), whose
 * name Redis's function takes over.
 */
#ifndef SIPHASH_COMPAT_REDIS_SIPHASH_H
#define SIPHASH_COMPAT_REDIS_SIPHASH_H

#define SIPHASH_OMIT_SIPHASH_NAME 1
#include "../../siphash.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The 16 key bytes as Redis reads them: k0 = bytes 0..7 and k1 = bytes
 * 8..15, little-endian.  Inline loads rather than siphash_key_from_bytes(),
 * so a hash costs one call, as Redis's did. */
static inline siphash_key_t siphash_redis_key_(const uint8_t *k)
{
    siphash_key_t key;
    key.key[0] = siphash_load_le64_(k);
    key.key[1] = siphash_load_le64_(k + 8);
    return key;
}

/* The hash as Redis returns it: its 8 little-endian bytes, read back in
 * host order (no-op on little-endian machines, a byte swap on big-endian
 * ones; the compiler folds either). */
static inline uint64_t siphash_redis_result_(uint64_t h)
{
    uint8_t bytes[8];
    uint64_t r;
    siphash_store_le64_(bytes, h);
    memcpy(&r, bytes, sizeof r);
    return r;
}

/* Redis's siphash(): SipHash-1-2 of in[0..inlen) under the 16 key bytes k
 * (any alignment), as Redis returns it (above).  Redis's table hash
 * (dictGenHashFunction). */
static inline uint64_t siphash(const uint8_t *in, const size_t inlen, const uint8_t *k)
{
    const siphash_key_t key = siphash_redis_key_(k);
    return siphash_redis_result_(siphash12_64(in, inlen, &key));
}

/* Redis's siphash_nocase(): the same over the bytes with 'A'..'Z' taken as
 * 'a'..'z' (no other byte changes, no locale); for case-insensitive tables
 * (dictGenCaseHashFunction).  siphash_nocase(s) == siphash(lowercase(s)). */
static inline uint64_t siphash_nocase(const uint8_t *in, const size_t inlen, const uint8_t *k)
{
    const siphash_key_t key = siphash_redis_key_(k);
    return siphash_redis_result_(siphash12_nocase_64(in, inlen, &key));
}

/* Redis's siptlw(): c + 32 for 'A'..'Z', c otherwise (the folding the
 * nocase hash applies to each byte).  External in Redis's file, though
 * Redis calls it only there; here for code that used it. */
static inline int siptlw(int c)
{
    return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

#endif
