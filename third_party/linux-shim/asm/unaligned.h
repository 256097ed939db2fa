/* SPDX-License-Identifier: MIT */
/* asm/unaligned.h — see ../shim.h */
#include "../shim.h"
