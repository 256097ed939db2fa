/* SPDX-License-Identifier: MIT */
/* linux/types.h — see ../shim.h */
#include "../shim.h"
