/* SPDX-License-Identifier: MIT */
/*
 * siphash.h — libsiphash: SipHash and HalfSipHash for userspace C.
 *
 * This header is the manual: every public function is documented where it
 * is declared, with what it guarantees.
 *
 * Conventions used throughout
 * ---------------------------
 * - Keys are 16 bytes (SipHash) or 8 bytes (HalfSipHash).  siphash_key_t
 *   holds them as two little-endian words: key[0] = bytes 0..7, key[1] =
 *   bytes 8..15.  Build a key from bytes with siphash_key_from_bytes(), or
 *   make a random one with siphash_key_generate().
 * - Functions returning an integer return the *little-endian reading* of the
 *   reference implementation's output bytes.  The paper's example
 *   (key 00..0f, message 00..0e) is the byte string e5 45 be 49 61 ca 29 a1,
 *   returned here as the integer 0xa129ca6149be45e5.
 * - Functions writing a byte array (128-bit outputs, streaming final) write
 *   exactly the reference implementation's bytes.
 * - All results are identical on every platform (any endianness, 32 or 64
 *   bit), except where marked *kernel-compatible*: hsiphash() depends on the
 *   word size exactly as it does in Linux.
 * - Any length is accepted, including 0; data may be NULL when len is 0 and
 *   may have any alignment.  Nothing is read past data + len.
 * - No function branches on, or indexes memory with, key or message bytes;
 *   only lengths steer control flow.
 * - Nothing here allocates memory.  All functions are thread-safe.
 */
#ifndef SIPHASH_H
#define SIPHASH_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Version and symbol export
 * ------------------------------------------------------------------------ */

#define SIPHASH_VERSION_MAJOR 1
#define SIPHASH_VERSION_MINOR 3
#define SIPHASH_VERSION_PATCH 0
#define SIPHASH_VERSION_STRING "1.3.0"
/* One integer for comparisons: 0xMMmmpp. */
#define SIPHASH_VERSION_NUMBER                                                 \
    ((SIPHASH_VERSION_MAJOR << 16) | (SIPHASH_VERSION_MINOR << 8) |           \
     SIPHASH_VERSION_PATCH)

/* SIPHASH_API marks the library's public symbols; everything else in the
 * library is built with hidden visibility.
 * Windows (PE has no visibility): the DLL is built with
 * SIPHASH_BUILDING_SHARED (dllexport); a program using the static library
 * defines SIPHASH_STATIC (the CMake target siphash::siphash_static and
 * `pkg-config --static libsiphash` do it); otherwise the functions are
 * declared dllimport, for a program linking the DLL's import library. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(SIPHASH_BUILDING_SHARED)
#define SIPHASH_API __declspec(dllexport)
#elif defined(SIPHASH_STATIC)
#define SIPHASH_API
#else
#define SIPHASH_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define SIPHASH_API __attribute__((visibility("default")))
#else
#define SIPHASH_API
#endif

/* The version of the library actually linked, e.g. "1.0.0" (compare with
 * SIPHASH_VERSION_STRING, the version of this header). */
SIPHASH_API const char *siphash_version(void);

/* ------------------------------------------------------------------------
 * Keys
 * ------------------------------------------------------------------------ */

/* SipHash key: key[0] = little-endian bytes 0..7, key[1] = bytes 8..15. */
typedef struct {
    uint64_t key[2];
} siphash_key_t;

/* HalfSipHash key: key[0] = little-endian bytes 0..3, key[1] = bytes 4..7. */
typedef struct {
    uint32_t key[2];
} halfsiphash_key_t;

/* hsiphash() key, kernel-compatible: two machine words, as in Linux.  On
 * 64-bit targets it is a SipHash key (16 bytes), on 32-bit targets a
 * HalfSipHash key (8 bytes). */
typedef struct {
    unsigned long key[2];
} hsiphash_key_t;

/* Fills buf with len bytes from the operating system's random source:
 * - Linux: getrandom(2), retried on EINTR and on short reads; /dev/urandom
 *   (a character device, or refused) only if the system call does not
 *   exist.  Blocks only until the kernel's pool is initialised.
 * - OpenBSD, FreeBSD, macOS: getentropy(), in pieces of 256 bytes.
 * - NetBSD, DragonFly: arc4random_buf() (it cannot fail).
 * - Windows: BCryptGenRandom() with the system-preferred generator.
 * (The build may choose another of these: CMake option SIPHASH_RNG.)
 * Returns 0 on success or -errno on failure (Windows: -EIO, -EINVAL or
 * -ENOMEM); on failure buf is zeroed, and there is never a weak (time- or
 * pid-based) fallback. */
SIPHASH_API int siphash_random_bytes(void *buf, size_t len);

/* Makes a fresh random key with siphash_random_bytes().  Returns 0 or
 * -errno; on failure *key is zeroed (and siphash_key_is_zero() says so). */
SIPHASH_API int siphash_key_generate(siphash_key_t *key);
SIPHASH_API int hsiphash_key_generate(hsiphash_key_t *key);
SIPHASH_API int halfsiphash_key_generate(halfsiphash_key_t *key);

/* The key whose reference byte string is bytes[0..15]. */
SIPHASH_API siphash_key_t siphash_key_from_bytes(const uint8_t bytes[16]);
/* The HalfSipHash key whose reference byte string is bytes[0..7]. */
SIPHASH_API halfsiphash_key_t halfsiphash_key_from_bytes(const uint8_t bytes[8]);
/* Writes the reference byte string of key to bytes[0..15]. */
SIPHASH_API void siphash_key_to_bytes(const siphash_key_t *key, uint8_t bytes[16]);

/* True if the key is all zero (e.g. never initialised, or generation
 * failed).  Runs in constant time. */
SIPHASH_API bool siphash_key_is_zero(const siphash_key_t *key);

/* Overwrites len bytes at p with zeros in a way the compiler may not
 * remove.  Use it on keys, contexts and buffers that held secrets. */
SIPHASH_API void siphash_wipe(void *p, size_t len);

/* How to keep keys: make them with *_key_generate() once per process (or
 * per table, per boot, per rotation period), keep them out of logs, core
 * files and the command line, and wipe them with siphash_wipe() when done.
 * A key that an attacker can learn or guess protects nothing. */

/* ------------------------------------------------------------------------
 * Explicit variants (same answer on every platform)
 * ------------------------------------------------------------------------ */

