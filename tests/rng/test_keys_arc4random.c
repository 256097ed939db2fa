/* SPDX-License-Identifier: MIT */
/*
 * test_keys_arc4random.c — keys through arc4random_buf() (NetBSD, DragonFly;
 * CI forces it on Linux, where glibc >= 2.36 has it, with
 * -DSIPHASH_RNG=arc4random).  arc4random_buf() cannot fail (it aborts the
 * process when the kernel gives no entropy), so there is no failure to
 * inject: this checks that it is the source used and that it fills
 * everything asked for.
 */
#define _DEFAULT_SOURCE 1
#include "rng_check.h"

#include <stdlib.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

static int calls;
static size_t bytes;

void arc4random_buf(void *buf, size_t len)
{
    calls++;
    bytes += len;
#if defined(__linux__)
    if (syscall(SYS_getrandom, buf, len, 0) != (long)len)
        abort(); /* as the real one does */
#else
    /* Not reachable in CI (only Linux forces this source); elsewhere a
     * counter-based fill would hide a broken source, so refuse to run. */
    (void)buf;
    abort();
#endif
}

int main(void)
{
    rng_check_success(100000);
    CHECK(calls >= 5, "arc4random_buf not used (%d calls)", calls);
    CHECK(bytes >= 16 + 16 + 16 + 8 + 100000, "only %zu bytes asked for", bytes);
    return check_finish("test_keys_arc4random");
}
