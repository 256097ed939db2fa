/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/halfsiphash_spec.h — HalfSipHash-c-d in ACSL logic, written
 * from its definition and not from the C: HalfSipHash is not in the
 * SipHash paper; its authors define it in the reference implementation
 * (halfsiphash.c of github.com/veorq/SipHash, whose README names it) as
 * SipHash on 32-bit words: the same construction (section 2 of "SipHash: a
 * fast short-input PRF", Aumasson and Bernstein, 2012) with a round of
 * rotations 5, 16, 8, 7, 13, 16, 4-byte message words, the length in the
 * final word's top byte, and the output v1 ^ v3 (32 bits) or two such
 * words (64 bits: v1 ^= 0xee at the start, 0xee instead of 0xff before the
 * first finalization, v1 ^= 0xdd before the second).  Linux's hsiphash()
 * on 32-bit machines is HalfSipHash-1-3 with the 32-bit output.
 *
 * Conventions as in proof/spec/siphash_spec.h: words are integers in
 * [0, 2^32); (uint32_t)(x) is x mod 2^32; the state is four words, and
 * every state-valued function is one function of a field index f in 0..3
 * (SMT solvers have no record extensionality).  The message is the len
 * bytes at p; word i (0 <= i < len / 4) is le_bytes(p + 4i, 4); the key is
 * its two little-endian words k0, k1 (halfsiphash_key_t's key[0], key[1]).
 * The 64-bit output is the reference's 8 output bytes read little-endian:
 * the first word in the low half (halfsiphash24_64's documented value).
 *
 * Seen only by the functional units of proof/prove.sh (-DSIP_PROOF_FUNC),
 * like the SipHash spec; the unit func-half proves that
 * halfsiphash{24,13}_{32,64} compute halfsiphash32_spec and
 * halfsiphash64_spec, and the unit spec evaluates these definitions on
 * the known-answer vectors (docs/proof.md).
 */
#ifndef SIPHASH_PROOF_HALFSIPHASH_SPEC_H
#define SIPHASH_PROOF_HALFSIPHASH_SPEC_H

#include "bytes.h"

/*@
  // x <<< b on 32-bit words, 0 < b < 32.
  logic integer hsip_rotl(integer x, integer b) =
    (uint32_t)((uint32_t)(x << b) | (x >> (32 - b)));

  logic integer hsip_add(integer x, integer y) = (uint32_t)(x + y);
  logic integer hsip_xor(integer x, integer y) = (uint32_t)sip_lxor(x, y);

  // One HalfSipRound, field f of the new state.
  logic integer hsip_round(integer f, integer v0, integer v1, integer v2, integer v3) =
    \let a0 = hsip_add(v0, v1);                 // v0 += v1
    \let a1 = hsip_xor(hsip_rotl(v1, 5), a0);   // v1 <<<= 5; v1 ^= v0
    \let b0 = hsip_rotl(a0, 16);                // v0 <<<= 16
    \let a2 = hsip_add(v2, v3);                 // v2 += v3
    \let a3 = hsip_xor(hsip_rotl(v3, 8), a2);   // v3 <<<= 8; v3 ^= v2
    \let c0 = hsip_add(b0, a3);                 // v0 += v3
    \let b3 = hsip_xor(hsip_rotl(a3, 7), c0);   // v3 <<<= 7; v3 ^= v0
    \let b2 = hsip_add(a2, a1);                 // v2 += v1
    \let b1 = hsip_xor(hsip_rotl(a1, 13), b2);  // v1 <<<= 13; v1 ^= v2
    \let c2 = hsip_rotl(b2, 16);                // v2 <<<= 16
    f == 0 ? c0 : f == 1 ? b1 : f == 2 ? c2 : b3;

  logic integer hsip_field(integer f, integer v0, integer v1, integer v2, integer v3) =
    f == 0 ? v0 : f == 1 ? v1 : f == 2 ? v2 : v3;

  // n HalfSipRounds: field f of the state after n rounds from v0..v3.
  logic integer hsip_rounds_spec(integer f, integer n,
                                 integer v0, integer v1, integer v2, integer v3) =
    n <= 0 ? hsip_field(f, v0, v1, v2, v3) :
    hsip_round(f, hsip_rounds_spec(0, n - 1, v0, v1, v2, v3),
                  hsip_rounds_spec(1, n - 1, v0, v1, v2, v3),
                  hsip_rounds_spec(2, n - 1, v0, v1, v2, v3),
                  hsip_rounds_spec(3, n - 1, v0, v1, v2, v3));

  // Compression of a word m: v3 ^= m; c rounds; v0 ^= m.
  logic integer hsip_compress(integer f, integer c, integer m,
                              integer v0, integer v1, integer v2, integer v3) =
    \let r = hsip_rounds_spec(f, c, v0, v1, v2, hsip_xor(v3, m));
    f == 0 ? hsip_xor(r, m) : r;

  // Initialization (the reference: v0 = 0, v1 = 0, v2 = "lyge",
  // v3 = "tedb" as little-endian words, then v3 ^= k1, v2 ^= k0, v1 ^= k1,
  // v0 ^= k0; the 64-bit output also v1 ^= 0xee).
  logic integer hsip_init_spec(integer f, integer k0, integer k1, integer wide) =
    f == 0 ? hsip_xor(k0, 0) :
    f == 1 ? (wide != 0 ? hsip_xor(hsip_xor(k1, 0), 0xee) : hsip_xor(k1, 0)) :
    f == 2 ? hsip_xor(k0, 0x6c796765) :
             hsip_xor(k1, 0x74656462);

  // The state after the words of bytes 0 .. i-1 (i a multiple of 4),
  // from the state v0..v3 (the C absorbs into a state it is given).
  logic integer hsip_absorb_from{L}(integer f, uint8_t *p, integer i, integer c,
                                    integer v0, integer v1, integer v2, integer v3) =
    i <= 0 ? hsip_field(f, v0, v1, v2, v3) :
    hsip_compress(f, c, le_bytes(p + (i - 4), 4),
                  hsip_absorb_from(0, p, i - 4, c, v0, v1, v2, v3),
                  hsip_absorb_from(1, p, i - 4, c, v0, v1, v2, v3),
                  hsip_absorb_from(2, p, i - 4, c, v0, v1, v2, v3),
                  hsip_absorb_from(3, p, i - 4, c, v0, v1, v2, v3));

  // The final word: the len mod 4 last bytes and len mod 256 on top.
  logic integer hsip_last_spec{L}(uint8_t *p, integer len) =
    (len % 256) * 0x1000000 + le_bytes(p + (len - len % 4), len % 4);

  // Every word, the final one included, from the state v0..v3.
  logic integer hsip_compress_all{L}(integer f, uint8_t *p, integer len, integer c,
                                     integer v0, integer v1, integer v2, integer v3) =
    \let full = len - len % 4;
    hsip_compress(f, c, hsip_last_spec(p, len),
                  hsip_absorb_from(0, p, full, c, v0, v1, v2, v3),
                  hsip_absorb_from(1, p, full, c, v0, v1, v2, v3),
                  hsip_absorb_from(2, p, full, c, v0, v1, v2, v3),
                  hsip_absorb_from(3, p, full, c, v0, v1, v2, v3));

  // The state after every word, from the key.
  logic integer hsip_compressed{L}(integer f, uint8_t *p, integer len, integer c,
                                   integer k0, integer k1, integer wide) =
    hsip_compress_all(f, p, len, c, hsip_init_spec(0, k0, k1, wide),
                      hsip_init_spec(1, k0, k1, wide), hsip_init_spec(2, k0, k1, wide),
                      hsip_init_spec(3, k0, k1, wide));

  // Finalization: v2 ^= 0xff (0xee for the 64-bit output), d rounds.
  logic integer hsip_final_state{L}(integer f, uint8_t *p, integer len, integer c,
                                    integer d, integer k0, integer k1, integer wide) =
    \let x = wide != 0 ? 0xee : 0xff;
    hsip_rounds_spec(f, d, hsip_compressed(0, p, len, c, k0, k1, wide),
                           hsip_compressed(1, p, len, c, k0, k1, wide),
                           hsip_xor(hsip_compressed(2, p, len, c, k0, k1, wide), x),
                           hsip_compressed(3, p, len, c, k0, k1, wide));

  // HalfSipHash-c-d(k0 k1, p[0 .. len-1]), the 32-bit output: v1 ^ v3.
  logic integer halfsiphash32_spec{L}(uint8_t *p, integer len, integer c, integer d,
                                      integer k0, integer k1) =
    hsip_xor(hsip_final_state(1, p, len, c, d, k0, k1, 0),
             hsip_final_state(3, p, len, c, d, k0, k1, 0));

  // The 64-bit output: the first word as above with the 0xee changes; then
  // v1 ^= 0xdd, d more rounds, v1 ^ v3 again; the second word on top.
  logic integer hsip_second_state{L}(integer f, uint8_t *p, integer len, integer c,
                                     integer d, integer k0, integer k1) =
    hsip_rounds_spec(f, d, hsip_final_state(0, p, len, c, d, k0, k1, 1),
                           hsip_xor(hsip_final_state(1, p, len, c, d, k0, k1, 1), 0xdd),
                           hsip_final_state(2, p, len, c, d, k0, k1, 1),
                           hsip_final_state(3, p, len, c, d, k0, k1, 1));

  logic integer halfsiphash64_spec{L}(uint8_t *p, integer len, integer c, integer d,
                                      integer k0, integer k1) =
    hsip_xor(hsip_final_state(1, p, len, c, d, k0, k1, 1),
             hsip_final_state(3, p, len, c, d, k0, k1, 1))
    + 0x100000000 * hsip_xor(hsip_second_state(1, p, len, c, d, k0, k1),
                             hsip_second_state(3, p, len, c, d, k0, k1));
*/

#endif
