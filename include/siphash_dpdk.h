/* SPDX-License-Identifier: MIT */
/*
 * siphash_dpdk.h — keyed SipHash-1-3 signatures for DPDK's rte_hash, so a
 * flow table cannot be flooded with colliding 5-tuples.
 *
 * Header-only.  It includes <rte_hash.h> and <rte_memzone.h>, so only a
 * program that includes this header needs DPDK; libsiphash itself never
 * links DPDK.  Link the program with libsiphash and DPDK (pkg-config
 * libdpdk).  Written for the rte_hash of DPDK 22.11 (Debian 12); it uses
 * only the public API.
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
 * siphash_dpdk_key_init() (or siphash_dpdk_key_set(), or in a secondary
 * process siphash_dpdk_key_attach(), below) before the first table is
 * created.  The trade-off: every table of the process shares it (a table
 * cannot be rekeyed alone: changing the key needs every table rebuilt,
 * since the stored signatures were made with the old one), and
 * hash_func_init_val is ignored (it is public, so it would add nothing).
 * After a key change the helpers refuse the tables made under the old key
 * (-EINVAL, below); rte_hash_* calls that hash through the callback
 * (rte_hash_add_key(), rte_hash_lookup()...) cannot be stopped and would
 * silently miss: don't change the key while tables exist.  The key is
 * process state defined by SIPHASH_DPDK_DEFINE_KEY in exactly one .c file
 * of the program (as siphash_uthash.h does it): every unit, the callback's
 * and the helpers', then reads the same one.  Set it only through the
 * functions below (they also record which key the tables were made under).
 *
 *     #include <siphash_dpdk.h>
 *     SIPHASH_DPDK_DEFINE_KEY;               // in one .c file
 *     ...
 *     if (siphash_dpdk_key_init() != 0) ...  // once, before the first table
 *
 * Tables.  rte_hash of 22.11 has no getter for a table's key length or its
 * hash function, and a table made with another hash function (or under
 * another key) would silently never find our signatures; so the helpers
 * take a struct siphash_dpdk_table, made by siphash_dpdk_create() (or found
 * by siphash_dpdk_find() in another process), which records the key length
 * and a tag binding the table, its key length and the process key.  Every
 * helper checks the tag first: a struct wrapped by hand around any rte_hash
 * (say {rte_hash_find_existing(name), len}, over a CRC table or ours), one
 * edited after creation, or one made under another process key is refused
 * with -EINVAL.  The tag is an accident check, not a secret: it does not
 * stop a program that copies a valid struct and frees its table.  Its h
 * member is the real table: every rte_hash_* function works on it
 * (rte_hash_add_key(), _lookup(), _del_key() compute the same signature
 * through the callback, one key at a time).  Free a table with
 * siphash_dpdk_free() (below); rte_hash_free(t.h) also works, see "Several
 * processes" for what it leaves in a shared record until the next create
 * or find.
 *
 * Bursts.  DPDK looks keys up 1..64 at a time (RTE_HASH_LOOKUP_BULK_MAX).
 * The helpers compute a burst's signatures with one SIMD batch call (the
 * path siphash_batch_impl() names) and pass them to
 * rte_hash_lookup_with_hash_bulk(_data) or rte_hash_add_key_with_hash
 * (_data).  Two forms of a burst:
 *   - records: key i at base + i*stride (an array of parsed 5-tuples),
 *     one siphash13_batch() call;
 *   - pointers: keys[i], as rte_hash_lookup_bulk() takes them (keys inside
 *     mbufs, in any order): one siphash13_batchv() call, or
 *     siphash13_batch() when the pointers happen to be evenly spaced.
 * Either way signature i equals siphash13_64(key i, key_len, process key).
 *
 * Several processes (DPDK multi-process).  A secondary process that sets
 * its own key hashes differently from the primary; with the functions below
 * it uses the primary's instead:
 *
 *     primary:   siphash_dpdk_key_init();  siphash_dpdk_key_share("sipkey");
 *                siphash_dpdk_create(&flows, &params);  // after the share
 *     secondary: siphash_dpdk_key_attach("sipkey");
 *                siphash_dpdk_find(&flows, "flows");    // the primary's table
 *     primary, when no secondary runs any more: siphash_dpdk_key_unshare("sipkey");
 *
 * The key is then in DPDK's shared memory (a memzone), readable by every
 * process that can attach to the DPDK instance (same --file-prefix) and by
 * whoever can read its hugepage files (root, by default): the same people
 * who can read or change the flow tables themselves, which live there too.
 * It stays there until siphash_dpdk_key_unshare() wipes it (a primary that
 * dies leaves it in the hugepage files until they are removed or reused).
 * In a secondary, use the helpers or rte_hash_*_with_hash() with
 * siphash_dpdk_sigs(): rte_hash stores its hash_func as a pointer into the
 * creating process, so rte_hash_add_key(), rte_hash_lookup() and
 * rte_hash_hash() called from another process jump to that process's
 * address, wrong wherever the code is loaded elsewhere (ASLR, another
 * binary).  The helpers never call it.
 *
 * The shared record of a table never outlives it.  DPDK gives a freed
 * table's memory to the next one, so a record is trusted only while the
 * rte_hash of its name is still its table, with the capacity it was made
 * with (rte_hash_max_key_id()); siphash_dpdk_create() drops the records of
 * its new table's address and name and of every table no longer alive,
 * and siphash_dpdk_find() those it finds dead, so tables freed with
 * rte_hash_free() give their slots back.  The one case DPDK's public API
 * cannot tell apart: a table freed with rte_hash_free() and replaced, before
 * any create or find of this header ran, by a plain rte_hash_create()
 * table of the same name and capacity at the same address.  Free tables
 * with siphash_dpdk_free(), which forgets the record at once.
 *
 * Errors, DPDK-style: the helpers return 0 (the _data lookups: the number
 * of hits; adds: the number of keys refused) or a negative errno.  More
 * than 64 keys, 0 keys, a NULL array, a table not made by
 * siphash_dpdk_create() or found by siphash_dpdk_find() under the current
 * process key, or a key_len that is not the table's give -EINVAL and write
 * nothing.  Adds report each key's result in results[i] (a position,
 * -ENOSPC, ...), never stopping silently half-way.
 */
