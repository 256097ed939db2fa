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

/* The same mask in a 32-bit build (size_t of 32 bits: ~(size_t)7), only
 * for the unit rte32's run on sip_hash64 and sip_hash128, whose block
 * loops use it (-DSIP_PROOF_ILP32): in scope everywhere, it slowed
 * sip_hash64's functional assertions from 0.2 s to 18-22 s (CVC4) and
 * sip_last_block32's memory access at x86_32 from 1.2 to 14.8 s (Z3),
 * and under CI's load they timed out. */
#ifdef SIP_PROOF_ILP32
/*@ axiomatic SipBits32 {
      axiom land_not7_32: \forall integer x; 0 <= x < 0x100000000 ==>
        (x & 0xfffffff8) == x - x % 8;
    }
*/
#endif

/* The facts of the functional proof (the unit func of proof/prove.sh,
 * -DSIP_PROOF_FUNC; prelude.h): the other units do not see them. */
#ifdef SIP_PROOF_FUNC
/*@ // x ^ y under a name: WP's simplifier orders the operands of ^ its own
    // way and proves "x ^ y == y ^ x" to "true" before any solver sees it,
    // so commutativity reaches Z3 and CVC4 only as this axiom (lxor_comm).
    logic integer sip_lxor(integer x, integer y) = x ^ y;
*/
/*@ axiomatic SipBitsFunc {
      axiom lxor_comm: \forall integer x, y; sip_lxor(x, y) == sip_lxor(y, x);
      // the other bit tests of the tail readers (Qed reads x & 1 in a test
      // as bit 0 of x)
      axiom land_1t: \forall integer x; 0 <= x < 0x10000000000000000 ==>
        ((x & 1) != 0 <==> x % 2 == 1);
      // | of two words whose set bits are disjoint is their sum: the tail
      // readers and the length byte assemble little-endian words this way
      axiom lor_16: \forall integer a, b; 0 <= a < 0x10000 && 0 <= b < 0x10000 ==>
        (a | (uint32_t)(b << 16)) == a + b * 0x10000;
      axiom lor_32: \forall integer a, b; 0 <= a < 0x100000000 && 0 <= b < 0x100000000 ==>
        (a | (uint64_t)(b << 32)) == a + b * 0x100000000;
      // the length byte: len << 56 keeps len mod 256, over the tail bytes
      axiom shl_56: \forall integer x; 0 <= x < 0x10000000000000000 ==>
        (uint64_t)(x << 56) == (x % 256) * 0x100000000000000;
      axiom lor_56: \forall integer x, a; 0 <= x < 0x10000000000000000 &&
        0 <= a < 0x100000000000000 ==>
        ((uint64_t)(x << 56) | a) == (x % 256) * 0x100000000000000 + a;
      // the same for any word over 2^56 and any below: WP's simplifier
      // orders the operands of | by their form, differently in an axiom
      // and in a goal, and the solvers do not know that | commutes (Why3
      // tells only Alt-Ergo), so the fact is stated in both orders (the
      // simplifier orders bound variables by name: hi, lo and a, z)
      axiom lor_lo_hi: \forall integer lo, hi; 0 <= lo < 0x100000000000000 &&
        0 <= hi < 0x10000000000000000 && hi % 0x100000000000000 == 0 ==>
        (lo | hi) == lo + hi;
      axiom lor_hi_lo: \forall integer a, z; 0 <= a < 0x100000000000000 &&
        0 <= z < 0x10000000000000000 && z % 0x100000000000000 == 0 ==>
        (z | a) == a + z;
      // HalfSipHash's length byte: (uint32_t)len << 24 keeps len mod 256,
      // over the tail bytes (both operand orders, as above)
      axiom shl_24: \forall integer x; 0 <= x < 0x10000000000000000 ==>
        (uint32_t)((uint32_t)x << 24) == (x % 256) * 0x1000000;
      axiom lor_24: \forall integer x, a; 0 <= x < 0x10000000000000000 &&
        0 <= a < 0x1000000 ==>
        ((uint32_t)((uint32_t)x << 24) | a) == (x % 256) * 0x1000000 + a;
      axiom lor_24r: \forall integer x, a; 0 <= x < 0x10000000000000000 &&
        0 <= a < 0x1000000 ==>
        (a | (uint32_t)((uint32_t)x << 24)) == (x % 256) * 0x1000000 + a;
    }
*/
#endif

#endif
