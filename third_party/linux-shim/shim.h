/* SPDX-License-Identifier: MIT */
/*
 * shim.h — just enough of the kernel's headers for Linux's lib/siphash.c to
 * compile in userspace, for the bench's "linux" rows.  Ours, not Linux's:
 * typedefs, unaligned little-endian loads via memcpy, rotates, and no-op
 * export/annotation macros.  The build compiles lib/siphash.c twice:
 *   - plain: the generic configuration, whose tail is a byte switch;
 *   - with LINUX_SHIM_WORD_ACCESS: CONFIG_DCACHE_WORD_ACCESS as x86-64 and
 *     arm64 kernels build it, whose tail is one 8-byte load masked to the
 *     length.  That load may read up to 7 bytes past the end of the
 *     message (the kernel recovers from a fault there; userspace cannot), so
 *     the bench only calls it on buffers with slack after every message.
 */
#ifndef LINUX_SHIM_H
#define LINUX_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef uint8_t u8;
typedef uint64_t __le64;
typedef uint32_t __le32;
typedef uint16_t __le16;

#define __force
#define __aligned(x) __attribute__((aligned(x)))
#define fallthrough __attribute__((__fallthrough__))
#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
/* Linux's EXPORT_SYMBOL(x); at file scope: keep the semicolon legal. */
#define EXPORT_SYMBOL(sym) _Static_assert(1, #sym)

/* Every target we build on handles unaligned loads (memcpy below). */
#define CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS 1
#if defined(LINUX_SHIM_WORD_ACCESS) && __SIZEOF_LONG__ == 8 && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CONFIG_DCACHE_WORD_ACCESS 1
#endif
/* Only ever asked of the option above, which is defined to 1. */
#define IS_ENABLED(option) (option)
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a) - 1)) == 0)

static inline u64 rol64(u64 w, unsigned int s) { return (w << (s & 63)) | (w >> ((-s) & 63)); }
static inline u32 rol32(u32 w, unsigned int s) { return (w << (s & 31)) | (w >> ((-s) & 31)); }

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define linux_shim_le64(x) (x)
#define linux_shim_le32(x) (x)
#define linux_shim_le16(x) (x)
#else
#define linux_shim_le64(x) __builtin_bswap64(x)
#define linux_shim_le32(x) __builtin_bswap32(x)
#define linux_shim_le16(x) __builtin_bswap16(x)
#endif

static inline u64 get_unaligned_le64(const void *p) { u64 x; memcpy(&x, p, 8); return linux_shim_le64(x); }
static inline u32 get_unaligned_le32(const void *p) { u32 x; memcpy(&x, p, 4); return linux_shim_le32(x); }
static inline u16 get_unaligned_le16(const void *p) { u16 x; memcpy(&x, p, 2); return linux_shim_le16(x); }
#define le64_to_cpup(p) get_unaligned_le64(p)
#define le32_to_cpup(p) get_unaligned_le32(p)
#define le16_to_cpup(p) get_unaligned_le16(p)
#define le64_to_cpu(x) linux_shim_le64(x)
#define le32_to_cpu(x) linux_shim_le32(x)

/* word-at-a-time: an 8-byte load at p (past the end: see above) and the
 * mask keeping its first cnt bytes. */
static inline unsigned long load_unaligned_zeropad(const void *p)
{
    unsigned long x;
    memcpy(&x, p, sizeof x);
    return x;
}
static inline unsigned long bytemask_from_count(unsigned long cnt)
{
    return ~(~0ul << (cnt * 8));
}

#endif /* LINUX_SHIM_H */
