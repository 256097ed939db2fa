/*
 * batch.c — batch API.  Portable path: independent messages hashed one
 * after another (the SIMD paths and dispatch arrive with the batch issue).
 */
#include "internal.h"

SIPHASH_API void siphash_batch(const void *base, size_t stride, size_t len, size_t n,
                               const siphash_key_t *key, uint64_t *out)
{
    const uint8_t *p = (const uint8_t *)base;
    for (size_t i = 0; i < n; i++)
        out[i] = siphash24_64(p + i * stride, len, key);
}

SIPHASH_API void siphash13_batch(const void *base, size_t stride, size_t len, size_t n,
                                 const siphash_key_t *key, uint64_t *out)
{
    const uint8_t *p = (const uint8_t *)base;
    for (size_t i = 0; i < n; i++)
        out[i] = siphash13_64(p + i * stride, len, key);
}

SIPHASH_API void siphash_batchv(const void *const *msgs, const size_t *lens, size_t n,
                                const siphash_key_t *key, uint64_t *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = siphash24_64(msgs[i], lens[i], key);
}

SIPHASH_API void siphash_batch_u64(const uint64_t *in, size_t n, const siphash_key_t *key,
                                   uint64_t *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = siphash_1u64(in[i], key);
}

SIPHASH_API void siphash13_batch_u64(const uint64_t *in, size_t n, const siphash_key_t *key,
                                     uint64_t *out)
{
    uint8_t b[8];
    for (size_t i = 0; i < n; i++) {
        sip_store64(b, in[i]);
        out[i] = siphash13_64(b, 8, key);
    }
}

SIPHASH_API const char *siphash_batch_impl(void)
{
    return "portable";
}
