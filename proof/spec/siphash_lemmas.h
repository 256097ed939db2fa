/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/siphash_lemmas.h — facts about the spec of siphash_spec.h
 * that the fixed-size functions' proof (unit func-fixed) uses, each
 * proved by the solvers from the definitions (the unit func proves them
 * with the other lemmas, -wp-prop=@lemma).  They restate a definition at
 * the lengths those functions hash, in the form their goals have: an
 * instance of the definition leaves len - len % 8 as a term, which the
 * solvers did not match against the state's absorbed words at 16 or 12
 * bytes (the goals timed out).
 */
#ifndef SIPHASH_PROOF_SIPHASH_LEMMAS_H
#define SIPHASH_PROOF_SIPHASH_LEMMAS_H

/*@ lemma sip_compressed_whole{L}: \forall uint8_t *p, integer f, len, c, k0, k1, w;
      len % 8 == 0 ==>
      sip_compressed(f, p, len, c, k0, k1, w) ==
        sip_compress(f, c, sip_last_spec(p, len),
                     sip_absorbed(0, p, len, c, k0, k1, w), sip_absorbed(1, p, len, c, k0, k1, w),
                     sip_absorbed(2, p, len, c, k0, k1, w), sip_absorbed(3, p, len, c, k0, k1, w));
    lemma sip_compressed_part4{L}: \forall uint8_t *p, integer f, len, c, k0, k1, w;
      len % 8 == 4 ==>
      sip_compressed(f, p, len, c, k0, k1, w) ==
        sip_compress(f, c, sip_last_spec(p, len),
                     sip_absorbed(0, p, len - 4, c, k0, k1, w),
                     sip_absorbed(1, p, len - 4, c, k0, k1, w),
                     sip_absorbed(2, p, len - 4, c, k0, k1, w),
                     sip_absorbed(3, p, len - 4, c, k0, k1, w));
    // siphash_3u32 / hsiphash_3u32: the final word of 12 bytes is the
    // length byte over the third 32-bit word, as the C assembles it
    lemma sip_last_spec_12{L}: \forall uint8_t *p, integer x;
      le_bytes(p + 8, 4) == x && 0 <= x < 0x100000000 ==>
      sip_last_spec(p, 12) == (0xc00000000000000 | x);
    // siphash_4u32 / hsiphash_4u32: the second word from two 32-bit halves
    lemma le_bytes_u32_pair_at8{L}: \forall uint8_t *p, integer x, y;
      le_bytes(p + 8, 4) == x && le_bytes(p + 12, 4) == y &&
      0 <= x < 0x100000000 && 0 <= y < 0x100000000 ==>
      le_bytes(p + 8, 8) == (x | (uint64_t)(y << 32));
*/

/* HalfSipHash's, for the 32-bit build's hsiphash_*u32 (whole 4-byte
 * words): only for those functions' run of the unit func-half32
 * (-DSIP_PROOF_HFIXED), because it also fires in hsip_absorb_all's goal,
 * whose length is unknown, and that proof then timed out.  (One lemma per
 * length, 4..16, instead: the solvers did not prove those at 12 and 16.) */
#ifdef SIP_PROOF_HFIXED
/*@ lemma hsip_compress_all_whole{L}: \forall uint8_t *p, integer f, len, c, v0, v1, v2, v3;
      len % 4 == 0 ==>
      hsip_compress_all(f, p, len, c, v0, v1, v2, v3) ==
        hsip_compress(f, c, hsip_last_spec(p, len),
                      hsip_absorb_from(0, p, len, c, v0, v1, v2, v3),
                      hsip_absorb_from(1, p, len, c, v0, v1, v2, v3),
                      hsip_absorb_from(2, p, len, c, v0, v1, v2, v3),
                      hsip_absorb_from(3, p, len, c, v0, v1, v2, v3));
*/
#endif

#endif
