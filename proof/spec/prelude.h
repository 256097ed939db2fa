/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/prelude.h — what the proof step (.ci/proof.sh) puts in front of
 * every source file it hands to Frama-C (-include): the logic the contracts
 * in src/ are written in, the trusted bit facts, and contracts for the few
 * functions the proof does not see the code of (the public header's
 * rotations, the OS's random source).  Never seen by the compiler.
 */
#ifndef SIPHASH_PROOF_PRELUDE_H
#define SIPHASH_PROOF_PRELUDE_H

#include <stddef.h>
#include <stdint.h>

/* The functional-correctness annotations (named func: the unit func of
 * proof/prove.sh) exist only for that unit, which passes -DSIP_PROOF_FUNC:
 * in src/ they are written inside SIP_FUNC(...), which Frama-C expands in
 * annotations (-pp-annot) to its argument there and to nothing for the
 * other units, so WP's RTE units and EVA never see them (EVA cannot
 * evaluate them).  The compiler sees comments only. */
#ifdef SIP_PROOF_FUNC
#define SIP_FUNC(...) __VA_ARGS__
#else
#define SIP_FUNC(...)
#endif
/* The same for siphash12_nocase_64's case-folded path (fold != 0), whose
 * annotations (named nocase) only the unit func-nocase sees
 * (-DSIP_PROOF_NOCASE, with -DSIP_PROOF_FUNC): the unit func's goals stay
 * as they were. */
#ifdef SIP_PROOF_NOCASE
#define SIP_NOCASE(...) __VA_ARGS__
#else
#define SIP_NOCASE(...)
#endif
/* The functional invariants of a loop of j SipRounds on v0..v3: each word
 * is the spec's after j rounds from the state at the loop's entry (one
 * line per word, the same in every round loop of src/internal.h). */
#define SIP_ROUNDS_INV_(k)                                                     \
    loop invariant func:                                                       \
        v##k == sip_rounds_spec(k, j, \at(v0, LoopEntry), \at(v1, LoopEntry),   \
                                \at(v2, LoopEntry), \at(v3, LoopEntry));
#define SIP_ROUNDS_INVARIANTS                                                  \
    SIP_FUNC(SIP_ROUNDS_INV_(0) SIP_ROUNDS_INV_(1) SIP_ROUNDS_INV_(2) SIP_ROUNDS_INV_(3))

/* The functional contracts of the state-passing cores (src/internal.h's
 * sip_* and hsip_* steps): a state s's four words related field by field
 * to a spec function of a field index, SIP_FIELDS_(s, ==, f, args...) is
 * s.v0 == f(0, args...) && ... && s.v3 == f(3, args...); SIP_VARS_ the
 * same on the loop's variables v0..v3; SIP_OLD_(s) and SIP_PRE_(s) the
 * four words of s at the function's entry. */
#define SIP_FIELDS_(s, eq, f, ...)                                             \
    (s).v0 eq f(0, __VA_ARGS__) && (s).v1 eq f(1, __VA_ARGS__) &&              \
        (s).v2 eq f(2, __VA_ARGS__) && (s).v3 eq f(3, __VA_ARGS__)
#define SIP_VARS_(eq, f, ...)                                                  \
    v0 eq f(0, __VA_ARGS__) && v1 eq f(1, __VA_ARGS__) && v2 eq f(2, __VA_ARGS__) && \
        v3 eq f(3, __VA_ARGS__)
#define SIP_OLD_(s) \old((s).v0), \old((s).v1), \old((s).v2), \old((s).v3)
#define SIP_PRE_(s) \at((s).v0, Pre), \at((s).v1, Pre), \at((s).v2, Pre), \at((s).v3, Pre)

/* The fixed-size functions' steps (src/siphash.c): for every message m of
 * the function's arguments (msg, naming m: le_u64s or le_u32s), the state
 * s is the spec's `what` (sip_absorbed, sip_compressed) of m's first `at`
 * bytes with c rounds.  For the other units, which do not see the spec, a
 * tautology (an empty annotation does not parse, and stdbool.h's `true`
 * macro would turn \true into \1 here); they leave these out (-wp-prop=-func). */