/* SipHash-2-4 with 64-bit output: the PRF of the paper.  Use it wherever
 * the hash value itself leaves the process or an attacker sees it: MACs of
 * short messages, cookies, identifiers, sequence numbers.  For hash tables,
 * siphash13_64(). */
SIPHASH_API uint64_t siphash24_64(const void *data, size_t len, const siphash_key_t *key);
/* SipHash-2-4 with 128-bit output; writes the reference bytes to out. */
SIPHASH_API void siphash24_128(const void *data, size_t len, const siphash_key_t *key,
                               uint8_t out[16]);
/* SipHash-1-3 (64/128-bit output): the one to use for hash tables, keys an
 * attacker chooses included.  It is what Python (3.11+) and Rust's HashMap
 * use: a table never reveals its hash values, only timing, so 1-3's margin
 * is ample, and it is faster than 2-4 on short keys.  Same value on every
 * platform (unlike hsiphash(), which follows Linux and differs between 32-
 * and 64-bit).  No PRF claim: where the value is seen, siphash24_64(). */
SIPHASH_API uint64_t siphash13_64(const void *data, size_t len, const siphash_key_t *key);
SIPHASH_API void siphash13_128(const void *data, size_t len, const siphash_key_t *key,
                               uint8_t out[16]);

/* SipHash-1-2, 64-bit output: what Redis and Valkey use for their hash
 * tables (siphash() in their src/siphash.c returns this value for the same
 * 16 key bytes).  One compression and two finalization rounds: cheaper
 * still than 1-3, with no PRF claim at all; it serves a hash table whose
 * key stays secret.  Use siphash24_64() for MACs, cookies and anything an
 * attacker may see the output of. */
SIPHASH_API uint64_t siphash12_64(const void *data, size_t len, const siphash_key_t *key);
/* SipHash-1-2 over the ASCII-lowercased bytes (Redis's siphash_nocase(),
 * for keys compared case-insensitively): 'A'..'Z' count as 'a'..'z', every
 * other byte (0x80..0xff included, no locale) as itself.  The folding is
 * word arithmetic, without branches on the data. */
SIPHASH_API uint64_t siphash12_nocase_64(const void *data, size_t len, const siphash_key_t *key);

/* HalfSipHash-2-4 / -1-3 on 32-bit words with an 8-byte key, output 32 or
 * 64 bits.  For hash tables on 32-bit machines; its 64-bit key gives only
 * 32-bit-level security margins — never use it as a MAC. */
SIPHASH_API uint32_t halfsiphash24_32(const void *data, size_t len, const halfsiphash_key_t *key);
SIPHASH_API uint64_t halfsiphash24_64(const void *data, size_t len, const halfsiphash_key_t *key);
SIPHASH_API uint32_t halfsiphash13_32(const void *data, size_t len, const halfsiphash_key_t *key);
SIPHASH_API uint64_t halfsiphash13_64(const void *data, size_t len, const halfsiphash_key_t *key);

/* ------------------------------------------------------------------------
 * Linux-compatible API (include/linux/siphash.h)
 * ------------------------------------------------------------------------ */

/* Fixed-size SipHash-2-4.  Each equals siphash24_64() over the
 * little-endian bytes of its arguments in order (so the length byte is
 * kept: siphash_1u64(a) hashes 8 bytes, siphash_3u32 12 bytes). */
SIPHASH_API uint64_t siphash_1u64(uint64_t a, const siphash_key_t *key);
SIPHASH_API uint64_t siphash_2u64(uint64_t a, uint64_t b, const siphash_key_t *key);
SIPHASH_API uint64_t siphash_3u64(uint64_t a, uint64_t b, uint64_t c, const siphash_key_t *key);
SIPHASH_API uint64_t siphash_4u64(uint64_t a, uint64_t b, uint64_t c, uint64_t d,
                                  const siphash_key_t *key);
SIPHASH_API uint64_t siphash_1u32(uint32_t a, const siphash_key_t *key);
SIPHASH_API uint64_t siphash_2u32(uint32_t a, uint32_t b, const siphash_key_t *key);
SIPHASH_API uint64_t siphash_3u32(uint32_t a, uint32_t b, uint32_t c, const siphash_key_t *key);
SIPHASH_API uint64_t siphash_4u32(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                                  const siphash_key_t *key);

/* hsiphash over any length, kernel-compatible: on targets where unsigned
 * long is 64 bits it is SipHash-1-3 truncated to its low 32 bits; where it
 * is 32 bits, HalfSipHash-1-3 with 32-bit output — exactly what Linux
 * returns on the same word size.  For hash tables only.  Whoever needs one
 * answer on every machine uses siphash13_64() or halfsiphash13_32(). */
SIPHASH_API uint32_t hsiphash_generic(const void *data, size_t len, const hsiphash_key_t *key);
/* Fixed-size hsiphash; each equals hsiphash() over the little-endian bytes
 * of its arguments. */
SIPHASH_API uint32_t hsiphash_1u32(uint32_t a, const hsiphash_key_t *key);
SIPHASH_API uint32_t hsiphash_2u32(uint32_t a, uint32_t b, const hsiphash_key_t *key);
SIPHASH_API uint32_t hsiphash_3u32(uint32_t a, uint32_t b, uint32_t c, const hsiphash_key_t *key);
SIPHASH_API uint32_t hsiphash_4u32(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                                   const hsiphash_key_t *key);

/* siphash(): SipHash-2-4 of len bytes, as Linux's siphash(); the same value
 * as siphash24_64().  With a length known at compile time up to
 * SIPHASH_INLINE_MAX (64) bytes it is computed inline: the length folds
 * away and no call is made.  (Linux's siphash() folds constant lengths
 * 4..32 to its fixed-size functions where unaligned loads are slow; this
 * goes further, for the same reason.)  Otherwise it calls siphash24_64().
 * Same answer either way; whoever wants the smallest code calls
 * siphash24_64() directly. */
#ifndef SIPHASH_OMIT_SIPHASH_NAME
static inline uint64_t siphash(const void *data, size_t len, const siphash_key_t *key);
#endif
/* SIPHASH_OMIT_SIPHASH_NAME: defined before this header is included, it
 * leaves siphash() out (nothing else).  For the compat headers of APIs that
 * give the name siphash to a function of their own (the reference
 * implementation's, Redis's), which include this header for the rest. */

