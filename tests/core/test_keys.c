/* SPDX-License-Identifier: MIT */
/*
 * test_keys.c — random keys: two keys differ and are not zero, and every
 * error path of siphash_random_bytes() is reached by interposing libc's
 * getrandom(), open() and read() (this executable's definitions win over
 * libc's): EINTR is retried, short reads are completed, ENOSYS falls back
 * to /dev/urandom, which must be a character device.  Every failure —
 * including the ones no kernel gives but a sandbox's shim or an interposer
 * can (-1 with errno 0, more bytes than asked, 0) — returns a negative
 * errno with the buffer and every key type zeroed: nothing weak is ever
 * produced, and no failure reads as success.
 */
#define _GNU_SOURCE 1
#include "check.h"
#include "rng_check.h"

#include <siphash.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ---- injected system calls --------------------------------------------- */

enum {
    GR_REAL,
    GR_EINTR_TWICE,
    GR_SHORT,
    GR_ENOSYS,
    GR_EPERM,
    GR_ZERO,
    GR_FAIL_NO_ERRNO,  /* -1 with errno 0 */
    GR_MINUS_TWO,      /* a negative value other than -1, errno 0 */
    GR_TOO_MANY,       /* fills the buffer, then claims one byte more */
    GR_SHORT_THEN_EPERM /* 3 bytes per call, then EPERM for the last few */
};
static int gr_mode = GR_REAL;
static int gr_calls, gr_eintr_left;

/* /dev/urandom: how open() and read() on it behave. */
enum { UR_REAL, UR_OPEN_FAILS, UR_REGULAR_FILE, UR_READ_FAILS, UR_READ_ZERO, UR_READ_TOO_MANY,
       UR_READ_SHORT };
static int ur_mode = UR_REAL;
static int open_fail_errno;  /* UR_OPEN_FAILS: open() fails so (0 allowed) */
static int read_fail_errno;  /* UR_READ_FAILS: read() fails so (0 allowed) */
static int urandom_opens, urandom_fd = -1;
static const char *regular_file; /* UR_REGULAR_FILE: opened instead (this program) */

static ssize_t real_getrandom(void *buf, size_t len, unsigned int flags)
{
    return syscall(SYS_getrandom, buf, len, flags);
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
    gr_calls++;
    switch (gr_mode) {
    case GR_EINTR_TWICE:
        if (gr_eintr_left > 0) {
            gr_eintr_left--;
            errno = EINTR;
            return -1;
        }
        break;
    case GR_SHORT:
        if (len > 3)
            len = 3; /* the kernel may return fewer bytes than asked */
        break;
    case GR_ENOSYS:
        errno = ENOSYS;
        return -1;
    case GR_EPERM:
        errno = EPERM; /* e.g. a seccomp filter */
        return -1;
    case GR_ZERO:
        return 0;
    case GR_FAIL_NO_ERRNO:
        errno = 0;
        return -1;
    case GR_MINUS_TWO:
        errno = 0;
        return -2;
    case GR_TOO_MANY: {
        ssize_t n = real_getrandom(buf, len, flags);
        return n == (ssize_t)len ? n + 1 : n;
    }
    case GR_SHORT_THEN_EPERM:
        if (len <= 3) {
            errno = EPERM;
            return -1;
        }
        len = 3;
        break;
    }
    return real_getrandom(buf, len, flags);
}

