/* SPDX-License-Identifier: MIT */
/*
 * internal.h — the library's scalar core, private to src/: the compiler
 * attributes, little-endian loads and stores, the tail loaders, the ASCII
 * case fold, and SipHash (64-bit words) and HalfSipHash (32-bit words) as
 * init / absorb / finish steps.  The round and the constants themselves are
 * defined once, in the public header (SIPHASH_PERMUTATION,
 * HSIPHASH_PERMUTATION, SIPHASH_CONST_*, HSIPHASH_CONST_*, SIPHASH_FINAL_*),
 * because its inline constant-length path needs them too.
 */
#ifndef SIPHASH_INTERNAL_H
#define SIPHASH_INTERNAL_H

#include "siphash.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- compiler attributes (the only place they are spelled) ------------- */

#if defined(__GNUC__) || defined(__clang__)
#define SIP_INLINE static inline __attribute__((always_inline))
#define SIP_NOINLINE __attribute__((noinline))
#define SIP_LIKELY(x) __builtin_expect(!!(x), 1)
/* Not exported, also when the library is compiled without a visibility
 * preset (one-file vendoring); PE has no visibility. */
#if defined(_WIN32) || defined(__CYGWIN__)
#define SIP_HIDDEN
#else
#define SIP_HIDDEN __attribute__((visibility("hidden")))
#endif
/* The hashing functions start on a 64-byte boundary: their straight-line
 * bodies (~500 bytes) then span the fewest fetch blocks and cache lines,
 * and their speed no longer depends on where the linker happens to put
 * them (measured: up to 4% either way for the same code). */
#define SIP_HOT __attribute__((aligned(64)))
#else
#define SIP_INLINE static inline
#define SIP_NOINLINE
#define SIP_LIKELY(x) (x)
#define SIP_HIDDEN
#define SIP_HOT
#endif

/* Fully unrolls the next loop (lanes, registers, rounds: all constant
 * counts), also at -O2, where GCC keeps vector loops rolled and the state
 * goes through memory (measured 2x slower than -O3). */
#if defined(__clang__)
#define SIP_UNROLL _Pragma("unroll")
#elif defined(__GNUC__) && __GNUC__ >= 8
#define SIP_UNROLL _Pragma("GCC unroll 16")
#else
#define SIP_UNROLL
#endif

/* ---- byte order ------------------------------------------------------- */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SIP_LITTLE_ENDIAN 1
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SIP_LITTLE_ENDIAN 0
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86) || defined(_M_ARM64))
#define SIP_LITTLE_ENDIAN 1
#else
#error "cannot tell the byte order of this target"
#endif

SIP_INLINE uint64_t sip_bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    x = (x & 0x00000000ffffffffULL) << 32 | x >> 32;
    x = (x & 0x0000ffff0000ffffULL) << 16 | (x & 0xffff0000ffff0000ULL) >> 16;
    return (x & 0x00ff00ff00ff00ffULL) << 8 | (x & 0xff00ff00ff00ff00ULL) >> 8;
#endif
}

SIP_INLINE uint32_t sip_bswap32(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap32(x);
#else
    return x << 24 | (x & 0xff00u) << 8 | (x >> 8 & 0xff00u) | x >> 24;
#endif
}

/* Loads and stores go through memcpy: any alignment, no aliasing UB. */
/* The ACSL contracts (comments to the compiler) are what the proof step
 * (.ci/proof.sh, docs/proof.md) checks.  WP takes these five memcpy
 * helpers' contracts on trust (it has no model of memcpy into an integer);
 * EVA checks their bodies (proof/eva/loads.c). */