/* hsiphash(): kernel-compatible (see hsiphash_generic).  With a length
 * known at compile time: on 64-bit targets, up to SIPHASH_INLINE_MAX bytes,
 * computed inline like siphash(); on 32-bit targets lengths 4, 8, 12, 16
 * fold to hsiphash_1u32 .. hsiphash_4u32 as Linux does.  Otherwise it calls
 * hsiphash_generic().  Same answer either way. */
static inline uint32_t hsiphash(const void *data, size_t len, const hsiphash_key_t *key);

/* The largest compile-time-constant length siphash() and hsiphash()
 * compute inline; longer constant lengths call the generic function (whose
 * per-call overhead no longer matters there). */
#define SIPHASH_INLINE_MAX 64

/* ------------------------------------------------------------------------
 * Linux source compatibility (include/linux/siphash.h of Linux 6.1)
 * ------------------------------------------------------------------------
 * Kernel code using SipHash compiles against this header with the same
 * meanings: the functions above, the key types, and the names below.  To
 * port such code, point <linux/siphash.h> at a header that includes this
 * one, and give the code the few kernel names it uses besides (u8, u32,
 * u64, __aligned, ...).  hsiphash() keeps the kernel's dependence on the
 * word size; everything else gives the same answer on every machine. */

/* The alignment of the words the hash reads (__alignof__ of u64 and of
 * unsigned long, as in the kernel), for buffers declared with it.  Here
 * every alignment is correct and equally fast: loads never assume one. */
#define SIPHASH_ALIGNMENT SIPHASH_ALIGNOF_(uint64_t)
#define HSIPHASH_ALIGNMENT SIPHASH_ALIGNOF_(unsigned long)

/* A siphash_key_t aligned to 16 bytes, as the kernel declares its secrets:
 * "static siphash_aligned_key_t secret;".  Like the kernel's, it is a
 * macro (the type followed by an alignment specifier), usable where a
 * variable or a struct member is declared, not in a typedef.  In C++
 * with a compiler other than GCC, Clang or MSVC it expands to alignas(16)
 * after the type, which such a compiler may reject. */
#define siphash_aligned_key_t siphash_key_t SIPHASH_ALIGNED_(16)

/* The kernel's out-of-line generic functions, for code that calls them
 * directly: siphash24_64() and hsiphash_generic(), whatever the alignment
 * of data. */
#define __siphash_aligned siphash24_64 /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): Linux's names */
#define __siphash_unaligned siphash24_64 /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): Linux's names */
#define __hsiphash_aligned hsiphash_generic /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): Linux's names */
#define __hsiphash_unaligned hsiphash_generic /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): Linux's names */

/* The raw permutations and initial-state constants, as the kernel exposes
 * them (its advice applies: do not use them outside a SipHash
 * implementation).  Each permutation is one SipRound (64-bit words) or
 * HalfSipRound (32-bit words) on four lvalues, written as one expression.
 * SIPHASH_PERMUTATION is also this library's only definition of the round,
 * and SIPHASH_CONST_0..3 / HSIPHASH_CONST_2..3 its only definition of the
 * initial state ("somepseudorandomlygeneratedbytes"); HSIPHASH_CONST_0..1
 * are 0 as in the kernel. */
#define SIPHASH_PERMUTATION(a, b, c, d)                                        \
    ((a) += (b), (b) = siphash_rotl64_((b), 13), (b) ^= (a),                   \
     (a) = siphash_rotl64_((a), 32), (c) += (d), (d) = siphash_rotl64_((d), 16), \
     (d) ^= (c), (a) += (d), (d) = siphash_rotl64_((d), 21), (d) ^= (a),       \
     (c) += (b), (b) = siphash_rotl64_((b), 17), (b) ^= (c),                   \
     (c) = siphash_rotl64_((c), 32))

#define SIPHASH_CONST_0 0x736f6d6570736575ULL
#define SIPHASH_CONST_1 0x646f72616e646f6dULL
#define SIPHASH_CONST_2 0x6c7967656e657261ULL
#define SIPHASH_CONST_3 0x7465646279746573ULL

#define HSIPHASH_PERMUTATION(a, b, c, d)                                       \
    ((a) += (b), (b) = siphash_rotl32_((b), 5), (b) ^= (a),                    \
     (a) = siphash_rotl32_((a), 16), (c) += (d), (d) = siphash_rotl32_((d), 8), \
     (d) ^= (c), (a) += (d), (d) = siphash_rotl32_((d), 7), (d) ^= (a),        \
     (c) += (b), (b) = siphash_rotl32_((b), 13), (b) ^= (c),                   \
     (c) = siphash_rotl32_((c), 16))

#define HSIPHASH_CONST_0 0U
#define HSIPHASH_CONST_1 0U
#define HSIPHASH_CONST_2 0x6c796765U
#define HSIPHASH_CONST_3 0x74656462U

/* ------------------------------------------------------------------------
 * Streaming (incremental) API
 * ------------------------------------------------------------------------
 * Feed a message in pieces of any size; the result equals the one-shot
 * function's for the concatenation.  Contexts live wherever the caller puts
 * them (no allocation) and may be copied to fork a computation.  final
 * writes the reference output bytes and wipes the context; to hash again,
 * call init again.  The fields are private: use only the functions. */

typedef struct {
    uint64_t v[4];
    uint64_t tail;       /* pending bytes, little-endian packed */
    uint64_t total;      /* message length mod 2^64 */
    unsigned char ntail; /* 0..7 pending bytes */
    unsigned char c_rounds, d_rounds, outlen;
} siphash_ctx_t;

typedef struct {
    uint32_t v[4];
    uint32_t tail;
    uint64_t total;
    unsigned char ntail; /* 0..3 */
    unsigned char c_rounds, d_rounds, outlen;
} halfsiphash_ctx_t;

/* Starts SipHash-c-d with an outlen-byte result (8 or 16).  c_rounds and
 * d_rounds must be 1..255 (2 and 4 for SipHash-2-4, 1 and 3 for 1-3).
 * Parameters outside these ranges are a programming error: the process is
 * aborted with a message on stderr rather than hashing with the wrong
 * parameters. */
SIPHASH_API void siphash_ctx_init(siphash_ctx_t *ctx, const siphash_key_t *key,
                                  unsigned c_rounds, unsigned d_rounds, size_t outlen);
/* Absorbs len more bytes (data may be NULL when len is 0). */
SIPHASH_API void siphash_ctx_update(siphash_ctx_t *ctx, const void *data, size_t len);
/* Writes outlen bytes (reference order) to out, then wipes ctx.
 * A context is dead after final: update or final on it (or on a
 * zero-filled context never passed to init) aborts the process with a
 * message on stderr, as bad init parameters do, instead of returning a
 * value that would be the same for every key (a forgeable MAC).  Call init
 * again to reuse it. */
