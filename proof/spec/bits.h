/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/bits.h — bit facts on unsigned words that WP 25 leaves to the
 * SMT solvers as uninterpreted "land"/"lor": each is an axiom here, and
 * each is checked once, for every 64-bit (or 32-bit) value, by Z3 on
 * bit-vectors (proof/bits.smt2, replayed by the proof step).
 */
#ifndef SIPHASH_PROOF_BITS_H
#define SIPHASH_PROOF_BITS_H

/*@ axiomatic SipBits {
      axiom land_7: \forall integer x; 0 <= x < 0x10000000000000000 ==> (x & 7) == x % 8;
      axiom land_3:  \forall integer x; 0 <= x < 0x10000000000000000 ==> (x & 3) == x % 4;
      axiom land_not7: \forall integer x; 0 <= x < 0x10000000000000000 ==>
        (x & 0xfffffffffffffff8) == x - x % 8;
      axiom land_1:  \forall integer x; 0 <= x < 0x10000000000000000 ==> (x & 1) == x % 2;
      axiom land_2:  \forall integer x; 0 <= x < 0x10000000000000000 ==>
        ((x & 2) != 0 <==> x % 4 >= 2);
      axiom land_4:  \forall integer x; 0 <= x < 0x10000000000000000 ==>
        ((x & 4) != 0 <==> x % 8 >= 4);
    }
*/

#endif
