/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/bytes.h — byte strings as numbers: le_bytes(p, n) is the
 * little-endian value of the n bytes p[0 .. n-1], the way the SipHash paper
 * reads a message block (byte i has weight 256^i), for the sizes SipHash
 * reads, n <= 8 (a word; the definition stops at 8 bytes): the sum
 * written out.  Not recursive on purpose: a recursive definition reaches
 * the SMT solvers as an axiom they unfold without end (goals that mention
 * le_bytes timed out so).  (uint8_t) around a byte changes nothing (WP
 * drops it: its model takes a byte read from memory to be in 0 .. 255).
 */
#ifndef SIPHASH_PROOF_BYTES_H
#define SIPHASH_PROOF_BYTES_H

#include <stdint.h>

/*@ logic integer le_bytes{L}(uint8_t *p, integer n) =
        (n > 0 ? (uint8_t)p[0] : 0)
      + (n > 1 ? 0x100 * (uint8_t)p[1] : 0)
      + (n > 2 ? 0x10000 * (uint8_t)p[2] : 0)
      + (n > 3 ? 0x1000000 * (uint8_t)p[3] : 0)
      + (n > 4 ? 0x100000000 * (uint8_t)p[4] : 0)
      + (n > 5 ? 0x10000000000 * (uint8_t)p[5] : 0)
      + (n > 6 ? 0x1000000000000 * (uint8_t)p[6] : 0)
      + (n > 7 ? 0x100000000000000 * (uint8_t)p[7] : 0);
*/

/* What a little-endian store of the 64-bit x leaves at p: byte i is
 * x / 256^i mod 256.  Byte by byte, not as le_bytes(p, 8) == x: a later
 * store to other bytes then leaves it standing by WP's memory model alone,
 * where a sum over memory needs the solvers to see that no term changed. */
/*@ logic integer le_byte(integer x, integer i) = (x / (1 << (8 * i))) % 0x100;
    predicate le_stored{L}(uint8_t *p, integer x) =
      \forall integer i; 0 <= i < 8 ==> p[i] == le_byte(x, i);
*/

/* The message of a fixed-size function (siphash_2u64(a, b, key) hashes the
 * 16 bytes whose little-endian words are a and b): m's first n 8-byte
 * words (le_u64s) or 4-byte words (le_u32s) are a, b, c, d in order (the
 * unused ones are not read: pass 0). */
/*@ predicate le_u64s{L}(uint8_t *m, integer n, integer a, integer b, integer c, integer d) =
      le_bytes(m, 8) == a && (n >= 2 ==> le_bytes(m + 8, 8) == b) &&
      (n >= 3 ==> le_bytes(m + 16, 8) == c) && (n >= 4 ==> le_bytes(m + 24, 8) == d);
    predicate le_u32s{L}(uint8_t *m, integer n, integer a, integer b, integer c, integer d) =
      le_bytes(m, 4) == a && (n >= 2 ==> le_bytes(m + 4, 4) == b) &&
      (n >= 3 ==> le_bytes(m + 8, 4) == c) && (n >= 4 ==> le_bytes(m + 12, 4) == d);
*/

/* Stepping stones for the tail readers (the bytes of a 4-byte block's
 * second half, the sizes 5..7 split at 4), each proved by the solvers from the
 * axioms and the lemmas before it (WP proves them as goals of the unit
 * func, -DSIP_PROOF_FUNC, then uses them; the other units do not see them). */
#ifdef SIP_PROOF_FUNC
/*@ // Trusted: a byte in memory is in 0 .. 255.  WP's model assumes it (its
    // simplifier drops (uint8_t) on a byte read) but states it to the
    // solvers only for the values a goal names, not for the bytes inside
    // le_bytes; these two are that fact for the sums the tail readers use.
    axiomatic LeBytesRange {
      axiom le_bytes_range2{L}: \forall uint8_t *p; 0 <= le_bytes(p, 2) < 0x10000;
      axiom le_bytes_range3{L}: \forall uint8_t *p; 0 <= le_bytes(p, 3) < 0x1000000;
    }
*/
/*@
    lemma le_bytes_b1{L}: \forall uint8_t *p; le_bytes(p, 1) == p[0];
    lemma le_bytes_b2{L}: \forall uint8_t *p; le_bytes(p, 2) == p[0] + 0x100 * p[1];
    lemma le_bytes_b3{L}: \forall uint8_t *p; le_bytes(p, 3) == le_bytes(p, 2) + 0x10000 * p[2];
    lemma le_bytes_s1{L}: \forall uint8_t *p; le_bytes(p + 4, 1) == (uint8_t)p[4];
    lemma le_bytes_s2{L}: \forall uint8_t *p;
      le_bytes(p + 4, 2) == (uint8_t)p[4] + 0x100 * (uint8_t)p[5];
    lemma le_bytes_s3{L}: \forall uint8_t *p;
      le_bytes(p + 4, 3) == (uint8_t)p[4] + 0x100 * (uint8_t)p[5] + 0x10000 * (uint8_t)p[6];
    lemma le_bytes_4_1{L}: \forall uint8_t *p;
      le_bytes(p, 5) == le_bytes(p, 4) + 0x100000000 * le_bytes(p + 4, 1);
    lemma le_bytes_4_2{L}: \forall uint8_t *p;
      le_bytes(p, 6) == le_bytes(p, 4) + 0x100000000 * le_bytes(p + 4, 2);
    lemma le_bytes_4_3{L}: \forall uint8_t *p;
      le_bytes(p, 7) == le_bytes(p, 4) + 0x100000000 * le_bytes(p + 4, 3);
    // a word as two 32-bit halves (the fixed-size functions' u32 pairs)
    lemma le_bytes_4_4{L}: \forall uint8_t *p;
      le_bytes(p, 8) == le_bytes(p, 4) + 0x100000000 * le_bytes(p + 4, 4);
    lemma le_bytes_4_4_at8{L}: \forall uint8_t *p;
      le_bytes(p + 8, 8) == le_bytes(p + 8, 4) + 0x100000000 * le_bytes(p + 12, 4);
*/
#endif

#endif
