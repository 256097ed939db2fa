/* SPDX-License-Identifier: MIT */
/* asm/word-at-a-time.h — see ../shim.h */
#include "../shim.h"
