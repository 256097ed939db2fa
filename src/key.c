/* SPDX-License-Identifier: MIT */
/*
 * key.c — keys from the operating system's random source, and wiping.
 *
 * There is deliberately no fallback to time, pid or addresses: a key an
 * attacker can guess is worse than an error the caller must handle.
 */
#define _GNU_SOURCE 1 /* getrandom(), O_CLOEXEC */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define SIP_HAVE_GETRANDOM 1
#endif
#endif

SIPHASH_API void siphash_wipe(void *p, size_t len)
{
    if (len == 0)
        return;
#if defined(__GNUC__) || defined(__clang__)
    memset(p, 0, len);
    /* The compiler must assume the asm reads the zeroed memory. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *v = (volatile unsigned char *)p;
    while (len--)
        *v++ = 0;
#endif
}

/* /dev/urandom, used only when the getrandom system call does not exist
 * (kernels before 3.17).  It must be a character device, so a file planted
 * at that path in a chroot is refused rather than trusted. */
static int read_urandom(uint8_t *buf, size_t len)
{
    int fd;
    do
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC | O_NOCTTY);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return -errno;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) {
        close(fd);
        return -ENODEV;
    }
    while (len) {
        ssize_t n = read(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int err = n < 0 ? errno : EIO;
            close(fd);
            return -err;
        }
        buf += n;
        len -= (size_t)n;
    }
    close(fd);
    return 0;
}

static int fill_random(uint8_t *buf, size_t len)
{
#ifdef SIP_HAVE_GETRANDOM
    while (len) {
        /* Flags 0: block until the pool is initialised, never return
         * unseeded bytes.  Large requests may come back short: loop. */
        ssize_t n = getrandom(buf, len, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == ENOSYS)
                return read_urandom(buf, len);
            return -errno;
        }
        if (n == 0)
            return -EIO;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
#else
    return read_urandom(buf, len);
#endif
}

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
