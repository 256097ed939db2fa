/* SPDX-License-Identifier: MIT */
#include "../kstub.h"
/* The kernel fills its secret from the RNG on first use; the test supplies
 * a known key instead (secure_seq_test.c). */
void net_get_random_once(void *buf, size_t len);
