/* SPDX-License-Identifier: MIT */
/*
 * vectors.h — loads the known-answer files in tests/vectors/ (64 lines
 * each; line i+1 answers message i = bytes 00..i-1).  See the README there.
 */
#ifndef SIPHASH_TEST_VECTORS_H
#define SIPHASH_TEST_VECTORS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VEC_COUNT 64

typedef struct {
    uint8_t bytes[VEC_COUNT][16]; /* byte-string files: reference bytes */
    size_t nbytes;                /* bytes per answer */
    uint64_t ints[VEC_COUNT];     /* integer files: the integer */
} vec_file;

static int vec_hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads dir/name; exits with a clear message if the file is missing or
 * malformed (a broken vector file must never pass silently). */
static void vec_load(const char *dir, const char *name, vec_file *v)
{
    char path[4096], line[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    memset(v, 0, sizeof *v);
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        line[len] = 0;
        if (len == 0)
            continue;
        if (n >= VEC_COUNT || len % 2 || len > 32) {
            fprintf(stderr, "%s:%d: malformed line '%s'\n", path, n + 1, line);
            exit(2);
        }
        v->nbytes = len / 2;
        uint64_t acc = 0;
        for (size_t i = 0; i < len; i += 2) {
            int hi = vec_hexval(line[i]), lo = vec_hexval(line[i + 1]);
            if (hi < 0 || lo < 0) {
                fprintf(stderr, "%s:%d: not hex: '%s'\n", path, n + 1, line);
                exit(2);
            }
            v->bytes[n][i / 2] = (uint8_t)(hi << 4 | lo);
            acc = acc << 8 | (uint64_t)(hi << 4 | lo);
        }
        v->ints[n] = acc;
        n++;
    }
    fclose(f);
    if (n != VEC_COUNT) {
        fprintf(stderr, "%s: %d answers, expected %d\n", path, n, VEC_COUNT);
        exit(2);
    }
}

#endif
