/* SPDX-License-Identifier: MIT */
/*
 * stream.c — the incremental (init/update/final) API for SipHash-c-d and
 * HalfSipHash-c-d.  Pending bytes are kept packed in one word, so update
 * never copies the message and final needs no buffer.
 *
 * The six names are also macros in siphash.h (its inline path for
 * constant-size pieces), so the definitions below put them in parentheses:
 * these are the exported functions, and they must keep the fields' meaning
 * the inline code in callers relies on.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Wrong parameters are a programming error; hashing with them anyway would
 * silently produce values nobody else computes.  The message names the
 * function, what it was given and what it expects.  (Declared in
 * internal.h: batch.c refuses overlapping batchv arrays with it.) */
/*@ assigns \nothing;
    ensures never_returns: \false; */
void sip_misuse(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("libsiphash: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* final wipes the context, so a finalised (or zero-filled, never
 * initialised) context has c_rounds 0.  Carrying on would hash with rounds
 * and state nobody chose and return the same value for every key: a
 * forgeable MAC, so refuse as loudly as bad init parameters. */
/*@ assigns \nothing;
    ensures c_rounds != 0; */
static void check_live(unsigned c_rounds, const char *what)
{
    if (c_rounds == 0)
        sip_misuse("%s", what);
}

/*@ assigns \nothing;
    ensures 1 <= c_rounds <= 255 && 1 <= d_rounds <= 255; */
static void check_rounds(const char *fn, unsigned c_rounds, unsigned d_rounds)
{
    if (c_rounds < 1 || c_rounds > 255 || d_rounds < 1 || d_rounds > 255)
        sip_misuse("%s: c_rounds and d_rounds must be 1..255, got c_rounds %u, d_rounds %u", fn,
                   c_rounds, d_rounds);
}

/* Whole blocks with the round count made constant for the common cases, so
 * streaming SipHash-2-4 and 1-3 run the same unrolled code as one-shot. */
/*@ requires \valid(s) && 8 * nblocks <= SIZE_MAX;
    requires \valid_read(p + (0 .. 8 * nblocks - 1));
    assigns *s; */
static void sip_blocks(sip_state *s, const uint8_t *p, size_t nblocks, unsigned c)
{
    if (c == 2)
        /*@ loop invariant 0 <= i <= nblocks;
            loop assigns i, *s;
            loop variant nblocks - i; */
        for (size_t i = 0; i < nblocks; i++)
            sip_absorb(s, sip_load64(p + 8 * i), 2);
    else if (c == 1)
        /*@ loop invariant 0 <= i <= nblocks;
            loop assigns i, *s;
            loop variant nblocks - i; */
        for (size_t i = 0; i < nblocks; i++)
            sip_absorb(s, sip_load64(p + 8 * i), 1);
    else
        /*@ loop invariant 0 <= i <= nblocks;
            loop assigns i, *s;
            loop variant nblocks - i; */
        for (size_t i = 0; i < nblocks; i++)
            sip_absorb(s, sip_load64(p + 8 * i), c);
}

/*@ requires \valid(s) && 4 * nblocks <= SIZE_MAX;
    requires \valid_read(p + (0 .. 4 * nblocks - 1));
    assigns *s; */
static void hsip_blocks(hsip_state *s, const uint8_t *p, size_t nblocks, unsigned c)
{
    if (c == 2)
        /*@ loop invariant 0 <= i <= nblocks;
            loop assigns i, *s;
            loop variant nblocks - i; */
        for (size_t i = 0; i < nblocks; i++)
            hsip_absorb(s, sip_load32(p + 4 * i), 2);
    else if (c == 1)
        /*@ loop invariant 0 <= i <= nblocks;
            loop assigns i, *s;
            loop variant nblocks - i; */
        for (size_t i = 0; i < nblocks; i++)
            hsip_absorb(s, sip_load32(p + 4 * i), 1);
    else
        /*@ loop invariant 0 <= i <= nblocks;
            loop assigns i, *s;
            loop variant nblocks - i; */
        for (size_t i = 0; i < nblocks; i++)
            hsip_absorb(s, sip_load32(p + 4 * i), c);
}

SIPHASH_API void (siphash_ctx_init)(siphash_ctx_t *ctx, const siphash_key_t *key,
                                  unsigned c_rounds, unsigned d_rounds, size_t outlen)
{
    check_rounds("siphash_ctx_init", c_rounds, d_rounds);
    if (outlen != 8 && outlen != 16)
        sip_misuse("siphash_ctx_init: outlen must be 8 or 16, got %lu", (unsigned long)outlen);
    siphash_ctx_start_(ctx, key, c_rounds, d_rounds, outlen);
}

SIPHASH_API void (siphash_ctx_update)(siphash_ctx_t *ctx, const void *data, size_t len)
{
    const uint8_t *p = (const uint8_t *)data;
    check_live(ctx->c_rounds, "siphash_ctx_update after final (or before init)");
    if (len == 0)
        return;
    ctx->total += len;
    sip_state s = {ctx->v[0], ctx->v[1], ctx->v[2], ctx->v[3]};
    if (ctx->ntail) {
        /* Top up the pending word with one tail load of the bytes that fit
         * (never reading past p + len), not byte by byte. */
        size_t n = ctx->ntail, k = len < 8 - n ? len : 8 - n;
        ctx->tail |= sip_last_bytes64(p, k) << (8 * n);
        p += k;
        len -= k;
        if (n + k < 8) {
            ctx->ntail = (unsigned char)(n + k);
            return; /* state unchanged */
        }
        sip_absorb(&s, ctx->tail, ctx->c_rounds);
        ctx->tail = 0;
        ctx->ntail = 0;
    }
    sip_blocks(&s, p, len / 8, ctx->c_rounds);
    ctx->tail = sip_last_bytes64(p, len);
    ctx->ntail = (unsigned char)(len & 7);
    ctx->v[0] = s.v0, ctx->v[1] = s.v1, ctx->v[2] = s.v2, ctx->v[3] = s.v3;
}

SIPHASH_API void (siphash_ctx_final)(siphash_ctx_t *ctx, uint8_t *out)
{
    check_live(ctx->c_rounds, "siphash_ctx_final after final (or before init)");
    sip_state s = {ctx->v[0], ctx->v[1], ctx->v[2], ctx->v[3]};
    int out128 = ctx->outlen == 16;
    sip_absorb(&s, ctx->total << 56 | ctx->tail, ctx->c_rounds);
    sip_store64(out, sip_finish1(&s, ctx->d_rounds, out128));
    if (out128)
        sip_store64(out + 8, sip_finish2(&s, ctx->d_rounds));
    siphash_wipe(&s, sizeof s);
    siphash_wipe(ctx, sizeof *ctx);
}

/* HalfSipHash: the same three functions as above, on 32-bit words and
 * 4-byte blocks.  Kept as a second copy on purpose: the word type, block
 * size, round and context type differ on nearly every line, and a macro
 * template over them would be harder to read than the two. */
SIPHASH_API void (halfsiphash_ctx_init)(halfsiphash_ctx_t *ctx, const halfsiphash_key_t *key,
                                      unsigned c_rounds, unsigned d_rounds, size_t outlen)
{
    check_rounds("halfsiphash_ctx_init", c_rounds, d_rounds);
    if (outlen != 4 && outlen != 8)
        sip_misuse("halfsiphash_ctx_init: outlen must be 4 or 8, got %lu", (unsigned long)outlen);
    halfsiphash_ctx_start_(ctx, key, c_rounds, d_rounds, outlen);
}

SIPHASH_API void (halfsiphash_ctx_update)(halfsiphash_ctx_t *ctx, const void *data, size_t len)
{
    const uint8_t *p = (const uint8_t *)data;
    check_live(ctx->c_rounds, "halfsiphash_ctx_update after final (or before init)");
    if (len == 0)
        return;
    ctx->total += len;
    hsip_state s = {ctx->v[0], ctx->v[1], ctx->v[2], ctx->v[3]};
    if (ctx->ntail) {
        size_t n = ctx->ntail, k = len < 4 - n ? len : 4 - n;
        ctx->tail |= sip_last_bytes32(p, k) << (8 * n);
        p += k;
        len -= k;
        if (n + k < 4) {
            ctx->ntail = (unsigned char)(n + k);
            return;
        }
        hsip_absorb(&s, ctx->tail, ctx->c_rounds);
        ctx->tail = 0;
        ctx->ntail = 0;
    }
    hsip_blocks(&s, p, len / 4, ctx->c_rounds);
    ctx->tail = sip_last_bytes32(p, len);
    ctx->ntail = (unsigned char)(len & 3);
    ctx->v[0] = s.v0, ctx->v[1] = s.v1, ctx->v[2] = s.v2, ctx->v[3] = s.v3;
}

SIPHASH_API void (halfsiphash_ctx_final)(halfsiphash_ctx_t *ctx, uint8_t *out)
{
    check_live(ctx->c_rounds, "halfsiphash_ctx_final after final (or before init)");
    hsip_state s = {ctx->v[0], ctx->v[1], ctx->v[2], ctx->v[3]};
    int out64 = ctx->outlen == 8;
    hsip_absorb(&s, (uint32_t)ctx->total << 24 | ctx->tail, ctx->c_rounds);
    sip_store32(out, hsip_finish1(&s, ctx->d_rounds, out64));
    if (out64)
        sip_store32(out + 4, hsip_finish2(&s, ctx->d_rounds));
    siphash_wipe(&s, sizeof s);
    siphash_wipe(ctx, sizeof *ctx);
}
