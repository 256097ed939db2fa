/* SPDX-License-Identifier: MIT */
/* linux/dcache.h — see ../shim.h */
#include "../shim.h"