#ifndef SIPHASH_DPDK_H
#define SIPHASH_DPDK_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_hash.h>
#include <rte_memzone.h>
#include <rte_spinlock.h>

#include "siphash.h"

#ifdef __cplusplus
extern "C" {
#endif

struct siphash_dpdk_table {
    struct rte_hash *h; /* the table; any rte_hash_* function takes it */
    uint32_t key_len;   /* its key length, which rte_hash does not tell */
    uint64_t tag;       /* set by siphash_dpdk_create()/_find(), checked by the helpers */
};

/* Internal: what the shared memzone records of one table.  A record is
 * trusted only while the table it describes is alive: the rte_hash called
 * name is still h, with the capacity it had when it was made (see
 * siphash_dpdk_record_live_()).  rte_hash reuses a freed table's memory
 * for the next one, so the address alone could name another table. */
struct siphash_dpdk_record_ {
    struct siphash_dpdk_table t;   /* t.h NULL: a free slot */
    char name[RTE_HASH_NAMESIZE];  /* its name as rte_hash keeps it (31 bytes at most) */
    int32_t max_key_id;            /* rte_hash_max_key_id(t.h) when it was made */
};

/* What siphash_dpdk_key_share() puts in its memzone: the key and the
 * tables created under it since (found by name in other processes). */
#define SIPHASH_DPDK_SHARED_TABLES 64
struct siphash_dpdk_shared_ {
    uint64_t magic; /* SIPHASH_DPDK_SHARED_MAGIC_: this layout, this capacity */
    siphash_key_t key;
    rte_spinlock_t lock; /* guards tables[] between processes */
    struct siphash_dpdk_record_ tables[SIPHASH_DPDK_SHARED_TABLES];
};
#define SIPHASH_DPDK_SHARED_MAGIC_ (0x5348445044530200ull | SIPHASH_DPDK_SHARED_TABLES)

/* The process key, defined by SIPHASH_DPDK_DEFINE_KEY.  Set it with the
 * functions below; read it only to hash as the table does. */
extern siphash_key_t siphash_dpdk_process_key;
/* Internal, also defined by SIPHASH_DPDK_DEFINE_KEY: the key's identifier
 * (a PRF value of the key, 0 while none is set), from which the tables'
 * tags are made, and the shared key's memzone (NULL: none). */
extern uint64_t siphash_dpdk_key_id_;
extern struct siphash_dpdk_shared_ *siphash_dpdk_shared_zone_;

/* Put this in exactly one .c file of the program. */
#define SIPHASH_DPDK_DEFINE_KEY                                                                    \
    siphash_key_t siphash_dpdk_process_key;                                                        \
    uint64_t siphash_dpdk_key_id_;                                                                 \
    struct siphash_dpdk_shared_ *siphash_dpdk_shared_zone_

/* Internal: the tag of table h of key_len-byte keys under the process key.
 * The key's identifier is a SipHash value of a constant (it reveals
 * nothing of the key); multiplying by an odd constant is a bijection, so
 * another table or another length gives another tag.  0 while no key. */
static inline uint64_t siphash_dpdk_tag_(const struct rte_hash *h, uint32_t key_len)
{
    uint64_t where = ((uint64_t)(uintptr_t)h * 0x9E3779B97F4A7C15u) ^ ((uint64_t)key_len << 40);
    return siphash_dpdk_key_id_ != 0 ? siphash_dpdk_key_id_ ^ where : 0;
}

/* Sets the process key.  Call once, before the first table is created.
 * Returns 0, or -EINVAL for NULL or an all-zero key (public, so no key).
 * Tables made under the previous key are refused by the helpers from now
 * on (-EINVAL). */
static inline int siphash_dpdk_key_set(const siphash_key_t *key)
{
    static const char what[] = "siphash_dpdk.h table tag";
    if (key == NULL || siphash_key_is_zero(key))
        return -EINVAL;
    siphash_dpdk_process_key = *key;
    siphash_dpdk_key_id_ = siphash13_64(what, sizeof what - 1, key) | 1;
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

/* Primary process: puts the process key in a new memzone called name, for
 * siphash_dpdk_key_attach() in secondary processes (see the top of this
 * file for who can read it there).  Tables created from now on are
 * recorded in it, up to SIPHASH_DPDK_SHARED_TABLES at a time, for
 * siphash_dpdk_find(): share before creating them.  Returns 0; -EINVAL (no
 * key set yet, a NULL name, or this process shares or attached a key
 * already); -rte_errno of rte_memzone_reserve() (-EEXIST: the name is
 * taken, ...). */
static inline int siphash_dpdk_key_share(const char *name)
{
    if (name == NULL || siphash_dpdk_key_id_ == 0 || siphash_dpdk_shared_zone_ != NULL)
        return -EINVAL;
    const struct rte_memzone *mz =
        rte_memzone_reserve(name, sizeof(struct siphash_dpdk_shared_), SOCKET_ID_ANY, 0);
    if (mz == NULL)
        return rte_errno > 0 ? -rte_errno : -ENOMEM;
    struct siphash_dpdk_shared_ *s = (struct siphash_dpdk_shared_ *)mz->addr;
    memset(s, 0, sizeof *s);
    s->key = siphash_dpdk_process_key;
    rte_spinlock_init(&s->lock);
    s->magic = SIPHASH_DPDK_SHARED_MAGIC_;
    siphash_dpdk_shared_zone_ = s;
    return 0;
}

/* Internal: the memzone name, if it holds a shared key of this layout. */
static inline struct siphash_dpdk_shared_ *siphash_dpdk_shared_lookup_(const char *name)
{
    const struct rte_memzone *mz = rte_memzone_lookup(name);
    if (mz == NULL || mz->len < sizeof(struct siphash_dpdk_shared_))
        return NULL;
    struct siphash_dpdk_shared_ *s = (struct siphash_dpdk_shared_ *)mz->addr;
    return s->magic == SIPHASH_DPDK_SHARED_MAGIC_ ? s : NULL;
}

/* Secondary process: makes the key the primary shared under name the
 * process key (instead of siphash_dpdk_key_init()), and lets
 * siphash_dpdk_find() find the primary's tables.  Returns 0; -ENOENT (no
 * memzone of that name); -EINVAL (NULL name, a memzone that is not a
 * shared key of this header's layout, or this process shares or attached
 * a key already). */
static inline int siphash_dpdk_key_attach(const char *name)
{
    if (name == NULL || siphash_dpdk_shared_zone_ != NULL)
        return -EINVAL;
    if (rte_memzone_lookup(name) == NULL)
        return -ENOENT;
    struct siphash_dpdk_shared_ *s = siphash_dpdk_shared_lookup_(name);
    if (s == NULL)
        return -EINVAL;
    int rc = siphash_dpdk_key_set(&s->key);
    if (rc == 0)
        siphash_dpdk_shared_zone_ = s;
    return rc;
}

/* Wipes the shared key and its record of tables, and frees the memzone.
 * Call it in one process, once no other process uses the key any more
 * (their siphash_dpdk_create(), _find() and _free() read the memzone).
 * The process key and the tables stay usable in the calling process.
 * Returns 0, -ENOENT (no such memzone) or -EINVAL (NULL name, not a
 * shared key). */
static inline int siphash_dpdk_key_unshare(const char *name)
{
    if (name == NULL)
        return -EINVAL;
    const struct rte_memzone *mz = rte_memzone_lookup(name);
    if (mz == NULL)
        return -ENOENT;
    struct siphash_dpdk_shared_ *s = siphash_dpdk_shared_lookup_(name);
    if (s == NULL)
        return -EINVAL;
    siphash_wipe(s, sizeof *s);
    if (siphash_dpdk_shared_zone_ == s)
        siphash_dpdk_shared_zone_ = NULL;
    return rte_memzone_free(mz);
}

/* rte_hash_function: the low 32 bits of SipHash-1-3 under the process key.
 * init_val is ignored (see above).  For rte_hash_parameters.hash_func. */
static inline uint32_t siphash_dpdk_hash(const void *key, uint32_t key_len, uint32_t init_val)
{
    (void)init_val;
    return (uint32_t)siphash13_64(key, key_len, &siphash_dpdk_process_key);
}

/* Internal: whether record r still describes a live table: the rte_hash
 * called r->name is r->t.h (a freed table is no longer found by its name;
 * a new one at its address has another name or was recorded over it) and
 * has the capacity r's had.  Reads only the list of tables and, once it is
 * known alive, the table: never a freed one. */
static inline int siphash_dpdk_record_live_(const struct siphash_dpdk_record_ *r)
{
    return r->t.h != NULL && rte_hash_find_existing(r->name) == r->t.h &&
           rte_hash_max_key_id(r->t.h) == r->max_key_id;
}

/* Creates the table of params with hash_func = siphash_dpdk_hash (the
 * caller's hash_func, if any, is replaced; hash_func_init_val is passed on
 * and ignored).  With a shared key (siphash_dpdk_key_share() or _attach())
 * the table is recorded for siphash_dpdk_find().  Returns 0, -EINVAL (NULL
 * argument, key_len 0, or no process key set yet: a zero key protects
 * nothing), -ENOSPC (the shared record is full: SIPHASH_DPDK_SHARED_TABLES
 * live tables; records of tables freed with rte_hash_free() are dropped
 * first) or -rte_errno from rte_hash_create(); on error t->h is NULL. */
static inline int siphash_dpdk_create(struct siphash_dpdk_table *t,
                                      const struct rte_hash_parameters *params)
{
    struct rte_hash_parameters p;
    if (t == NULL)
        return -EINVAL;
    memset(t, 0, sizeof *t);
    if (params == NULL || params->key_len == 0 || siphash_dpdk_key_id_ == 0 ||
        siphash_key_is_zero(&siphash_dpdk_process_key))
        return -EINVAL;
    p = *params;
    p.hash_func = siphash_dpdk_hash;
    struct rte_hash *h = rte_hash_create(&p);
    if (h == NULL)
        return rte_errno > 0 ? -rte_errno : -ENOMEM;
    struct siphash_dpdk_record_ r;
    memset(&r, 0, sizeof r);
    r.t.h = h;
    r.t.key_len = p.key_len;
    r.t.tag = siphash_dpdk_tag_(h, p.key_len);
    /* The name as rte_hash_create() keeps it: its first 31 bytes. */
    for (size_t i = 0; i + 1 < sizeof r.name && p.name[i] != '\0'; i++)
        r.name[i] = p.name[i];
    r.max_key_id = rte_hash_max_key_id(h);
    struct siphash_dpdk_shared_ *s = siphash_dpdk_shared_zone_;
    if (s != NULL) {
        int slot = -1;
        rte_spinlock_lock(&s->lock);
        for (int i = 0; i < SIPHASH_DPDK_SHARED_TABLES; i++) {
            struct siphash_dpdk_record_ *o = &s->tables[i];
            /* A record of this address or this name is of a table freed
             * with rte_hash_free(): h is new, and names are unique. */
            if (o->t.h != NULL &&
                (o->t.h == h || strncmp(o->name, r.name, sizeof r.name) == 0 ||
                 !siphash_dpdk_record_live_(o)))
                memset(o, 0, sizeof *o);
            if (o->t.h == NULL && slot < 0)
                slot = i;
        }
        if (slot >= 0)
            s->tables[slot] = r;
        rte_spinlock_unlock(&s->lock);
        if (slot < 0) {
            rte_hash_free(h);
            return -ENOSPC;
        }
    }
    *t = r.t;
    return 0;
}

/* Another process's table: the rte_hash called name, if
 * siphash_dpdk_create() made it after the key was shared and this process
 * attached that key (siphash_dpdk_key_attach()) or shared it.  Fills t
 * like siphash_dpdk_create().  Returns 0; -ENOENT (no rte_hash of that
 * name); -EINVAL (NULL argument, no shared key in this process, or a table
 * not made by siphash_dpdk_create() under this process key: one that took
 * the name or the address of a freed one is not, whatever the record of
 * the freed one said); t->h is NULL on error.  Records of tables that are
 * gone are dropped on the way (see "The shared record" above). */
static inline int siphash_dpdk_find(struct siphash_dpdk_table *t, const char *name)
{
    if (t == NULL)
        return -EINVAL;
    memset(t, 0, sizeof *t);
    struct siphash_dpdk_shared_ *s = siphash_dpdk_shared_zone_;
    if (name == NULL || s == NULL)
        return -EINVAL;
    struct rte_hash *h = rte_hash_find_existing(name);
    if (h == NULL)
        return -ENOENT;
    struct siphash_dpdk_table found = {NULL, 0, 0};
    rte_spinlock_lock(&s->lock);
    for (int i = 0; i < SIPHASH_DPDK_SHARED_TABLES; i++) {
        struct siphash_dpdk_record_ *o = &s->tables[i];
        if (o->t.h == NULL)
            continue;
        if (!siphash_dpdk_record_live_(o))
            memset(o, 0, sizeof *o); /* its table was freed: forget it */
        else if (o->t.h == h)
            found = o->t; /* live, and h: so it is the record of name */
    }
    rte_spinlock_unlock(&s->lock);
    /* Recorded under this process's key (the tag says so), or not ours. */
    if (found.h == NULL || found.tag != siphash_dpdk_tag_(h, found.key_len))
        return -EINVAL;
    *t = found;
    return 0;
}

/* Frees the table (rte_hash_free), forgets it in the shared record if it
 * is there, and clears t.  For every process: free a table once.  The way
 * to free a table of this header: rte_hash_free(t.h) leaves the record
 * until the next create or find drops it (see the top of this file). */
static inline void siphash_dpdk_free(struct siphash_dpdk_table *t)
{
    if (t == NULL)
        return;
    struct siphash_dpdk_shared_ *s = siphash_dpdk_shared_zone_;
    if (s != NULL && t->h != NULL) {
        rte_spinlock_lock(&s->lock);
        for (int i = 0; i < SIPHASH_DPDK_SHARED_TABLES; i++)
            if (s->tables[i].t.h == t->h)
                memset(&s->tables[i], 0, sizeof s->tables[i]);
        rte_spinlock_unlock(&s->lock);
    }
    rte_hash_free(t->h);
    memset(t, 0, sizeof *t);
}

/* Internal: the checks every burst helper makes before writing anything. */
static inline int siphash_dpdk_check_(const struct siphash_dpdk_table *t, size_t key_len,
                                      const void *keys, uint32_t n)
{
    if (t == NULL || t->h == NULL || t->tag == 0 || t->tag != siphash_dpdk_tag_(t->h, t->key_len) ||
        keys == NULL || key_len != t->key_len || n == 0 || n > RTE_HASH_LOOKUP_BULK_MAX)
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

/* The same for a burst of pointers (keys[i], i < n <= 64), in one
 * siphash13_batchv() call (one siphash13_batch() call when the pointers
 * are evenly spaced: a record array).  0 or -EINVAL (also for a NULL
 * keys[i]; nothing written). */
static inline int siphash_dpdk_sigs_ptrs(const struct siphash_dpdk_table *t, const void **keys,
                                         size_t key_len, uint32_t n, hash_sig_t *sigs)
{
    uint64_t h[RTE_HASH_LOOKUP_BULK_MAX];
    size_t lens[RTE_HASH_LOOKUP_BULK_MAX];
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
    /* Scattered keys (inside mbufs, in any order): one batchv call.  A
     * table has one key length, so the lengths are all key_len. */
    for (i = 0; i < n; i++)
        lens[i] = key_len;
    siphash13_batchv(keys, lens, n, &siphash_dpdk_process_key, h);
    for (i = 0; i < n; i++)
        sigs[i] = (hash_sig_t)h[i];
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
