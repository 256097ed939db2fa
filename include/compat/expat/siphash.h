/* SPDX-License-Identifier: MIT */
/*
 * expat's lib/siphash.h (William Ahern's header-only SipHash-2-4, in expat
 * 2.x), over libsiphash: delete lib/siphash.h, put this directory on the
 * include path (-I<includedir>/siphash-compat/expat) and link -lsiphash.
 * It gives what expat's lib/xmlparse.c, tests/runtests.c and fuzz/ use:
 *
 *   struct sipkey { uint64_t k[2]; }   the key as two little-endian words
 *                                      (xmlparse.c writes k[0], k[1] itself)
 *   sip_tokey(&key, src), sip_keyof(src)   key from 16 bytes
 *   struct siphash                     a streaming SipHash-2-4 state
 *   sip24_init, sip24_update, sip24_final  (final: the host-order hash)
 *   siphash24(src, len, &key)          one call
 *   sip24_valid()                      self-test: 1 if the known answers hold
 *   SIP_KEYLEN, _SIP_ULL(high, low), SIPHASH_INITIALIZER
 *
 * Same values on every platform.  Differences (docs/adopting.md):
 * - struct siphash holds libsiphash's context, not v0..v3/buf/p/c (expat
 *   never reads them);
 * - after sip24_final the state is dead: sip24_update or sip24_final on
 *   it aborts with a message (expat's own header would go on hashing
 *   from a finalised state and return a different value); sip24_init
 *   revives it.  expat calls final once per init;
 * - sip_tobin/sip_binof (expat hides them unless SIPHASH_TOBIN) are not here.
 * Not a difference of this header, but expat's: xmlparse.c keys SipHash
 * with k[0] = 0 and k[1] = its hash salt, an unsigned long: a 64-bit key
 * on LP64 systems, only 32 bits of key on 32-bit ones.
 */
#ifndef SIPHASH_COMPAT_EXPAT_SIPHASH_H
#define SIPHASH_COMPAT_EXPAT_SIPHASH_H

#include "../../siphash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A 64-bit constant from two 32-bit halves (expat's tests use it). */
#define _SIP_ULL(high, low) ((((uint64_t)(high)) << 32) | (uint64_t)(low)) /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): expat's name */

#define SIP_KEYLEN 16

struct sipkey {
    uint64_t k[2]; /* k[0] = little-endian bytes 0..7, k[1] = bytes 8..15 */
};

struct siphash {
    siphash_ctx_t ctx;
};

/* A zero state (the universal zero initializer), for variables before
 * sip24_init. */
#define SIPHASH_INITIALIZER {0}

/* The key whose 16 bytes are at src; returns key. */
static inline struct sipkey *sip_tokey(struct sipkey *key, const void *src)
{
    key->k[0] = siphash_load_le64_(src);
    key->k[1] = siphash_load_le64_((const uint8_t *)src + 8);
    return key;
}

/* A pointer to a temporary key made from 16 bytes (a compound literal). */
#define sip_keyof(k) sip_tokey(&(struct sipkey){{0}}, (k))

static inline struct siphash *sip24_init(struct siphash *H, const struct sipkey *key)
{
    const siphash_key_t k = {{key->k[0], key->k[1]}};
    siphash_ctx_init(&H->ctx, &k, 2, 4, 8);
    return H;
}

static inline struct siphash *sip24_update(struct siphash *H, const void *src, size_t len)
{
    siphash_ctx_update(&H->ctx, src, len);
    return H;
}

/* The hash as expat returns it: the little-endian reading of the
 * reference's 8 output bytes.  The state is dead afterwards. */
static inline uint64_t sip24_final(struct siphash *H)
{
    uint8_t out[8];
    siphash_ctx_final(&H->ctx, out);
    /* siphash.h's own little-endian load: an internal name, but this
     * header ships with that siphash.h, never apart from it. */
    return siphash_load_le64_(out);
}

static inline uint64_t siphash24(const void *src, size_t len, const struct sipkey *key)
{
    const siphash_key_t k = {{key->k[0], key->k[1]}};
    return siphash24_64(src, len, &k);
}

/* The reference's 64 known answers (key 00..0f, messages 00..i-1), checked
 * through both paths above: each streamed hash (cut in two) must equal the
 * one-shot one, message 15 the paper's example, and all 64 xored together
 * the xor of the published vectors (tests/vectors/siphash-2-4-64.txt).
 * Returns 1 if so, 0 otherwise. */
static inline int sip24_valid(void)
{
    static const unsigned char key16[16] = {0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15};
    unsigned char in[64];
    struct sipkey k;
    struct siphash H;
    uint64_t all = 0;
    int ok = 1;
    sip_tokey(&k, key16);
    for (size_t i = 0; i < sizeof in; i++) {
        in[i] = (unsigned char)i;
        const uint64_t h = siphash24(in, i, &k);
        sip24_update(sip24_update(sip24_init(&H, &k), in, i / 2), in + i / 2, i - i / 2);
        ok &= sip24_final(&H) == h;
        ok &= i != 15 || h == _SIP_ULL(0xa129ca61U, 0x49be45e5U);
        all ^= h;
    }
    return ok && all == _SIP_ULL(0x45132fdbU, 0x8c4e115eU);
}

#ifdef __cplusplus
}
#endif

#endif
