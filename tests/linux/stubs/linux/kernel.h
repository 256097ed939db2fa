/* SPDX-License-Identifier: MIT */
#include "../kstub.h"

#include <stdio.h>

/* printk at KERN_INFO, through the file's pr_fmt as in the kernel (the
 * comma-eating ## is the kernel's GNU C, as is the code using it). */
#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
#define pr_info(fmt, ...) printf(pr_fmt(fmt), ##__VA_ARGS__)
