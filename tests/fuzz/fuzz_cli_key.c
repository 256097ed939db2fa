/* SPDX-License-Identifier: MIT */
/*
 * fuzz_cli_key.c — siphashsum's key parsers on arbitrary bytes.
 *
 * The parsers are static in tools/sum_key.c, so this file includes that
 * source whole (the tool is not changed for the fuzzer) and calls them
 * directly: parse_text() for --key / SIPHASH_KEY and parse_file_bytes()
 * for --key-file contents.  Besides "no crash, no leak, no sanitizer
 * report", every accepted key is checked against what the input says:
 *   - text: trimmed, it is exactly 2*keylen hex digits and decodes to the key
 *   - file: either that, or exactly keylen raw bytes equal to the key
 * and every rejection must come with a message.
 *
 * Input: byte 0 bit 0 = family (0 SipHash, 1 HalfSipHash), bit 1 = parser
 * (0 text, 1 file); the rest is the key text or file contents.
 */
#include "sum_key.c"

#include <ctype.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int hexdigit(unsigned char c)
{
    if (isdigit(c))
        return c - '0';
    if (isxdigit(c))
        return tolower(c) - 'a' + 10;
    return -1;
}

/* Independent decoding of the trimmed input as a hex key, or false. */
static bool model_hex(const unsigned char *s, size_t n, size_t keylen, uint8_t *out)
{
    size_t b = 0, e = n;
    while (b < e && isspace(s[b]))
        b++;
    while (e > b && isspace(s[e - 1]))
        e--;
    if (e - b != 2 * keylen)
        return false;
    for (size_t i = 0; i < keylen; i++) {
        int hi = hexdigit(s[b + 2 * i]), lo = hexdigit(s[b + 2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const sum_algo_t *a = &sum_algos[(data[0] & 1) ? 2 : 0];
    bool file = (data[0] & 2) != 0;
    size_t n = size - 1, keylen = sum_algo_keylen(a);
    uint8_t key[SUM_MAX_KEY], want[SUM_MAX_KEY];
    char why[200] = "";
    bool ok;

    if (file) {
        /* Exact-size copy: the parser must not look past n. */
        unsigned char *s = malloc(n ? n : 1);
        if (!s)
            abort();
        memcpy(s, data + 1, n);
        ok = parse_file_bytes(s, n, a, key, why, sizeof why);
        bool hex = model_hex(s, n, keylen, want);
        if (ok && !hex && !(n == keylen && memcmp(s, key, keylen) == 0)) {
            fprintf(stderr, "fuzz_cli_key: file accepted but neither hex nor raw key\n");
            abort();
        }
        if (hex && (!ok || memcmp(key, want, keylen) != 0)) {
            fprintf(stderr, "fuzz_cli_key: valid hex key file rejected or misread (%s)\n", why);
            abort();
        }
        free(s);
    } else {
        /* --key / SIPHASH_KEY text is a C string: stop at the first NUL. */
        char *t = malloc(n + 1);
        if (!t)
            abort();
        memcpy(t, data + 1, n);
        t[n] = '\0';
        size_t tn = strlen(t);
        ok = parse_text(t, a, key, why, sizeof why);
        bool hex = model_hex((const unsigned char *)t, tn, keylen, want);
        if (ok != hex || (ok && memcmp(key, want, keylen) != 0)) {
            fprintf(stderr, "fuzz_cli_key: text parser says %d, model says %d (%s)\n", ok, hex,
                    why);
            abort();
        }
        free(t);
    }
    if (!ok && why[0] == '\0') {
        fprintf(stderr, "fuzz_cli_key: rejected without a reason\n");
        abort();
    }
    return 0;
}
