/* SPDX-License-Identifier: MIT */
/*
 * key.c — keys from the operating system's random source, and wiping.
 *
 * There is deliberately no fallback to time, pid or addresses: a key an
 * attacker can guess is worse than an error the caller must handle.
 *
 * One random source is compiled in.  The build system may name it
 * (SIPHASH_RNG_GETRANDOM, _GETENTROPY, _ARC4RANDOM, _BCRYPT or _URANDOM,
 * chosen by CMake's SIPHASH_RNG option after probing the C library);
 * without one, the platform's predefined macros pick it, so the file also
 * builds with no build system at all.
 */
#if !defined(SIPHASH_RNG_GETRANDOM) && !defined(SIPHASH_RNG_GETENTROPY) &&                  \
    !defined(SIPHASH_RNG_ARC4RANDOM) && !defined(SIPHASH_RNG_BCRYPT) &&                     \
    !defined(SIPHASH_RNG_URANDOM)
#if defined(_WIN32)
#define SIPHASH_RNG_BCRYPT 1
#elif defined(__linux__)
#define SIPHASH_RNG_GETRANDOM 1 /* glibc >= 2.25, musl >= 1.1.20, bionic */
#elif defined(__OpenBSD__) || defined(__FreeBSD__) || defined(__APPLE__)
#define SIPHASH_RNG_GETENTROPY 1 /* OpenBSD 5.6, FreeBSD 12, macOS 10.12 */
#elif defined(__NetBSD__) || defined(__DragonFly__)
#define SIPHASH_RNG_ARC4RANDOM 1
#else
#define SIPHASH_RNG_URANDOM 1
#endif
#endif

#if defined(SIPHASH_RNG_GETRANDOM)
#define _GNU_SOURCE 1 /* getrandom(), O_CLOEXEC */
#elif defined(SIPHASH_RNG_GETENTROPY) && defined(__linux__)
#define _DEFAULT_SOURCE 1 /* glibc declares getentropy() in <unistd.h> */
#elif defined(SIPHASH_RNG_ARC4RANDOM) && defined(__linux__)
#define _DEFAULT_SOURCE 1 /* glibc >= 2.36 declares arc4random_buf() */
#elif defined(SIPHASH_RNG_URANDOM) && defined(__linux__)
#define _GNU_SOURCE 1 /* O_CLOEXEC */
#endif

#include "internal.h"

#include <errno.h>

#if defined(SIPHASH_RNG_BCRYPT)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
/* after windows.h, which defines the types it uses */
#include <bcrypt.h>
#if defined(_MSC_VER)
#pragma comment(lib, "bcrypt.lib")
#endif
#else
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#if defined(SIPHASH_RNG_GETRANDOM) || (defined(SIPHASH_RNG_GETENTROPY) && defined(__APPLE__))
#include <sys/random.h> /* getrandom(); macOS declares getentropy() here */
#endif
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#endif

SIPHASH_API void siphash_wipe(void *p, size_t len)
{
    if (len == 0)
        return;
#if defined(_MSC_VER) && !defined(__clang__)
    SecureZeroMemory(p, len);
#elif defined(__GNUC__) || defined(__clang__)
    memset(p, 0, len);
    /* The compiler must assume the asm reads the zeroed memory. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *v = (volatile unsigned char *)p;
    while (len--)
        *v++ = 0;
#endif
}

#if defined(SIPHASH_RNG_GETRANDOM) || defined(SIPHASH_RNG_GETENTROPY) ||                 \
    defined(SIPHASH_RNG_URANDOM)
/* The error of a failed call as a negative errno.  A failure must never read
 * as success: a sandbox's shim or an interposer may return -1 and leave
 * errno 0 (or set nonsense), and -errno would then be 0, "done", with
 * nothing written. */
/*@ assigns \nothing;
    ensures \result < 0; */
static int failed_errno(void)
{
    return errno > 0 ? -errno : -EIO;
}
#endif

#if defined(SIPHASH_RNG_GETRANDOM) || defined(SIPHASH_RNG_URANDOM)
/* /dev/urandom: the source of last resort (Linux kernels before 3.17, Unix
 * systems with neither getentropy nor arc4random).  It must be a character
 * device, so a file planted at that path in a chroot is refused rather than
 * trusted. */
/*@ requires \valid(buf + (0 .. len - 1));
    assigns buf[0 .. len - 1], __fc_errno, __fc_fds[0 .. __FC_MAX_OPEN_FILES - 1];
    ensures \result <= 0; */
static int read_urandom(uint8_t *buf, size_t len)
{
    int fd;
    /*@ loop assigns fd; */
    do
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC | O_NOCTTY);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return failed_errno();
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) {
        close(fd);
        return -ENODEV;
    }
    /* The bytes left are the end of the caller's buffer.  No variant: a
     * read interrupted forever loops forever (partial correctness). */
    /*@ loop invariant 0 <= len <= \at(len, Pre);
        loop invariant buf == \at(buf, Pre) + (\at(len, Pre) - len);
        loop assigns buf, len, \at(buf, Pre)[0 .. \at(len, Pre) - 1], __fc_fds[fd], __fc_errno; */
    while (len) {
        ssize_t n = read(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        /* End of file, or more than asked (which no kernel returns, and
         * which would run the loop past the buffer): no key from this. */
        if (n <= 0 || (size_t)n > len) {
            int err = n < 0 ? failed_errno() : -EIO;
            close(fd);
            return err;
        }
        buf += n;
        len -= (size_t)n;
    }
    close(fd);
    return 0;
}
#endif

