/* SPDX-License-Identifier: MIT */
/*
 * rng_fail.c — the random source of this build, replaced (see rng_fail.h):
 * RNG_FAIL_GETRANDOM or RNG_FAIL_GETENTROPY says which.  The real bytes
 * come from the kernel directly, not from the C library's function, which
 * this definition hides.
 */
#define _GNU_SOURCE 1
#include "rng_fail.h"

#include <errno.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

int rng_fail_errno;
int rng_fail_calls;

#if defined(RNG_FAIL_GETRANDOM)
ssize_t getrandom(void *buf, size_t len, unsigned int flags);
ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
    rng_fail_calls++;
    if (rng_fail_errno) {
        errno = rng_fail_errno;
        return -1;
    }
    return syscall(SYS_getrandom, buf, len, flags);
}
#elif defined(RNG_FAIL_GETENTROPY)
int getentropy(void *buf, size_t len);
int getentropy(void *buf, size_t len)
{
    rng_fail_calls++;
    if (rng_fail_errno) {
        errno = rng_fail_errno;
        return -1;
    }
    return syscall(SYS_getrandom, buf, len, 0) == (long)len ? 0 : -1;
}
#else
#error "define RNG_FAIL_GETRANDOM or RNG_FAIL_GETENTROPY"
#endif
