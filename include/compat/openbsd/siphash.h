/* SPDX-License-Identifier: MIT */
/*
 * OpenBSD's SipHash API (SipHash24(3), sys/crypto/siphash.h) over
 * libsiphash, for code that carries a copy of OpenBSD's siphash.c (Knot
 * DNS's src/contrib/openbsd/, FreeBSD's sys/crypto/siphash/ lineage).
 * Delete the copy, include this header where the copy's header was, link
 * -lsiphash.  Everything is inline here; the hashing is the library's
 * streaming and one-shot code (no second SipHash).  Installed as
 * <includedir>/siphash-compat/openbsd/siphash.h.
 *
 * Meanings, as OpenBSD defines them:
 * - SIPHASH_KEY's 16 bytes are the key in memory order: k0 holds key bytes
 *   0..7, k1 bytes 8..15, read little-endian whatever the host (OpenBSD's
 *   lemtoh64).  The same struct means the same key on every machine; the
 *   fields' integer values differ between byte orders.
 * - SipHash_End() returns the 64-bit SipHash value as a host integer: the
 *   little-endian reading of the reference output bytes (the same integer
 *   siphash24_64() returns for SipHash-2-4).
 * - SipHash_Final() writes the 8 reference output bytes (little-endian)
 *   to dst, which needs no alignment.
 * - rc and rf are the compression and finalization round counts, taken
 *   at each call as OpenBSD does: Update compresses the blocks it
 *   completes with its rc, End/Final compress the last block with theirs
 *   and finalize with rf.  SipHash24_* is 2,4; SipHash48_* is 4,8.
 *
 * Differences from OpenBSD's code (none in any value for valid use):
 * - rc and rf must be 1..255 (the library's range).  OpenBSD runs
 *   whatever it is given (0 rounds: a value nobody else computes; a
 *   negative count: a loop through INT_MIN).  Here a count outside 1..255
 *   aborts the process with the library's message on stderr.
 * - Update, End or Final on a context after End/Final (or never passed to
 *   Init, when zero-filled) aborts likewise; OpenBSD hashes its zeroed
 *   state into the same value for every key.
 * - SIPHASH_CTX is the library's siphash_ctx_t (56 bytes on LP64), not
 *   OpenBSD's { uint64_t v[4]; uint8_t buf[8]; uint32_t bytes; } (48):
 *   code that reads or writes the fields, or depends on the size, needs
 *   changing.  (Knot DNS does neither.)  Contexts may be copied, as in
 *   OpenBSD, to fork a computation.
 *
 * SIPHASH_OPENBSD_END_LE: defined before this header is included, End and
 * SipHash() return the integer whose bytes in memory are the reference
 * output (OpenBSD's value passed through htole64) instead of the host
 * integer.  Knot DNS's copy of siphash.c was changed to do this: it
 * memcpy()s End's value into DNS cookies (RFC 9018 wire bytes) and its
 * test compares End's bytes with the reference vectors.  Both meanings
 * agree on little-endian machines; on big-endian ones Knot needs this
 * macro to keep its values and its cookies.  Final is the same either way.
 */
#ifndef SIPHASH_COMPAT_OPENBSD_SIPHASH_H
#define SIPHASH_COMPAT_OPENBSD_SIPHASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The library's header, found relative to this one: two levels up both in
 * the source tree (include/compat/openbsd/) and once installed
 * (<includedir>/siphash-compat/openbsd/). */
#include "../../siphash.h"

#define SIPHASH_BLOCK_LENGTH 8
#define SIPHASH_KEY_LENGTH 16
#define SIPHASH_DIGEST_LENGTH 8

/* The key: bytes 0..7 in k0, bytes 8..15 in k1, in memory order (fill it
 * with memcpy from 16 key bytes, or cast 16 bytes to it as OpenBSD code
 * does; the header reads it bytewise, so no alignment is assumed). */
typedef struct {
    uint64_t k0;
    uint64_t k1;
} SIPHASH_KEY;

/* The context (see the differences above).  OpenBSD's struct tag is kept
 * for code that names it. */
typedef struct _SIPHASH_CTX { /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): OpenBSD's name */
    siphash_ctx_t st;
} SIPHASH_CTX;

/* ---- implementation helpers (not API) ---------------------------------- */

/* A round count as the context stores it; outside 1..255 the library's
 * init refuses it and aborts with its message (never returns). */
static inline unsigned char siphash_openbsd_rounds_(int rounds)
{
    if (rounds < 1 || rounds > 255) {
        siphash_ctx_t refused;
        siphash_key_t zero = {{0, 0}};
        (siphash_ctx_init)(&refused, &zero, (unsigned)rounds, (unsigned)rounds, 8);
    }
    return (unsigned char)rounds;
}

