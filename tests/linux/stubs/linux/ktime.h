/* SPDX-License-Identifier: MIT */
#include "../kstub.h"
/* The clock, set by the test (secure_seq_test.c). */
u64 ktime_get_real_ns(void);
