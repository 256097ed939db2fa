/* SPDX-License-Identifier: MIT */
/*
 * test_dpdk_mp.c — the process key shared between a DPDK primary process
 * and a real secondary one (siphash_dpdk_key_share / _attach, and
 * siphash_dpdk_find of the primary's table by name).
 *
 *   test_dpdk_mp [HUGE_DIR]
 *
 * The primary starts EAL with a shared configuration under its own
 * --file-prefix, shares its key, creates a SipHash table and a CRC table
 * and fills the first; then it runs itself as a secondary (--proc-type=
 * secondary, same prefix), which must: be refused (-EINVAL, not silent
 * misses) while it has a key of its own, both through a hand-made wrapper
 * and through siphash_dpdk_find(); attach the shared key; find the table
 * by name and every key in it, with its data, through records and through
 * scattered pointers, and no miss; not find the CRC table as ours; add keys
 * of its own.  The primary then finds those, unshares the key, and removes
 * what EAL left (its runtime directory and its hugepage files).
 *
 * It needs hugepages: DPDK 22.11 cannot attach a secondary process to a
 * --no-huge primary (the secondary's EAL maps the primary's memory from
 * the hugepage files listed in the runtime directory's hugepage_data,
 * which a --no-huge primary never writes: "Could not open
 * .../hugepage_data", "Cannot init memory").  So it is not a CTest test;
 * .ci/dpdk.sh runs it where hugepages are free and says so where not.
 * HUGE_DIR (or SIPHASH_DPDK_HUGE_DIR) is a hugetlbfs mount for EAL's
 * --huge-dir; without either EAL picks its own.  Like the other DPDK
 * tests it fails when EAL cannot start; it never skips.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_hash_crc.h>

#include <siphash_dpdk.h>

#include "check.h"
#include "tuples.h"

SIPHASH_DPDK_DEFINE_KEY;

enum { L = V4_KEY_LEN, N = 1024, B = RTE_HASH_LOOKUP_BULK_MAX };

/* Key i of a kind: a random source address from seed, the source port i
 * and the protocol byte naming the kind, so kinds never meet. */
enum { STORED = 6, MISSING = 17, ADDED = 47 };
static void make_keys(uint64_t seed, uint8_t kind, uint8_t *keys, size_t n)
{
    uint64_t s = seed ^ kind;
    for (size_t i = 0; i < n; i++) {
        uint8_t *k = keys + i * L;
        tuple_random(keytype_v4(), &s, k);
        k[10] = (uint8_t)(i >> 8), k[11] = (uint8_t)i, k[12] = kind;
    }
}

static int eal_start(const char *prog, const char *type, const char *prefix, const char *huge_dir)
{
    static char args[16][PATH_MAX];
    static char *argv[17];
    const char *a[16] = {prog, type, "--file-prefix", prefix, "--no-pci", "--no-telemetry",
                         "-l", "0", "--log-level", "lib.eal:notice"};
    int argc = 10;
    if (huge_dir != NULL && huge_dir[0] != '\0')
        a[argc++] = "--huge-dir", a[argc++] = huge_dir;
    for (int i = 0; i < argc; i++) {
        snprintf(args[i], sizeof args[i], "%s", a[i]);
        argv[i] = args[i];
    }
    argv[argc] = NULL;
    if (rte_eal_init(argc, argv) < 0) {
        fprintf(stderr, "%s: EAL could not start as %s (needs free hugepages): %s\n", prog, type,
                rte_strerror(rte_errno));
        return -1;
    }
    return 0;
}

/* Lookups of n keys in bursts of 64 through records and scattered
 * pointers; counts the keys found (with data i + 1 + data_base when
 * data_base is not negative). */