#if defined(SIPHASH_RNG_GETRANDOM)
/*@ requires \valid(buf + (0 .. len - 1));
    assigns buf[0 .. len - 1], __fc_errno, __fc_fds[0 .. __FC_MAX_OPEN_FILES - 1];
    ensures \result <= 0; */
static int fill_random(uint8_t *buf, size_t len)
{
    /* As in read_urandom: no variant (EINTR may repeat). */
    /*@ loop invariant 0 <= len <= \at(len, Pre);
        loop invariant buf == \at(buf, Pre) + (\at(len, Pre) - len);
        loop assigns buf, len, \at(buf, Pre)[0 .. \at(len, Pre) - 1], __fc_errno; */
    while (len) {
        /* Flags 0: block until the pool is initialised, never return
         * unseeded bytes.  Large requests may come back short: loop. */
        ssize_t n = getrandom(buf, len, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == ENOSYS)
                return read_urandom(buf, len);
            return failed_errno();
        }
        /* 0 would loop forever; more than asked would run the loop past
         * the buffer (len wraps around). */
        if (n == 0 || (size_t)n > len)
            return -EIO;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

#elif defined(SIPHASH_RNG_GETENTROPY)
static int fill_random(uint8_t *buf, size_t len)
{
    while (len) {
        /* getentropy() refuses requests over 256 bytes (EIO on OpenBSD,
         * EINVAL elsewhere): ask in pieces.  It never returns a short
         * read; errors are reported, never papered over. */
        size_t n = len < 256 ? len : 256;
        if (getentropy(buf, n) != 0) {
            if (errno == EINTR)
                continue;
            return failed_errno();
        }
        buf += n;
        len -= n;
    }
    return 0;
}

#elif defined(SIPHASH_RNG_ARC4RANDOM)
static int fill_random(uint8_t *buf, size_t len)
{
    /* The system's keyed generator, seeded from the kernel; it has no error
     * return (where it cannot get entropy it aborts the process rather than
     * produce weak output). */
    arc4random_buf(buf, len);
    return 0;
}

#elif defined(SIPHASH_RNG_BCRYPT)
static int fill_random(uint8_t *buf, size_t len)
{
    while (len) {
        /* The system-preferred generator needs no algorithm handle (Vista
         * and later).  Its length is a ULONG (32 bits on Windows). */
        ULONG n = len < 0x40000000u ? (ULONG)len : 0x40000000u;
        NTSTATUS st = BCryptGenRandom(NULL, buf, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG);
        if (st < 0) { /* NT_SUCCESS(st) is st >= 0 */
            if (st == (NTSTATUS)0xC000000DL) /* STATUS_INVALID_PARAMETER */
                return -EINVAL;
            if (st == (NTSTATUS)0xC0000017L) /* STATUS_NO_MEMORY */
                return -ENOMEM;
            return -EIO;
        }
        buf += n;
        len -= n;
    }
    return 0;
}

#else /* SIPHASH_RNG_URANDOM */
static int fill_random(uint8_t *buf, size_t len)
{
    return read_urandom(buf, len);
}
#endif

SIPHASH_API int siphash_random_bytes(void *buf, size_t len)
{
    if (len == 0)
        return 0;
    int err = fill_random((uint8_t *)buf, len);
    if (err != 0)
        siphash_wipe(buf, len); /* never hand out a partly random key */
    return err;
}

SIPHASH_API int siphash_key_generate(siphash_key_t *key)
{
    uint8_t bytes[16];
    int err = siphash_random_bytes(bytes, sizeof bytes);
    *key = siphash_key_from_bytes(bytes);
    siphash_wipe(bytes, sizeof bytes);
    return err;
}

SIPHASH_API int hsiphash_key_generate(hsiphash_key_t *key)
{
    /* Random words directly: the byte order of random bits is irrelevant. */
    return siphash_random_bytes(key->key, sizeof key->key);
}

SIPHASH_API int halfsiphash_key_generate(halfsiphash_key_t *key)
{
    return siphash_random_bytes(key->key, sizeof key->key);
}

SIPHASH_API siphash_key_t siphash_key_from_bytes(const uint8_t bytes[16])
{
    siphash_key_t key = {{sip_load64(bytes), sip_load64(bytes + 8)}};
    return key;
}

SIPHASH_API halfsiphash_key_t halfsiphash_key_from_bytes(const uint8_t bytes[8])
{
    halfsiphash_key_t key = {{sip_load32(bytes), sip_load32(bytes + 4)}};
    return key;
}

SIPHASH_API void siphash_key_to_bytes(const siphash_key_t *key, uint8_t bytes[16])
{
    sip_store64(bytes, key->key[0]);
    sip_store64(bytes + 8, key->key[1]);
}

SIPHASH_API bool siphash_key_is_zero(const siphash_key_t *key)
{
    return (key->key[0] | key->key[1]) == 0;
}
