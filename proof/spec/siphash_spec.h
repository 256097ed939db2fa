/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/siphash_spec.h — SipHash-c-d as Aumasson and Bernstein's paper
 * ("SipHash: a fast short-input PRF", 2012, section 2) defines it, in ACSL
 * logic, written from the paper and not from the C: the functional
 * contracts of src/ (named "func", replayed by proof/prove.sh's unit func)
 * say that the C computes these functions.
 *
 * Words are integers in [0, 2^64); (uint64_t)(x) is x mod 2^64 (written
 * also around ^, where it changes nothing, so that the terms are the
 * ones WP makes of the C).  The state
 * is four words v0..v3; a logic function returning a state would need
 * record extensionality, which SMT solvers lack, so every state-valued
 * function here is one function of a field index f in 0..3.
 *
 * The message is the len bytes at p; word i (0 <= i < len / 8) is the
 * little-endian value of bytes 8i .. 8i+7 (le_bytes, proof/spec/bytes.h);
 * the final word holds the len mod 8 remaining bytes, little-endian, and
 * (len mod 256) in its top byte.  The key is its two little-endian words
 * k0, k1 (siphash_key_t's key[0], key[1]).
 */
#ifndef SIPHASH_PROOF_SIPHASH_SPEC_H
#define SIPHASH_PROOF_SIPHASH_SPEC_H

#include "bytes.h"

/*@
  // x <<< b on 64-bit words, 0 < b < 64: the bits shifted out at the top
  // come back in at the bottom.
  logic integer sip_rotl(integer x, integer b) =
    (uint64_t)((uint64_t)(x << b) | (x >> (64 - b)));

  logic integer sip_add(integer x, integer y) = (uint64_t)(x + y);
  // ^ through sip_lxor (proof/spec/bits.h), which carries its commutativity
  // to the solvers
  logic integer sip_xor(integer x, integer y) = (uint64_t)sip_lxor(x, y);

  // One SipRound (the paper's figure 2.2), field f of the new state.
  logic integer sip_round(integer f, integer v0, integer v1, integer v2, integer v3) =
    \let a0 = sip_add(v0, v1);          // v0 += v1
    \let a1 = sip_xor(sip_rotl(v1, 13), a0);    // v1 <<<= 13; v1 ^= v0
    \let b0 = sip_rotl(a0, 32);         // v0 <<<= 32
    \let a2 = sip_add(v2, v3);          // v2 += v3
    \let a3 = sip_xor(sip_rotl(v3, 16), a2);    // v3 <<<= 16; v3 ^= v2
    \let c0 = sip_add(b0, a3);          // v0 += v3
    \let b3 = sip_xor(sip_rotl(a3, 21), c0);    // v3 <<<= 21; v3 ^= v0
    \let b2 = sip_add(a2, a1);          // v2 += v1
    \let b1 = sip_xor(sip_rotl(a1, 17), b2);    // v1 <<<= 17; v1 ^= v2
    \let c2 = sip_rotl(b2, 32);         // v2 <<<= 32
    f == 0 ? c0 : f == 1 ? b1 : f == 2 ? c2 : b3;

  logic integer sip_field(integer f, integer v0, integer v1, integer v2, integer v3) =
    f == 0 ? v0 : f == 1 ? v1 : f == 2 ? v2 : v3;

  // n SipRounds: field f of the state after n rounds from v0..v3.
  logic integer sip_rounds_spec(integer f, integer n,
                                integer v0, integer v1, integer v2, integer v3) =
    n <= 0 ? sip_field(f, v0, v1, v2, v3) :
    sip_round(f, sip_rounds_spec(0, n - 1, v0, v1, v2, v3),
                 sip_rounds_spec(1, n - 1, v0, v1, v2, v3),
                 sip_rounds_spec(2, n - 1, v0, v1, v2, v3),
                 sip_rounds_spec(3, n - 1, v0, v1, v2, v3));

  // Compression of a word m: v3 ^= m; c SipRounds; v0 ^= m.
  logic integer sip_compress(integer f, integer c, integer m,
                             integer v0, integer v1, integer v2, integer v3) =
    \let r = sip_rounds_spec(f, c, v0, v1, v2, sip_xor(v3, m));
    f == 0 ? sip_xor(r, m) : r;

  // Initialization: the key xored into "somepseudorandomlygeneratedbytes";
  // the 128-bit output mode also xors 0xee into v1 (the reference
  // implementation's README).
  logic integer sip_init_spec(integer f, integer k0, integer k1, integer wide) =
    f == 0 ? sip_xor(k0, 0x736f6d6570736575) :
    f == 1 ? (wide != 0 ? sip_xor(sip_xor(k1, 0x646f72616e646f6d), 0xee) :
                          sip_xor(k1, 0x646f72616e646f6d)) :
    f == 2 ? sip_xor(k0, 0x6c7967656e657261) :
             sip_xor(k1, 0x7465646279746573);

  // The state after the words of bytes 0 .. i-1 (i a multiple of 8).
  logic integer sip_absorbed{L}(integer f, uint8_t *p, integer i, integer c,
                                integer k0, integer k1, integer wide) =
    i <= 0 ? sip_init_spec(f, k0, k1, wide) :
    sip_compress(f, c, le_bytes(p + (i - 8), 8),
                 sip_absorbed(0, p, i - 8, c, k0, k1, wide),
                 sip_absorbed(1, p, i - 8, c, k0, k1, wide),
                 sip_absorbed(2, p, i - 8, c, k0, k1, wide),
                 sip_absorbed(3, p, i - 8, c, k0, k1, wide));

  // The final word: the len mod 8 last bytes and len mod 256 on top.
  logic integer sip_last_spec{L}(uint8_t *p, integer len) =
    (len % 256) * 0x100000000000000 + le_bytes(p + (len - len % 8), len % 8);

  // The state after every word, the final one included.
  logic integer sip_compressed{L}(integer f, uint8_t *p, integer len, integer c,
                                  integer k0, integer k1, integer wide) =
    \let full = len - len % 8;
    sip_compress(f, c, sip_last_spec(p, len),
                 sip_absorbed(0, p, full, c, k0, k1, wide),
                 sip_absorbed(1, p, full, c, k0, k1, wide),
                 sip_absorbed(2, p, full, c, k0, k1, wide),
                 sip_absorbed(3, p, full, c, k0, k1, wide));

  // Finalization: v2 ^= x (0xff; 0xee for the 128-bit mode's first word),
  // d SipRounds, field f.
  logic integer sip_final_state{L}(integer f, uint8_t *p, integer len, integer c,
                                   integer d, integer k0, integer k1, integer wide) =
    \let x = wide != 0 ? 0xee : 0xff;
    sip_rounds_spec(f, d, sip_compressed(0, p, len, c, k0, k1, wide),
                          sip_compressed(1, p, len, c, k0, k1, wide),
                          sip_xor(sip_compressed(2, p, len, c, k0, k1, wide), x),
                          sip_compressed(3, p, len, c, k0, k1, wide));

  // SipHash-c-d(k0 k1, p[0 .. len-1]), the 64-bit output: v0^v1^v2^v3.
  logic integer siphash_spec{L}(uint8_t *p, integer len, integer c, integer d,
                                integer k0, integer k1) =
    sip_xor(sip_xor(sip_final_state(0, p, len, c, d, k0, k1, 0), sip_final_state(1, p, len, c, d, k0, k1, 0)),
            sip_xor(sip_final_state(2, p, len, c, d, k0, k1, 0), sip_final_state(3, p, len, c, d, k0, k1, 0)));

  // The 128-bit output (README of the reference implementation): the
  // first word as above with 0xee; then v1 ^= 0xdd, d more SipRounds, and
  // the xor of the four words again.
  logic integer siphash128_lo_spec{L}(uint8_t *p, integer len, integer c, integer d,
                                      integer k0, integer k1) =
    sip_xor(sip_xor(sip_final_state(0, p, len, c, d, k0, k1, 1), sip_final_state(1, p, len, c, d, k0, k1, 1)),
            sip_xor(sip_final_state(2, p, len, c, d, k0, k1, 1), sip_final_state(3, p, len, c, d, k0, k1, 1)));

  logic integer sip_second_state{L}(integer f, uint8_t *p, integer len, integer c,
                                    integer d, integer k0, integer k1) =
    sip_rounds_spec(f, d, sip_final_state(0, p, len, c, d, k0, k1, 1),
                          sip_xor(sip_final_state(1, p, len, c, d, k0, k1, 1), 0xdd),
                          sip_final_state(2, p, len, c, d, k0, k1, 1),
                          sip_final_state(3, p, len, c, d, k0, k1, 1));

  logic integer siphash128_hi_spec{L}(uint8_t *p, integer len, integer c, integer d,
                                      integer k0, integer k1) =
    sip_xor(sip_xor(sip_second_state(0, p, len, c, d, k0, k1), sip_second_state(1, p, len, c, d, k0, k1)),
            sip_xor(sip_second_state(2, p, len, c, d, k0, k1), sip_second_state(3, p, len, c, d, k0, k1)));
*/

#endif
