/* SPDX-License-Identifier: MIT */
/*
 * oneshot.c — an independent path to the answer siphashsum should print:
 * reads a whole file into memory and hashes it with the library's one-shot
 * functions (not the streaming API the tool uses), printing the reference
 * output bytes in hex.  The CLI tests compare the tool's chunked streaming
 * of large, oddly-sized files against this.
 *
 *   oneshot ALGORITHM-BITS KEYHEX FILE      e.g. oneshot siphash-2-4-64 0001..0f f
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "siphash.h"

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

static void put_le(uint64_t v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", (unsigned)(v >> (8 * i)) & 0xffu);
}

int main(int argc, char **argv)
{
#ifdef _WIN32
    /* LF line ends, as siphashsum writes them on every system */
    (void)_setmode(_fileno(stdout), _O_BINARY);
#endif
    if (argc != 4 || strlen(argv[2]) > 32 || strlen(argv[2]) % 2) {
        fprintf(stderr, "usage: oneshot ALGORITHM-BITS KEYHEX FILE\n");
        return 2;
    }
    uint8_t kb[16] = {0};
    size_t klen = strlen(argv[2]) / 2;
    for (size_t i = 0; i < klen; i++) {
        unsigned v;
        if (sscanf(argv[2] + 2 * i, "%2x", &v) != 1)
            return 2;
        kb[i] = (uint8_t)v;
    }
    FILE *f = fopen(argv[3], "rb");
    if (!f)
        return perror(argv[3]), 1;
    size_t cap = 1 << 16, len = 0, n;
    uint8_t *buf = malloc(cap);
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0)
        if ((len += n) == cap)
            buf = realloc(buf, cap *= 2);
    fclose(f);
    if (!buf)
        return 1;

    siphash_key_t k = siphash_key_from_bytes(kb);
    halfsiphash_key_t hk = halfsiphash_key_from_bytes(kb);
    uint8_t out[16];
    const char *a = argv[1];
    if (!strcmp(a, "siphash-2-4-64"))
        put_le(siphash24_64(buf, len, &k), 8);
    else if (!strcmp(a, "siphash-1-3-64"))
        put_le(siphash13_64(buf, len, &k), 8);
    else if (!strcmp(a, "siphash-2-4-128") || !strcmp(a, "siphash-1-3-128")) {
        (a[8] == '2' ? siphash24_128 : siphash13_128)(buf, len, &k, out);
        for (int i = 0; i < 16; i++)
            printf("%02x", out[i]);
    } else if (!strcmp(a, "halfsiphash-2-4-32"))
        put_le(halfsiphash24_32(buf, len, &hk), 4);
    else if (!strcmp(a, "halfsiphash-1-3-32"))
        put_le(halfsiphash13_32(buf, len, &hk), 4);
    else if (!strcmp(a, "halfsiphash-2-4-64"))
        put_le(halfsiphash24_64(buf, len, &hk), 8);
    else if (!strcmp(a, "halfsiphash-1-3-64"))
        put_le(halfsiphash13_64(buf, len, &hk), 8);
    else
        return 2;
    putchar('\n');
    free(buf);
    return 0;
}