SIPHASH_API void siphash_ctx_final(siphash_ctx_t *ctx, uint8_t *out);

/* HalfSipHash-c-d likewise; outlen 4 or 8; update or final after final
 * aborts likewise. */
SIPHASH_API void halfsiphash_ctx_init(halfsiphash_ctx_t *ctx, const halfsiphash_key_t *key,
                                      unsigned c_rounds, unsigned d_rounds, size_t outlen);
SIPHASH_API void halfsiphash_ctx_update(halfsiphash_ctx_t *ctx, const void *data, size_t len);
SIPHASH_API void halfsiphash_ctx_final(halfsiphash_ctx_t *ctx, uint8_t *out);

/* With GCC and Clang, siphash_ctx_init(), siphash_ctx_update() and
 * siphash_ctx_final() called by name are macros over inline code (see the
 * implementation part below): a key hashed field by field, with pieces of
 * constant sizes up to 8 bytes, then costs about what the one-shot call
 * costs instead of a call per piece.  The halfsiphash_ctx_* names likewise,
 * for pieces of constant sizes up to 4 bytes.  The exported functions stay; a
 * function pointer, or the name in parentheses, "(siphash_ctx_update)(...)",
 * always means them.  Both paths give the same results, check for a dead
 * context alike, and may be mixed on one context.  The inline final zeroes
 * the context with ordinary stores, which the compiler may leave out for a
 * local context never read again: where that memory must be wiped, call
 * (siphash_ctx_final) or siphash_wipe().  Because the inline code is
 * compiled into the caller, the fields of siphash_ctx_t and what they hold
 * are part of the library's binary interface. */

/* ------------------------------------------------------------------------
 * Batches: many independent messages at once, across SIMD lanes
 * ------------------------------------------------------------------------
 * The CPU is asked once (thread-safely) which instruction set to use; the
 * environment variable SIPHASH_IMPL=portable|avx2|avx512|neon, read at that
 * moment, forces a path (ignored, with the best path used, if the CPU or
 * the build lacks it).  Results are identical on every path.
 *
 * Where out may lie: out[i] is written while later inputs are still to be
 * read, so out must not overlap what is read, except exactly: out may be
 * the input itself, each result replacing its own 8-byte input (in ==
 * out for the _u64 functions; base == out with stride 8 and len at most 8
 * for siphash_batch, siphash13_batch and siphash12_batch).  Any other
 * overlap (out one element after the input, records longer than 8 bytes,
 * stride 0, out inside a message of a batchv call) is not allowed: the
 * results are wrong.  Copy first, or hash into a separate out.  The batchv
 * functions check the one overlap that would make them read wild memory
 * (out[0..n) sharing a byte with msgs[0..n) or lens[0..n): they would read
 * hashes as pointers and lengths) and refuse it: the process aborts with a
 * message on stderr naming the function and the array, before anything is
 * read or written, as misuse of the streaming API does. */

/* out[i] = siphash24_64(base + i*stride, len, key) for i < n.  stride may be
 * anything (0 hashes one record n times); records need no alignment.  out
 * may be base only with stride 8 and len <= 8; no other overlap (above). */
SIPHASH_API void siphash_batch(const void *base, size_t stride, size_t len, size_t n,
                               const siphash_key_t *key, uint64_t *out);
/* The same with SipHash-1-3 (out[i] = siphash13_64(...)), same overlap rule. */
SIPHASH_API void siphash13_batch(const void *base, size_t stride, size_t len, size_t n,
                                 const siphash_key_t *key, uint64_t *out);
/* The same with SipHash-1-2 (out[i] = siphash12_64(...)), same overlap rule. */
SIPHASH_API void siphash12_batch(const void *base, size_t stride, size_t len, size_t n,
                                 const siphash_key_t *key, uint64_t *out);
/* out[i] = siphash24_64(msgs[i], lens[i], key): messages of any lengths.
 * Each message is read only inside msgs[i][0 .. lens[i]-1].  out must not
 * overlap msgs, lens or any message: out[0..n) overlapping msgs[0..n) or
 * lens[0..n) aborts the process with a message (checked, above); inside a
 * message, the results are wrong. */
SIPHASH_API void siphash_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                const siphash_key_t *key, uint64_t *out);
/* The same with SipHash-1-3 (out[i] = siphash13_64(msgs[i], lens[i], key)),
 * the variant for hash tables; same reads, same overlap rule.  Since 1.3.0. */
SIPHASH_API void siphash13_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                  const siphash_key_t *key, uint64_t *out);
/* The same with SipHash-1-2 (out[i] = siphash12_64(msgs[i], lens[i], key)),
 * and over the ASCII-lowercased bytes (out[i] = siphash12_nocase_64(...)):
 * a hash table's batched lookups, as Redis's dict does them.  out must not
 * overlap msgs, lens or any message (overlapping msgs or lens aborts, as
 * for siphash_batchv). */
SIPHASH_API void siphash12_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                  const siphash_key_t *key, uint64_t *out);
SIPHASH_API void siphash12_nocase_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                         const siphash_key_t *key, uint64_t *out);
/* out[i] = siphash_1u64(in[i], key): the commonest hash-table key.  out
 * may be in itself (hashing in place); no other overlap. */
SIPHASH_API void siphash_batch_u64(const uint64_t *in, size_t n, const siphash_key_t *key,
                                   uint64_t *out);
/* out[i] = siphash13_64 of the 8 little-endian bytes of in[i]; out may be
 * in itself, no other overlap. */
SIPHASH_API void siphash13_batch_u64(const uint64_t *in, size_t n, const siphash_key_t *key,
                                     uint64_t *out);
/* The path in use: "avx512", "avx2", "neon" or "portable" (or the name
 * forced, below). */
SIPHASH_API const char *siphash_batch_impl(void);
/* For tests and benchmarks: from now on (in every thread) the batch
 * functions use the named path, or the best one again when name is NULL.
 * A path may name its split too: "avx2+1" hashes 1 message in general
 * registers beside each group of vectors (avx2+0..2, avx2+zen, avx512+0..1,
 * avx512+zen4, neon+0..2; docs/batch.md).
 * Returns 0; -ENOTSUP if this CPU or build lacks that path, -EINVAL for an
 * unknown name (the choice is then unchanged).  Every path gives the same
 * results, so a call racing with batch calls in other threads is harmless. */
