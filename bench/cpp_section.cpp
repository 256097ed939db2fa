// SPDX-License-Identifier: MIT
/*
 * cpp_section.cpp — the C++ rows of siphash-bench: what libsiphash::hasher
 * (include/siphash.hpp) costs a C++ program against the default hash of
 * its container.  Lookups of existing keys, e-mail-like strings of 16..40
 * bytes, in std::unordered_map<std::string, uint32_t> with std::hash
 * (libstdc++: _Hash_bytes) and with libsiphash::hasher, at 1000 keys
 * (cache-resident) and 1000000 (--quick: 100000); the same in
 * absl::flat_hash_map with absl::Hash when Abseil is found.
 *
 * Method: every candidate has its own table holding the same keys, built
 * the same way (no reserve: grown as a program grows it) and all at once,
 * key by key (group::fill: where in the heap a table lands must not
 * decide), and looks up copies of them (separate strings, as a request's
 * keys are) in a random order, each candidate from its own place in the
 * query pool, so no candidate finds another's cache lines warm.  Lookups
 * are independent (a throughput measurement: a table serving many
 * requests).  Candidates run in alternating rounds in one process
 * (bench.h), and the ratio is the median over rounds of cost(candidate) /
 * cost(std::hash).  A control row, std::hash in a second table, shows the
 * method's own error.
 *
 * What each choice of the header costs is measured beside it: the shipped
 * hasher (SipHash-1-3 inline, hash codes cached by libstdc++), the same
 * without the cache, a plain hasher calling siphash13_64() with and
 * without the cache, and hasher24 (SipHash-2-4).  Then the hashes alone on
 * the small pool.  Targets (met / not met, never asserted): the shipped
 * hasher at most 1.15x std::hash at 1k keys and 1.30x at 1M.
 */
#include <siphash.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#if SIPHASH_BENCH_HAVE_ABSL
#include <absl/container/flat_hash_map.h>
#include <absl/hash/hash.h>
#endif

#include "bench.h"

namespace {

// ---- the hashers whose choices are measured --------------------------------

siphash_key_t bench_key()
{
    siphash_key_t k;
    if (siphash_key_generate(&k) != 0) {
        std::fprintf(stderr, "siphash-bench: no random key\n");
        std::exit(2);
    }
    return k;
}

// A plain hasher: one call to the library per string.
struct call13 {
    siphash_key_t key = bench_key();
    std::size_t operator()(const std::string &s) const noexcept
    {
        return static_cast<std::size_t>(siphash13_64(s.data(), s.size(), &key));
    }
};
// The same, with libstdc++ told to cache its codes (siphash.hpp's choice).
struct call13_cached : call13 {
};
// The shipped inline hash without the cache: a type of its own, for which
// std::__is_fast_hash keeps its default (true: not cached).
struct inline_uncached : libsiphash::hasher {
};

} // namespace

#if defined(__GLIBCXX__)
namespace std {
template <>
struct __is_fast_hash<call13_cached> : std::false_type {
};
} // namespace std
#endif

