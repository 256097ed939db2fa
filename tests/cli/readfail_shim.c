/* SPDX-License-Identifier: MIT */
/*
 * readfail_shim.c — an LD_PRELOAD module that makes read() fail part-way
 * through one chosen file, so the CLI tests can show what siphashsum does
 * on a read error in the middle of an input (a real failing disk is not
 * something a test can summon).
 *
 *   READFAIL_NAME=victim READFAIL_AFTER=100000 LD_PRELOAD=.../readfail.so cmd
 *
 * Reads of a descriptor whose file's base name is READFAIL_NAME return data
 * up to offset READFAIL_AFTER, then fail with EIO; each failure is noted
 * as "EIO at OFFSET" in the file READFAIL_LOG (if set), so a test can see
 * that the error came mid-file.  Every other read() is passed to the
 * kernel unchanged.  Test use only.
 */
#define _GNU_SOURCE /* syscall() */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/* True if fd is open on a file whose base name is name. */
static int is_victim(int fd, const char *name)
{
    char link[64], target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n <= 0)
        return 0;
    target[n] = '\0';
    const char *base = strrchr(target, '/');
    return strcmp(base ? base + 1 : target, name) == 0;
}

ssize_t read(int fd, void *buf, size_t len)
{
    const char *name = getenv("READFAIL_NAME");
    if (name && is_victim(fd, name)) {
        const char *after_s = getenv("READFAIL_AFTER");
        off_t after = after_s ? (off_t)strtoll(after_s, NULL, 10) : 0;
        off_t pos = lseek(fd, 0, SEEK_CUR);
        if (pos >= after) {
            const char *log = getenv("READFAIL_LOG");
            if (log) {
                char line[64];
                int n = snprintf(line, sizeof line, "EIO at %lld\n", (long long)pos);
                int lfd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
                if (lfd >= 0) {
                    if (write(lfd, line, (size_t)n) < 0)
                        (void)0; /* the test will notice the missing line */
                    close(lfd);
                }
            }
            errno = EIO;
            return -1;
        }
        if ((off_t)len > after - pos)
            len = (size_t)(after - pos);
    }
    return (ssize_t)syscall(SYS_read, fd, buf, len);
}
