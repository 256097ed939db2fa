/* SPDX-License-Identifier: MIT */
/*
 * The few kernel names that Linux's lib/test_siphash.c and
 * net/core/secure_seq.c use besides SipHash's, for compiling them unchanged
 * in userspace.  Every stand-in header under linux/ and net/ includes this
 * one; each is only as big as these two files need.
 */
#ifndef KSTUB_H
#define KSTUB_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef uint16_t __be16;
typedef uint32_t __be32;

#if ULONG_MAX > 0xffffffffUL
#define BITS_PER_LONG 64
#else
#define BITS_PER_LONG 32
#endif

#define __force
#define __init
#define __exit
#define __aligned(x) __attribute__((aligned(x)))
#ifndef __always_inline /* glibc defines it too */
#define __always_inline inline __attribute__((always_inline))
#endif
#define READ_ONCE(x) (x)
#define offsetofend(type, member) (offsetof(type, member) + sizeof(((type *)0)->member))

/* The configuration: IPv4 and IPv6, no DCCP. */
#define IS_ENABLED(option) option
#define CONFIG_INET 1
#define CONFIG_IPV6 1
#define CONFIG_IP_DCCP 0

#define EXPORT_SYMBOL(sym) extern int kstub_exported_
#define EXPORT_SYMBOL_GPL(sym) extern int kstub_exported_

#define HZ 100
extern unsigned long jiffies;

#endif
