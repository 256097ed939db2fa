/* SPDX-License-Identifier: MIT */
/*
 * <linux/siphash.h> for kernel code ported to userspace.
 *
 * Put the directory that holds this linux/ directory on the include path
 * (-I include/compat in the source tree, -I <includedir>/siphash-compat
 * once installed) and code written for Linux's include/linux/siphash.h
 * compiles against libsiphash unchanged: siphash.h itself carries the
 * kernel's names (SIPHASH_ALIGNMENT, siphash_aligned_key_t,
 * SIPHASH_PERMUTATION, the fixed-size functions, ...) with their meanings.
 *
 * This header adds nothing of its own, so that ported code and native code
 * see one definition of everything.  The kernel's other names such code
 * uses (u8, u32, u64, __aligned, pr_info, ...) are the port's to define:
 * they are not SipHash's, and a userspace project usually has its own.
 */
#ifndef SIPHASH_COMPAT_LINUX_SIPHASH_H
#define SIPHASH_COMPAT_LINUX_SIPHASH_H

#include <siphash.h>

#endif