/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    SIP_FUNC(ensures func: \result == le_bytes(p, 8);) */
SIP_INLINE uint64_t sip_load64(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return SIP_LITTLE_ENDIAN ? x : sip_bswap64(x);
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    SIP_FUNC(ensures func: \result == le_bytes(p, 4);) */
SIP_INLINE uint32_t sip_load32(const uint8_t *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return SIP_LITTLE_ENDIAN ? x : sip_bswap32(x);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    SIP_FUNC(ensures func: le_stored(p, x);) */
SIP_INLINE void sip_store64(uint8_t *p, uint64_t x)
{
    x = SIP_LITTLE_ENDIAN ? x : sip_bswap64(x);
    memcpy(p, &x, 8);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3]; */
SIP_INLINE void sip_store32(uint8_t *p, uint32_t x)
{
    x = SIP_LITTLE_ENDIAN ? x : sip_bswap32(x);
    memcpy(p, &x, 4);
}

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    SIP_FUNC(ensures func: \result == le_bytes(p, 2) && \result < 0x10000;) */
SIP_INLINE uint32_t sip_load16(const uint8_t *p)
{
    uint16_t x;
    memcpy(&x, p, 2);
#if SIP_LITTLE_ENDIAN
    return x;
#else
    return (uint32_t)(x >> 8 | (uint16_t)(x << 8));
#endif
}

/* The final partial block of a HalfSipHash message (4-byte blocks),
 * p[at .. at+r-1] with 0 < r < 4: 2 bytes at at and 1 at at + (r & 2),
 * for the reason given at sip_last_block64 below; also its low part. */
/*@ requires 0 < r < 4 && at + r <= SIZE_MAX && \valid_read(p + (at .. at + r - 1));
    assigns \nothing;
    SIP_FUNC(ensures func: \result == le_bytes(p + at, r) && \result < 0x1000000;) */
SIP_INLINE uint32_t sip_last_block32(const uint8_t *p, size_t at, size_t r)
{
    if (r & 2) {
        const uint32_t t = sip_load16(p + at);
        return r & 1 ? t | (uint32_t)p[at + 2] << 16 : t;
    }
    return p[at];
}

/* sip_last_bytes64 below for 4-byte blocks: the last len & 3 bytes. */
/*@ requires \valid_read(p + (0 .. len - 1));
    assigns \nothing; */
SIP_INLINE uint32_t sip_last_bytes32(const uint8_t *p, size_t len)
{
    const size_t r = len & 3;
    return r ? sip_last_block32(p, len - r, r) : 0;
}

/*
 * The final partial block of a message, p[at .. at+r-1] (0 < r < 8, at a
 * multiple of 8), as a little-endian integer: what every tail is read with
 * (the one-shot, streaming and batch code).  Read only inside that block,
 * in naturally aligned pieces (relative to p): 4 bytes at at, 2 at
 * at + (r & 4), 1 at at + (r & 6), as Linux's byte switch and the header's
 * inline path do.
 * Why: a load is forwarded from an earlier store only when it lies inside
 * that one store (both x86 vendors' optimization manuals); otherwise it
 * waits for the store to reach the cache.  A key
 * built just before it is hashed (fields stored one by one, or an earlier
 * result written into its first word) is written in naturally aligned
 * stores of these sizes or larger, so each piece lies inside one of them.
 * An 8-byte load ending at the last byte (this library's loader until
 * 2026-12) reaches back into the previous block and straddles such stores
 * (a 12-byte key whose first 8 bytes were just stored: measured on Zen 3,
 * 15-50 % more latency through memory than Linux's byte switch).  The
 * pieces are chosen by the bits of r, never by the data, and every shift
 * is a constant; a 4-byte remainder (the commonest after none) takes a
 * single test past its load.
 */
/*@ requires 0 < r < 8 && at + r <= SIZE_MAX && \valid_read(p + (at .. at + r - 1));
    assigns \nothing;
    SIP_FUNC(ensures func: \result == le_bytes(p + at, r) && \result < 0x100000000000000;) */
SIP_INLINE uint64_t sip_last_block64(const uint8_t *p, size_t at, size_t r)
{
    if (r & 4) {
        const uint64_t t = sip_load32(p + at);
        return r & 3 ? t | (uint64_t)sip_last_block32(p, at + 4, r & 3) << 32 : t;
    }
    return sip_last_block32(p, at, r);
}

/*
 * ASCII case fold of 8 bytes at once: bytes 'A'..'Z' become 'a'..'z', every
 * other byte (including 0x80..0xff) is unchanged.  Branch-free word
 * arithmetic: on the low 7 bits of each byte (so no carry crosses a byte),
 * adding 0x3f sets bit 7 from 'A' (0x41) up and adding 0x25 from '[' (0x5b)
 * up; a byte is upper case when the first is set, the second is not and
 * the byte's own bit 7 is clear.  Upper-case bytes gain 0x20 (bit 7 moved
 * down two places).  Folding is idempotent and works on any byte lane, so
 * it commutes with the whole-byte shifts of the tail loaders.
 */
#define SIP_BYTES(b) ((uint64_t)(b) * 0x0101010101010101ULL)
/*@ assigns \nothing;
    SIP_NOCASE(ensures nocase: \result == sip_fold_word(x);) */
SIP_INLINE uint64_t sip_fold64(uint64_t x)
{
    const uint64_t lo7 = x & SIP_BYTES(0x7f);
    const uint64_t from_a = lo7 + SIP_BYTES(0x80 - 'A');
    const uint64_t past_z = lo7 + SIP_BYTES(0x80 - 'Z' - 1);
    const uint64_t upper = from_a & ~past_z & ~x & SIP_BYTES(0x80);
    return x | upper >> 2;
}

/* ---- SipHash (64-bit words) ------------------------------------------- */

typedef struct {
    uint64_t v0, v1, v2, v3;
} sip_state;

/*
 * The initial-state constants as data (sip_iv.c): the one-shot functions
 * xor them from memory instead of building them from 64-bit immediates.
 * "xor reg, [mem]" is one ALU operation where "movabs reg, imm64; xor" is
 * two, and a short hash is bound by ALU operations, not by loads: this
 * saves 4 of its ~120.  (The compiler cannot fold the values back in: it
 * does not see them here.)  Hidden: addressed PC-relative, not through the
 * GOT, in the shared library.
 */
SIP_HIDDEN extern const uint64_t sip_iv[4];

/* Misuse of the API (stream.c): "libsiphash: " and the printf-formatted
 * message on stderr, then abort().  For errors a caller cannot handle
 * because the function has no way to report them and carrying on would
 * hash wrong values or read wild memory. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2), noreturn))
#endif
SIP_HIDDEN void sip_misuse(const char *fmt, ...);

/* wide: the 128-bit output variant (v1 ^= 0xee). */
/*@ requires \valid_read(sip_iv + (0 .. 3));
    assigns \nothing;
    SIP_FUNC(ensures func: SIP_FIELDS_(\result, ==, sip_init_spec, k0, k1, wide);) */
SIP_INLINE sip_state sip_init(uint64_t k0, uint64_t k1, int wide)
{
    sip_state s = {sip_iv[0] ^ k0, sip_iv[1] ^ k1, sip_iv[2] ^ k0, sip_iv[3] ^ k1};
    if (wide)
        s.v1 ^= SIPHASH_FINAL_WIDE_;
    return s;
}

/* n rounds; with a constant n (the usual case) the loop unrolls away. */
/*@ requires \valid(s);
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, sip_rounds_spec, n, SIP_OLD_(*s));) */
SIP_INLINE void sip_rounds(sip_state *s, unsigned n)
{
    uint64_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
    /*@ loop invariant 0 <= i <= n;
        SIP_FUNC(loop invariant func: SIP_VARS_(==, sip_rounds_spec, i, SIP_PRE_(*s));)
        loop assigns i, v0, v1, v2, v3;
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++)
        SIPHASH_PERMUTATION(v0, v1, v2, v3);
    s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
}

/*@ requires \valid(s);
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, sip_compress, c, m, SIP_OLD_(*s));) */
SIP_INLINE void sip_absorb(sip_state *s, uint64_t m, unsigned c)
{
    s->v3 ^= m;
    sip_rounds(s, c);
    s->v0 ^= m;
}

/* First (or only) output word. */
/*@ requires \valid(s);
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, sip_rounds_spec, d, \old(s->v0), \old(s->v1),
                                       sip_xor(\old(s->v2), wide != 0 ? 0xee : 0xff),
                                       \old(s->v3));)
    SIP_FUNC(ensures func: \result == sip_xor(sip_xor(s->v0, s->v1), sip_xor(s->v2, s->v3));) */
SIP_INLINE uint64_t sip_finish1(sip_state *s, unsigned d, int wide)
{
    s->v2 ^= wide ? SIPHASH_FINAL_WIDE_ : SIPHASH_FINAL_;
    sip_rounds(s, d);
    return (s->v0 ^ s->v1) ^ (s->v2 ^ s->v3);
}

/* Second output word of the 128-bit variant. */
/*@ requires \valid(s);
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, sip_rounds_spec, d, \old(s->v0),
                                       sip_xor(\old(s->v1), 0xdd), \old(s->v2),
                                       \old(s->v3));)
    SIP_FUNC(ensures func: \result == sip_xor(sip_xor(s->v0, s->v1), sip_xor(s->v2, s->v3));) */
SIP_INLINE uint64_t sip_finish2(sip_state *s, unsigned d)
{
    s->v1 ^= SIPHASH_FINAL_SECOND_;
    sip_rounds(s, d);
    return (s->v0 ^ s->v1) ^ (s->v2 ^ s->v3);
}

/* A message word; fold (a constant) applies the ASCII case fold. */
/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    SIP_FUNC(ensures func: fold == 0 ==> \result == le_bytes(p, 8);)
    SIP_NOCASE(ensures nocase: fold != 0 ==> \result == sip_le_folded(p, 8);) */
SIP_INLINE uint64_t sip_word(const uint8_t *p, int fold)
{
    const uint64_t m = sip_load64(p);
    return fold ? sip_fold64(m) : m;
}

/* The last len & 7 bytes of a message (p[len - (len & 7) .. len-1]) as a
 * little-endian integer, read by sip_last_block64 from the final partial
 * block only; nothing outside p[0 .. len-1] is read.  The length test
 * comes first and the empty tail is a single predicted branch: this layout
 * measured 1-4 % lower latency on Zen 3 (gcc 12) at 8..24 bytes than the
 * same loads behind one "if (len & 7)" or an advancing block pointer. */
/*@ requires \valid_read(p + (0 .. len - 1));
    assigns \nothing;
    SIP_FUNC(ensures func: \result == le_bytes(p + (len - len % 8), len % 8);)
    SIP_FUNC(ensures func: \result < 0x100000000000000;) */
SIP_INLINE uint64_t sip_last_bytes64(const uint8_t *p, size_t len)
{
    const size_t r = len & 7;
    if (SIP_LIKELY(len >= 8))
        return r ? sip_last_block64(p, len - r, r) : 0;
    return r ? sip_last_block64(p, 0, r) : 0;
}

/* The final block: the length byte over the last len & 7 bytes (folded or
 * not; the length byte never is). */
/*@ requires \valid_read(p + (0 .. len - 1));
    assigns \nothing;
    SIP_FUNC(ensures func: fold == 0 ==> \result == sip_last_spec(p, len);)
    SIP_NOCASE(ensures nocase: fold != 0 ==> \result == (len % 256) * 0x100000000000000 +
                                         sip_le_folded(p + (len - len % 8), len % 8);) */
SIP_INLINE uint64_t sip_last_word(const uint8_t *p, size_t len, int fold)
{
    if (fold)
        return (uint64_t)len << 56 | sip_fold64(sip_last_bytes64(p, len));
    return (uint64_t)len << 56 | sip_last_bytes64(p, len);
}

/* One SipRound on four words passed and returned by value: sip_hash64's
 * round loops call it so that WP proves the round once, here, and uses
 * its contract there (a call is where WP cuts a goal's context: inline,
 * the round's goals drowned in the message's facts).  By value, not
 * through pointers to sip_hash64's locals or a loop over n rounds: gcc
 * and clang then compile sip_hash64 as with the round written in place
 * (clang 14 objects byte-identical; the other forms were 3-4 % slower with
 * clang, proof/wip/README.md). */
/*@ assigns \nothing;
    SIP_FUNC(ensures func: SIP_FIELDS_(\result, ==, sip_rounds_spec, 1, v0, v1, v2, v3);) */
SIP_INLINE sip_state sip_round_step(uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3)
{
    SIPHASH_PERMUTATION(v0, v1, v2, v3);
    const sip_state r = {v0, v1, v2, v3};
    return r;
}

/*
 * SipHash-c-d of a whole message with the 64-bit output: the core of the
 * one-shot functions.  Written on four local variables rather than with the
 * sip_state steps above: the steps are the same, but clang schedules this
 * form measurably better (2-4 % lower latency at 8..64 bytes; gcc is
 * unchanged; the rounds through sip_round_step compile the same).  Indexes
 * instead of advancing p, so a NULL p with len 0 sees no arithmetic (and
 * an advancing pointer, as Linux's loop has, measured no faster: 1-4 %
 * more latency at 1..24 bytes on Zen 3 with gcc 12).
 */
#ifdef SIP_PROOF_NOCASE
/* A ghost function (an annotation: no code is compiled from it) for one
 * step of sip_hash64's proof on the case-folded path: the state after the
 * final word's rounds, known as the spec's compression of the ghost
 * copies e0..e3 of the state before them, is sip_compressed of every
 * folded q.  Proved here, in a goal of its own, in well under a second
 * (CVC4); stated inside sip_hash64 it timed out whatever its shape: the
 * call is where WP cuts the rest of that function out of the goal
 * (proof/wip/README.md). */
/*@ ghost
  /@ requires nocase: \forall uint8_t *q; sip_folded(q, p, len) ==>
       b == sip_last_spec(q, len) &&
       e0 == sip_absorbed(0, q, len - len % 8, c, k0, k1, 0) &&
       e1 == sip_absorbed(1, q, len - len % 8, c, k0, k1, 0) &&
       e2 == sip_absorbed(2, q, len - len % 8, c, k0, k1, 0) &&
       e3 == sip_absorbed(3, q, len - len % 8, c, k0, k1, 0);
     requires nocase: SIP_VARS_(==, sip_compress, c, b, e0, e1, e2, e3);
     assigns \nothing;
     ensures nocase: \forall uint8_t *q; sip_folded(q, p, len) ==> v0 == sip_compressed(0, q, len, c, k0, k1, 0);
     ensures nocase: \forall uint8_t *q; sip_folded(q, p, len) ==> v1 == sip_compressed(1, q, len, c, k0, k1, 0);
     ensures nocase: \forall uint8_t *q; sip_folded(q, p, len) ==> v2 == sip_compressed(2, q, len, c, k0, k1, 0);
     ensures nocase: \forall uint8_t *q; sip_folded(q, p, len) ==> v3 == sip_compressed(3, q, len, c, k0, k1, 0);
  @/
  void sip_nocase_compressed(const uint8_t *p, size_t len, unsigned c, uint64_t k0, uint64_t k1,
                             uint64_t b, uint64_t e0, uint64_t e1, uint64_t e2, uint64_t e3,
                             uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3) {}
*/
#endif
/*@ requires \valid_read(p + (0 .. len - 1)) && \valid_read(sip_iv + (0 .. 3));
    assigns \nothing;
    SIP_FUNC(ensures func: fold == 0 ==> \result == siphash_spec(p, len, c, d, k0, k1);)
    SIP_NOCASE(ensures nocase: fold != 0 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                               \result == siphash_spec(q, len, c, d, k0, k1);) */
SIP_INLINE uint64_t sip_hash64(const uint8_t *p, size_t len, uint64_t k0, uint64_t k1,
                               unsigned c, unsigned d, int fold)
{
    uint64_t v0 = sip_iv[0] ^ k0, v1 = sip_iv[1] ^ k1;
    uint64_t v2 = sip_iv[2] ^ k0, v3 = sip_iv[3] ^ k1;
    uint64_t b;
    /* Messages shorter than a block on their own path: without the block
     * loop's registers live there, fewer callee-saved registers are needed
     * (gcc 12: one push at entry instead of two or three) and the path is
     * laid out straight (Zen 3: 3-8 % less latency at 1..4 bytes). */
    if (len < 8) {
        b = (uint64_t)len << 56;
        if (len) {
            const uint64_t t = sip_last_block64(p, 0, len);
            b |= fold ? sip_fold64(t) : t;
        }
#ifdef SIP_PROOF_NOCASE
        //@ assert nocase: fold != 0 ==> b == (len % 256) * 0x100000000000000 + sip_le_folded(p, len);
        /*@ assert nocase: fold != 0 ==> b == (len % 256) * 0x100000000000000 +
                                         sip_le_folded(p + (len - len % 8), len % 8); */
#endif
    } else {
        size_t full = len & ~(size_t)7;
        /*@ loop invariant 0 <= i <= full && i % 8 == 0;
            SIP_FUNC(loop invariant func: fold == 0 ==> v0 == sip_absorbed(0, p, i, c, k0, k1, 0);)
            SIP_FUNC(loop invariant func: fold == 0 ==> v1 == sip_absorbed(1, p, i, c, k0, k1, 0);)
            SIP_FUNC(loop invariant func: fold == 0 ==> v2 == sip_absorbed(2, p, i, c, k0, k1, 0);)
            SIP_FUNC(loop invariant func: fold == 0 ==> v3 == sip_absorbed(3, p, i, c, k0, k1, 0);)
            SIP_NOCASE(loop invariant nocase: fold != 0 ==> \forall uint8_t *q;
                         sip_folded(q, p, len) ==> SIP_VARS_(==, sip_absorbed, q, i, c, k0, k1, 0);)
            loop assigns i, v0, v1, v2, v3;
            loop variant full - i; */
        for (size_t i = 0; i < full; i += 8) {
            uint64_t m = sip_word(p + i, fold);
#ifdef SIP_PROOF_NOCASE
            /*@ assert nocase: fold != 0 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                               sip_folded_at(q, p, i, 8); */
            /*@ assert nocase: fold != 0 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                               m == le_bytes(q + i, 8); */
#endif
            v3 ^= m;
            /*@ loop invariant 0 <= j <= c;
                SIP_ROUNDS_INVARIANTS
                loop assigns j, v0, v1, v2, v3;
                loop variant c - j; */
            for (unsigned j = 0; j < c; j++) {
                const sip_state r = sip_round_step(v0, v1, v2, v3);
                v0 = r.v0, v1 = r.v1, v2 = r.v2, v3 = r.v3;
            }
            v0 ^= m;
        }
        b = sip_last_word(p, len, fold);
#ifdef SIP_PROOF_NOCASE
        //@ assert nocase: full == len - len % 8;
#endif
    }
#ifdef SIP_PROOF_FUNC
    //@ assert func: fold == 0 ==> b == sip_last_spec(p, len);
    //@ assert func: fold == 0 ==> v0 == sip_absorbed(0, p, len - len % 8, c, k0, k1, 0);
    //@ assert func: fold == 0 ==> v1 == sip_absorbed(1, p, len - len % 8, c, k0, k1, 0);
    //@ assert func: fold == 0 ==> v2 == sip_absorbed(2, p, len - len % 8, c, k0, k1, 0);
    //@ assert func: fold == 0 ==> v3 == sip_absorbed(3, p, len - len % 8, c, k0, k1, 0);
#endif
#ifdef SIP_PROOF_NOCASE
    /* The state and final word of every case-folded string q: first for
     * the two paths at once without q, then for every q on each path, then
     * on both (the facts of each path about every q, merged at once, timed
     * out). */
    /*@ assert nocase: len < 8 ==> v0 == sip_init_spec(0, k0, k1, 0) &&
                       v1 == sip_init_spec(1, k0, k1, 0) && v2 == sip_init_spec(2, k0, k1, 0) &&
                       v3 == sip_init_spec(3, k0, k1, 0); */
    /*@ assert nocase: fold != 0 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                       sip_folded_at(q, p, len - len % 8, len % 8); */
    /*@ assert nocase: fold != 0 && len < 8 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                       b == sip_last_spec(q, len); */
    /*@ assert nocase: fold != 0 && len >= 8 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                       b == sip_last_spec(q, len); */
    /*@ assert nocase: fold != 0 && len < 8 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                       SIP_VARS_(==, sip_absorbed, q, len - len % 8, c, k0, k1, 0); */
    /*@ assert nocase: fold != 0 && len >= 8 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                       SIP_VARS_(==, sip_absorbed, q, len - len % 8, c, k0, k1, 0); */
    /*@ assert nocase: fold != 0 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                       b == sip_last_spec(q, len) &&
                       SIP_VARS_(==, sip_absorbed, q, len - len % 8, c, k0, k1, 0); */
    /* the state before the final word, for sip_nocase_compressed */
    //@ ghost uint64_t e0 = v0, e1 = v1, e2 = v2, e3 = v3;
#endif
    v3 ^= b;
    /*@ loop invariant 0 <= j <= c;
        SIP_ROUNDS_INVARIANTS
        loop assigns j, v0, v1, v2, v3;
        loop variant c - j; */
    for (unsigned j = 0; j < c; j++) {
        const sip_state r = sip_round_step(v0, v1, v2, v3);
        v0 = r.v0, v1 = r.v1, v2 = r.v2, v3 = r.v3;
    }
    v0 ^= b;
#ifdef SIP_PROOF_FUNC
    //@ assert func: fold == 0 ==> v0 == sip_compressed(0, p, len, c, k0, k1, 0);
    //@ assert func: fold == 0 ==> v1 == sip_compressed(1, p, len, c, k0, k1, 0);
    //@ assert func: fold == 0 ==> v2 == sip_compressed(2, p, len, c, k0, k1, 0);
    //@ assert func: fold == 0 ==> v3 == sip_compressed(3, p, len, c, k0, k1, 0);
#endif
#ifdef SIP_PROOF_NOCASE
    //@ assert nocase: SIP_VARS_(==, sip_compress, c, b, e0, e1, e2, e3);
    //@ ghost if (fold) sip_nocase_compressed(p, len, c, k0, k1, b, e0, e1, e2, e3, v0, v1, v2, v3);
    /*@ assert nocase: fold != 0 ==> \forall uint8_t *q; sip_folded(q, p, len) ==>
                       SIP_VARS_(==, sip_compressed, q, len, c, k0, k1, 0); */
#endif
    v2 ^= SIPHASH_FINAL_;
    /*@ loop invariant 0 <= j <= d;
        SIP_ROUNDS_INVARIANTS
        loop assigns j, v0, v1, v2, v3;
        loop variant d - j; */
    for (unsigned j = 0; j < d; j++) {
        const sip_state r = sip_round_step(v0, v1, v2, v3);
        v0 = r.v0, v1 = r.v1, v2 = r.v2, v3 = r.v3;
    }
    return (v0 ^ v1) ^ (v2 ^ v3);
}

/* ---- HalfSipHash (32-bit words) --------------------------------------- */

/* The same steps as SipHash's above on 32-bit words, with the HalfSipHash
 * round; one output word is v1 ^ v3 there, as the reference defines it.
 * A second copy on purpose (one core per word size): every type and the
 * round differ, and a template over the word size would obscure both. */
typedef struct {
    uint32_t v0, v1, v2, v3;
} hsip_state;

/*@ assigns \nothing;
    SIP_FUNC(ensures func: SIP_FIELDS_(\result, ==, hsip_init_spec, k0, k1, wide);) */
SIP_INLINE hsip_state hsip_init(uint32_t k0, uint32_t k1, int wide)
{
    hsip_state s = {HSIPHASH_CONST_0 ^ k0, HSIPHASH_CONST_1 ^ k1, HSIPHASH_CONST_2 ^ k0,
                    HSIPHASH_CONST_3 ^ k1};
    if (wide)
        s.v1 ^= SIPHASH_FINAL_WIDE_;
    return s;
}

/*@ requires \valid(s);
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, hsip_rounds_spec, n, SIP_OLD_(*s));) */
SIP_INLINE void hsip_rounds(hsip_state *s, unsigned n)
{
    uint32_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
    /*@ loop invariant 0 <= i <= n;
        SIP_FUNC(loop invariant func: SIP_VARS_(==, hsip_rounds_spec, i, SIP_PRE_(*s));)
        loop assigns i, v0, v1, v2, v3;
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++)
        HSIPHASH_PERMUTATION(v0, v1, v2, v3);
    s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
}

/*@ requires \valid(s);
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, hsip_compress, c, m, SIP_OLD_(*s));) */
SIP_INLINE void hsip_absorb(hsip_state *s, uint32_t m, unsigned c)
{
    s->v3 ^= m;
    hsip_rounds(s, c);
    s->v0 ^= m;
}

/*@ requires \valid(s);
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, hsip_rounds_spec, d, \old(s->v0), \old(s->v1),
                                       hsip_xor(\old(s->v2), wide != 0 ? 0xee : 0xff),
                                       \old(s->v3));)
    SIP_FUNC(ensures func: \result == hsip_xor(s->v1, s->v3);) */
SIP_INLINE uint32_t hsip_finish1(hsip_state *s, unsigned d, int wide)
{
    s->v2 ^= wide ? SIPHASH_FINAL_WIDE_ : SIPHASH_FINAL_;
    hsip_rounds(s, d);
    return s->v1 ^ s->v3;
}

/*@ requires \valid(s);
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, hsip_rounds_spec, d, \old(s->v0),
                                       hsip_xor(\old(s->v1), 0xdd), \old(s->v2),
                                       \old(s->v3));)
    SIP_FUNC(ensures func: \result == hsip_xor(s->v1, s->v3);) */
SIP_INLINE uint32_t hsip_finish2(hsip_state *s, unsigned d)
{
    s->v1 ^= SIPHASH_FINAL_SECOND_;
    hsip_rounds(s, d);
    return s->v1 ^ s->v3;
}

/* A whole message (the one-shot functions); the final block as
 * sip_last_word builds it for SipHash. */
/*@ requires \valid(s) && \valid_read(p + (0 .. len - 1));
    assigns *s;
    SIP_FUNC(ensures func: SIP_FIELDS_(*s, ==, hsip_compress_all, p, len, c, SIP_OLD_(*s));) */
SIP_INLINE void hsip_absorb_all(hsip_state *s, const uint8_t *p, size_t len, unsigned c)
{
    const size_t r = len & 3, full = len - r;
#ifdef SIP_PROOF_FUNC
    //@ assert func: full == len - len % 4; // (size_t wraps: the 32-bit build's proof needs it)
#endif
    /*@ loop invariant 0 <= i <= full && i % 4 == 0;
        SIP_FUNC(loop invariant func:
                   SIP_FIELDS_(*s, ==, hsip_absorb_from, p, i, c, SIP_PRE_(*s));)
        loop assigns i, *s;
        loop variant full - i; */
    for (size_t i = 0; i < full; i += 4)
        hsip_absorb(s, sip_load32(p + i), c);
    uint32_t b = (uint32_t)len << 24;
    if (r)
        b |= sip_last_block32(p, full, r);
#ifdef SIP_PROOF_FUNC
    //@ assert func: b == hsip_last_spec(p, len);
#endif
    hsip_absorb(s, b, c);
}

#endif /* SIPHASH_INTERNAL_H */