SIPHASH_API int siphash_batch_force_impl(const char *name);

/* ========================================================================
 * Below: the implementation of the inline functions and macros declared
 * above.  Not API; names ending in '_' may change in any release.
 * ======================================================================== */

#if defined(__GNUC__) || defined(__clang__)
/* The inline path must really be inlined: an out-of-line copy would see
 * neither the constant length nor the constant round counts (clang's
 * inliner otherwise declines the big body and calls a generic copy). */
#define SIPHASH_ALWAYS_INLINE_ __attribute__((always_inline))
#define SIPHASH_CONSTANT_LEN_(len, n) (__builtin_constant_p(len) && (len) == (n))
#define SIPHASH_INLINE_LEN_(len) (__builtin_constant_p(len) && (len) <= SIPHASH_INLINE_MAX)
#else
#define SIPHASH_ALWAYS_INLINE_
#define SIPHASH_CONSTANT_LEN_(len, n) 0
#define SIPHASH_INLINE_LEN_(len) 0
#endif

/* Alignment in the kernel's sense (__alignof__: GCC's preferred alignment,
 * 8 for 64-bit words on i386 where C11's _Alignof says 4). */
#if defined(__GNUC__) || defined(__clang__)
#define SIPHASH_ALIGNOF_(t) __alignof__(t)
#elif defined(_MSC_VER)
#define SIPHASH_ALIGNOF_(t) __alignof(t)
#elif defined(__cplusplus)
#define SIPHASH_ALIGNOF_(t) alignof(t)
#else
#define SIPHASH_ALIGNOF_(t) _Alignof(t)
#endif

/* An alignment specifier that may follow the type in a declaration: C11's
 * _Alignas there; C++'s alignas may not follow the type, so C++ uses the
 * compiler's own attribute where it has one. */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define SIPHASH_ALIGNED_(n) _Alignas(n)
#elif defined(__GNUC__) || defined(__clang__)
#define SIPHASH_ALIGNED_(n) __attribute__((aligned(n)))
#elif defined(_MSC_VER)
#define SIPHASH_ALIGNED_(n) __declspec(align(n))
#else
#define SIPHASH_ALIGNED_(n) alignas(n)
#endif

static inline SIPHASH_ALWAYS_INLINE_ uint64_t siphash_rotl64_(uint64_t x, int b)
{
    return (x << b) | (x >> (64 - b));
}
static inline SIPHASH_ALWAYS_INLINE_ uint32_t siphash_rotl32_(uint32_t x, int b)
{
    return (x << b) | (x >> (32 - b));
}

/* Xored into v2 before the finalization rounds: FINAL_ for one output
 * word; for two output words WIDE_ (also xored into v1 at the start) and,
 * into v1 before the second word's rounds, SECOND_.  The same values for
 * SipHash and HalfSipHash. */
#define SIPHASH_FINAL_ 0xffu
#define SIPHASH_FINAL_WIDE_ 0xeeu
#define SIPHASH_FINAL_SECOND_ 0xddu

/* Little-endian loads for the inline path, byte by byte (any alignment, any
 * byte order; the compiler merges them into one load where it can). */
static inline uint32_t siphash_load_le32_(const void *p)
{
    const uint8_t *b = (const uint8_t *)p;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
           (uint32_t)b[3] << 24;
}
static inline uint64_t siphash_load_le64_(const void *p)
{
    const uint8_t *b = (const uint8_t *)p;
    return (uint64_t)siphash_load_le32_(b) | (uint64_t)siphash_load_le32_(b + 4) << 32;
}

/* SipHash-c-d computed inline, for siphash() and hsiphash() with a
 * constant length.  With len, c and d compile-time constants the block
 * loop and the rounds unroll, the tail becomes at most three loads of fixed
 * widths (4, 2, 1 bytes: no byte switch, nothing read past data + len), no
 * call is made, and in a loop the key and the initial state stay in
 * registers.  Same result as siphash24_64() / siphash13_64(). */
static inline SIPHASH_ALWAYS_INLINE_ uint64_t siphash_inline_(const void *data, size_t len,
                                                              uint64_t k0, uint64_t k1, int c,
                                                              int d)
{
    const uint8_t *p = (const uint8_t *)data;
    uint64_t v0 = SIPHASH_CONST_0 ^ k0;
    uint64_t v1 = SIPHASH_CONST_1 ^ k1;
    uint64_t v2 = SIPHASH_CONST_2 ^ k0;
    uint64_t v3 = SIPHASH_CONST_3 ^ k1;
    const uint64_t lb = (uint64_t)len << 56;
    uint64_t b = 0;
    size_t i = 0, r = len & 7;
    int j;
    /* Under 8 bytes the length goes into v3 with the key, so between the
     * tail's loads and the first round there is one xor, not an or and an
     * xor (hsiphash through memory on Zen 5, against Linux: x1.033 -> x1.001
     * at 1 and 4 bytes). */
    if (len < 8)
        v3 ^= lb;
#if defined(__GNUC__) || defined(__clang__)
    /* No instruction either: hides v3's value so the compiler cannot
     * re-associate "v3 ^ m" into "(m ^ key) ^ constant", which puts two
     * operations instead of one between the message and the first round. */
    __asm__("" : "+r"(v3));
#endif
    for (; i + 8 <= len; i += 8) {
        uint64_t m = siphash_load_le64_(p + i);
        v3 ^= m;
        for (j = 0; j < c; j++)
            SIPHASH_PERMUTATION(v0, v1, v2, v3);
        v0 ^= m;
    }
    if (r & 4)
        b |= siphash_load_le32_(p + i);
    if (r & 2)
        b |= (uint64_t)(p[i + (r & 4)] | p[i + (r & 4) + 1] << 8) << (8 * (r & 4));
    if (r & 1)
        b |= (uint64_t)p[i + (r & 6)] << (8 * (r & 6));
    v3 ^= len < 8 ? b : b | lb;
    for (j = 0; j < c; j++)
        SIPHASH_PERMUTATION(v0, v1, v2, v3);
    v0 ^= b | lb;
    v2 ^= SIPHASH_FINAL_;
    for (j = 0; j < d; j++)
        SIPHASH_PERMUTATION(v0, v1, v2, v3);
    v0 = (v0 ^ v1) ^ (v2 ^ v3);
#if defined(__GNUC__) || defined(__clang__)
    /* An empty asm on the result (no instruction, no cost) keeps a caller's
     * loop of independent siphash() calls from being auto-vectorised: SSE2
     * and AVX2 have no 64-bit rotate, and GCC -O3 otherwise turns such a
     * loop into 2-lane code about 1.6x slower than scalar.  (siphash_batch()
     * is the vector path.) */
    __asm__("" : "+r"(v0));
#endif
    return v0;
}

