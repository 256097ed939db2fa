/* SPDX-License-Identifier: MIT */
/*
 * siphash_dpdk.h — keyed SipHash-1-3 signatures for DPDK's rte_hash, so a
 * flow table cannot be flooded with colliding 5-tuples.
 *
 * Header-only.  It includes <rte_hash.h>, so only a program that includes
 * this header needs DPDK; libsiphash itself never links DPDK.  Link the
 * program with libsiphash and DPDK (pkg-config libdpdk).  Written for the
 * rte_hash of DPDK 22.11 (Debian 12); it uses only the public API.
 *
 * Why: rte_hash hashes with rte_hash_crc (the default on x86 and arm64) or
 * rte_jhash under a fixed, public hash_func_init_val.  CRC is affine over
 * GF(2), so colliding keys can be computed without knowing that init value,
 * and a cuckoo table whose keys all land in the same two buckets (8 entries
 * each) refuses the 17th with -ENOSPC while nearly empty.  docs/dpdk.md
 * shows it on a real table.
 *
 * The signature of a key is the low 32 bits of siphash13_64(key, key_len,
 * process key).  32 bits are all rte_hash keeps (hash_sig_t), and enough:
 * the table never reveals a signature, only timing, and what an attacker
 * has to hit is two buckets of a secret keyed function, not a known value.
 * SipHash-1-3 is the library's hash-table function (siphash.h says why).
 *
 * The process key.  rte_hash calls its hash_func with (key, key_len,
 * init_val) only: there is no room for a 128-bit secret per table.  So
 * siphash_dpdk_hash() reads one key per process, set once with
 * siphash_dpdk_key_init() (or siphash_dpdk_key_set()) before the first
 * table is created.  The trade-off: every table of the process shares it
 * (a table cannot be rekeyed alone: changing the key needs every table
 * rebuilt, since the stored signatures were made with the old one), and
 * hash_func_init_val is ignored (it is public, so it would add nothing).
 * Changing the key while tables exist corrupts them; don't.  The key is
 * one variable, defined by SIPHASH_DPDK_DEFINE_KEY in exactly one .c file
 * of the program (as siphash_uthash.h does it): every unit, the callback's
 * and the helpers', then reads the same one.
 *
 *     #include <siphash_dpdk.h>
 *     SIPHASH_DPDK_DEFINE_KEY;               // in one .c file
 *     ...
 *     if (siphash_dpdk_key_init() != 0) ...  // once, before the first table
 *
 * Tables.  rte_hash of 22.11 has no getter for a table's key length, and a
 * table made with another hash function would silently never find our
 * signatures; so the helpers take a struct siphash_dpdk_table, made by
 * siphash_dpdk_create(), which records the key length and guarantees the
 * table hashes with siphash_dpdk_hash().  Its h member is the real table:
 * every rte_hash_* function works on it (rte_hash_add_key(), _lookup(),
 * _del_key() compute the same signature through the callback, one key at a
 * time).
 *
 * Bursts.  DPDK looks keys up 1..64 at a time (RTE_HASH_LOOKUP_BULK_MAX).
 * The helpers compute a burst's signatures with one siphash13_batch() call
 * (the SIMD batch path, siphash_batch_impl()) and pass them to
 * rte_hash_lookup_with_hash_bulk(_data) or rte_hash_add_key_with_hash
 * (_data).  Two forms of a burst:
 *   - records: key i at base + i*stride (an array of parsed 5-tuples);
 *   - pointers: keys[i], as rte_hash_lookup_bulk() takes them.  When the
 *     pointers are evenly spaced they are records; otherwise each signature
 *     is one siphash13_64() call (the library has no SipHash-1-3 batchv; a
 *     table has one key length, so all a batchv would add is gathering).
 *
 * Errors, DPDK-style: the helpers return 0 (the _data lookups: the number
 * of hits; adds: the number of keys refused) or a negative errno.  More
 * than 64 keys, 0 keys, a NULL array, a table not made by
 * siphash_dpdk_create() or a key_len that is not the table's give -EINVAL
 * and write nothing.  Adds report each
 * key's result in results[i] (a position, -ENOSPC, ...), never stopping
 * silently half-way.
 */
#ifndef SIPHASH_DPDK_H
#define SIPHASH_DPDK_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_errno.h>
#include <rte_hash.h>

#include "siphash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The process key, defined by SIPHASH_DPDK_DEFINE_KEY.  Set it with the
 * functions below; read it only to hash as the table does. */
extern siphash_key_t siphash_dpdk_process_key;

/* Put this in exactly one .c file of the program. */
#define SIPHASH_DPDK_DEFINE_KEY siphash_key_t siphash_dpdk_process_key

/* Sets the process key.  Call once, before the first table is created.
 * Returns 0, or -EINVAL for NULL or an all-zero key (public, so no key). */
static inline int siphash_dpdk_key_set(const siphash_key_t *key)
{
    if (key == NULL || siphash_key_is_zero(key))
        return -EINVAL;
    siphash_dpdk_process_key = *key;
    return 0;
}

