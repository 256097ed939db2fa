/* SPDX-License-Identifier: MIT */
/*
 * test_keys.c — random keys: two keys differ and are not zero, and every
 * error path of siphash_random_bytes() is reached by interposing libc's
 * getrandom() and open() (this executable's definitions win over libc's):
 * EINTR is retried, short reads are completed, ENOSYS falls back to
 * /dev/urandom, any other failure returns -errno with the buffer zeroed —
 * and nothing weak is ever produced.
 */
#define _GNU_SOURCE 1
#include "check.h"

#include <siphash.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ---- injected system calls --------------------------------------------- */

enum { GR_REAL, GR_EINTR_TWICE, GR_SHORT, GR_ENOSYS, GR_EPERM, GR_ZERO };
static int gr_mode = GR_REAL;
static int gr_calls, gr_eintr_left;
static int open_fail_errno; /* nonzero: open("/dev/urandom") fails so */
static int urandom_opens;

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
    }
    return syscall(SYS_getrandom, buf, len, flags);
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
        if (open_fail_errno) {
            errno = open_fail_errno;
            return -1;
        }
    }
    return (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

/* ---- checks -------------------------------------------------------------- */

static void reset(int mode)
{
    gr_mode = mode;
    gr_calls = 0;
    gr_eintr_left = 2;
    open_fail_errno = 0;
    urandom_opens = 0;
}

int main(void)
{
    uint8_t buf[64];

    reset(GR_REAL);
    siphash_key_t a, b;
    CHECK(siphash_key_generate(&a) == 0, "key_generate");
    CHECK(siphash_key_generate(&b) == 0, "key_generate");
    CHECK(!siphash_key_is_zero(&a) && !siphash_key_is_zero(&b), "zero key generated");
    CHECK(a.key[0] != b.key[0] || a.key[1] != b.key[1], "two keys are equal");
    CHECK(gr_calls >= 2, "getrandom not used (%d calls)", gr_calls);
    hsiphash_key_t hk = {{0, 0}};
    halfsiphash_key_t hh = {{0, 0}};
    CHECK(hsiphash_key_generate(&hk) == 0 && (hk.key[0] | hk.key[1]) != 0, "hsiphash key");
    CHECK(halfsiphash_key_generate(&hh) == 0 && (hh.key[0] | hh.key[1]) != 0, "halfsiphash key");
    CHECK(siphash_random_bytes(buf, 0) == 0, "len 0");

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
    open_fail_errno = EACCES;
    memset(buf, 0xa5, sizeof buf);
    CHECK(siphash_random_bytes(buf, sizeof buf) == -EACCES, "both sources failing");
    CHECK(check_all_zero(buf, sizeof buf), "buffer not zeroed on failure");
    siphash_key_t k = {{1, 1}};
    CHECK(siphash_key_generate(&k) == -EACCES && siphash_key_is_zero(&k),
          "failed key_generate must leave a zero key");

    reset(GR_EPERM);
    memset(buf, 0xa5, sizeof buf);
    CHECK(siphash_random_bytes(buf, sizeof buf) == -EPERM, "EPERM not reported");
    CHECK(urandom_opens == 0, "fell back to /dev/urandom on EPERM");
    CHECK(check_all_zero(buf, sizeof buf), "buffer not zeroed on EPERM");
    hk.key[0] = hk.key[1] = 7;
    CHECK(hsiphash_key_generate(&hk) == -EPERM && (hk.key[0] | hk.key[1]) == 0, "hsiphash err");

    reset(GR_ZERO);
    CHECK(siphash_random_bytes(buf, 8) == -EIO, "getrandom returning 0 must fail");

    reset(GR_REAL);
    return check_finish("test_keys");
}
