/* SPDX-License-Identifier: MIT */
/*
 * linux_siphash.h — how the bench calls Linux's lib/siphash.c, compiled
 * twice from the build tree (see get-linux-siphash.sh, linux-shim/):
 *   linux_*   the generic configuration (byte-switch tail)
 *   linuxwa_* CONFIG_DCACHE_WORD_ACCESS as x86-64/arm64 kernels build it
 *             (masked 8-byte tail load that may read past the end: call it
 *             only on buffers with slack after the message).
 * Every Linux symbol is renamed at compile time (-Dsiphash_1u64=linux_...)
 * so nothing clashes with our library.  Linux's key types have the layout
 * of ours (two u64 / two unsigned long), so ours are passed.
 */
#ifndef SIPHASH_BENCH_LINUX_SIPHASH_H
#define SIPHASH_BENCH_LINUX_SIPHASH_H

#include "siphash.h"

#define LINUX_SIPHASH_DECLARE(P)                                                         \
    uint64_t P##__siphash_unaligned(const void *data, size_t len, const siphash_key_t *k); \
    uint64_t P##siphash_1u64(uint64_t a, const siphash_key_t *k);                          \
    uint64_t P##siphash_2u64(uint64_t a, uint64_t b, const siphash_key_t *k);              \
    uint64_t P##siphash_3u64(uint64_t a, uint64_t b, uint64_t c, const siphash_key_t *k);  \
    uint64_t P##siphash_4u64(uint64_t a, uint64_t b, uint64_t c, uint64_t d,               \
                             const siphash_key_t *k);                                      \
    uint64_t P##siphash_1u32(uint32_t a, const siphash_key_t *k);                          \
    uint64_t P##siphash_3u32(uint32_t a, uint32_t b, uint32_t c, const siphash_key_t *k);  \
    uint32_t P##__hsiphash_unaligned(const void *data, size_t len, const hsiphash_key_t *k); \
    uint32_t P##hsiphash_1u32(uint32_t a, const hsiphash_key_t *k);                        \
    uint32_t P##hsiphash_2u32(uint32_t a, uint32_t b, const hsiphash_key_t *k);            \
    uint32_t P##hsiphash_3u32(uint32_t a, uint32_t b, uint32_t c, const hsiphash_key_t *k); \
    uint32_t P##hsiphash_4u32(uint32_t a, uint32_t b, uint32_t c, uint32_t d,              \
                              const hsiphash_key_t *k);

LINUX_SIPHASH_DECLARE(linux_)
LINUX_SIPHASH_DECLARE(linuxwa_)

/* Linux's fixed-size functions where one fits a constant length (4: 1u32,
 * 8: 1u64, 12: 3u32, 16: 2u64, 24: 3u64, 32: 4u64), __siphash_unaligned
 * otherwise: what a kernel caller who knows the length gets at best.  (Linux's
 * own inline siphash() folds only where unaligned access is slow; on x86-64
 * it calls __siphash_unaligned for every length.) */
static inline uint64_t linux_siphash_inline(const void *data, size_t len, const siphash_key_t *k)
{
    const uint8_t *p = (const uint8_t *)data;
    if (SIPHASH_CONSTANT_LEN_(len, 4))
        return linux_siphash_1u32(siphash_load_le32_(p), k);
    if (SIPHASH_CONSTANT_LEN_(len, 8))
        return linux_siphash_1u64(siphash_load_le64_(p), k);
    if (SIPHASH_CONSTANT_LEN_(len, 12))
        return linux_siphash_3u32(siphash_load_le32_(p), siphash_load_le32_(p + 4),
                                  siphash_load_le32_(p + 8), k);
    if (SIPHASH_CONSTANT_LEN_(len, 16))
        return linux_siphash_2u64(siphash_load_le64_(p), siphash_load_le64_(p + 8), k);
    if (SIPHASH_CONSTANT_LEN_(len, 24))
        return linux_siphash_3u64(siphash_load_le64_(p), siphash_load_le64_(p + 8),
                                  siphash_load_le64_(p + 16), k);
    if (SIPHASH_CONSTANT_LEN_(len, 32))
        return linux_siphash_4u64(siphash_load_le64_(p), siphash_load_le64_(p + 8),
                                  siphash_load_le64_(p + 16), siphash_load_le64_(p + 24), k);
    return linux___siphash_unaligned(data, len, k);
}

/* The same for hsiphash: constant 4, 8, 12, 16 use hsiphash_1u32..4u32. */
static inline uint32_t linux_hsiphash_inline(const void *data, size_t len, const hsiphash_key_t *k)
{
    const uint8_t *p = (const uint8_t *)data;
    if (SIPHASH_CONSTANT_LEN_(len, 4))
        return linux_hsiphash_1u32(siphash_load_le32_(p), k);
    if (SIPHASH_CONSTANT_LEN_(len, 8))
        return linux_hsiphash_2u32(siphash_load_le32_(p), siphash_load_le32_(p + 4), k);
    if (SIPHASH_CONSTANT_LEN_(len, 12))
        return linux_hsiphash_3u32(siphash_load_le32_(p), siphash_load_le32_(p + 4),
                                   siphash_load_le32_(p + 8), k);
    if (SIPHASH_CONSTANT_LEN_(len, 16))
        return linux_hsiphash_4u32(siphash_load_le32_(p), siphash_load_le32_(p + 4),
                                   siphash_load_le32_(p + 8), siphash_load_le32_(p + 12), k);
    return linux___hsiphash_unaligned(data, len, k);
}

#endif