/* Sets a fresh random process key (siphash_key_generate()); 0 or -errno. */
static inline int siphash_dpdk_key_init(void)
{
    siphash_key_t k;
    int rc = siphash_key_generate(&k);
    if (rc == 0)
        rc = siphash_dpdk_key_set(&k);
    siphash_wipe(&k, sizeof k);
    return rc;
}

/* rte_hash_function: the low 32 bits of SipHash-1-3 under the process key.
 * init_val is ignored (see above).  For rte_hash_parameters.hash_func. */
static inline uint32_t siphash_dpdk_hash(const void *key, uint32_t key_len, uint32_t init_val)
{
    (void)init_val;
    return (uint32_t)siphash13_64(key, key_len, &siphash_dpdk_process_key);
}

struct siphash_dpdk_table {
    struct rte_hash *h; /* the table; any rte_hash_* function takes it */
    uint32_t key_len;   /* its key length, which rte_hash does not tell */
};

/* Creates the table of params with hash_func = siphash_dpdk_hash (the
 * caller's hash_func, if any, is replaced; hash_func_init_val is passed on
 * and ignored).  Returns 0, -EINVAL (NULL argument, key_len 0, or no
 * process key set yet: a zero key protects nothing) or -rte_errno from
 * rte_hash_create(); on error t->h is NULL. */
static inline int siphash_dpdk_create(struct siphash_dpdk_table *t,
                                      const struct rte_hash_parameters *params)
{
    struct rte_hash_parameters p;
    if (t == NULL)
        return -EINVAL;
    t->h = NULL;
    t->key_len = 0;
    if (params == NULL || params->key_len == 0 || siphash_key_is_zero(&siphash_dpdk_process_key))
        return -EINVAL;
    p = *params;
    p.hash_func = siphash_dpdk_hash;
    t->h = rte_hash_create(&p);
    if (t->h == NULL)
        return rte_errno > 0 ? -rte_errno : -ENOMEM;
    t->key_len = p.key_len;
    return 0;
}

/* Frees the table (rte_hash_free) and clears t. */
static inline void siphash_dpdk_free(struct siphash_dpdk_table *t)
{
    if (t == NULL)
        return;
    rte_hash_free(t->h);
    t->h = NULL;
    t->key_len = 0;
}

/* Internal: the checks every burst helper makes before writing anything. */
static inline int siphash_dpdk_check_(const struct siphash_dpdk_table *t, size_t key_len,
                                      const void *keys, uint32_t n)
{
    if (t == NULL || t->h == NULL || keys == NULL || key_len != t->key_len || n == 0 ||
        n > RTE_HASH_LOOKUP_BULK_MAX)
        return -EINVAL;
    return 0;
}

/* The signatures of a burst of records: sigs[i] = signature of the key_len
 * bytes at base + i*stride, i < n <= 64.  0 or -EINVAL (nothing written). */
static inline int siphash_dpdk_sigs(const struct siphash_dpdk_table *t, const void *base,
                                    size_t stride, size_t key_len, uint32_t n, hash_sig_t *sigs)
{
    uint64_t h[RTE_HASH_LOOKUP_BULK_MAX];
    int rc = siphash_dpdk_check_(t, key_len, base, n);
    if (rc != 0 || sigs == NULL)
        return rc != 0 ? rc : -EINVAL;
    siphash13_batch(base, stride, key_len, n, &siphash_dpdk_process_key, h);
    for (uint32_t i = 0; i < n; i++)
        sigs[i] = (hash_sig_t)h[i];
    return 0;
}

/* The same for a burst of pointers (keys[i], i < n <= 64).  Evenly spaced
 * pointers (a record array) go through the batch; others are hashed one by
 * one.  0 or -EINVAL (also for a NULL keys[i]; nothing written). */
static inline int siphash_dpdk_sigs_ptrs(const struct siphash_dpdk_table *t, const void **keys,
                                         size_t key_len, uint32_t n, hash_sig_t *sigs)
{
    int rc = siphash_dpdk_check_(t, key_len, keys, n);
    if (rc != 0 || sigs == NULL)
        return rc != 0 ? rc : -EINVAL;
    for (uint32_t i = 0; i < n; i++)
        if (keys[i] == NULL)
            return -EINVAL;
    /* Spacing in bytes, through uintptr_t: pointers into different objects
     * cannot be subtracted in C.  A record array passes this test. */
    uintptr_t first = (uintptr_t)keys[0];
    uintptr_t step = n > 1 ? (uintptr_t)keys[1] - first : 0;
    uint32_t i = 1;
    while (i < n && (uintptr_t)keys[i] - first == (uintptr_t)i * step)
        i++;
    /* ...and only when base + (n-1)*step does not wrap (pointer arithmetic
     * inside the batch must stay within the address space). */
    if (i == n && n > 1 && step >= key_len && step <= (UINTPTR_MAX - first) / (n - 1))
        return siphash_dpdk_sigs(t, keys[0], (size_t)step, key_len, n, sigs);
    for (i = 0; i < n; i++)
        sigs[i] = (hash_sig_t)siphash13_64(keys[i], key_len, &siphash_dpdk_process_key);
    return 0;
}

