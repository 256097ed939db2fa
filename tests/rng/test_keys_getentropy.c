/* SPDX-License-Identifier: MIT */
/*
 * test_keys_getentropy.c — keys through getentropy() (the source on OpenBSD,
 * FreeBSD and macOS; CI forces it on Linux with -DSIPHASH_RNG=getentropy).
 * This program's getentropy() replaces the C library's: it counts calls,
 * enforces the 256-byte limit every implementation has, and injects EINTR
 * (retried) and EIO (reported, buffer zeroed).
 */
#define _DEFAULT_SOURCE 1
#include "rng_check.h"

#include <errno.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <sys/random.h>
#endif
#if defined(__linux__)
#include <sys/syscall.h>
#endif

static int calls, too_long, eintr_left, fail_errno;

/* The real bytes come from the kernel directly, not from the C library's
 * getentropy (which this definition replaces). */
static int real_bytes(void *buf, size_t len)
{
#if defined(__linux__)
    return syscall(SYS_getrandom, buf, len, 0) == (long)len ? 0 : -1;
#else
    arc4random_buf(buf, len);
    return 0;
#endif
}

int getentropy(void *buf, size_t len)
{
    calls++;
    if (len > 256) {
        too_long++;
        errno = EIO;
        return -1;
    }
    if (eintr_left > 0) {
        eintr_left--;
        errno = EINTR;
        return -1;
    }
    if (fail_errno) {
        errno = fail_errno;
        return -1;
    }
    return real_bytes(buf, len);
}

static void fail_eio(int on)
{
    fail_errno = on ? EIO : 0;
}

int main(void)
{
    rng_check_success(1000);
    CHECK(calls >= 4 + 4, "getentropy not used (%d calls)", calls);
    CHECK(too_long == 0, "asked getentropy for more than 256 bytes (%d times)", too_long);

    calls = 0;
    rng_check_success(256 * 3 + 1);
    CHECK(calls == 4 + 4, "a 769-byte request takes 4 calls, not %d", calls - 4);

    uint8_t buf[32] = {0};
    calls = 0;
    eintr_left = 2;
    CHECK(siphash_random_bytes(buf, sizeof buf) == 0, "EINTR must be retried");
    CHECK(calls == 3 && !check_all_zero(buf, sizeof buf), "EINTR: %d calls", calls);

    rng_check_failure(fail_eio, -EIO);
    return check_finish("test_keys_getentropy");
}
