/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/nocase_spec.h — what siphash12_nocase_64 hashes: the message
 * with its ASCII letters 'A'..'Z' made 'a'..'z' and every other byte as it
 * is (include/siphash.h: "bytes 'A'..'Z' hash as 'a'..'z'").  The theorem
 * (proof/spec/api.h, the unit func-nocase of proof/prove.sh) needs no second
 * SipHash: for every byte string q that is p's bytes case-folded
 * (sip_folded), the function returns siphash_spec of q.  Seen only by that
 * unit (-DSIP_PROOF_NOCASE).
 */
#ifndef SIPHASH_PROOF_NOCASE_SPEC_H
#define SIPHASH_PROOF_NOCASE_SPEC_H

#include "bytes.h"

/*@ // One byte folded: 'A' (0x41) .. 'Z' (0x5a) gain 0x20, nothing else changes.
    logic integer sip_fold_byte(integer b) = 0x41 <= b <= 0x5a ? b + 0x20 : b;

    // q[0 .. n-1] is p[0 .. n-1] folded byte by byte.
    predicate sip_folded{L}(uint8_t *q, uint8_t *p, integer n) =
      \forall integer i; 0 <= i < n ==> q[i] == sip_fold_byte(p[i]);

    // The little-endian value of p[0 .. n-1] folded (n <= 8), written out
    // as le_bytes is, for the same reason.
    logic integer sip_le_folded{L}(uint8_t *p, integer n) =
        (n > 0 ? sip_fold_byte((uint8_t)p[0]) : 0)
      + (n > 1 ? 0x100 * sip_fold_byte((uint8_t)p[1]) : 0)
      + (n > 2 ? 0x10000 * sip_fold_byte((uint8_t)p[2]) : 0)
      + (n > 3 ? 0x1000000 * sip_fold_byte((uint8_t)p[3]) : 0)
      + (n > 4 ? 0x100000000 * sip_fold_byte((uint8_t)p[4]) : 0)
      + (n > 5 ? 0x10000000000 * sip_fold_byte((uint8_t)p[5]) : 0)
      + (n > 6 ? 0x1000000000000 * sip_fold_byte((uint8_t)p[6]) : 0)
      + (n > 7 ? 0x100000000000000 * sip_fold_byte((uint8_t)p[7]) : 0);

    // What src/internal.h's sip_fold64 computes, written as its C is (its
    // contract says that it does; the axioms below say what it means).
    logic integer sip_fold_word(integer x) =
      \let lo7 = x & 0x7f7f7f7f7f7f7f7f;
      \let from_a = (uint64_t)(lo7 + 0x3f3f3f3f3f3f3f3f);
      \let past_z = (uint64_t)(lo7 + 0x2525252525252525);
      \let upper = from_a & (uint64_t)~past_z & (uint64_t)~x & 0x8080808080808080;
      x | upper >> 2;
*/

/* The trusted bit facts of the fold, each checked by Z3 on bit-vectors
 * (proof/bits.smt2, "fold_le" and "fold_range"): sip_fold_word of a
 * word is the word of its eight bytes folded one by one.  Here on
 * le_bytes, the form the goals have: le_bytes(p, n) is the word of the
 * bytes p[0 .. n-1] and 8 - n zero bytes above, and a zero byte folds to
 * zero, so this is the bit-vector fact at those bytes. */
/*@ axiomatic SipFoldBits {
      axiom fold_le{L}: \forall uint8_t *p, integer n; 0 <= n <= 8 ==>
        sip_fold_word(le_bytes(p, n)) == sip_le_folded(p, n);
      axiom fold_range: \forall integer x; 0 <= x < 0x100000000000000 ==>
        0 <= sip_fold_word(x) < 0x100000000000000;
    }
*/

/* Proved (the unit func-nocase): the folded value of n bytes inside a
 * folded string is that string's little-endian value there.  In steps the
 * solvers take: the bytes at + j of both strings named one by one
 * (sip_folded_at: WP writes each as one address, shift(q, at + j)), from
 * them the two sums; stated as one lemma, it timed out. */
/*@ predicate sip_folded_at{L}(uint8_t *q, uint8_t *p, integer at, integer n) =
      (n > 0 ==> q[at] == sip_fold_byte(p[at])) &&
      (n > 1 ==> q[at + 1] == sip_fold_byte(p[at + 1])) &&
      (n > 2 ==> q[at + 2] == sip_fold_byte(p[at + 2])) &&
      (n > 3 ==> q[at + 3] == sip_fold_byte(p[at + 3])) &&
      (n > 4 ==> q[at + 4] == sip_fold_byte(p[at + 4])) &&
      (n > 5 ==> q[at + 5] == sip_fold_byte(p[at + 5])) &&
      (n > 6 ==> q[at + 6] == sip_fold_byte(p[at + 6])) &&
      (n > 7 ==> q[at + 7] == sip_fold_byte(p[at + 7]));
    lemma folded_bytes{L}: \forall uint8_t *q, *p, integer at, n, len;
      sip_folded(q, p, len) && 0 <= at && 0 <= n && at + n <= len ==>
      sip_folded_at(q, p, at, n);
    lemma folded_sums{L}: \forall uint8_t *q, *p, integer at, n;
      0 <= n <= 8 && sip_folded_at(q, p, at, n) ==>
      sip_le_folded(p + at, n) == le_bytes(q + at, n);
*/

#endif