namespace {

// ---- keys and queries ------------------------------------------------------

std::uint64_t splitmix(std::uint64_t &x)
{
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// n distinct e-mail-like strings, 16..40 bytes (length uniform), e.g.
// "k.w8ya_3q@mail.example.org".
std::vector<std::string> email_keys(std::size_t n, std::uint64_t seed)
{
    static const char *const domains[] = {"example.com", "mail.example.org", "corp.example.net",
                                          "uni.example.edu", "example.co.uk", "post.example.de"};
    static const char first[] = "abcdefghijklmnopqrstuvwxyz";
    static const char rest[] = "abcdefghijklmnopqrstuvwxyz0123456789._";
    std::vector<std::string> v;
    v.reserve(n);
    std::unordered_set<std::string, libsiphash::hasher> seen;
    while (v.size() < n) {
        const std::size_t len = 16 + splitmix(seed) % 25;
        const char *d = domains[splitmix(seed) % (sizeof domains / sizeof domains[0])];
        const std::size_t dlen = std::strlen(d);
        if (len < dlen + 2)
            continue;
        std::string s;
        for (std::size_t i = 0; i + dlen + 1 < len; i++)
            s.push_back(i ? rest[splitmix(seed) % (sizeof rest - 1)] : first[splitmix(seed) % 26]);
        s.push_back('@');
        s.append(d);
        if (seen.insert(s).second)
            v.push_back(std::move(s));
    }
    return v;
}

// The queries: copies of keys in a random order, made in the order they
// are looked up (a stream of requests: their bytes come in sequence, not
// from random places; measured here, either way gives the same ratios).
// For a small table, a pool of 4096 picks (still in cache); for a large
// one, every key once.
std::vector<std::string> query_pool(const std::vector<std::string> &keys, std::uint64_t seed)
{
    std::vector<std::string> q;
    if (keys.size() <= 4096) {
        for (int i = 0; i < 4096; i++)
            q.push_back(keys[splitmix(seed) % keys.size()]);
        return q;
    }
    std::vector<std::size_t> order(keys.size());
    for (std::size_t i = 0; i < order.size(); i++)
        order[i] = i;
    for (std::size_t i = order.size() - 1; i > 0; i--)
        std::swap(order[i], order[splitmix(seed) % (i + 1)]);
    q.reserve(keys.size());
    for (std::size_t i : order)
        q.push_back(keys[i]);
    return q;
}

// ---- candidates --------------------------------------------------------------

struct lookup_arg {
    const std::vector<std::string> *queries;
    std::size_t cursor;
};

// One table and its cursor into the shared query pool.
template <class Map>
struct table_run : lookup_arg {
    Map map;
};

// iters independent lookups of existing keys; the sum of their values
// keeps every lookup alive.
template <class Map>
std::uint64_t lookups(void *arg, std::uint64_t iters)
{
    auto *t = static_cast<table_run<Map> *>(arg);
    const std::vector<std::string> &q = *t->queries;
    std::size_t c = t->cursor;
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < iters; i++) {
        sum += t->map.find(q[c])->second;
        if (++c == q.size())
            c = 0;
    }
    t->cursor = c;
    return sum;
}

// The hash alone over the query pool (no table).
template <class Hash>
struct hash_run : lookup_arg {
    Hash hash;
};

template <class Hash>
std::uint64_t hashes(void *arg, std::uint64_t iters)
{
    auto *t = static_cast<hash_run<Hash> *>(arg);
    const std::vector<std::string> &q = *t->queries;
    std::size_t c = t->cursor;
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < iters; i++) {
        sum += t->hash(q[c]);
        if (++c == q.size())
            c = 0;
    }
    t->cursor = c;
    return sum;
}

// The candidates of one measurement: their names, functions and owned state.
struct group {
    std::vector<bench_candidate> c;
    std::vector<std::shared_ptr<void>> owned;

    std::vector<std::function<void(std::size_t)>> inserters;

    // A table of the keys; filled by fill(), with the other tables.
    template <class Map>
    void table(const char *name, const std::vector<std::string> &keys,
               const std::vector<std::string> &queries)
    {
        auto t = std::make_shared<table_run<Map>>();
        Map *m = &t->map;
        inserters.push_back([m, &keys](std::size_t i) {
            m->emplace(keys[i], static_cast<std::uint32_t>(i));
        });
        add(name, lookups<Map>, t, queries);
    }

    // Key i into every table, then key i + 1: the tables' nodes and strings
    // are allocated interleaved, so none gets a better-placed part of the
    // heap than another.  Built one after the other, two tables with the
    // same hash measured 0.74x and 1.11x apart at 1M keys (the control row
    // below shows what is left: 1.00-1.04 at 1M, 1.03-1.07 at 1k).
    void fill(std::size_t n)
    {
        for (std::size_t i = 0; i < n; i++)
            for (auto &insert : inserters)
                insert(i);
    }

    template <class Hash>
    void hash(const char *name, const std::vector<std::string> &queries)
    {
        add(name, hashes<Hash>, std::make_shared<hash_run<Hash>>(), queries);
    }

