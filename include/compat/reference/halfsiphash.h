/* SPDX-License-Identifier: MIT */
/*
 * halfsiphash.h of the SipHash reference implementation
 * (github.com/veorq/SipHash), over libsiphash: delete your copy of
 * halfsiphash.c, put this directory on the include path
 * (-I<includedir>/siphash-compat/reference) and link -lsiphash.
 *
 *   int halfsiphash(const void *in, size_t inlen, const void *k,
 *                   uint8_t *out, size_t outlen);
 *
 * HalfSipHash-cROUNDS-dROUNDS of in[0..inlen-1] under the 8-byte key k;
 * writes outlen bytes (4 or 8) to out in the reference's byte order and
 * returns 0, as the reference does.  cROUNDS and dROUNDS default to 2 and
 * 4; define them before including this header for another variant (1 and
 * 3: HalfSipHash-1-3, Linux's hsiphash on 32-bit machines).  A bad outlen
 * aborts with a message (the reference assert()s; with NDEBUG it writes 8
 * bytes).  SIPHASH_REFERENCE_UINT8 gives the older prototype with pointers
 * to const uint8_t, as in siphash.h beside this one.
 *
 * HalfSipHash's 64-bit key gives 32-bit-level margins: hash tables on
 * 32-bit machines only, never a MAC.
 */
#ifndef SIPHASH_COMPAT_REFERENCE_HALFSIPHASH_H
#define SIPHASH_COMPAT_REFERENCE_HALFSIPHASH_H

/* The reference API owns the name siphash (siphash.h beside this one),
 * so libsiphash's Linux-style siphash() stays out here too. */
#ifndef SIPHASH_OMIT_SIPHASH_NAME
#define SIPHASH_OMIT_SIPHASH_NAME
#endif
#include "../../siphash.h"

#ifndef cROUNDS
#define cROUNDS 2
#endif
#ifndef dROUNDS
#define dROUNDS 4
#endif

#ifdef SIPHASH_REFERENCE_UINT8
#define SIPHASH_REFERENCE_HALF_IN_ uint8_t
#else
#define SIPHASH_REFERENCE_HALF_IN_ void
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* HalfSipHash-cROUNDS-dROUNDS, outlen 4 or 8 bytes to out; returns 0. */
static inline int halfsiphash(const SIPHASH_REFERENCE_HALF_IN_ *in, const size_t inlen,
                              const SIPHASH_REFERENCE_HALF_IN_ *k, uint8_t *out,
                              const size_t outlen)
{
    const halfsiphash_key_t key = halfsiphash_key_from_bytes((const uint8_t *)k);
    halfsiphash_ctx_t ctx;
    /* Every variant and output through the streaming API: the library's
     * one HalfSipHash core; a bad outlen aborts in init. */
    halfsiphash_ctx_init(&ctx, &key, cROUNDS, dROUNDS, outlen);
    halfsiphash_ctx_update(&ctx, in, inlen);
    halfsiphash_ctx_final(&ctx, out);
    return 0;
}

#ifdef __cplusplus
}
#endif

#endif
