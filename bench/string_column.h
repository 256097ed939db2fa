/* SPDX-License-Identifier: MIT */
/*
 * string_column.h — a column of strings as a program holds one: each
 * string in its own allocation, 3 to 80 bytes, lengths drawn from a mix of
 * short words, identifiers, e-mail addresses and URLs.  The batch
 * section's "string column" rows hash it with siphash_batchv and with a
 * scalar loop over the same pointers.
 */
#ifndef SIPHASH_BENCH_STRING_COLUMN_H
#define SIPHASH_BENCH_STRING_COLUMN_H

#include <stddef.h>
#include <stdint.h>

struct string_column {
    size_t n;
    const void **ptrs; /* ptrs[i]: a malloc'd string of lens[i] bytes */
    size_t *lens;
};

/* n strings from the generator seed; 0, or -1 when out of memory (then
 * nothing is left allocated). */
int string_column_make(struct string_column *c, size_t n, uint64_t seed);
void string_column_free(struct string_column *c);

#endif
