/* SPDX-License-Identifier: MIT */
/* glibc's <errno.h> itself includes <linux/errno.h> (the kernel's UAPI
 * one), which this stand-in shadows: pass that inclusion on. */
#include "../kstub.h"

#if defined(__has_include_next)
#if __has_include_next(<linux/errno.h>)
#include_next <linux/errno.h>
#endif
#endif
#include <errno.h>
