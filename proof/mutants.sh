#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# proof/mutants.sh ROOT OUT — shows that the proof of proof/prove.sh can
# fail: each planted bug below is applied to a fresh copy of ROOT's
# include/, src/ and proof/, and the replay of the unit it touches (WP
# limited to the functions it changes, to keep the step short) must then
# fail.  A bug that no longer applies (its text changed in src/) fails
# too: update it here.  Prints one line per bug; exits 1 when a bug was
# not caught.
set -euo pipefail
unset CDPATH # the cd below takes relative paths
ROOT=$(cd "$1" && pwd)
OUT=$2
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$OUT"
mkdir -p "$OUT"
status=0
n=0
caught=0
# mutant NAME FILE OLD NEW UNIT FUNCTIONS: replace the one occurrence of
# OLD in FILE by NEW, replay UNIT on WP's FUNCTIONS (or those EVA analyses)
mutant() {
    local name=$1 file=$2 old=$3 new=$4 unit=$5 fns=$6
    local tree=$OUT/$name
    n=$((n + 1))
    mkdir -p "$tree"
    cp -r "$ROOT/include" "$ROOT/src" "$ROOT/proof" "$tree/"
    if ! OLD=$old NEW=$new python3 - "$tree/$file" <<'PY'; then
import os, sys
path = sys.argv[1]
text = open(path).read()
old, new = os.environ["OLD"], os.environ["NEW"]
if text.count(old) != 1:
    sys.exit(f"{path}: {old!r} occurs {text.count(old)} times, not once")
open(path, "w").write(text.replace(old, new))
PY
        echo "mutant $name: does not apply any more (update proof/mutants.sh)"
        status=1
        return
    fi
    local rc=0
    PROOF_WP_FCT=$fns PROOF_EVA_ONLY=$fns bash "$HERE/prove.sh" "$tree" "$tree/out" "$unit" >"$tree/replay.log" 2>&1 || rc=$?
    if [[ $rc -ne 0 ]]; then
        caught=$((caught + 1))
        echo "mutant $name: caught ($(grep -m1 -o 'NOT PROVED: .*\|alarms: [1-9][0-9]*' "$tree/replay.log" || echo failed))"
    else
        echo "mutant $name: NOT caught: the proof still passes (log: $tree/replay.log)"
        status=1
    fi
}
# the third tail byte read one past the block: p[at + 3]
mutant tail-off-by-one src/internal.h 'r & 1 ? t | (uint32_t)p[at + 2] << 16' \
    'r & 1 ? t | (uint32_t)p[at + 3] << 16' siphash sip_last_block32
# the block loop one block too far (reads past the message when len % 8 == 0)
mutant block-loop-bound src/internal.h 'for (size_t i = 0; i < full; i += 8) {' \
    'for (size_t i = 0; i <= full; i += 8) {' siphash sip_hash64
# a rotation constant out of range (a shift by 64: undefined)
mutant rotation-64 include/siphash.h '(b) = siphash_rotl64_((b), 13)' \
    '(b) = siphash_rotl64_((b), 64)' siphash sip_rounds
# a wrong rotation constant within 1..63: no undefined behaviour, but the
# round no longer computes the paper's SipRound (the functional proof of
# the 128-bit output, unit func-128, whose sip_rounds is the SipRound the
# one-shot functions share)
mutant rotation-13-12 include/siphash.h '(b) = siphash_rotl64_((b), 13)' \
    '(b) = siphash_rotl64_((b), 12)' func-128 sip_rounds
# the 64-bit output finalized with 0xfe instead of 0xff (unit func:
# sip_hash64 no longer computes siphash_spec)
mutant final-fe include/siphash.h '#define SIPHASH_FINAL_ 0xffu' \
    '#define SIPHASH_FINAL_ 0xfeu' func sip_hash64
# the 128-bit output's second word finalized with 0xdc instead of 0xdd
mutant final-second-dc include/siphash.h '#define SIPHASH_FINAL_SECOND_ 0xddu' \
    '#define SIPHASH_FINAL_SECOND_ 0xdcu' func-128 sip_finish2
# siphash_3u32's length byte 12 -> 13: Linux's fixed-size path would then
# disagree with siphash() on the same 12 bytes (unit func-fixed)
mutant fixed-length-13 src/siphash.c $'const siphash_key_t *key)\n{\n    PREAMBLE(12);' \
    $'const siphash_key_t *key)\n{\n    PREAMBLE(13);' func-fixed siphash_3u32
# siphash12_nocase_64's fold with 'Z' left out of the letters (unit
# func-nocase: sip_fold64 no longer folds byte by byte as sip_fold_byte)
mutant fold-without-z src/internal.h "SIP_BYTES(0x80 - 'Z' - 1)" "SIP_BYTES(0x80 - 'Z')" \
    func-nocase sip_fold64
# its final word with the length byte one byte too low (<< 48)
mutant nocase-length-byte src/internal.h \
    'return (uint64_t)len << 56 | sip_fold64(sip_last_bytes64(p, len));' \
    'return (uint64_t)len << 48 | sip_fold64(sip_last_bytes64(p, len));' func-nocase sip_last_word
# the 32-bit build's hsiphash_3u32 (HalfSipHash-1-3) with the length byte
# 12 -> 13 (unit func-half32, -machdep x86_32)
mutant half32-length-13 src/halfsiphash.c 'HPREAMBLE(12);' 'HPREAMBLE(13);' \
    func-half32 hsiphash_3u32
# the key's random bytes: a getrandom() that returns more than asked is
# trusted (the loop would then write past the buffer)
mutant random-overrun src/key.c 'if (n == 0 || (size_t)n > len)' 'if (n == 0)' key fill_random
# the spec itself: a wrong rotation constant in the logic SipRound (the
# unit spec evaluates it on the known-answer vectors)
mutant spec-rotation proof/spec/siphash_spec.h 'sip_rotl(v1, 13)' 'sip_rotl(v1, 12)' spec ''
# HalfSipHash's first rotation 5 -> 6: no undefined behaviour, but the
# round is no longer the spec's (the functional proof, unit func-half)
mutant half-rotation-5-6 include/siphash.h '(b) = siphash_rotl32_((b), 5)' \
    '(b) = siphash_rotl32_((b), 6)' func-half hsip_rounds
# streaming tops up the pending word with one byte too many
mutant stream-topup src/stream.c 'k = len < 8 - n ? len : 8 - n;' \
    'k = len < 8 - n ? len : 9 - n;' stream siphash_ctx_update
# the batch kernel's shifted last word read one byte past the record (EVA,
# one kernel, small bounds: n <= 2, lengths <= 12 reach that read)
EVA_NMAX=2 EVA_LMAX=12 mutant batch-last-word src/batch_lanes.h \
    't = v_shr_n(SIP_N(gather)(p[j], len - 8, stride), (int)(64 - 8 * r));' \
    't = v_shr_n(SIP_N(gather)(p[j], len - 7, stride), (int)(64 - 8 * r));' eva batch-fixed12
echo "mutants: $caught / $n caught"
exit $status
