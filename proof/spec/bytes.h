/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/bytes.h — byte strings as numbers: le_bytes(p, n) is the
 * little-endian value of the n bytes p[0 .. n-1], the way the SipHash paper
 * reads a message block (byte i has weight 256^i).  Defined from the front
 * (p[0] + 256 * the rest) rather than with powers: the solvers then unfold
 * it a byte at a time without any exponentiation.
 */
#ifndef SIPHASH_PROOF_BYTES_H
#define SIPHASH_PROOF_BYTES_H

#include <stdint.h>

/*@ logic integer le_bytes{L}(uint8_t *p, integer n) =
      n <= 0 ? 0 : p[0] + 256 * le_bytes(p + 1, n - 1);
*/

/* Stepping stones for the tail readers, each proved by the solvers from the
 * definition and the ones before it (WP proves them as goals of the unit
 * func, -DSIP_PROOF_FUNC, then uses them; the other units do not see them). */
#ifdef SIP_PROOF_FUNC
/*@
    lemma le_bytes_1{L}: \forall uint8_t *p; le_bytes(p, 1) == p[0];
    lemma le_bytes_2{L}: \forall uint8_t *p; le_bytes(p, 2) == p[0] + 0x100 * p[1];
    lemma le_bytes_3{L}: \forall uint8_t *p; le_bytes(p, 3) == le_bytes(p, 2) + 0x10000 * p[2];
    lemma le_bytes_range2{L}: \forall uint8_t *p; 0 <= le_bytes(p, 2) < 0x10000;
    lemma le_bytes_range3{L}: \forall uint8_t *p; 0 <= le_bytes(p, 3) < 0x1000000;
    lemma le_bytes_4_1{L}: \forall uint8_t *p;
      le_bytes(p, 5) == le_bytes(p, 4) + 0x100000000 * le_bytes(p + 4, 1);
    lemma le_bytes_4_2{L}: \forall uint8_t *p;
      le_bytes(p, 6) == le_bytes(p, 4) + 0x100000000 * le_bytes(p + 4, 2);
    lemma le_bytes_4_3{L}: \forall uint8_t *p;
      le_bytes(p, 7) == le_bytes(p, 4) + 0x100000000 * le_bytes(p + 4, 3);
*/
#endif

#endif
