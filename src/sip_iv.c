/* SPDX-License-Identifier: MIT */
/*
 * sip_iv.c — SipHash's initial-state constants as data, for sip_init()
 * (internal.h).  They live in their own translation unit on purpose: where
 * the compiler can see the values it turns them back into 64-bit
 * immediates, and the point is that it reads them from memory instead
 * ("xor reg, [mem]": one ALU operation instead of movabs + xor).
 */
#include "internal.h"

SIP_HIDDEN const uint64_t sip_iv[4] = {SIPHASH_CONST_0, SIPHASH_CONST_1, SIPHASH_CONST_2,
                                       SIPHASH_CONST_3};
