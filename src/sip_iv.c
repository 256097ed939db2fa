/* SPDX-License-Identifier: MIT */
/*
 * sip_iv.c — SipHash's initial-state constants as data, for sip_init_mem()
 * (internal.h).  They live in their own translation unit on purpose: where
 * the compiler can see the values it turns them back into 64-bit
 * immediates, and the point is that it reads them from memory instead
 * ("xor reg, [mem]": one ALU operation instead of movabs + xor).
 */
#include "internal.h"

/* "somepseudorandomlygeneratedbytes"; hidden like every non-API symbol. */
const uint64_t sip_iv[4] = {SIP_C0, SIP_C1, SIP_C2, SIP_C3};
