/* SPDX-License-Identifier: MIT */
/*
 * glib_tables.c — GLib's GHashTable under attack: g_str_hash (h*33 + c, no
 * key) versus a SipHash GHashFunc.
 *
 * GHashFunc takes no user data, so the SipHash key has to be process-wide.
 * The idiom: one static key, made on first use with siphash_key_generate()
 * inside g_once_init_enter()/g_once_init_leave(), which makes the first use
 * thread-safe and every later use one atomic load.  Never fall back to a
 * zero or time-based key: without randomness, stop.
 */
#include "flood.h"

#include <glib.h>
#include <siphash.h>
#include <string.h>

static const siphash_key_t *glib_siphash_key(void)
{
    static siphash_key_t key;
    static gsize ready;
    if (g_once_init_enter(&ready)) {
        if (siphash_key_generate(&key) != 0)
            g_error("siphash_key_generate: no randomness for the hash-table key");
        g_once_init_leave(&ready, 1);
    }
    return &key;
}

/* SipHash-1-3 (the hash-table strength Rust, Python and Linux's hsiphash
 * use) truncated to GHashTable's 32-bit guint. */
static guint siphash_str_hash(gconstpointer v)
{
    const char *s = v;
    return (guint)siphash13_64(s, strlen(s), glib_siphash_key());
}

/* g_str_equal, counting calls: GHashTable calls it only after the stored
 * 32-bit hashes matched, so it counts the costly probes of a lookup. */
static unsigned long equal_calls;

static gboolean counting_str_equal(gconstpointer a, gconstpointer b)
{
    equal_calls++;
    return g_str_equal(a, b);
}

static int run(const char *strs, size_t n, GHashFunc hash, struct flood_result *r)
{
    GHashTable *t = g_hash_table_new(hash, counting_str_equal);
    int rc = 0;
    double t0 = flood_now();
    /* g_hash_table_insert looks the key up first (it replaces duplicates). */
    for (size_t i = 0; i < n; i++)
        g_hash_table_insert(t, (gpointer)(strs + i * FLOOD_DJB_STRIDE), GSIZE_TO_POINTER(i + 1));
    double t1 = flood_now();
    unsigned long most = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned long before = equal_calls;
        if (g_hash_table_lookup(t, strs + i * FLOOD_DJB_STRIDE) != GSIZE_TO_POINTER(i + 1))
            rc = -1;
        if (equal_calls - before > most)
            most = equal_calls - before;
    }
    double t2 = flood_now();
    if (g_hash_table_size(t) != n)
        rc = -1;
    g_hash_table_destroy(t);
    r->insert_s = t1 - t0;
    r->lookup_s = t2 - t1;
    r->longest = most;
    return rc;
}

int flood_run_glib_str_hash(const char *strs, size_t n, struct flood_result *r)
{
    return run(strs, n, g_str_hash, r);
}

int flood_run_glib_siphash(const char *strs, size_t n, struct flood_result *r)
{
    return run(strs, n, siphash_str_hash, r);
}
