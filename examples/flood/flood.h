/* SPDX-License-Identifier: MIT */
/*
 * flood.h — shared pieces of the hash-flooding demonstration: the attack
 * inputs, the result of one run, and the table runners (one file per
 * table library).  Used by the flood demo (main.c) and by tests/flood.
 */
#ifndef FLOOD_H
#define FLOOD_H

#include <stddef.h>
#include <stdint.h>

/* ---- attack inputs ------------------------------------------------------ */

/* Strings for the h*33 + c hashes (g_str_hash, uthash's HASH_BER):
 * n NUL-terminated strings of FLOOD_DJB_LEN characters, string i at
 * buf + i * FLOOD_DJB_STRIDE. */
#define FLOOD_DJB_BLOCKS 17 /* 2^17 = 131072 >= the largest N */
#define FLOOD_DJB_LEN (2 * FLOOD_DJB_BLOCKS)
#define FLOOD_DJB_STRIDE (FLOOD_DJB_LEN + 1)
#define FLOOD_DJB_MAX ((size_t)1 << FLOOD_DJB_BLOCKS)

/* Fills buf (n * FLOOD_DJB_STRIDE bytes, n <= FLOOD_DJB_MAX) with n
 * distinct strings that all have the same h*33 + c hash, for any initial
 * value of h: each is 17 blocks, each block "Ez" or "FY" (69*33 + 122 ==
 * 70*33 + 89 == 2399), chosen by the bits of the string's number. */
void flood_djb_strings(char *buf, size_t n);

/* The hashes under attack, written out so the tests can compare them with
 * the real ones: GLib's g_str_hash (h = 5381, signed chars) and uthash's
 * HASH_BER (h = 0, unsigned chars). */
uint32_t flood_djb_glib(const char *s);
uint32_t flood_djb_ber(const char *s, size_t len);

/* A TCP/UDP flow, the key of the Linux-style table: 12 bytes, no padding. */
struct flood_flow {
    uint8_t saddr[4], daddr[4], sport[2], dport[2];
};

/* Linux's hash_32(): multiply by the golden ratio, keep the top bits. */
static inline uint32_t flood_hash_32(uint32_t val, unsigned bits)
{
    return (val * 0x61C88647u) >> (32 - bits);
}

/* The bucket of a flow in a 2^bits table hashed with jhash(flow, 12, seed). */
uint32_t flood_jhash_bucket(const struct flood_flow *f, uint32_t seed, unsigned bits);

/* The jhash attacker: it knows the seed (leaked, e.g. through the order in
 * which the table is dumped) and the table size, and searches flows to one
 * server (fixed daddr/dport) from made-up sources until n of them land in
 * the same bucket: about n * 2^bits jhash calls.  Returns the number of
 * candidates tried. */
uint64_t flood_jhash_flows(struct flood_flow *out, size_t n, uint32_t seed, unsigned bits);

/* ---- results ------------------------------------------------------------ */

struct flood_result {
    double insert_s; /* inserting n keys (each checked for presence first) */
    double lookup_s; /* looking each of them up once */
    size_t longest;  /* longest chain, or most key comparisons in one lookup */
};

double flood_now(void); /* monotonic seconds */

/* ---- tables --------------------------------------------------------------
 * Each runner builds a fresh table, inserts the n keys, looks them all up,
 * checks every lookup found its key (returns -1 otherwise), frees the table
 * and returns 0.  SipHash runners use a process-wide random key. */

/* Linux hashtable.h style: 2^bits hlist heads, hash_32() folding. */
int flood_run_linux_jhash(const struct flood_flow *keys, size_t n, unsigned bits, uint32_t seed,
                          struct flood_result *r);
int flood_run_linux_hsiphash(const struct flood_flow *keys, size_t n, unsigned bits,
                             struct flood_result *r);

/* GLib GHashTable with g_str_hash / a SipHash GHashFunc.  longest = most
 * key_equal_func calls in one lookup (GHashTable compares stored hashes
 * first, so equal calls count the probes that really cost). */
int flood_run_glib_str_hash(const char *strs, size_t n, struct flood_result *r);
int flood_run_glib_siphash(const char *strs, size_t n, struct flood_result *r);

/* uthash with HASH_BER / HASH_FUNCTION = SIPHASH_UTHASH (siphash_uthash.h).
 * longest = the longest bucket; *gave_up (may be NULL) = uthash's noexpand
 * flag: it stopped growing the table because growing did not help. */
int flood_run_uthash_ber(const char *strs, size_t n, struct flood_result *r, int *gave_up);
int flood_run_uthash_siphash(const char *strs, size_t n, struct flood_result *r, int *gave_up);

#endif
