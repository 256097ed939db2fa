/* SPDX-License-Identifier: MIT */
/*
 * linkfail_shim.c — an LD_PRELOAD module that makes link() fail as it does
 * on a file system without hard links (FAT, exFAT, some network and FUSE
 * file systems), so the CLI tests can show that --keygen still publishes
 * its key there, and still never replaces an existing file.
 *
 *   LINKFAIL_ERRNO=EPERM LD_PRELOAD=.../linkfail.so cmd
 *
 * LINKFAIL_ERRNO names the error (EPERM, the default, or EOPNOTSUPP); each
 * call is counted in the file LINKFAIL_LOG (if set, one line per call), so
 * a test can see that the fallback was really taken.  Test use only.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int link(const char *from, const char *to)
{
    (void)from;
    (void)to;
    const char *log = getenv("LINKFAIL_LOG");
    if (log) {
        FILE *f = fopen(log, "a");
        if (f) {
            fputs("link\n", f);
            fclose(f);
        }
    }
    const char *name = getenv("LINKFAIL_ERRNO");
    errno = name && strcmp(name, "EOPNOTSUPP") == 0 ? EOPNOTSUPP : EPERM;
    return -1;
}