/* Looks up a burst of records (key i at base + i*stride, n <= 64):
 * positions[i] as rte_hash_lookup_bulk() gives them (>= 0, or -ENOENT).
 * 0, or -EINVAL with nothing written. */
static inline int siphash_dpdk_lookup_burst(const struct siphash_dpdk_table *t, const void *base,
                                            size_t stride, size_t key_len, uint32_t n,
                                            int32_t *positions)
{
    hash_sig_t sigs[RTE_HASH_LOOKUP_BULK_MAX];
    const void *keys[RTE_HASH_LOOKUP_BULK_MAX];
    if (positions == NULL)
        return -EINVAL;
    int rc = siphash_dpdk_sigs(t, base, stride, key_len, n, sigs);
    if (rc != 0)
        return rc;
    for (uint32_t i = 0; i < n; i++)
        keys[i] = (const unsigned char *)base + (size_t)i * stride;
    return rte_hash_lookup_with_hash_bulk(t->h, keys, sigs, n, positions);
}

/* The same for a burst of pointers (rte_hash_lookup_bulk()'s form). */
static inline int siphash_dpdk_lookup_bulk(const struct siphash_dpdk_table *t, const void **keys,
                                           size_t key_len, uint32_t n, int32_t *positions)
{
    hash_sig_t sigs[RTE_HASH_LOOKUP_BULK_MAX];
    if (positions == NULL)
        return -EINVAL;
    int rc = siphash_dpdk_sigs_ptrs(t, keys, key_len, n, sigs);
    if (rc != 0)
        return rc;
    return rte_hash_lookup_with_hash_bulk(t->h, keys, sigs, n, positions);
}

/* Looks up a burst of records and their data: bit i of *hit_mask and
 * data[i] for each key found (rte_hash_lookup_bulk_data()'s outputs).
 * Returns the number of hits, or -EINVAL with nothing written. */
static inline int siphash_dpdk_lookup_burst_data(const struct siphash_dpdk_table *t,
                                                 const void *base, size_t stride, size_t key_len,
                                                 uint32_t n, uint64_t *hit_mask, void *data[])
{
    hash_sig_t sigs[RTE_HASH_LOOKUP_BULK_MAX];
    const void *keys[RTE_HASH_LOOKUP_BULK_MAX];
    if (hit_mask == NULL || data == NULL)
        return -EINVAL;
    int rc = siphash_dpdk_sigs(t, base, stride, key_len, n, sigs);
    if (rc != 0)
        return rc;
    for (uint32_t i = 0; i < n; i++)
        keys[i] = (const unsigned char *)base + (size_t)i * stride;
    return rte_hash_lookup_with_hash_bulk_data(t->h, keys, sigs, n, hit_mask, data);
}

/* The same for a burst of pointers. */
static inline int siphash_dpdk_lookup_bulk_data(const struct siphash_dpdk_table *t,
                                                const void **keys, size_t key_len, uint32_t n,
                                                uint64_t *hit_mask, void *data[])
{
    hash_sig_t sigs[RTE_HASH_LOOKUP_BULK_MAX];
    if (hit_mask == NULL || data == NULL)
        return -EINVAL;
    int rc = siphash_dpdk_sigs_ptrs(t, keys, key_len, n, sigs);
    if (rc != 0)
        return rc;
    return rte_hash_lookup_with_hash_bulk_data(t->h, keys, sigs, n, hit_mask, data);
}

/* Adds a burst of records (n <= 64) with batch signatures.  results[i] is
 * rte_hash_add_key_with_hash()'s answer for key i (its position, or
 * -ENOSPC, ...); every key is tried.  data, if not NULL, gives each key's
 * data (rte_hash_add_key_with_hash_data(); results[i] is then 0 or
 * -errno).  Returns the number of keys that failed (0: all in), or -EINVAL
 * with nothing written or added. */
static inline int siphash_dpdk_add_burst(const struct siphash_dpdk_table *t, const void *base,
                                         size_t stride, size_t key_len, uint32_t n,
                                         void *const data[], int32_t *results)
{
    hash_sig_t sigs[RTE_HASH_LOOKUP_BULK_MAX];
    int failed = 0;
    if (results == NULL)
        return -EINVAL;
    int rc = siphash_dpdk_sigs(t, base, stride, key_len, n, sigs);
    if (rc != 0)
        return rc;
    for (uint32_t i = 0; i < n; i++) {
        const void *k = (const unsigned char *)base + (size_t)i * stride;
        results[i] = data != NULL ? rte_hash_add_key_with_hash_data(t->h, k, sigs[i], data[i])
                                  : rte_hash_add_key_with_hash(t->h, k, sigs[i]);
        failed += results[i] < 0;
    }
    return failed;
}

#ifdef __cplusplus
}
#endif

#endif /* SIPHASH_DPDK_H */
