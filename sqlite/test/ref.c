/* SPDX-License-Identifier: MIT */
/*
 * ref.c — the C library's values for the SQLite tests, computed here through
 * the public API and not through the extension.  One request a line on
 * standard input, one answer a line on standard output:
 *
 *   24 KEYHEX MSGHEX     siphash24_64, as a signed decimal (SQL's INTEGER)
 *   13 KEYHEX MSGHEX     siphash13_64, likewise
 *   128 KEYHEX MSGHEX    siphash24_128, lowercase hex
 *   1u64 KEYHEX DECIMAL  siphash_1u64 of the integer (read as int64, taken
 *                        as its uint64 bits), as a signed decimal
 *
 * MSGHEX is "-" for the empty message.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "siphash.h"

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes hex into out (room for cap bytes); the byte count, or -1. */
static long unhex(const char *hex, uint8_t *out, size_t cap)
{
    if (strcmp(hex, "-") == 0)
        return 0;
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > cap)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int h = hexval(hex[2 * i]), l = hexval(hex[2 * i + 1]);
        if (h < 0 || l < 0)
            return -1;
        out[i] = (uint8_t)(h << 4 | l);
    }
    return (long)(n / 2);
}

static int64_t as_signed(uint64_t u)
{
    int64_t s;
    memcpy(&s, &u, sizeof s);
    return s;
}

int main(void)
{
    static char line[1 << 22];
    static uint8_t msg[1 << 21];
    char alg[8], keyhex[40];
    while (fgets(line, sizeof line, stdin)) {
        char *arg = malloc(strlen(line) + 1);
        uint8_t kb[16];
        if (!arg || sscanf(line, "%7s %39s %s", alg, keyhex, arg) != 3 ||
            unhex(keyhex, kb, sizeof kb) != 16) {
            fprintf(stderr, "sqlite_ref: bad request: %s", line);
            return 2;
        }
        siphash_key_t key = siphash_key_from_bytes(kb);
        if (strcmp(alg, "1u64") == 0) {
            int64_t v = strtoll(arg, NULL, 10);
            uint64_t u;
            memcpy(&u, &v, sizeof u);
            printf("%" PRId64 "\n", as_signed(siphash_1u64(u, &key)));
        } else {
            long n = unhex(arg, msg, sizeof msg);
            if (n < 0) {
                fprintf(stderr, "sqlite_ref: bad message hex\n");
                return 2;
            }
            if (strcmp(alg, "24") == 0) {
                printf("%" PRId64 "\n", as_signed(siphash24_64(msg, (size_t)n, &key)));
            } else if (strcmp(alg, "13") == 0) {
                printf("%" PRId64 "\n", as_signed(siphash13_64(msg, (size_t)n, &key)));
            } else if (strcmp(alg, "128") == 0) {
                uint8_t out[16];
                siphash24_128(msg, (size_t)n, &key, out);
                for (int i = 0; i < 16; i++)
                    printf("%02x", out[i]);
                printf("\n");
            } else {
                fprintf(stderr, "sqlite_ref: unknown algorithm %s\n", alg);
                return 2;
            }
        }
        free(arg);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