#ifndef SIPHASH_OMIT_SIPHASH_NAME
static inline SIPHASH_ALWAYS_INLINE_ uint64_t siphash(const void *data, size_t len,
                                                      const siphash_key_t *key)
{
    if (SIPHASH_INLINE_LEN_(len))
        return siphash_inline_(data, len, key->key[0], key->key[1], 2, 4);
    return siphash24_64(data, len, key);
}
#endif

static inline SIPHASH_ALWAYS_INLINE_ uint32_t hsiphash(const void *data, size_t len,
                                                       const hsiphash_key_t *key)
{
    const uint8_t *p = (const uint8_t *)data;
#if ULONG_MAX > 0xffffffffUL
    /* hsiphash is SipHash-1-3 here, truncated to 32 bits */
    if (SIPHASH_INLINE_LEN_(len))
        return (uint32_t)siphash_inline_(data, len, key->key[0], key->key[1], 1, 3);
#endif
    if (SIPHASH_CONSTANT_LEN_(len, 4))
        return hsiphash_1u32(siphash_load_le32_(p), key);
    if (SIPHASH_CONSTANT_LEN_(len, 8))
        return hsiphash_2u32(siphash_load_le32_(p), siphash_load_le32_(p + 4), key);
    if (SIPHASH_CONSTANT_LEN_(len, 12))
        return hsiphash_3u32(siphash_load_le32_(p), siphash_load_le32_(p + 4),
                             siphash_load_le32_(p + 8), key);
    if (SIPHASH_CONSTANT_LEN_(len, 16))
        return hsiphash_4u32(siphash_load_le32_(p), siphash_load_le32_(p + 4),
                             siphash_load_le32_(p + 8), siphash_load_le32_(p + 12), key);
    return hsiphash_generic(data, len, key);
}

/* ---- streaming: the inline path of siphash_ctx_init/update/final --------
 * Hashing a composite key field by field through the exported functions
 * costs, per 4- or 8-byte piece, a call, a reload and store of the whole
 * state and the round count read from memory: 3 to 5 times the one-shot
 * call at 8..64 bytes.  Where the compiler sees constants, these inline
 * functions do the same work in the caller instead:
 *   init    with constant, valid c_rounds, d_rounds and outlen: a few xors;
 *           the round counts and outlen then become known constants in the
 *           caller's context;
 *   update  with a constant length of at most 8: the piece is loaded with
 *           fixed-width loads, shifted into the pending word, and a full
 *           word is absorbed on the spot (at most one per piece);
 *   final   when the compiler knows the context's round counts and outlen
 *           (a context initialised inline in the same function and not
 *           passed to a called function since).
 * In such a function the whole state stays in registers and the round
 * loops unroll, as in the one-shot code.  Anything else calls the exported
 * function, which does the same on the same fields.  The dead-context check
 * stays on every path: an inline update or final on a context whose
 * c_rounds is 0 calls the exported function on a zero context, which
 * aborts with that function's message; ctx itself is not passed there,
 * because a call that could read it would force the state back into memory
 * on every piece. */

#if defined(__GNUC__) || defined(__clang__)
#define SIPHASH_NORETURN_ __attribute__((noreturn))
#define SIPHASH_UNREACHABLE_() __builtin_unreachable()
#define SIPHASH_KNOWN_(x) __builtin_constant_p(x)
#define SIPHASH_PIECE_LEN_(len) (__builtin_constant_p(len) && (len) <= 8)
#elif defined(_MSC_VER)
#define SIPHASH_NORETURN_ __declspec(noreturn)
#define SIPHASH_UNREACHABLE_() __assume(0)
#define SIPHASH_KNOWN_(x) 0
#define SIPHASH_PIECE_LEN_(len) 0
#else
#define SIPHASH_NORETURN_
#define SIPHASH_UNREACHABLE_() ((void)0)
#define SIPHASH_KNOWN_(x) 0
#define SIPHASH_PIECE_LEN_(len) 0
#endif

/* update or final on a dead context: aborts (never returns). */
static inline SIPHASH_NORETURN_ void siphash_ctx_dead_(int in_final)
{
    siphash_ctx_t dead = {{0, 0, 0, 0}, 0, 0, 0, 0, 0, 0};
    uint8_t out[16];
    if (in_final)
        (siphash_ctx_final)(&dead, out);
    else
        (siphash_ctx_update)(&dead, &dead, 1);
    SIPHASH_UNREACHABLE_();
}

/* len (constant, 0..8) bytes at p, little-endian, in fixed-width loads. */
static inline SIPHASH_ALWAYS_INLINE_ uint64_t siphash_load_piece_(const uint8_t *p, size_t len)
{
    uint64_t m = 0;
    if (len == 8)
        return siphash_load_le64_(p);
    if (len & 4)
        m = siphash_load_le32_(p);
    if (len & 2)
        m |= (uint64_t)(p[len & 4] | p[(len & 4) + 1] << 8) << (8 * (len & 4));
    if (len & 1)
        m |= (uint64_t)p[len & 6] << (8 * (len & 6));
    return m;
}

/* The context's fields for valid parameters: the inline init and the
 * exported one (stream.c, after its checks) both set them here. */
static inline SIPHASH_ALWAYS_INLINE_ void siphash_ctx_start_(siphash_ctx_t *ctx,
                                                              const siphash_key_t *key,
                                                              unsigned c_rounds,
                                                              unsigned d_rounds, size_t outlen)
{
    uint64_t k0 = key->key[0], k1 = key->key[1];
    ctx->v[0] = SIPHASH_CONST_0 ^ k0;
    ctx->v[1] = SIPHASH_CONST_1 ^ k1 ^ (outlen == 16 ? SIPHASH_FINAL_WIDE_ : 0);
    ctx->v[2] = SIPHASH_CONST_2 ^ k0;
    ctx->v[3] = SIPHASH_CONST_3 ^ k1;
    ctx->tail = 0;
    ctx->total = 0;
    ctx->ntail = 0;
    ctx->c_rounds = (unsigned char)c_rounds;
    ctx->d_rounds = (unsigned char)d_rounds;
    ctx->outlen = (unsigned char)outlen;
}

