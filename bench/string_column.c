/* SPDX-License-Identifier: MIT */
/*
 * string_column.c — the strings of string_column.h.  Four kinds, equally
 * likely: short words 3..12 bytes, identifiers 14..33, e-mail addresses
 * 20..49, URLs 40..80 (mean about 31 bytes, 0 to 10 whole words).  The
 * bytes are printable ASCII; what they are does not change the cost.
 */
#include "string_column.h"

#include <stdlib.h>

static uint64_t next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void string_column_free(struct string_column *c)
{
    for (size_t i = 0; c->ptrs && i < c->n; i++)
        free((void *)(uintptr_t)c->ptrs[i]);
    free(c->ptrs);
    free(c->lens);
    c->ptrs = NULL, c->lens = NULL, c->n = 0;
}

int string_column_make(struct string_column *c, size_t n, uint64_t seed)
{
    static const struct {
        size_t lo, hi;
    } kind[4] = {{3, 12}, {14, 33}, {20, 49}, {40, 80}};
    c->n = n;
    c->ptrs = calloc(n ? n : 1, sizeof *c->ptrs);
    c->lens = calloc(n ? n : 1, sizeof *c->lens);
    if (!c->ptrs || !c->lens) {
        string_column_free(c);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        const uint64_t r = next(&seed);
        const size_t k = r & 3, len = kind[k].lo + (size_t)(r >> 8) % (kind[k].hi - kind[k].lo + 1);
        uint8_t *s = malloc(len);
        if (!s) {
            string_column_free(c);
            return -1;
        }
        for (size_t j = 0; j < len; j++)
            s[j] = (uint8_t)(' ' + next(&seed) % 95);
        c->ptrs[i] = s;
        c->lens[i] = len;
    }
    return 0;
}
