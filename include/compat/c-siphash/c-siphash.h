/* SPDX-License-Identifier: MIT */
/*
 * c-siphash.h of c-util/c-siphash (vendored by NetworkManager and others),
 * over libsiphash: delete your copy (src/c-siphash.c and .h), put this
 * directory on the include path (-I<includedir>/siphash-compat/c-siphash)
 * and link -lsiphash.
 *
 *   CSipHash state;                 a streaming SipHash-2-4 state
 *   c_siphash_init(&state, seed)    seed: 16 key bytes
 *   c_siphash_append(&state, bytes, n)
 *   c_siphash_finalize(&state)      the 64-bit hash
 *   c_siphash_hash(seed, bytes, n)  the same in one call
 *
 * Values are c-siphash's: SipHash-2-4, the hash as a host-order integer
 * (the little-endian reading of the reference's 8 output bytes), the same
 * on every platform.  Differences (docs/adopting.md): CSipHash's fields are
 * not v0..v3/padding/n_bytes (nobody may read them); a state is dead after
 * c_siphash_finalize: append or finalize on it aborts with a message
 * instead of returning a meaningless value (c-siphash documents it as
 * invalid too); c_siphash_init again revives it.  A state may be copied to
 * fork a hash, as with c-siphash.
 */
#ifndef SIPHASH_COMPAT_C_SIPHASH_H
#define SIPHASH_COMPAT_C_SIPHASH_H

#include "../../siphash.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CSipHash CSipHash;

/* The state: libsiphash's streaming context, SipHash-2-4, 8-byte output. */
struct CSipHash {
    siphash_ctx_t ctx;
};

/* A zero state (the universal zero initializer, no warning with -Wextra),
 * to initialise variables with before c_siphash_init. */
#define C_SIPHASH_NULL {0}

/* Starts a hash keyed with seed[0..15] (read as the reference reads it). */
static inline void c_siphash_init(CSipHash *state, const uint8_t seed[16])
{
    const siphash_key_t key = siphash_key_from_bytes(seed);
    siphash_ctx_init(&state->ctx, &key, 2, 4, 8);
}

/* Absorbs n_bytes more bytes; any chunking gives the same hash. */
static inline void c_siphash_append(CSipHash *state, const uint8_t *bytes, size_t n_bytes)
{
    siphash_ctx_update(&state->ctx, bytes, n_bytes);
}

/* The hash of everything appended; the state is dead afterwards. */
static inline uint64_t c_siphash_finalize(CSipHash *state)
{
    uint8_t out[8];
    siphash_ctx_final(&state->ctx, out);
    /* siphash.h's own little-endian load: an internal name, but this
     * header ships with that siphash.h, never apart from it. */
    return siphash_load_le64_(out);
}

/* SipHash-2-4 of bytes[0..n_bytes-1] keyed with seed, in one call. */
static inline uint64_t c_siphash_hash(const uint8_t seed[16], const uint8_t *bytes,
                                      size_t n_bytes)
{
    const siphash_key_t key = siphash_key_from_bytes(seed);
    return siphash24_64(bytes, n_bytes, &key);
}

#ifdef __cplusplus
}
#endif

#endif