static inline SIPHASH_ALWAYS_INLINE_ void siphash_ctx_init_(siphash_ctx_t *ctx,
                                                             const siphash_key_t *key,
                                                             unsigned c_rounds,
                                                             unsigned d_rounds, size_t outlen)
{
    if (SIPHASH_KNOWN_(c_rounds) && SIPHASH_KNOWN_(d_rounds) && SIPHASH_KNOWN_(outlen) &&
        c_rounds >= 1 && c_rounds <= 255 && d_rounds >= 1 && d_rounds <= 255 &&
        (outlen == 8 || outlen == 16)) {
        siphash_ctx_start_(ctx, key, c_rounds, d_rounds, outlen);
        return;
    }
    (siphash_ctx_init)(ctx, key, c_rounds, d_rounds, outlen);
}

/* One piece of constant length 0..8: it fills the pending word at most
 * once, so at most one block is absorbed, and the bytes that do not fit
 * start the next pending word. */
static inline SIPHASH_ALWAYS_INLINE_ void siphash_ctx_piece_(siphash_ctx_t *ctx, const void *data,
                                                              size_t len)
{
    uint64_t m, t, v0, v1, v2, v3;
    unsigned n, c, j;
    if (ctx->c_rounds == 0)
        siphash_ctx_dead_(0);
    if (len == 0)
        return;
    m = siphash_load_piece_((const uint8_t *)data, len);
    /* ntail is always total mod 8 (both paths keep it so); taken from
     * total, the inline path only writes ntail, and where the context
     * stays in registers those writes vanish. */
    n = (unsigned)ctx->total & 7u;
    ctx->total += len;
    t = ctx->tail | m << (8 * n);
    if (n + len < 8) {
        ctx->tail = t;
        ctx->ntail = (unsigned char)(n + len);
        return;
    }
    c = ctx->c_rounds;
    v0 = ctx->v[0];
    v1 = ctx->v[1];
    v2 = ctx->v[2];
    v3 = ctx->v[3] ^ t;
    for (j = 0; j < c; j++)
        SIPHASH_PERMUTATION(v0, v1, v2, v3);
    ctx->v[0] = v0 ^ t;
    ctx->v[1] = v1;
    ctx->v[2] = v2;
    ctx->v[3] = v3;
    /* The 8 - n bytes that fit are gone; two shifts, as n may be 0. */
    ctx->tail = m >> (8 * (7 - n)) >> 8;
    ctx->ntail = (unsigned char)(n + len - 8);
}

static inline SIPHASH_ALWAYS_INLINE_ void siphash_ctx_update_(siphash_ctx_t *ctx, const void *data,
                                                               size_t len)
{
    if (SIPHASH_PIECE_LEN_(len))
        siphash_ctx_piece_(ctx, data, len);
    else
        (siphash_ctx_update)(ctx, data, len);
}

static inline SIPHASH_ALWAYS_INLINE_ void siphash_store_le64_(uint8_t *out, uint64_t x)
{
    int i;
    for (i = 0; i < 8; i++)
        out[i] = (uint8_t)(x >> (8 * i));
}

static inline SIPHASH_ALWAYS_INLINE_ void siphash_ctx_final_(siphash_ctx_t *ctx, uint8_t *out)
{
    if (SIPHASH_KNOWN_(ctx->c_rounds) && SIPHASH_KNOWN_(ctx->d_rounds) &&
        SIPHASH_KNOWN_(ctx->outlen)) {
        unsigned c = ctx->c_rounds, d = ctx->d_rounds, j;
        int wide = ctx->outlen == 16;
        uint64_t b = ctx->total << 56 | ctx->tail;
        uint64_t v0 = ctx->v[0], v1 = ctx->v[1], v2 = ctx->v[2], v3 = ctx->v[3] ^ b;
        if (c == 0)
            siphash_ctx_dead_(1);
        for (j = 0; j < c; j++)
            SIPHASH_PERMUTATION(v0, v1, v2, v3);
        v0 ^= b;
        v2 ^= wide ? SIPHASH_FINAL_WIDE_ : SIPHASH_FINAL_;
        for (j = 0; j < d; j++)
            SIPHASH_PERMUTATION(v0, v1, v2, v3);
        siphash_store_le64_(out, (v0 ^ v1) ^ (v2 ^ v3));
        if (wide) {
            v1 ^= SIPHASH_FINAL_SECOND_;
            for (j = 0; j < d; j++)
                SIPHASH_PERMUTATION(v0, v1, v2, v3);
            siphash_store_le64_(out + 8, (v0 ^ v1) ^ (v2 ^ v3));
        }
        /* Zeroed as the exported final wipes it (padding aside, which
         * never holds state), with ordinary stores: where the compiler kept
         * a local context in registers, there is nothing in memory to wipe,
         * and it drops the stores to a context nobody reads again.  Forcing
         * them (an asm reading *ctx) would force the context into memory
         * for its whole life, and the state out to it on every piece. */
        ctx->v[0] = ctx->v[1] = ctx->v[2] = ctx->v[3] = 0;
        ctx->tail = ctx->total = 0;
        ctx->ntail = ctx->c_rounds = ctx->d_rounds = ctx->outlen = 0;
        return;
    }
    (siphash_ctx_final)(ctx, out);
}

/* HalfSipHash likewise, on 32-bit words: pieces of constant sizes up to 4
 * bytes, a 4-byte pending word, outlen 4 or 8; ntail is total mod 4.  A
 * second copy on purpose, as in stream.c: the word type, block size, round
 * and context type differ on nearly every line, and a macro template over
 * them would be harder to read than the two. */
static inline SIPHASH_NORETURN_ void halfsiphash_ctx_dead_(int in_final)
{
    halfsiphash_ctx_t dead = {{0, 0, 0, 0}, 0, 0, 0, 0, 0, 0};
    uint8_t out[8];
    if (in_final)
        (halfsiphash_ctx_final)(&dead, out);
    else
        (halfsiphash_ctx_update)(&dead, &dead, 1);
    SIPHASH_UNREACHABLE_();
}

