/* SPDX-License-Identifier: MIT */
/* eal.c — start and stop EAL without hugepages, devices or files left behind. */
#include "eal.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>

static char runtime_dir[PATH_MAX];

int dpdk_eal_start(const char *prog)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "siphash-dpdk-%ld", (long)getpid());
    /* EAL may keep pointers into argv and permute it: give it storage that
     * lives as long as the process. */
    static char args[13][64];
    static char *argv[14];
    const char *a[] = {prog,   "--no-huge",    "--no-pci",   "--no-shconf",    "--no-telemetry",
                       "-l",   "0",            "-m",         "256",            "--file-prefix",
                       prefix, "--log-level", "lib.eal:notice"};
    int argc = (int)(sizeof a / sizeof a[0]);
    for (int i = 0; i < argc; i++) {
        snprintf(args[i], sizeof args[i], "%s", a[i]);
        argv[i] = args[i];
    }
    argv[argc] = NULL;
    if (rte_eal_init(argc, argv) < 0) {
        fprintf(stderr, "EAL could not start (%s %s %s %s %s -l 0 -m 256): %s\n", prog, a[1], a[2],
                a[3], a[4], rte_strerror(rte_errno));
        /* It may have made its runtime directory before failing; a failed
         * EAL cannot be cleaned up, but the (empty) directory can go. */
        const char *dir = rte_eal_get_runtime_dir();
        if (dir != NULL && dir[0] != '\0' && strstr(dir, prefix) != NULL)
            rmdir(dir);
        return -1;
    }
    snprintf(runtime_dir, sizeof runtime_dir, "%s", rte_eal_get_runtime_dir());
    return 0;
}

void dpdk_eal_stop(void)
{
    rte_eal_cleanup();
    /* Only our own directory: its parent (/var/run/dpdk) may be another
     * process's at this moment. */
    if (runtime_dir[0] != '\0' && rmdir(runtime_dir) != 0)
        perror(runtime_dir);
}
