/* SPDX-License-Identifier: MIT */
/*
 * knot_original_diff.c — our include/compat/openbsd/siphash.h against the
 * original: Knot DNS's own src/contrib/openbsd/siphash.c, compiled from its
 * source package beside this file with its functions renamed orig_* (see
 * tests/dropin/knot.sh, which builds and runs this before it deletes the
 * copy).  Built with SIPHASH_OPENBSD_END_LE, the mode Knot gets, End and
 * SipHash() must return exactly what the original returns on any host;
 * without it (OpenBSD's meaning), what the original returns passed through
 * le64toh (the same integer on little-endian hosts).
 *
 * Every length 0..1024 with a random key; each message is hashed by both
 * with the same random split into Update calls (empty pieces included) and
 * for the round counts 2-4, 4-8, 1-3 and a count changing between Update
 * calls (OpenBSD compresses each block with the count of the call that
 * completes it).  Prints its seed and "N checks, N failed"; exit 1 on any
 * difference.
 */
#include <compat/openbsd/siphash.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* The original's functions, renamed at its compile time.  Its context is
 * opaque here (its layout is the original's business): a buffer larger
 * and at least as aligned as any SipHash context. */
typedef struct {
    uint64_t opaque[16];
} orig_ctx;
void orig_SipHash_Init(orig_ctx *ctx, const SIPHASH_KEY *key);
void orig_SipHash_Update(orig_ctx *ctx, int rc, int rf, const void *src, size_t len);
uint64_t orig_SipHash_End(orig_ctx *ctx, int rc, int rf);
uint64_t orig_SipHash(const SIPHASH_KEY *key, int rc, int rf, const void *src, size_t len);

/* Knot's copy calls its memzero() from contrib/string.c; the wipe does not
 * change any value. */
void *orig_memzero(void *s, size_t n);
void *orig_memzero(void *s, size_t n)
{
    return memset(s, 0, n);
}

#define MAX_LEN 1024
#define MAX_PIECES (MAX_LEN + 2)

/* What our End must return given the original's End value. */
static uint64_t expected(uint64_t orig)
{
#ifdef SIPHASH_OPENBSD_END_LE
    return orig;
#else
    uint8_t b[8];
    uint64_t r = 0;
    memcpy(b, &orig, 8); /* the original returns htole64(value) */
    for (int i = 7; i >= 0; i--)
        r = r << 8 | b[i];
    return r;
#endif
}

int main(void)
{
    static uint8_t msg[MAX_LEN];
    static size_t piece[MAX_PIECES];
    static int piece_rc[MAX_PIECES];
    static const int counts[][2] = {{2, 4}, {4, 8}, {1, 3}, {0, 4}}; /* 0: rc varies */
    check_seed("knot_original_diff");
    check_rand_bytes(msg, sizeof msg);
    for (size_t len = 0; len <= MAX_LEN; len++) {
        SIPHASH_KEY key;
        check_rand_bytes(&key, sizeof key);
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            int rc = counts[c][0], rf = counts[c][1], end_rc = rc ? rc : 2;
            size_t n = 0, done = 0;
            while (done < len || n == 0) {
                size_t left = len - done, p = check_rand() % 3 == 0 ? 0 : 1 + check_rand() % 20;
                if (p > left || check_rand() % 8 == 0)
                    p = left;
                piece[n] = p;
                piece_rc[n] = rc ? rc : 1 + (int)(check_rand() % 4);
                done += p;
                n++;
            }
            orig_ctx oc;
            SIPHASH_CTX ours;
            orig_SipHash_Init(&oc, &key);
            SipHash_Init(&ours, &key);
            done = 0;
            for (size_t i = 0; i < n; i++) {
                orig_SipHash_Update(&oc, piece_rc[i], rf, msg + done, piece[i]);
                SipHash_Update(&ours, piece_rc[i], rf, msg + done, piece[i]);
                done += piece[i];
            }
            uint64_t want = orig_SipHash_End(&oc, end_rc, rf);
            CHECK_EQ_U64(SipHash_End(&ours, end_rc, rf), expected(want),
                         "End, len %zu, counts %d-%d, %zu pieces", len, rc, rf, n);
            if (rc) {
                want = orig_SipHash(&key, rc, rf, msg, len);
                CHECK_EQ_U64(SipHash(&key, rc, rf, msg, len), expected(want),
                             "SipHash(), len %zu, counts %d-%d", len, rc, rf);
                /* Final (which Knot's copy lacks) writes the digest bytes:
                 * the original's End value stored little-endian. */
                uint8_t digest[8], b[8];
                uint64_t le = expected(want);
                SipHash_Init(&ours, &key);
                SipHash_Update(&ours, rc, rf, msg, len);
                SipHash_Final(digest, &ours, rc, rf);
#ifdef SIPHASH_OPENBSD_END_LE
                memcpy(b, &le, 8);
#else
                for (int i = 0; i < 8; i++)
                    b[i] = (uint8_t)(le >> (8 * i));
#endif
                CHECK(memcmp(digest, b, 8) == 0, "Final, len %zu, counts %d-%d", len, rc, rf);
            }
        }
    }
    return check_finish("knot_original_diff");
}