static inline SIPHASH_ALWAYS_INLINE_ void halfsiphash_ctx_start_(halfsiphash_ctx_t *ctx,
                                                                  const halfsiphash_key_t *key,
                                                                  unsigned c_rounds,
                                                                  unsigned d_rounds, size_t outlen)
{
    uint32_t k0 = key->key[0], k1 = key->key[1];
    ctx->v[0] = HSIPHASH_CONST_0 ^ k0;
    ctx->v[1] = HSIPHASH_CONST_1 ^ k1 ^ (outlen == 8 ? SIPHASH_FINAL_WIDE_ : 0u);
    ctx->v[2] = HSIPHASH_CONST_2 ^ k0;
    ctx->v[3] = HSIPHASH_CONST_3 ^ k1;
    ctx->tail = 0;
    ctx->total = 0;
    ctx->ntail = 0;
    ctx->c_rounds = (unsigned char)c_rounds;
    ctx->d_rounds = (unsigned char)d_rounds;
    ctx->outlen = (unsigned char)outlen;
}

static inline SIPHASH_ALWAYS_INLINE_ void halfsiphash_ctx_init_(halfsiphash_ctx_t *ctx,
                                                                 const halfsiphash_key_t *key,
                                                                 unsigned c_rounds,
                                                                 unsigned d_rounds, size_t outlen)
{
    if (SIPHASH_KNOWN_(c_rounds) && SIPHASH_KNOWN_(d_rounds) && SIPHASH_KNOWN_(outlen) &&
        c_rounds >= 1 && c_rounds <= 255 && d_rounds >= 1 && d_rounds <= 255 &&
        (outlen == 4 || outlen == 8)) {
        halfsiphash_ctx_start_(ctx, key, c_rounds, d_rounds, outlen);
        return;
    }
    (halfsiphash_ctx_init)(ctx, key, c_rounds, d_rounds, outlen);
}

static inline SIPHASH_ALWAYS_INLINE_ void halfsiphash_ctx_piece_(halfsiphash_ctx_t *ctx,
                                                                  const void *data, size_t len)
{
    const uint8_t *p = (const uint8_t *)data;
    uint32_t m, t, v0, v1, v2, v3;
    unsigned n, c, j;
    if (ctx->c_rounds == 0)
        halfsiphash_ctx_dead_(0);
    if (len == 0)
        return;
    m = (uint32_t)siphash_load_piece_(p, len);
    n = (unsigned)ctx->total & 3u; /* = ntail, as for SipHash */
    ctx->total += len;
    t = ctx->tail | m << (8 * n);
    if (n + len < 4) {
        ctx->tail = t;
        ctx->ntail = (unsigned char)(n + len);
        return;
    }
    c = ctx->c_rounds;
    v0 = ctx->v[0];
    v1 = ctx->v[1];
    v2 = ctx->v[2];
    v3 = ctx->v[3] ^ t;
    for (j = 0; j < c; j++)
        HSIPHASH_PERMUTATION(v0, v1, v2, v3);
    ctx->v[0] = v0 ^ t;
    ctx->v[1] = v1;
    ctx->v[2] = v2;
    ctx->v[3] = v3;
    ctx->tail = m >> (8 * (3 - n)) >> 8;
    ctx->ntail = (unsigned char)(n + len - 4);
}

static inline SIPHASH_ALWAYS_INLINE_ void halfsiphash_ctx_update_(halfsiphash_ctx_t *ctx,
                                                                   const void *data, size_t len)
{
    if (SIPHASH_PIECE_LEN_(len) && len <= 4)
        halfsiphash_ctx_piece_(ctx, data, len);
    else
        (halfsiphash_ctx_update)(ctx, data, len);
}

static inline SIPHASH_ALWAYS_INLINE_ void siphash_store_le32_(uint8_t *out, uint32_t x)
{
    int i;
    for (i = 0; i < 4; i++)
        out[i] = (uint8_t)(x >> (8 * i));
}

static inline SIPHASH_ALWAYS_INLINE_ void halfsiphash_ctx_final_(halfsiphash_ctx_t *ctx,
                                                                  uint8_t *out)
{
    if (SIPHASH_KNOWN_(ctx->c_rounds) && SIPHASH_KNOWN_(ctx->d_rounds) &&
        SIPHASH_KNOWN_(ctx->outlen)) {
        unsigned c = ctx->c_rounds, d = ctx->d_rounds, j;
        int wide = ctx->outlen == 8;
        uint32_t b = (uint32_t)ctx->total << 24 | ctx->tail;
        uint32_t v0 = ctx->v[0], v1 = ctx->v[1], v2 = ctx->v[2], v3 = ctx->v[3] ^ b;
        if (c == 0)
            halfsiphash_ctx_dead_(1);
        for (j = 0; j < c; j++)
            HSIPHASH_PERMUTATION(v0, v1, v2, v3);
        v0 ^= b;
        v2 ^= wide ? SIPHASH_FINAL_WIDE_ : SIPHASH_FINAL_;
        for (j = 0; j < d; j++)
            HSIPHASH_PERMUTATION(v0, v1, v2, v3);
        siphash_store_le32_(out, v1 ^ v3);
        if (wide) {
            v1 ^= SIPHASH_FINAL_SECOND_;
            for (j = 0; j < d; j++)
                HSIPHASH_PERMUTATION(v0, v1, v2, v3);
            siphash_store_le32_(out + 4, v1 ^ v3);
        }
        ctx->v[0] = ctx->v[1] = ctx->v[2] = ctx->v[3] = 0;
        ctx->tail = 0;
        ctx->total = 0;
        ctx->ntail = ctx->c_rounds = ctx->d_rounds = ctx->outlen = 0;
        return;
    }
    (halfsiphash_ctx_final)(ctx, out);
}

#if defined(__GNUC__) || defined(__clang__)
#define siphash_ctx_init(ctx, key, c_rounds, d_rounds, outlen)                 \
    siphash_ctx_init_(ctx, key, c_rounds, d_rounds, outlen)
#define siphash_ctx_update(ctx, data, len) siphash_ctx_update_(ctx, data, len)
#define siphash_ctx_final(ctx, out) siphash_ctx_final_(ctx, out)
#define halfsiphash_ctx_init(ctx, key, c_rounds, d_rounds, outlen)             \
    halfsiphash_ctx_init_(ctx, key, c_rounds, d_rounds, outlen)
#define halfsiphash_ctx_update(ctx, data, len) halfsiphash_ctx_update_(ctx, data, len)
#define halfsiphash_ctx_final(ctx, out) halfsiphash_ctx_final_(ctx, out)
#endif

#ifdef __cplusplus
}
#endif

#endif /* SIPHASH_H */
