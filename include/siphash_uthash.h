/* SPDX-License-Identifier: MIT */
/*
 * siphash_uthash.h — SipHash as uthash's HASH_FUNCTION (header-only).
 *
 * uthash hashes keys with an unkeyed function chosen at compile time
 * (Jenkins by default, or HASH_BER, HASH_SAX, HASH_FNV, HASH_OAT, HASH_SFH).
 * Anyone who can choose the keys — names in a request, header fields, file
 * names — can make them all collide: HASH_BER and friends are h*33 + c
 * style, with full 32-bit collisions for the asking, and the others are
 * unkeyed too.  uthash then gives up growing the table ("noexpand") and
 * every lookup walks one long chain.  Keyed with a secret, SipHash leaves
 * the attacker nothing to compute collisions with.
 *
 * Use
 * ---
 *     #include <siphash_uthash.h>   // before uthash.h: it sets HASH_FUNCTION
 *     #include <uthash.h>
 *
 *     SIPHASH_UTHASH_DEFINE_KEY;    // in exactly one .c file of the program
 *
 *     int main(void) {
 *         if (siphash_uthash_init() != 0)   // once, before the first HASH_ADD
 *             abort();                      // no randomness: do not go on
 *         ... HASH_ADD_KEYPTR / HASH_FIND / HASH_DEL as usual ...
 *     }
 *
 * The key: by default the global `siphash_key_t siphash_uthash_key`, defined
 * by SIPHASH_UTHASH_DEFINE_KEY and filled by siphash_uthash_init().  To use
 * a key of your own instead, define SIPHASH_UTHASH_KEY to an lvalue
 * expression of type siphash_key_t before including this header, e.g.
 *     #define SIPHASH_UTHASH_KEY my_app.table_key
 * The key must be set before the first item is added and must not change
 * while any table hashed with it holds items (their stored hashes would no
 * longer match: HASH_FIND would miss them).  Generate it at start-up, in
 * one thread, before other threads touch a table; keep it out of logs and
 * core dumps.  An all-zero key (forgotten initialisation) is public and
 * protects nothing.
 *
 * Which SipHash, and why
 * ----------------------
 * uthash's hashv is a 32-bit unsigned.  The adapter computes SipHash-1-3
 * (siphash13_64) and keeps its low 32 bits:
 *   - 1-3 rounds are the hash-table strength: what Linux's hsiphash, Rust's
 *     HashMap and Python's str hash use; flooding needs only that the
 *     attacker cannot predict collisions, not a full-strength PRF.
 *   - siphash13_64 gives the same hash on every platform, with the same
 *     16-byte siphash_key_t that siphash_key_generate() makes.  hsiphash
 *     would be HalfSipHash with a different key type on 32-bit targets.
 *   - Truncating a PRF output keeps it uniform: 32 bits are plenty for a
 *     table index (uthash masks them to the bucket count anyway).
 *
 * If uthash.h is already included, or HASH_FUNCTION is already defined,
 * this header still defines SIPHASH_UTHASH (use it explicitly with
 * `#define HASH_FUNCTION SIPHASH_UTHASH` in a translation unit of its own).
 */
#ifndef SIPHASH_UTHASH_H
#define SIPHASH_UTHASH_H

#include "siphash.h"

#ifndef SIPHASH_UTHASH_KEY
/* The default key: declared here, defined once by SIPHASH_UTHASH_DEFINE_KEY. */
#define SIPHASH_UTHASH_KEY siphash_uthash_key
#ifdef __cplusplus
extern "C" {
#endif
extern siphash_key_t siphash_uthash_key;
#ifdef __cplusplus
}
#endif
#endif

/* Put this in exactly one .c file when using the default key. */
#define SIPHASH_UTHASH_DEFINE_KEY siphash_key_t siphash_uthash_key

/* Fills the key from the operating system's random source.  Returns 0, or
 * -errno (and the key stays all zero) if no randomness was available. */
static inline int siphash_uthash_init(void)
{
    return siphash_key_generate(&(SIPHASH_UTHASH_KEY));
}

/* uthash's HASH_FUNCTION signature: (keyptr, keylen, hashv) with hashv an
 * unsigned lvalue.  hashv = low 32 bits of SipHash-1-3(key, keyptr[0..keylen)). */
#define SIPHASH_UTHASH(keyptr, keylen, hashv)                                  \
    do {                                                                       \
        (hashv) = (unsigned)(uint32_t)siphash13_64((const void *)(keyptr),     \
                                                   (size_t)(keylen),           \
                                                   &(SIPHASH_UTHASH_KEY));     \
    } while (0)

#ifndef HASH_FUNCTION
#define HASH_FUNCTION(keyptr, keylen, hashv) SIPHASH_UTHASH(keyptr, keylen, hashv)
#endif

#endif /* SIPHASH_UTHASH_H */