static size_t lookups(const struct siphash_dpdk_table *t, const uint8_t *keys, size_t n,
                      long data_base)
{
    size_t hits = 0;
    for (size_t i = 0; i < n; i += B) {
        uint32_t b = (uint32_t)(n - i < B ? n - i : B);
        const uint8_t *rec = keys + i * L;
        const void *ptrs[B];
        int32_t pos[B], q[B];
        uint64_t mask;
        void *data[B];
        for (uint32_t k = 0; k < b; k++)
            ptrs[k] = rec + (size_t)((k * 13) % b) * L;
        CHECK(siphash_dpdk_lookup_burst(t, rec, L, L, b, pos) == 0, "lookup_burst");
        CHECK(siphash_dpdk_lookup_bulk(t, ptrs, L, b, q) == 0, "lookup_bulk");
        int got = siphash_dpdk_lookup_burst_data(t, rec, L, L, b, &mask, data);
        CHECK(got >= 0, "lookup_burst_data: %d", got);
        for (uint32_t k = 0; k < b; k++) {
            CHECK(q[k] == pos[(k * 13) % b], "records and pointers disagree");
            if (pos[k] < 0)
                continue;
            hits++;
            CHECK(mask >> k & 1, "hit without its data");
            if (data_base >= 0)
                CHECK(data[k] == (void *)(uintptr_t)(data_base + (long)(i + k) + 1),
                      "data of key %zu", i + k);
        }
    }
    return hits;
}

static int secondary(const char *prog, const char *prefix, uint64_t seed, const char *huge_dir)
{
    if (eal_start(prog, "--proc-type=secondary", prefix, huge_dir) != 0)
        return 1;
    uint8_t *stored = check_xmalloc(N * L), *missing = check_xmalloc(N * L);
    uint8_t *added = check_xmalloc(B * L);
    make_keys(seed, STORED, stored, N);
    make_keys(seed, MISSING, missing, N);
    make_keys(seed, ADDED, added, B);

    /* A secondary that keys itself, as before the share existed. */
    CHECK(siphash_dpdk_key_init() == 0, "own key");
    int32_t pos[B];
    struct siphash_dpdk_table t = {.h = rte_hash_find_existing("mp-flows"), .key_len = L};
    CHECK(t.h != NULL, "the primary's table by name");
    CHECK(siphash_dpdk_lookup_burst(&t, stored, L, L, B, pos) == -EINVAL,
          "a hand-made wrapper in the secondary");
    CHECK(siphash_dpdk_find(&t, "mp-flows") == -EINVAL, "find before attaching");

    CHECK(siphash_dpdk_key_attach("mp-key") == 0, "attach");
    CHECK(siphash_dpdk_find(&t, "mp-flows") == 0 && t.key_len == L, "find after attaching");
    size_t hits = lookups(&t, stored, N, 0), false_hits = lookups(&t, missing, N, -1);
    CHECK(hits == N, "secondary found %zu of %d stored keys", hits, N);
    CHECK(false_hits == 0, "secondary found %zu absent keys", false_hits);
    struct siphash_dpdk_table c;
    CHECK(siphash_dpdk_find(&c, "mp-crc") == -EINVAL, "the CRC table is not ours");
    int32_t res[B];
    void *data[B];
    for (int k = 0; k < B; k++)
        data[k] = (void *)(uintptr_t)(100000 + k + 1);
    CHECK(siphash_dpdk_add_burst(&t, added, L, L, B, data, res) == 0, "secondary adds");
    printf("secondary: attached the shared key, found %zu of %d keys of the primary's table, "
           "added %d\n", hits, N, B);
    free(stored), free(missing), free(added);
    rte_eal_cleanup();
    return check_finish("test_dpdk_mp (secondary)");
}

/* What EAL leaves of a prefix: its runtime directory's files, and the
 * hugepage files "<prefix>map_<n>" in the hugetlbfs directory. */
