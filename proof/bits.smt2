; SPDX-License-Identifier: MIT
; proof/bits.smt2 — the bit facts proof/spec/bits.h states as axioms, each
; checked for every 64-bit value by Z3 on bit-vectors: each block asserts
; the negation of one fact and must answer "unsat" (no counterexample).
; WP reads x & 7 etc. on integers in [0, 2^64): the unsigned bit-vector
; operations below are the same functions there.  Replayed by
; proof/prove.sh (unit "bits").
(set-option :print-success false)
(declare-const x (_ BitVec 64))

; land_7: x & 7 == x % 8
(push)
(assert (not (= (bvand x #x0000000000000007) (bvurem x #x0000000000000008))))
(check-sat)
(pop)

; land_3: x & 3 == x % 4
(push)
(assert (not (= (bvand x #x0000000000000003) (bvurem x #x0000000000000004))))
(check-sat)
(pop)

; land_not7: x & ~7 == x - x % 8
(push)
(assert (not (= (bvand x #xfffffffffffffff8) (bvsub x (bvurem x #x0000000000000008)))))
(check-sat)
(pop)

; land_not7_32: x & ~7 == x - x % 8 for a 32-bit x (a 32-bit build's size_t)
(push)
(declare-const x32 (_ BitVec 32))
(assert (not (= (bvand x32 #xfffffff8) (bvsub x32 (bvurem x32 #x00000008)))))
(check-sat)
(pop)

; land_1: x & 1 == x % 2
(push)
(assert (not (= (bvand x #x0000000000000001) (bvurem x #x0000000000000002))))
(check-sat)
(pop)

; land_2: (x & 2) != 0 <==> x % 4 >= 2
(push)
(assert (not (= (not (= (bvand x #x0000000000000002) #x0000000000000000))
                (bvuge (bvurem x #x0000000000000004) #x0000000000000002))))
(check-sat)
(pop)

; land_4: (x & 4) != 0 <==> x % 8 >= 4
(push)
(assert (not (= (not (= (bvand x #x0000000000000004) #x0000000000000000))
                (bvuge (bvurem x #x0000000000000008) #x0000000000000004))))
(check-sat)
(pop)

; The facts below serve the functional proof (unit func).  On the left, WP's
; integer terms: (uint64_t)e is e mod 2^64 (bvshl wraps the same way), and
; an integer sum a + b*2^k of the stated ranges stays below 2^64, so bvadd
; does not wrap and equals it.
(declare-const y (_ BitVec 64))

; lxor_comm: x ^ y == y ^ x
(push)
(assert (not (= (bvxor x y) (bvxor y x))))
(check-sat)
(pop)

; land_1t: (x & 1) != 0 <==> x % 2 == 1
(push)
(assert (not (= (not (= (bvand x #x0000000000000001) #x0000000000000000))
                (= (bvurem x #x0000000000000002) #x0000000000000001))))
(check-sat)
(pop)

; lor_16: a < 2^16, b < 2^16 ==> (a | (uint32_t)(b << 16)) == a + b * 2^16
(push)
(assert (bvult x #x0000000000010000))
(assert (bvult y #x0000000000010000))
(assert (not (= (bvor x (bvand (bvshl y #x0000000000000010) #x00000000ffffffff))
                (bvadd x (bvmul y #x0000000000010000)))))
(check-sat)
(pop)

; lor_32: a < 2^32, b < 2^32 ==> (a | (uint64_t)(b << 32)) == a + b * 2^32
(push)
(assert (bvult x #x0000000100000000))
(assert (bvult y #x0000000100000000))
(assert (not (= (bvor x (bvshl y #x0000000000000020))
                (bvadd x (bvmul y #x0000000100000000)))))
(check-sat)
(pop)

; shl_56: (uint64_t)(x << 56) == (x % 256) * 2^56
(push)
(assert (not (= (bvshl x #x0000000000000038)
                (bvmul (bvurem x #x0000000000000100) #x0100000000000000))))
(check-sat)
(pop)

; lor_56: a < 2^56 ==> ((uint64_t)(x << 56) | a) == (x % 256) * 2^56 + a
(push)
(assert (bvult y #x0100000000000000))
(assert (not (= (bvor (bvshl x #x0000000000000038) y)
                (bvadd (bvmul (bvurem x #x0000000000000100) #x0100000000000000) y))))
(check-sat)
(pop)

; lor_lo_hi, lor_hi_lo: lo < 2^56, hi % 2^56 == 0 ==> (lo | hi) == (hi | lo) == lo + hi
; (hi < 2^64 and a multiple of 2^56, so lo + hi < 2^64: bvadd does not wrap)
(push)
(assert (bvult x #x0100000000000000))
(assert (= (bvurem y #x0100000000000000) #x0000000000000000))
(assert (not (and (= (bvor x y) (bvadd x y)) (= (bvor y x) (bvadd x y)))))
(check-sat)
(pop)

; shl_24: (uint32_t)((uint32_t)x << 24) == (x % 256) * 2^24 (HalfSipHash's
; length byte; (uint32_t)e is e & 0xffffffff, and (x & 0xffffffff) << 24 <
; 2^56 does not wrap)
(push)
(assert (not (= (bvand (bvshl (bvand x #x00000000ffffffff) #x0000000000000018) #x00000000ffffffff)
                (bvmul (bvurem x #x0000000000000100) #x0000000001000000))))
(check-sat)
(pop)

; lor_24, lor_24r: a < 2^24 ==> that | a == a | that == (x % 256) * 2^24 + a
(push)
(assert (bvult y #x0000000001000000))
(assert (not (and (= (bvor (bvand (bvshl (bvand x #x00000000ffffffff) #x0000000000000018)
                                  #x00000000ffffffff) y)
                     (bvadd (bvmul (bvurem x #x0000000000000100) #x0000000001000000) y))
                  (= (bvor y (bvand (bvshl (bvand x #x00000000ffffffff) #x0000000000000018)
                                    #x00000000ffffffff))
                     (bvadd (bvmul (bvurem x #x0000000000000100) #x0000000001000000) y)))))
(check-sat)
(pop)

; The ASCII case fold (proof/spec/nocase_spec.h; the unit func-nocase).
; sip_fold_word is src/internal.h's sip_fold64 as written there:
(define-fun fold-word ((w (_ BitVec 64))) (_ BitVec 64)
  (let ((lo7 (bvand w #x7f7f7f7f7f7f7f7f)))
    (let ((from_a (bvadd lo7 #x3f3f3f3f3f3f3f3f))
          (past_z (bvadd lo7 #x2525252525252525)))
      (bvor w (bvlshr (bvand (bvand (bvand from_a (bvnot past_z)) (bvnot w))
                             #x8080808080808080)
                      #x0000000000000002)))))
; sip_fold_byte: 'A' (0x41) .. 'Z' (0x5a) gain 0x20
(define-fun fold-byte ((c (_ BitVec 8))) (_ BitVec 8)
  (ite (and (bvuge c #x41) (bvule c #x5a)) (bvadd c #x20) c))
(declare-const b0 (_ BitVec 8))
(declare-const b1 (_ BitVec 8))
(declare-const b2 (_ BitVec 8))
(declare-const b3 (_ BitVec 8))
(declare-const b4 (_ BitVec 8))
(declare-const b5 (_ BitVec 8))
(declare-const b6 (_ BitVec 8))
(declare-const b7 (_ BitVec 8))

; fold_le: the word of eight bytes, folded, is the word of the bytes folded
; one by one.  le_bytes(p, n) for n < 8 is this word with bytes n..7 zero,
; and a zero byte folds to zero (the second fact), so the axiom holds for
; every n in 0..8.
(push)
(assert (not (= (fold-word (concat b7 b6 b5 b4 b3 b2 b1 b0))
                (concat (fold-byte b7) (fold-byte b6) (fold-byte b5) (fold-byte b4)
                        (fold-byte b3) (fold-byte b2) (fold-byte b1) (fold-byte b0)))))
(check-sat)
(pop)
(push)
(assert (not (= (fold-byte #x00) #x00)))
(check-sat)
(pop)

; fold_range: a word below 2^56 folds to a word below 2^56
(push)
(assert (bvult x #x0100000000000000))
(assert (not (bvult (fold-word x) #x0100000000000000)))
(check-sat)
(pop)
