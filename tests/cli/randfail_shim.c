/* SPDX-License-Identifier: MIT */
/*
 * randfail_shim.c — an LD_PRELOAD module that makes getrandom() fail the
 * ways a buggy sandbox or interposer can, so the CLI and Python tests can
 * show that key generation then fails cleanly (an error, no key) in the
 * programs users run, not only in the library's own test.
 *
 *   RANDFAIL_MODE=errno0 LD_PRELOAD=.../randfail.so cmd
 *
 * RANDFAIL_MODE: errno0 (-1 with errno 0), toomany (fills the buffer, then
 * claims one byte more than asked), zero (returns 0), eperm (-1, EPERM);
 * unset or anything else passes the call to the kernel.  (The /dev/urandom
 * fallback's failures are tested inside the library's own test,
 * tests/core/test_keys.c.)  Each call is noted as a
 * line in the file RANDFAIL_LOG (if set), so a test can see the shim was
 * really used.  Test use only.
 */
#define _GNU_SOURCE /* syscall(), getrandom's ssize_t */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static const char *mode(void)
{
    const char *m = getenv("RANDFAIL_MODE");
    return m ? m : "";
}

static void note(const char *what)
{
    const char *log = getenv("RANDFAIL_LOG");
    if (!log)
        return;
    FILE *f = fopen(log, "a");
    if (f) {
        fprintf(f, "%s\n", what);
        fclose(f);
    }
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
    const char *m = mode();
    note("getrandom");
    if (strcmp(m, "errno0") == 0) {
        errno = 0;
        return -1;
    }
    if (strcmp(m, "eperm") == 0) {
        errno = EPERM;
        return -1;
    }
    if (strcmp(m, "zero") == 0)
        return 0;
    ssize_t n = (ssize_t)syscall(SYS_getrandom, buf, len, flags);
    if (strcmp(m, "toomany") == 0 && n == (ssize_t)len)
        return n + 1;
    return n;
}