/* The count for the next blocks, kept only on a live context: a finished
 * one keeps c_rounds 0, the library's mark of a dead context, so its
 * update and final still abort.  The fields are the library's own
 * (siphash.h: part of its binary interface), written here because
 * OpenBSD passes the counts at each call instead of at Init. */
static inline void siphash_openbsd_set_rounds_(SIPHASH_CTX *ctx, int rc)
{
    unsigned char c = siphash_openbsd_rounds_(rc);
    if (ctx->st.c_rounds != 0)
        ctx->st.c_rounds = c;
}

/* End's result from the 8 reference output bytes. */
static inline uint64_t siphash_openbsd_end_value_(const uint8_t out[8])
{
    uint64_t r = 0;
#ifdef SIPHASH_OPENBSD_END_LE
    memcpy(&r, out, 8); /* the integer whose memory bytes are out */
#else
    int i;
    for (i = 7; i >= 0; i--)
        r = r << 8 | out[i]; /* the host integer: out read little-endian */
#endif
    return r;
}

/* ---- the API ------------------------------------------------------------ */

/* Starts a hash under key (any round counts may follow). */
static inline void SipHash_Init(SIPHASH_CTX *ctx, const SIPHASH_KEY *key)
{
    siphash_key_t k = siphash_key_from_bytes((const uint8_t *)key);
    /* 2,4 are placeholders: Update and End set the counts they are given. */
    siphash_ctx_init(&ctx->st, &k, 2, 4, 8);
}

/* Absorbs len bytes at src (src may be NULL when len is 0); the blocks this
 * completes get rc compression rounds.  rf is not used here (as in
 * OpenBSD). */
static inline void SipHash_Update(SIPHASH_CTX *ctx, int rc, int rf, const void *src, size_t len)
{
    (void)rf;
    siphash_openbsd_set_rounds_(ctx, rc);
    siphash_ctx_update(&ctx->st, src, len);
}

/* Writes the 8-byte digest (reference bytes, little-endian) to dst and
 * wipes the context (the library's final wipes it with stores the
 * compiler may not remove, as OpenBSD's explicit_bzero). */
static inline void SipHash_Final(void *dst, SIPHASH_CTX *ctx, int rc, int rf)
{
    uint8_t out[8];
    unsigned char d = siphash_openbsd_rounds_(rf);
    siphash_openbsd_set_rounds_(ctx, rc);
    if (ctx->st.c_rounds != 0)
        ctx->st.d_rounds = d;
    (siphash_ctx_final)(&ctx->st, out);
    memcpy(dst, out, 8);
}

/* Finishes and returns the hash as a host integer (see
 * SIPHASH_OPENBSD_END_LE above), wiping the context. */
static inline uint64_t SipHash_End(SIPHASH_CTX *ctx, int rc, int rf)
{
    uint8_t out[8];
    SipHash_Final(out, ctx, rc, rf);
    return siphash_openbsd_end_value_(out);
}

/* One call: SipHash-rc-rf of len bytes at src, as End returns it.  The
 * common counts go to the library's one-shot functions. */
static inline uint64_t SipHash(const SIPHASH_KEY *key, int rc, int rf, const void *src, size_t len)
{
    siphash_key_t k = siphash_key_from_bytes((const uint8_t *)key);
    uint64_t r;
    uint8_t out[8];
    int i;
    if (rc == 2 && rf == 4) {
        r = siphash24_64(src, len, &k);
    } else if (rc == 1 && rf == 3) {
        r = siphash13_64(src, len, &k);
    } else if (rc == 1 && rf == 2) {
        r = siphash12_64(src, len, &k);
    } else {
        SIPHASH_CTX ctx;
        SipHash_Init(&ctx, key);
        SipHash_Update(&ctx, rc, rf, src, len);
        return SipHash_End(&ctx, rc, rf);
    }
    for (i = 0; i < 8; i++)
        out[i] = (uint8_t)(r >> (8 * i));
    return siphash_openbsd_end_value_(out);
}

#define SipHash24_Init(_c, _k) SipHash_Init((_c), (_k))
#define SipHash24_Update(_c, _p, _l) SipHash_Update((_c), 2, 4, (_p), (_l))
#define SipHash24_End(_d) SipHash_End((_d), 2, 4)
#define SipHash24_Final(_d, _c) SipHash_Final((_d), (_c), 2, 4)
#define SipHash24(_k, _p, _l) SipHash((_k), 2, 4, (_p), (_l))

#define SipHash48_Init(_c, _k) SipHash_Init((_c), (_k))
#define SipHash48_Update(_c, _p, _l) SipHash_Update((_c), 4, 8, (_p), (_l))
#define SipHash48_End(_d) SipHash_End((_d), 4, 8)
#define SipHash48_Final(_d, _c) SipHash_Final((_d), (_c), 4, 8)
#define SipHash48(_k, _p, _l) SipHash((_k), 4, 8, (_p), (_l))

#endif
