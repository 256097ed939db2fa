/* SPDX-License-Identifier: MIT */
/*
 * nocase_vectors.h — loads tests/vectors/siphash-1-2-64-nocase.txt (lines
 * "<message hex> <output hex>", reference key 00..0f; see the README there)
 * and the one ASCII lowercasing the Redis tests compare against.
 */
#ifndef SIPHASH_TEST_NOCASE_VECTORS_H
#define SIPHASH_TEST_NOCASE_VECTORS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOCASE_MAX 64     /* lines the loader accepts */
#define NOCASE_MAXLEN 256 /* message bytes per line */

typedef struct {
    uint8_t msg[NOCASE_MAXLEN];
    size_t len;
    uint8_t out[8]; /* reference output bytes */
} nocase_vec;

/* Redis's folding, written as plainly as possible: A-Z become a-z, every
 * other byte (including A-Z with the top bit set) stays. */
static inline void ascii_lower_copy(uint8_t *dst, const uint8_t *src, size_t len)
{
    for (size_t i = 0; i < len; i++)
        dst[i] = src[i] >= 'A' && src[i] <= 'Z' ? (uint8_t)(src[i] + ('a' - 'A')) : src[i];
}

static inline int nocase_hexval_(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1; /* the files are lowercase hex */
}

static inline int nocase_hex_(const char *s, size_t nhex, uint8_t *out)
{
    for (size_t i = 0; i < nhex; i += 2) {
        int hi = nocase_hexval_(s[i]), lo = nocase_hexval_(s[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

/* Reads dir/name into v[]; returns the number of vectors.  A missing or
 * malformed file exits with a message: it must never pass as "0 checks". */
static inline size_t nocase_load(const char *dir, const char *name, nocase_vec *v)
{
    char path[4096], line[2 * NOCASE_MAXLEN + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t n = 0;
    while (fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        line[len] = 0;
        const char *sp = strchr(line, ' ');
        size_t mhex = sp ? (size_t)(sp - line) : 0;
        if (n >= NOCASE_MAX || !sp || mhex % 2 || mhex / 2 > NOCASE_MAXLEN ||
            strlen(sp + 1) != 16 || nocase_hex_(line, mhex, v[n].msg) ||
            nocase_hex_(sp + 1, 16, v[n].out)) {
            fprintf(stderr, "%s:%zu: malformed line '%s'\n", path, n + 1, line);
            exit(2);
        }
        v[n].len = mhex / 2;
        n++;
    }
    fclose(f);
    if (n < 40) {
        fprintf(stderr, "%s: only %zu vectors\n", path, n);
        exit(2);
    }
    return n;
}

#endif