    template <class T>
    void add(const char *name, bench_fn fn, std::shared_ptr<T> t, const std::vector<std::string> &q)
    {
        t->queries = &q;
        t->cursor = 0;
        c.push_back({name, fn, t.get(), 1});
        owned.push_back(t);
    }

    // Spreads the cursors over the pool: each candidate reads its own part.
    void spread(std::size_t pool)
    {
        for (std::size_t i = 0; i < c.size(); i++)
            static_cast<lookup_arg *>(c[i].arg)->cursor = pool * i / c.size();
    }
};

const char *size_label(std::size_t n, char *buf, std::size_t len)
{
    if (n % 1000000 == 0)
        std::snprintf(buf, len, "%zuM", n / 1000000);
    else if (n % 1000 == 0)
        std::snprintf(buf, len, "%zuk", n / 1000);
    else
        std::snprintf(buf, len, "%zu", n);
    return buf;
}

// Times a group; prints one row per candidate with its ratio to the first;
// returns the ratios (median over rounds) and their spreads.
void measure(const bench_opts *o, group &g, const char *mode, std::size_t n, const char *anchor,
             std::vector<bench_stat> &ratio)
{
    g.spread(static_cast<const lookup_arg *>(g.c[0].arg)->queries->size());
    const int k = static_cast<int>(g.c.size());
    std::vector<bench_stat> stat(g.c.size());
    ratio.assign(g.c.size(), bench_stat());
    bench_sink(bench_alternate(g.c.data(), k, o, stat.data(), ratio.data()));
    char size[24], label[64];
    size_label(n, size, sizeof size);
    std::snprintf(label, sizeof label, "vs %s", anchor);
    for (int i = 0; i < k; i++) {
        bench_ratio r = {label, i ? ratio[i].median : -1};
        bench_print_row(o, "cpp", g.c[i].name, mode, size, &stat[i], 1, &r);
    }
}

double load_average()
{
    double l = -1;
    if (std::FILE *f = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(f, "%lf", &l) != 1)
            l = -1;
        std::fclose(f);
    }
    return l;
}

struct target {
    std::string what;
    double ratio, spread, limit; // limit 0: information only
};

} // namespace