int open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    if (strcmp(path, "/dev/urandom") == 0) {
        urandom_opens++;
        if (ur_mode == UR_OPEN_FAILS) {
            errno = open_fail_errno;
            return -1;
        }
        if (ur_mode == UR_REGULAR_FILE)
            path = regular_file; /* a file planted at that path */
        urandom_fd = (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
        return urandom_fd;
    }
    return (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

ssize_t read(int fd, void *buf, size_t len)
{
    if (fd == urandom_fd && urandom_fd >= 0) {
        switch (ur_mode) {
        case UR_READ_FAILS:
            errno = read_fail_errno;
            return -1;
        case UR_READ_ZERO:
            return 0;
        case UR_READ_TOO_MANY: {
            ssize_t n = syscall(SYS_read, fd, buf, len);
            return n == (ssize_t)len ? n + 1 : n;
        }
        case UR_READ_SHORT:
            if (len > 5)
                len = 5;
            break;
        default:
            break;
        }
    }
    return syscall(SYS_read, fd, buf, len);
}

/* ---- modes for rng_check_failure() --------------------------------------- */

static void reset(int mode)
{
    gr_mode = mode;
    gr_calls = 0;
    gr_eintr_left = 2;
    ur_mode = UR_REAL;
    open_fail_errno = read_fail_errno = 0;
    urandom_opens = 0;
    urandom_fd = -1;
}

/* fail(on) callbacks: each switches one failure on, or everything off. */
#define FAILURE(name, gr, ur, open_errno, read_errno)                          \
    static void name(int on)                                                   \
    {                                                                          \
        reset(on ? (gr) : GR_REAL);                                            \
        if (on) {                                                              \
            ur_mode = (ur);                                                    \
            open_fail_errno = (open_errno);                                    \
            read_fail_errno = (read_errno);                                    \
        }                                                                      \
    }
FAILURE(fail_eperm, GR_EPERM, UR_REAL, 0, 0)
FAILURE(fail_no_errno, GR_FAIL_NO_ERRNO, UR_REAL, 0, 0)
FAILURE(fail_minus_two, GR_MINUS_TWO, UR_REAL, 0, 0)
FAILURE(fail_zero, GR_ZERO, UR_REAL, 0, 0)
FAILURE(fail_too_many, GR_TOO_MANY, UR_REAL, 0, 0)
FAILURE(fail_short_then_eperm, GR_SHORT_THEN_EPERM, UR_REAL, 0, 0)
FAILURE(fail_urandom_eacces, GR_ENOSYS, UR_OPEN_FAILS, EACCES, 0)
FAILURE(fail_urandom_open_no_errno, GR_ENOSYS, UR_OPEN_FAILS, 0, 0)
FAILURE(fail_urandom_regular, GR_ENOSYS, UR_REGULAR_FILE, 0, 0)
FAILURE(fail_urandom_read_eio, GR_ENOSYS, UR_READ_FAILS, 0, EIO)
FAILURE(fail_urandom_read_no_errno, GR_ENOSYS, UR_READ_FAILS, 0, 0)
FAILURE(fail_urandom_read_zero, GR_ENOSYS, UR_READ_ZERO, 0, 0)
FAILURE(fail_urandom_read_too_many, GR_ENOSYS, UR_READ_TOO_MANY, 0, 0)

int main(int argc, char **argv)
{
    (void)argc;
    regular_file = argv[0];
    uint8_t buf[64];

    reset(GR_REAL);
    rng_check_success(100000);
    CHECK(gr_calls >= 4, "getrandom not used (%d calls)", gr_calls);

    reset(GR_EINTR_TWICE);
    memset(buf, 0, sizeof buf);
    CHECK(siphash_random_bytes(buf, sizeof buf) == 0, "EINTR must be retried");
    CHECK(gr_calls == 3 && !check_all_zero(buf, sizeof buf), "EINTR: %d calls", gr_calls);

    reset(GR_SHORT);
    memset(buf, 0, sizeof buf);
    CHECK(siphash_random_bytes(buf, sizeof buf) == 0, "short reads");
    CHECK(gr_calls == (int)((sizeof buf + 2) / 3), "short reads: %d calls", gr_calls);
    CHECK(!check_all_zero(buf + sizeof buf - 8, 8), "short reads: tail not filled");

    reset(GR_ENOSYS);
    memset(buf, 0, sizeof buf);
    CHECK(siphash_random_bytes(buf, sizeof buf) == 0, "ENOSYS: fallback failed");
    CHECK(urandom_opens == 1 && !check_all_zero(buf, sizeof buf), "ENOSYS: /dev/urandom not used");

    reset(GR_ENOSYS);
    ur_mode = UR_READ_SHORT;
    memset(buf, 0, sizeof buf);
    CHECK(siphash_random_bytes(buf, sizeof buf) == 0, "short reads of /dev/urandom");
    CHECK(!check_all_zero(buf + sizeof buf - 8, 8), "short reads of /dev/urandom: tail not filled");

    /* getrandom failing: as the kernel can, and as only a shim can. */
    rng_check_failure(fail_eperm, -EPERM);
    reset(GR_EPERM);
    CHECK(siphash_random_bytes(buf, sizeof buf) == -EPERM && urandom_opens == 0,
          "fell back to /dev/urandom on EPERM");
    rng_check_failure(fail_no_errno, -EIO);
    rng_check_failure(fail_minus_two, -EIO);
    rng_check_failure(fail_zero, -EIO);
    rng_check_failure(fail_too_many, -EIO);
    rng_check_failure(fail_short_then_eperm, -EPERM);

    /* /dev/urandom (getrandom missing) failing at each step. */
    rng_check_failure(fail_urandom_eacces, -EACCES);
    rng_check_failure(fail_urandom_open_no_errno, -EIO);
    rng_check_failure(fail_urandom_regular, -ENODEV);
    fail_urandom_regular(1);
    CHECK(siphash_random_bytes(buf, 8) == -ENODEV && urandom_opens == 1,
          "a regular file at /dev/urandom: the planted file was not the one refused");
    rng_check_failure(fail_urandom_read_eio, -EIO);
    rng_check_failure(fail_urandom_read_no_errno, -EIO);
    rng_check_failure(fail_urandom_read_zero, -EIO);
    rng_check_failure(fail_urandom_read_too_many, -EIO);

    reset(GR_REAL);
    return check_finish("test_keys");
}