#ifdef SIP_PROOF_FUNC
#define SIP_FIXED_(what, at, c, msg)                                           \
    \forall uint8_t *m; msg ==>                                                \
        SIP_FIELDS_(s, ==, what, m, at, c, key->key[0], key->key[1], 0)
#define SIP_FIXED_LAST_(len, msg) \forall uint8_t *m; msg ==> b == sip_last_spec(m, len)
/* The same for the 32-bit build's hsiphash_*u32 (HalfSipHash-1-3,
 * src/halfsiphash.c): `what` is hsip_absorb_from or hsip_compress_all from
 * the key's initial state. */
#define SIP_HFIXED_(what, at, msg)                                             \
    \forall uint8_t *m; msg ==>                                                \
        SIP_FIELDS_(s, ==, what, m, at, 1, hsip_init_spec(0, key->key[0], key->key[1], 0), \
                    hsip_init_spec(1, key->key[0], key->key[1], 0),             \
                    hsip_init_spec(2, key->key[0], key->key[1], 0),             \
                    hsip_init_spec(3, key->key[0], key->key[1], 0))
#define SIP_HFIXED_LAST_(len, msg) \forall uint8_t *m; msg ==> b == hsip_last_spec(m, len)
#else
#define SIP_FIXED_(what, at, c, msg) 0 == 0
#define SIP_FIXED_LAST_(len, msg) 0 == 0
#define SIP_HFIXED_(what, at, msg) 0 == 0
#define SIP_HFIXED_LAST_(len, msg) 0 == 0
#endif

#include "bits.h"
#include "bytes.h"
#ifdef SIP_PROOF_FUNC
#include "siphash_spec.h"
#include "halfsiphash_spec.h"
#include "siphash_lemmas.h"
#endif
#ifdef SIP_PROOF_NOCASE
#include "nocase_spec.h"
#endif

/* GCC's builtins the sources use, which Frama-C 25 does not declare: the
 * branch hint returns its first argument; the byte swaps serve only
 * big-endian targets (a dead branch on x86_64). */
/*@ assigns \nothing;
    ensures \result == exp; */
long __builtin_expect(long exp, long c);
/*@ assigns \nothing; */
uint64_t __builtin_bswap64(uint64_t x);
/*@ assigns \nothing; */
uint32_t __builtin_bswap32(uint32_t x);

/* The rotations of the public header (include/siphash.h), by the constant
 * counts of the rounds (declared here, before the header defines them). */
/*@ requires 1 <= b <= 63;
    assigns \nothing;
    SIP_FUNC(ensures func: \result == sip_rotl(x, b);) */
static inline uint64_t siphash_rotl64_(uint64_t x, int b);
/*@ requires 1 <= b <= 31;
    assigns \nothing;
    SIP_FUNC(ensures func: \result == hsip_rotl(x, b);) */
static inline uint32_t siphash_rotl32_(uint32_t x, int b);

/* The operating system's random source (Linux's getrandom(2), which
 * Frama-C's libc declares without a contract).  Stated, not proved: it
 * writes at most len bytes of buf and errno, nothing else.  Its result is
 * not trusted: key.c refuses 0 and anything above len. */
#include <errno.h>
#include <sys/types.h>
/*@ requires \valid((uint8_t *)buf + (0 .. len - 1));
    assigns ((uint8_t *)buf)[0 .. len - 1], __fc_errno;
    ensures -1 <= \result <= 0x7fffffffffffffff; */
ssize_t getrandom(void *buf, size_t len, unsigned int flags);

/* Frama-C's model of the open file descriptors, which read(2) and close(2)
 * change in its libc: /dev/urandom's reads (src/key.c) assign it. */
#include <__fc_define_fds.h>

#include "api.h"

#endif