extern "C" void bench_cpp_section(const struct bench_opts *base)
{
    bench_opts o = *base;
    // Runs of ~1 ms (0.2 ms in --quick): hundreds to thousands of lookups,
    // many cache misses each at 1M keys.
    o.run_ticks = static_cast<std::uint64_t>(bench_ticks_per_second() * (o.quick ? 2e-4 : 1e-3));
    o.runs = o.quick ? 5 : 101;
    const std::size_t sizes[2] = {1000, o.quick ? 100000u : 1000000u};
    char title[512];
    const double load0 = load_average();
    std::snprintf(title, sizeof title,
                  "C++ hash tables: lookups of existing keys (e-mail-like, 16..40 B), ratio = "
                  "cost / cost(the table's default hash); cpu %s; load average %.1f",
                  bench_cpu_model(), load0);
    bench_print_heading(&o, title);
#if !SIPHASH_BENCH_HAVE_ABSL
    if (!o.csv)
        std::fprintf(o.out, "missing anchor: absl::flat_hash_map (apt-get install libabsl-dev)\n");
#endif
#if defined(__GLIBCXX__)
    // The rows' names say which tables cache hash codes; libstdc++ agrees.
    static_assert(std::__cache_default<std::string, std::hash<std::string>>::value, "std::hash");
    static_assert(std::__cache_default<std::string, libsiphash::hasher>::value, "hasher");
    static_assert(std::__cache_default<std::string, call13_cached>::value, "call13_cached");
    static_assert(!std::__cache_default<std::string, call13>::value, "call13");
    static_assert(!std::__cache_default<std::string, inline_uncached>::value, "inline_uncached");
#endif

    std::vector<target> targets;
    for (std::size_t si = 0; si < 2; si++) {
        const std::size_t n = sizes[si];
        const std::vector<std::string> keys = email_keys(n, 0x5eed + si);
        const std::vector<std::string> queries = query_pool(keys, 0xc0ffee + si);
        std::vector<bench_stat> r;
        char size[24];
        size_label(n, size, sizeof size);
        {
            group g;
            g.table<std::unordered_map<std::string, std::uint32_t>>("std::hash", keys, queries);
            g.table<std::unordered_map<std::string, std::uint32_t, libsiphash::hasher>>(
                "libsiphash::hasher", keys, queries);
            g.table<std::unordered_map<std::string, std::uint32_t, inline_uncached>>(
                "inline, no cache", keys, queries);
            g.table<std::unordered_map<std::string, std::uint32_t, call13_cached>>(
                "plain call, cached", keys, queries);
            g.table<std::unordered_map<std::string, std::uint32_t, call13>>(
                "plain call", keys, queries);
            g.table<std::unordered_map<std::string, std::uint32_t, libsiphash::hasher24>>(
                "hasher24: SipHash-2-4", keys, queries);
            // The measurement's own error: the anchor again, in a table of
            // its own (ideally x1.00).
            g.table<std::unordered_map<std::string, std::uint32_t>>("std::hash (control)", keys,
                                                                    queries);
            g.fill(n);
            measure(&o, g, "unord_map", n, "std::hash", r);
            targets.push_back({std::string("std::unordered_map, ") + size +
                                   " keys: libsiphash::hasher / std::hash",
                               r[1].median, r[1].spread, si == 0 ? 1.15 : 1.30});
            targets.push_back({std::string("std::unordered_map, ") + size +
                                   " keys: plain siphash13_64() hasher, no cache / std::hash",
                               r[4].median, r[4].spread, 0});
            targets.push_back({std::string("std::unordered_map, ") + size +
                                   " keys: control, std::hash / std::hash (the method's error)",
                               r[6].median, r[6].spread, 0});
        }
#if SIPHASH_BENCH_HAVE_ABSL
        {
            group g;
            g.table<absl::flat_hash_map<std::string, std::uint32_t>>("absl::Hash", keys, queries);
            g.table<absl::flat_hash_map<std::string, std::uint32_t, libsiphash::hasher>>(
                "libsiphash::hasher", keys, queries);
            g.fill(n);
            measure(&o, g, "flat_map", n, "absl::Hash", r);
            targets.push_back({std::string("absl::flat_hash_map, ") + size +
                                   " keys: libsiphash::hasher / absl::Hash",
                               r[1].median, r[1].spread, 0});
        }
#endif
        if (si == 0) {
            // Where the time goes: the hashes alone, on the small pool.
            group g;
            g.hash<std::hash<std::string>>("std::hash", queries);
            g.hash<libsiphash::hasher>("libsiphash::hasher", queries);
            g.hash<call13>("siphash13_64()", queries);
#if SIPHASH_BENCH_HAVE_ABSL
            g.hash<absl::Hash<std::string>>("absl::Hash", queries);
#endif
            measure(&o, g, "hash only", n, "std::hash", r);
        }
    }
    if (o.csv)
        return;
    std::fprintf(o.out,
                 "\n== C++ targets: cost per lookup against the default hash, same run (load "
                 "average %.1f at the start, %.1f at the end) ==\n",
                 load0, load_average());
    int missed = 0;
    for (const target &t : targets) {
        if (t.limit <= 0)
            std::fprintf(o.out, "  [info] %s: x%.3f +-%.1f%%\n", t.what.c_str(), t.ratio,
                         100 * t.spread);
        else
            missed += bench_verdict(o.out, t.ratio > 0 && t.ratio <= t.limit,
                                    "%s: x%.3f +-%.1f%% (<= %.2f)", t.what.c_str(), t.ratio,
                                    100 * t.spread, t.limit);
    }
    std::fprintf(o.out, "  %d C++ targets not met%s\n", missed,
                 o.quick ? " (--quick: 100k keys for 1M, few rounds: not meaningful)" : "");
}
