#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# proof/prove.sh ROOT OUT [UNIT...] — replays the proofs of docs/proof.md on
# the source tree ROOT (the repository, or a patched copy of it: see
# proof/mutants.sh), from scratch, with its work files in OUT (emptied
# first).  UNIT is one of the names below (default: all); prints goals
# proved / total per function and prover, and exits non-zero when any goal
# is not proved, any EVA alarm is raised or a bit fact does not hold.
#
#   bits         proof/bits.smt2: the trusted bit facts of proof/spec/bits.h,
#                each checked by Z3 on 64-bit bit-vectors
#   spec         proof/spec_vectors.py: the logic specification evaluated on
#                the known-answer vectors (SipHash and HalfSipHash, every
#                output size and round count the vectors have)
#   siphash      WP -wp-rte on src/siphash.c and the SipHash core of
#                src/internal.h
#   halfsiphash  WP on src/halfsiphash.c and the HalfSipHash core
#   rte32        the units siphash, halfsiphash, stream and key again as
#                a 32-bit build (-machdep x86_32) compiles them: there
#                hsiphash_generic and hsiphash_*u32 are HalfSipHash-1-3
#   func-half32  those functions' functional correctness (and the core's,
#                again, at 32 bits): they compute halfsiphash32_spec
#   stream key   WP on src/stream.c, src/key.c
#   func-half    functional correctness of HalfSipHash (WP without -wp-rte,
#                the properties named "func"): halfsiphash{24,13}_{32,64}
#                compute proof/spec/halfsiphash_spec.h, for every length
#   func-128     functional correctness of SipHash's 128-bit output (WP
#                without -wp-rte, the properties named "func"):
#                siphash{24,13}_128 store proof/spec/siphash_spec.h's two
#                words, little-endian, for every length
#   func         functional correctness of SipHash's 64-bit output (WP
#                without -wp-rte, the properties named "func" and the
#                lemmas of proof/spec/): siphash{24,13,12}_64 compute
#                proof/spec/siphash_spec.h, for every length
#   func-nocase  siphash12_nocase_64 computes siphash_spec of every
#                case-folded copy of its message (proof/spec/nocase_spec.h;
#                the properties named "nocase", seen with -DSIP_PROOF_NOCASE)
#   func-fixed   functional correctness of Linux's fixed-size functions
#                (siphash_*u64, siphash_*u32, hsiphash_*u32, hsiphash_generic
#                of 64-bit builds): each returns the spec of the message
#                whose little-endian words are its arguments
#   eva          EVA on proof/eva/*.c: the memcpy loads and stores whose
#                contracts WP trusts, siphash_wipe, src/net.c (fixed-size
#                messages: one analysis covers every input), stream's
#                wipes, the portable batch kernels (one analysis each) and
#                batch.c's dispatch (PROOF_EVA_BATCH=0 skips the kernels)
#
# UNIT may also be A+B: the units A and B at the same time (the default
# list pairs some so; each unit's output is printed whole).
#
# Nothing is cached: WP runs with -wp-cache none in a fresh session
# directory, so every goal is sent to the provers again.
# PROOF_WP_FCT=f,g limits WP to those functions (proof/mutants.sh);
# PROOF_TIMEOUT (seconds per goal and prover) and PROOF_JOBS tune it.
set -euo pipefail
unset CDPATH # the cd below takes relative paths
[[ $# -ge 2 ]] || { sed -n '3,8s/^# \{0,1\}//p' "$0"; exit 2; }
ROOT=$(cd "$1" && pwd)
OUT=$2
shift 2
units=("$@")
[[ ${#units[@]} -gt 0 ]] || units=(bits spec siphash stream+halfsiphash key rte32 func+func-half func-half32+func-128
        func-fixed+func-nocase eva)
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PAR=${PROOF_JOBS:-2}
# Per goal, per prover.  Under load a goal Z3 closes in 1 s took 10: the
# margin keeps the replay deterministic on a busy 2-core machine.
TIMEOUT=${PROOF_TIMEOUT:-30}

rm -rf "$OUT"
mkdir -p "$OUT"

# The public header's inline functions are the header's inline fast path,
# not the library's code: WP skips them (the rotations are the exception:
# their contracts in proof/spec/prelude.h are proved where they are used).
header_inline=$(grep -o 'static inline[A-Z_ ]* [a-z0-9_]* *\*\{0,1\}[a-z0-9_]*(' "$ROOT/include/siphash.h" |
    sed 's/.*[ *]\([a-z0-9_]*\)($/\1/' | grep -v '^siphash_rotl' | sort -u | paste -sd, -)
# The loads and stores through memcpy: trusted contracts in WP (it has no
# model of memcpy into an integer), their bodies covered by EVA.
memcpy_helpers=sip_load64,sip_load32,sip_load16,sip_store64,sip_store32
# key.c's functions WP proves (the others: docs/proof.md, "Not proved")
KEY_FNS=failed_errno,read_urandom,fill_random,siphash_random_bytes,siphash_key_generate
KEY_FNS=$KEY_FNS,siphash_key_from_bytes,halfsiphash_key_from_bytes,siphash_key_to_bytes
KEY_FNS=$KEY_FNS,siphash_key_is_zero
# The functions whose functional contracts (named func) the unit func
# proves; their copies in sip_iv.c's translation unit are skipped.
FUNC_INL=siphash_rotl64_,sip_last_block32,sip_last_block64,sip_last_bytes64,sip_last_word
FUNC_INL=$FUNC_INL,sip_word,sip_round_step,sip_hash64
FUNC_FNS=$FUNC_INL,siphash24_64,siphash13_64,siphash12_64
FUNC_SKIP=$(printf '%s_0,' ${FUNC_INL//,/ } | sed 's/,$//')
# siphash12_nocase_64 and the steps of its case-folded path (func-nocase)
NOCASE_FNS=sip_fold64,sip_word,sip_last_word,sip_nocase_compressed,sip_hash64,siphash12_nocase_64
# SipHash's 128-bit output's functions with functional contracts (func-128)
F128_FNS=siphash_rotl64_,sip_last_block64,sip_last_bytes64,sip_last_word,sip_init,sip_rounds
F128_FNS=$F128_FNS,sip_absorb,sip_finish1,sip_finish2,sip_hash128,siphash24_128,siphash13_128
# The fixed-size functions (func-fixed), from the contracts of sip_init,
# sip_absorb and sip_finish1 (proved by func-128) and sip_hash64 (func)
FIXED_FNS=siphash_1u64,siphash_2u64,siphash_3u64,siphash_4u64,siphash_1u32,siphash_2u32
FIXED_FNS=$FIXED_FNS,siphash_3u32,siphash_4u32,hsiphash_1u32,hsiphash_2u32,hsiphash_3u32
FIXED_FNS=$FIXED_FNS,hsiphash_4u32,hsiphash_generic
# The 32-bit build's hsiphash (HalfSipHash-1-3): units rte32, func-half32
HFIXED32_FNS=hsiphash_generic,hsiphash_1u32,hsiphash_2u32,hsiphash_3u32,hsiphash_4u32
# HalfSipHash's functions with functional contracts (the unit func-half)
HFUNC_FNS=siphash_rotl32_,sip_last_block32,hsip_init,hsip_rounds,hsip_absorb,hsip_finish1
HFUNC_FNS=$HFUNC_FNS,hsip_finish2,hsip_absorb_all,hsip_hash32,hsip_hash64
HFUNC_FNS=$HFUNC_FNS,halfsiphash24_32,halfsiphash24_64,halfsiphash13_32,halfsiphash13_64
# internal.h's functions, proved once, in the unit that uses them first.
internal_fns() { # internal_fns PREFIX: the functions of internal.h named PREFIX*
    grep -o '^SIP_INLINE [a-z_0-9 ]*[ *]\([a-z0-9_]*\)(' "$ROOT/src/internal.h" |
        sed 's/.*[ *]\([a-z0-9_]*\)($/\1/' | grep "^$1" | paste -sd, -
}

# The functional annotations (SIP_FUNC(...) and #ifdef SIP_PROOF_FUNC in
# src/internal.h and proof/spec/) exist only for the unit func: the others
# (and EVA, proof/eva.sh) see the tree without them.
FRAMAC_CPP="-I$ROOT/include -I$ROOT/src -I$ROOT/proof/spec -include $ROOT/proof/spec/prelude.h"

status=0
fail() {
    echo "proof: FAILED: $*" >&2
    status=1
}

# wp UNIT FILE [frama-c options...]: WP with RTE on one translation unit
# (without RTE for the unit func: its goals are the functional ones).
wp() {
    local unit=$1 file=$2
    shift 2
    local log=$OUT/$unit.log
    local rte=-wp-rte cpp=$FRAMAC_CPP
    [[ $unit != func* ]] || { rte= cpp="$cpp -DSIP_PROOF_FUNC"; }
    cpp="$cpp ${extra_cpp:-}"
    echo "== $unit: WP ${rte:-(functional)} on ${file#"$ROOT"/}${machdep:+ ($machdep)}"
    local rc=0
    frama-c -machdep "${machdep:-x86_64}" -cpp-extra-args="$cpp" "$file" \
        ${inline_calls--inline-calls siphash_ctx_start_,halfsiphash_ctx_start_} \
        -wp $rte -wp-model Typed+cast -wp-prover z3,cvc4 -wp-par "$PAR" \
        -wp-timeout "$TIMEOUT" -wp-cache none -wp-session "$OUT/$unit.session" \
        -wp-no-warn-memory-model ${PROOF_WP_FCT:+-wp-fct "$PROOF_WP_FCT"} \
        "$@" >"$log" 2>&1 || rc=$?
    python3 "$HERE/summary.py" "$log" || rc=1
    [[ $rc -eq 0 ]] || fail "$unit (log: $log)"
}

# run_unit UNIT: one unit of the list above
run_unit() {
    local unit=$1
    case $unit in
        bits)
            echo "== bits: proof/bits.smt2 (Z3, 64-bit bit-vectors)"
            res=$(z3 "$ROOT/proof/bits.smt2" 2>&1) || true
            printf '%s\n' "$res" | sed 's/^/   /'
            # every (check-sat) of a negated fact must be unsat
            n=$(grep -c '(check-sat)' "$ROOT/proof/bits.smt2")
            u=$(printf '%s\n' "$res" | grep -cx unsat || true)
            echo "   bit facts: $u / $n hold"
            [[ $u -eq $n ]] || fail "bits: a bit fact does not hold"
            ;;
        spec)
            # The spec itself against the known answers: its logic functions,
            # read from ROOT's proof/spec/, evaluated on this checkout's
            # vectors (proof/mutants.sh plants a bug in a copy of the spec).
            echo "== spec: proof/spec/'s logic functions on tests/vectors"
            python3 "$HERE/spec_vectors.py" "$ROOT/proof/spec" "$HERE/../tests/vectors" ||
                fail "spec: the logic specification does not give the known answers"
            ;;
        siphash)
            wp siphash "$ROOT/src/siphash.c" -wp-skip-fct "$header_inline,$memcpy_helpers" \
                -wp-prop=-func
            ;;
        halfsiphash)
            wp halfsiphash "$ROOT/src/halfsiphash.c" \
                -wp-skip-fct "$header_inline,$memcpy_helpers,$(internal_fns sip_)"
            ;;
        rte32)
            # the units siphash, halfsiphash, stream and key again as a
            # 32-bit build (ILP32: size_t and unsigned long of 32 bits)
            # compiles them; there hsiphash_generic and hsiphash_*u32 are
            # HalfSipHash-1-3 in halfsiphash.c (SipHash-1-3 in siphash.c on
            # 64-bit builds)
            # (two at a time: Frama-C's front end is one thread; each
            # half's output is printed when it is done)
            (
                machdep=x86_32 wp rte32-siphash "$ROOT/src/siphash.c" -wp-prop=-func \
                    -wp-skip-fct "$header_inline,$memcpy_helpers,sip_hash64,sip_hash128"
                # the two block loops (len & ~(size_t)7) with the 32-bit
                # mask's bit fact, which slows every other goal down
                machdep=x86_32 extra_cpp=-DSIP_PROOF_ILP32 wp rte32-siphash-loops \
                    "$ROOT/src/siphash.c" -wp-prop=-func -wp-fct sip_hash64,sip_hash128
                machdep=x86_32 wp rte32-key "$ROOT/src/key.c" -wp-fct "$KEY_FNS" -wp-literals
                exit $status
            ) >"$OUT/rte32-a.out" 2>&1 &
            pid_a=$!
            (
                machdep=x86_32 wp rte32-halfsiphash "$ROOT/src/halfsiphash.c" -wp-prop=-func \
                    -wp-skip-fct "$header_inline,$memcpy_helpers,$(internal_fns sip_)"
                machdep=x86_32 wp rte32-stream "$ROOT/src/stream.c" -wp-prop=-wipe_valid \
                    -wp-skip-fct "$header_inline,$memcpy_helpers,$(internal_fns sip_),$(internal_fns hsip_),sip_misuse"
                exit $status
            ) >"$OUT/rte32-b.out" 2>&1 &
            pid_b=$!
            rc_a=0 rc_b=0
            wait "$pid_a" || rc_a=$?
            wait "$pid_b" || rc_b=$?
            cat "$OUT/rte32-a.out" "$OUT/rte32-b.out"
            [[ $rc_a -eq 0 && $rc_b -eq 0 ]] || status=1
            ;;
        func-half32)
            # the same build's HalfSipHash functions against the spec: the
            # core again (size_t has 32 bits here), then hsiphash_generic
            # and the fixed-size hsiphash_*u32
            if [[ -z ${PROOF_WP_FCT:-} ]]; then
                machdep=x86_32 wp func-half32-core "$ROOT/src/halfsiphash.c" -wp-prop=func \
                    -wp-fct "$HFUNC_FNS"
            fi
            # with the lemma these functions need (SIP_PROOF_HFIXED:
            # proof/spec/siphash_lemmas.h), proved first
            if [[ -z ${PROOF_WP_FCT:-} ]]; then
                machdep=x86_32 extra_cpp=-DSIP_PROOF_HFIXED wp func-half32-lemmas \
                    "$ROOT/src/halfsiphash.c" -wp-prop=@lemma
            fi
            machdep=x86_32 extra_cpp=-DSIP_PROOF_HFIXED wp func-half32 "$ROOT/src/halfsiphash.c" \
                -wp-prop=func -wp-fct "${PROOF_WP_FCT:-$HFIXED32_FNS}"
            ;;
        key)
            # siphash_wipe's compiler barrier (asm with a "memory" clobber)
            # has no WP model, and the two word-key generators hand a key's
            # words to siphash_random_bytes as bytes (WP's typed model
            # cannot see them so): EVA covers those (proof/eva/key.c).
            # -wp-literals: WP sees the bytes of "/dev/urandom", so it
            # proves open()'s precondition (a valid string) in read_urandom.
            wp key "$ROOT/src/key.c" -wp-fct "${PROOF_WP_FCT:-$KEY_FNS}" -wp-literals
            ;;
        stream)
            # final wipes its context and state as bytes: WP's typed model
            # cannot see a struct as bytes, so that precondition (wipe_valid)
            # is EVA's there (proof/eva/stream.c)
            wp stream "$ROOT/src/stream.c" -wp-prop=-wipe_valid \
                -wp-skip-fct "$header_inline,$memcpy_helpers,$(internal_fns sip_),$(internal_fns hsip_),sip_misuse"
            ;;
        func-128)
            # SipHash's 128-bit output, through the state-passing steps
            # (sip_init, sip_rounds, sip_absorb, sip_finish1/2): each by its
            # contract, then sip_hash128 and the public functions from them
            # (sip_iv.c gives WP the initial-state table's values).
            wp func-128 "$ROOT/src/siphash.c" "$ROOT/src/sip_iv.c" -wp-prop=func \
                -wp-fct "${PROOF_WP_FCT:-$F128_FNS}" -wp-skip-fct "$FUNC_SKIP"
            ;;
        func-fixed)
            # Linux's fixed-size functions and the 64-bit build's hsiphash:
            # each hashes the little-endian bytes of its arguments
            wp func-fixed "$ROOT/src/siphash.c" "$ROOT/src/sip_iv.c" -wp-prop=func \
                -wp-fct "${PROOF_WP_FCT:-$FIXED_FNS}" -wp-skip-fct "$FUNC_SKIP"
            ;;
        func-nocase)
            # siphash12_nocase_64 (the properties named nocase, seen with
            # -DSIP_PROOF_NOCASE only): the lemmas of proof/spec/nocase_spec.h,
            # then the fold, the word readers, the ghost step
            # sip_nocase_compressed and sip_hash64's fold != 0 path from
            # the contracts the unit func proves.  Two of its goals take
            # CVC4 about 14 s on an idle core (folded_sums, sip_last_word's
            # nocase postcondition; 485k and 2.7M CVC4 steps): beside CI's
            # other step and a paired unit they went past 30 s, so this
            # unit waits 90 s per goal (an idle replay is no longer).
            local TIMEOUT=$((TIMEOUT > 90 ? TIMEOUT : 90))
            if [[ -z ${PROOF_WP_FCT:-} ]]; then
                FRAMAC_CPP="-I$ROOT/proof/spec" inline_calls= wp nocase-lemmas \
                    "$ROOT/proof/spec/nocase_lemmas.c" -wp-prop=@lemma
            fi
            extra_cpp=-DSIP_PROOF_NOCASE wp func-nocase "$ROOT/src/siphash.c" "$ROOT/src/sip_iv.c" \
                -wp-prop=nocase -wp-fct "${PROOF_WP_FCT:-$NOCASE_FNS}" -wp-skip-fct "$FUNC_SKIP"
            ;;
        func-half)
            # HalfSipHash's core against proof/spec/halfsiphash_spec.h: each
            # of its small functions (rounds, absorb, finish, the message
            # loop) by its contract, then the one-shot functions from them.
            wp func-half "$ROOT/src/halfsiphash.c" -wp-prop=func \
                -wp-fct "${PROOF_WP_FCT:-$HFUNC_FNS}"
            ;;
        func)
            # The lemmas of proof/spec/ on their own, then the functions
            # (sip_iv.c gives WP the initial-state table's values; its
            # copies of internal.h's functions, named *_0, are skipped).
            if [[ -z ${PROOF_WP_FCT:-} ]]; then
                wp func-lemmas "$ROOT/src/siphash.c" -wp-prop=@lemma
            fi
            wp func "$ROOT/src/siphash.c" "$ROOT/src/sip_iv.c" -wp-prop=func \
                -wp-fct "${PROOF_WP_FCT:-$FUNC_FNS}" -wp-skip-fct "$FUNC_SKIP"
            ;;
        eva)
            # PROOF_EVA_ONLY: those analyses only (proof/mutants.sh)
            # shellcheck disable=SC2086 # a list of names
            bash "$HERE/eva.sh" "$ROOT" "$OUT" ${PROOF_EVA_ONLY:-} || fail "eva"
            ;;
        *)
            echo "proof: no unit $unit" >&2
            exit 2
            ;;
    esac
}

# An entry A+B runs the units A and B at the same time, each printed
# whole when both are done: Frama-C's front end is one thread, so two
# units overlap where one alone would leave a core idle (2026-12-07, Zen 4
# family 25 model 17, idle: the default list with its four pairs in 8 min
# 5 s of wall, 9 min 43 s without them under a little other load).
for entry in "${units[@]}"; do
    if [[ $entry == *+* ]]; then
        pids=()
        for unit in ${entry//+/ }; do
            (
                run_unit "$unit"
                exit $status
            ) >"$OUT/$unit.out" 2>&1 &
            pids+=($!)
        done
        for pid in "${pids[@]}"; do
            wait "$pid" || status=1
        done
        for unit in ${entry//+/ }; do
            cat "$OUT/$unit.out"
        done
    else
        run_unit "$entry"
    fi
done
exit $status