static void remove_prefix_files(const char *runtime_dir, const char *huge_dir, const char *prefix)
{
    char path[PATH_MAX * 2];
    DIR *d = opendir(runtime_dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", runtime_dir, e->d_name);
            unlink(path);
        }
    }
    if (d != NULL)
        closedir(d);
    if (rmdir(runtime_dir) != 0)
        perror(runtime_dir);
    if (huge_dir == NULL || huge_dir[0] == '\0')
        return;
    char map[128];
    snprintf(map, sizeof map, "%smap_", prefix);
    d = opendir(huge_dir);
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, map, strlen(map)) == 0) {
            snprintf(path, sizeof path, "%s/%s", huge_dir, e->d_name);
            unlink(path);
        }
    }
    if (d != NULL)
        closedir(d);
}

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "--secondary"))
        return secondary(argv[0], argv[2], strtoull(argv[3], NULL, 10), argv[4]);
    const char *huge_dir = argc > 1 ? argv[1] : getenv("SIPHASH_DPDK_HUGE_DIR");
    check_seed("test_dpdk_mp");
    uint64_t seed = check_rand();
    char prefix[64];
    snprintf(prefix, sizeof prefix, "siphash-mp-%ld", (long)getpid());
    if (eal_start(argv[0], "--proc-type=primary", prefix, huge_dir) != 0) {
        /* What it made of its runtime directory (and pages) before failing. */
        const char *dir = rte_eal_get_runtime_dir();
        if (dir != NULL && strstr(dir, prefix) != NULL)
            remove_prefix_files(dir, huge_dir, prefix);
        return 1;
    }
    char runtime_dir[PATH_MAX];
    snprintf(runtime_dir, sizeof runtime_dir, "%s", rte_eal_get_runtime_dir());

    uint8_t *stored = check_xmalloc(N * L), *added = check_xmalloc(B * L);
    make_keys(seed, STORED, stored, N);
    make_keys(seed, ADDED, added, B);
    CHECK(siphash_dpdk_key_init() == 0, "key");
    CHECK(siphash_dpdk_key_share("mp-key") == 0, "share");
    struct rte_hash_parameters p = {.name = "mp-flows", .entries = 4 * N, .key_len = L,
                                    .socket_id = 0};
    struct siphash_dpdk_table t;
    CHECK(siphash_dpdk_create(&t, &p) == 0, "create");
    p.name = "mp-crc";
    p.hash_func = rte_hash_crc;
    struct rte_hash *crc = rte_hash_create(&p);
    CHECK(crc != NULL, "CRC table");
    for (size_t i = 0; i < N; i += B) {
        void *data[B];
        int32_t res[B];
        for (int k = 0; k < B; k++)
            data[k] = (void *)(uintptr_t)(i + (size_t)k + 1);
        CHECK(siphash_dpdk_add_burst(&t, stored + i * L, L, L, B, data, res) == 0, "add");
    }

    /* The secondary: this program again, as its own process. */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        char seed_s[32];
        snprintf(seed_s, sizeof seed_s, "%llu", (unsigned long long)seed);
        execl("/proc/self/exe", argv[0], "--secondary", prefix, seed_s,
              huge_dir != NULL ? huge_dir : "", (char *)NULL);
        perror("exec");
        _exit(127);
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork/wait");
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the secondary failed (status %d)",
          status);

    /* Its keys, added under the shared key, are found here, through the
     * helpers and through the callback. */
    size_t hits = lookups(&t, added, B, 100000);
    CHECK(hits == B, "primary found %zu of the %d keys the secondary added", hits, B);
    CHECK(rte_hash_lookup(t.h, added) >= 0, "callback lookup of a key the secondary added");
    CHECK(rte_hash_count(t.h) == N + B, "%d keys in the table", rte_hash_count(t.h));

    CHECK(siphash_dpdk_key_unshare("mp-key") == 0, "unshare");
    siphash_dpdk_free(&t);
    rte_hash_free(crc);
    free(stored), free(added);
    rte_eal_cleanup();
    remove_prefix_files(runtime_dir, huge_dir, prefix);
    return check_finish("test_dpdk_mp");
}
