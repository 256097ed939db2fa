/* SPDX-License-Identifier: MIT */
#include "../kstub.h"

#include <string.h>
