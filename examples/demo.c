/* SPDX-License-Identifier: MIT */
/*
 * demo.c — a short tour of libsiphash: the paper's example, a random key,
 * Linux's API, the 128-bit and HalfSipHash variants, streaming and a batch.
 */
#include <siphash.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static void print_bytes(const char *label, const uint8_t *b, size_t n)
{
    printf("%-34s ", label);
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
    putchar('\n');
}

int main(void)
{
    uint8_t kb[16], msg[64];
    for (int i = 0; i < 16; i++)
        kb[i] = (uint8_t)i;
    for (int i = 0; i < 64; i++)
        msg[i] = (uint8_t)i;

    printf("libsiphash %s\n\n", siphash_version());

    /* The paper's worked example: key 00..0f, message 00..0e. */
    siphash_key_t paper = siphash_key_from_bytes(kb);
    uint64_t h = siphash24_64(msg, 15, &paper);
    printf("SipHash-2-4(paper key, 00..0e)     = 0x%016" PRIx64 "  (integer)\n", h);
    uint8_t out[16];
    siphash_ctx_t ctx;
    siphash_ctx_init(&ctx, &paper, 2, 4, 8);
    siphash_ctx_update(&ctx, msg, 15);
    siphash_ctx_final(&ctx, out);
    print_bytes("  same, as reference bytes", out, 8);
    siphash24_128(msg, 15, &paper, out);
    print_bytes("SipHash-2-4-128(paper key, 00..0e)", out, 16);
    printf("SipHash-1-3(paper key, 00..0e)     = 0x%016" PRIx64 "\n",
           siphash13_64(msg, 15, &paper));
    halfsiphash_key_t hk = halfsiphash_key_from_bytes(kb);
    printf("HalfSipHash-2-4-32(00..07, 00..0e) = 0x%08" PRIx32 "\n\n",
           halfsiphash24_32(msg, 15, &hk));

    /* Real use: a random key, made once, never printed in production. */
    siphash_key_t key;
    int err = siphash_key_generate(&key);
    if (err) {
        fprintf(stderr, "demo: no random key: %s\n", strerror(-err));
        return 1;
    }
    const char *name = "alice@example.org";
    printf("siphash(\"%s\") with a random key = 0x%016" PRIx64 "\n", name,
           siphash(name, strlen(name), &key));
    uint64_t a = 42, b = 7;
    printf("siphash_2u64(42, 7)                = 0x%016" PRIx64 "\n", siphash_2u64(a, b, &key));

    hsiphash_key_t hkey;
    if (hsiphash_key_generate(&hkey) == 0)
        printf("hsiphash(\"%s\")   = 0x%08" PRIx32 "  (%s)\n", name,
               hsiphash(name, strlen(name), &hkey),
               sizeof(unsigned long) == 8 ? "SipHash-1-3 on this 64-bit target"
                                          : "HalfSipHash-1-3 on this 32-bit target");

    uint64_t keys[8] = {1, 2, 3, 4, 5, 6, 7, 8}, hashes[8];
    siphash_batch_u64(keys, 8, &key, hashes);
    printf("batch of 8 u64 keys via the \"%s\" path: first 0x%016" PRIx64 " (= 0x%016" PRIx64 ")\n",
           siphash_batch_impl(), hashes[0], siphash_1u64(1, &key));

    siphash_wipe(&key, sizeof key);
    siphash_wipe(&hkey, sizeof hkey);
    return 0;
}
