/* SPDX-License-Identifier: MIT */
/* Nothing of this kernel header is used beyond kstub.h. */
#include "../kstub.h"
