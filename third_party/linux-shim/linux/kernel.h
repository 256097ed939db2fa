/* SPDX-License-Identifier: MIT */
/* linux/kernel.h — see ../shim.h */
#include "../shim.h"
