/* SPDX-License-Identifier: MIT */
/*
 * sum_algo.c — the variants siphashsum offers, and streaming one input
 * through a variant with the library's incremental API.
 *
 * SipHash-1-2 (Redis's and Valkey's hash-table function) is the streaming
 * API with c = 1, d = 2; it is offered with 64-bit output only, as they
 * use it.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "sum.h"

const sum_algo_t sum_algos[] = {
    {"siphash-2-4", "SipHash-2-4", 2, 4, false, {64, 128}},
    {"siphash-1-3", "SipHash-1-3", 1, 3, false, {64, 128}},
    {"siphash-1-2", "SipHash-1-2", 1, 2, false, {64, 64}},
    {"halfsiphash-2-4", "HalfSipHash-2-4", 2, 4, true, {32, 64}},
    {"halfsiphash-1-3", "HalfSipHash-1-3", 1, 3, true, {32, 64}},
};
const size_t sum_nalgos = sizeof sum_algos / sizeof sum_algos[0];

const sum_algo_t *sum_algo_find(const char *name)
{
    for (size_t i = 0; i < sum_nalgos; i++)
        if (strcasecmp(name, sum_algos[i].name) == 0)
            return &sum_algos[i];
    return NULL;
}

bool sum_algo_has_length(const sum_algo_t *algo, unsigned bits)
{
    return bits == algo->bits[0] || bits == algo->bits[1];
}

size_t sum_algo_keylen(const sum_algo_t *algo)
{
    return algo->half ? 8 : 16;
}

bool sum_variant_parse(const char *s, size_t len, sum_variant_t *out)
{
    for (size_t i = 0; i < sum_nalgos; i++) {
        size_t n = strlen(sum_algos[i].name); /* both spellings have one length */
        if (len < n + 3 || strncasecmp(s, sum_algos[i].name, n) != 0 || s[n] != '-')
            continue;
        /* The length: decimal digits only, no sign, no leading zero. */
        const char *d = s + n + 1;
        size_t nd = len - n - 1;
        if (nd > 3 || d[0] == '0')
            return false;
        unsigned bits = 0;
        for (size_t k = 0; k < nd; k++) {
            if (d[k] < '0' || d[k] > '9')
                return false;
            bits = bits * 10 + (unsigned)(d[k] - '0');
        }
        if (!sum_algo_has_length(&sum_algos[i], bits))
            return false;
        out->algo = &sum_algos[i];
        out->bits = bits;
        return true;
    }
    return false;
}

/* 64 KiB: large enough that the read() system calls cost little next to
 * the hashing, small enough to stay in L2.  Static, so the tool's memory
 * does not depend on the input in any way. */
enum { CHUNK = 64 * 1024 };
static unsigned char chunk[CHUNK];

/* read() that retries on EINTR. */
static ssize_t read_some(int fd, void *buf, size_t len)
{
    ssize_t n;
    do
        n = read(fd, buf, len);
    while (n < 0 && errno == EINTR);
    return n;
}

int sum_hash_fd(int fd, const sum_variant_t *v, const sum_key_t *key, uint8_t *out)
{
    const sum_algo_t *a = v->algo;
    siphash_ctx_t sctx;
    halfsiphash_ctx_t hctx;
    int err = 0;

    if (a->half) {
        halfsiphash_key_t k = halfsiphash_key_from_bytes(key->bytes);
        halfsiphash_ctx_init(&hctx, &k, a->c_rounds, a->d_rounds, v->bits / 8);
        siphash_wipe(&k, sizeof k);
    } else {
        siphash_key_t k = siphash_key_from_bytes(key->bytes);
        siphash_ctx_init(&sctx, &k, a->c_rounds, a->d_rounds, v->bits / 8);
        siphash_wipe(&k, sizeof k);
    }

#ifdef POSIX_FADV_SEQUENTIAL
    /* A hint only; fails harmlessly on pipes. */
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    size_t used = 0; /* how much of chunk held message bytes */
    for (;;) {
        ssize_t n = read_some(fd, chunk, CHUNK);
        if (n == 0)
            break;
        if (n < 0) {
            err = errno;
            break;
        }
        if ((size_t)n > used)
            used = (size_t)n;
        if (a->half)
            halfsiphash_ctx_update(&hctx, chunk, (size_t)n);
        else
            siphash_ctx_update(&sctx, chunk, (size_t)n);
    }

    /* final also wipes the context; on error the result is thrown away. */
    uint8_t tmp[SUM_MAX_OUT];
    if (a->half)
        halfsiphash_ctx_final(&hctx, tmp);
    else
        siphash_ctx_final(&sctx, tmp);
    if (!err)
        memcpy(out, tmp, v->bits / 8);
    /* The message itself may be secret too: leave nothing of it behind
     * (only the part used, so many small files cost no 64 KiB wipe each). */
    siphash_wipe(chunk, used);
    siphash_wipe(tmp, sizeof tmp);
    return err;
}

bool sum_stdin_is_key;

const char *sum_strerror(int err)
{
    if (err == SUM_ESTDINKEY)
        return "standard input held the key (--key-file -), it cannot be hashed too";
    return strerror(err);
}

int sum_hash_file(const char *name, const sum_variant_t *v, const sum_key_t *key,
                  uint8_t *out)
{
    if (strcmp(name, "-") == 0)
        return sum_stdin_is_key ? SUM_ESTDINKEY : sum_hash_fd(STDIN_FILENO, v, key, out);
    int fd = sum_open(name, O_RDONLY);
    if (fd < 0)
        return errno;
    int err = sum_hash_fd(fd, v, key, out);
    close(fd);
    return err;
}
