/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/bytes.h — byte strings as numbers: le_bytes(p, n) is the
 * little-endian value of the n bytes p[0 .. n-1], the way the SipHash paper
 * reads a message block (byte i has weight 256^i).
 */
#ifndef SIPHASH_PROOF_BYTES_H
#define SIPHASH_PROOF_BYTES_H

#include <stdint.h>

/*@ axiomatic LeBytes {
      logic integer le_bytes{L}(uint8_t *p, integer n)
        reads p[0 .. n - 1];
      axiom le_bytes_empty{L}: \forall uint8_t *p, integer n; n <= 0 ==> le_bytes(p, n) == 0;
      axiom le_bytes_step{L}: \forall uint8_t *p, integer n; n > 0 ==>
        le_bytes(p, n) == le_bytes(p, n - 1) + p[n - 1] * \pow(2, 8 * (n - 1));
    }
*/

#endif
