/* SPDX-License-Identifier: MIT */
/*
 * siphash.h of the SipHash reference implementation (github.com/veorq/SipHash),
 * over libsiphash: delete your copy of siphash.c, put this directory on the
 * include path (-I<includedir>/siphash-compat/reference) and link -lsiphash.
 *
 *   int siphash(const void *in, size_t inlen, const void *k,
 *               uint8_t *out, size_t outlen);
 *
 * SipHash-cROUNDS-dROUNDS of in[0..inlen-1] under the 16-byte key k; writes
 * outlen bytes (8 or 16) to out in the reference's byte order and returns 0,
 * as the reference does.  cROUNDS and dROUNDS default to 2 and 4
 * (SipHash-2-4); define them before including this header for another
 * variant (1 and 3: SipHash-1-3), as with the reference, where they are
 * also fixed when the file is compiled.  Any value 1..255 works.
 *
 * A bad outlen: the reference assert()s (the process aborts, or with
 * NDEBUG it writes 16 bytes and returns 0); here the process always aborts
 * with a message on stderr (siphash_ctx_init's check), never writing past
 * an 8-byte buffer.  Otherwise the same bytes on every platform.
 *
 * Code that declares the older reference prototype itself (pointers to
 * const uint8_t, as Unbound's util/edns.c and many vendored copies do)
 * defines SIPHASH_REFERENCE_UINT8 and gets exactly that prototype, so its
 * own declaration stays valid; with -include this header can replace such
 * a copy without touching the code (docs/adopting.md, Unbound).
 *
 * Everything else of libsiphash is visible too, except its Linux-style
 * siphash() (this API owns the name: SIPHASH_OMIT_SIPHASH_NAME).
 */
#ifndef SIPHASH_COMPAT_REFERENCE_SIPHASH_H
#define SIPHASH_COMPAT_REFERENCE_SIPHASH_H

#ifndef SIPHASH_OMIT_SIPHASH_NAME
#define SIPHASH_OMIT_SIPHASH_NAME
#endif
#include "../../siphash.h"

/* default: SipHash-2-4 (the reference's own defaults) */
#ifndef cROUNDS
#define cROUNDS 2
#endif
#ifndef dROUNDS
#define dROUNDS 4
#endif

/* The pointer type of in and k: const void (today's reference) or, with
 * SIPHASH_REFERENCE_UINT8, const uint8_t (its 2012-2021 header). */
#ifdef SIPHASH_REFERENCE_UINT8
#define SIPHASH_REFERENCE_IN_ uint8_t
#else
#define SIPHASH_REFERENCE_IN_ void
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* SipHash-cROUNDS-dROUNDS, outlen 8 or 16 bytes to out; returns 0. */
static inline int siphash(const SIPHASH_REFERENCE_IN_ *in, const size_t inlen,
                          const SIPHASH_REFERENCE_IN_ *k, uint8_t *out, const size_t outlen)
{
    const siphash_key_t key = siphash_key_from_bytes((const uint8_t *)k);
    siphash_ctx_t ctx;
    if (cROUNDS == 2 && dROUNDS == 4 && outlen == 8) {
        /* The common case in one call; the integer is the little-endian
         * reading of the reference's bytes. */
        const uint64_t h = siphash24_64(in, inlen, &key);
        for (int i = 0; i < 8; i++)
            out[i] = (uint8_t)(h >> (8 * i));
        return 0;
    }
    /* Any rounds, 128-bit output; a bad outlen aborts in init. */
    siphash_ctx_init(&ctx, &key, cROUNDS, dROUNDS, outlen);
    siphash_ctx_update(&ctx, in, inlen);
    siphash_ctx_final(&ctx, out);
    return 0;
}

#ifdef __cplusplus
}
#endif

#endif
