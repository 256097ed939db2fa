/* SPDX-License-Identifier: MIT */
#include "../kstub.h"
struct in6_addr {
    union {
        u8 u6_addr8[16];
        __be32 u6_addr32[4];
    } in6_u;
};
