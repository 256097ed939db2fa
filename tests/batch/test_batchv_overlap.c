/* SPDX-License-Identifier: MIT */
/*
 * test_batchv_overlap.c — a batchv call whose out overlaps its msgs or
 * lens array is refused: the process aborts with a message naming the
 * function and the array (siphash.h), before any hash is written, on every
 * batch path this CPU and build have, for each of siphash_batchv,
 * siphash13_batchv, siphash12_batchv and siphash12_nocase_batchv.  Before
 * the check such a call read its own hashes back as message pointers and
 * lengths and crashed (SIGSEGV, or an out-of-bounds read under ASan).
 * out flush against either end of an array (touching, not overlapping) is
 * accepted and hashes right.
 */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS, for batch_test.h's guard pages */
#include "aborts.h"
#include "batch_test.h"

static const struct batch_vec_pair fns[] = {
    {"siphash_batchv", siphash_batchv, siphash24_64},
    {"siphash13_batchv", siphash13_batchv, siphash13_64},
    {"siphash12_batchv", siphash12_batchv, siphash12_64},
    {"siphash12_nocase_batchv", siphash12_nocase_batchv, siphash12_nocase_64},
};

static const size_t counts[] = {1, 2, 7, 33};

enum { MAXN = 33, MSGLEN = 24 };

/* The call a child makes (aborts_saying() takes no arguments). */
static struct {
    const struct batch_vec_pair *fn;
    const void *const *msgs;
    const size_t *lens;
    size_t n;
    uint64_t *out;
} call;
static siphash_key_t key;

static void do_call(void)
{
    call.fn->batch(call.msgs, call.lens, call.n, &key, call.out);
}

/* 8-aligned slots: room for an array of n elements with out[0..n) placed
 * anywhere from n words before it to n words after it. */
static uint64_t arena[4 * MAXN + 8];
static uint8_t data[MAXN][MSGLEN];

/* out at byte offset `at` from the array under test (which starts at
 * arena + 2*MAXN words); the other array is elsewhere. */
static void one(const char *path, size_t f, size_t n, int target_msgs, long at, int overlap)
{
    const void *msgs_elsewhere[MAXN] = {0};
    size_t lens_elsewhere[MAXN] = {0};
    uint8_t *const base = (uint8_t *)(arena + 2 * MAXN);
    const void **msgs = target_msgs ? (const void **)(void *)base : msgs_elsewhere;
    size_t *lens = target_msgs ? lens_elsewhere : (size_t *)(void *)base;
    for (size_t i = 0; i < n; i++) {
        msgs[i] = data[i];
        lens[i] = (i * 7) % (MSGLEN + 1);
    }
    call.fn = &fns[f];
    call.msgs = msgs;
    call.lens = lens;
    call.n = n;
    call.out = (uint64_t *)(void *)(base + at);
    const char *what = target_msgs ? "msgs" : "lens";
    if (overlap) {
        /* One child per case (forks are slow under qemu): the message
         * names the array in every case, the function in the first. */
        char text[96];
        if (n == counts[0] && at == 0)
            snprintf(text, sizeof text, "%s: out (", fns[f].name);
        else
            snprintf(text, sizeof text, "overlaps %s", what);
        CHECK(aborts_saying(do_call, text), "%s %s: out at %ld bytes from %s (n %zu) not refused "
              "with \"%s\"", path, fns[f].name, at, what, n, text);
        return;
    }
    /* In a child first: a wrong refusal fails this check, not the test. */
    if (n == counts[0])
        CHECK(!aborts(do_call), "%s %s: out touching %s at %ld bytes refused", path, fns[f].name,
              what, at);
    do_call();
    for (size_t i = 0; i < n; i++)
        CHECK_EQ_U64(call.out[i], fns[f].oneshot(data[i], (i * 7) % (MSGLEN + 1), &key),
                     "%s %s: out touching %s at %ld bytes (n %zu), hash %zu", path, fns[f].name,
                     what, at, n, i);
}

static void test_path(const char *path)
{
    for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++) {
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            const size_t n = counts[c];
            key = check_random_key();
            for (int t = 0; t < 2; t++) {
                const long arr = (long)(n * (t ? sizeof(void *) : sizeof(size_t)));
                const long out = (long)(n * 8);
                const long last_word = (arr - 1) / 8 * 8; /* 8-aligned, inside the array */
                /* touching before, last hash on the first element, the same
                 * start, first hash on the last element, touching after */
                one(path, f, n, t, -out, 0);
                one(path, f, n, t, -out + 8, 1);
                one(path, f, n, t, 0, 1);
                one(path, f, n, t, last_word, 1);
                one(path, f, n, t, (arr + 7) / 8 * 8, 0);
            }
        }
    }
}

int main(void)
{
    check_seed("test_batchv_overlap");
    for (size_t i = 0; i < MAXN; i++)
        check_rand_bytes(data[i], MSGLEN);
    batch_paths_each("test_batchv_overlap", 0, test_path);
    return check_finish("test_batchv_overlap");
}
