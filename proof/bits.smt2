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
