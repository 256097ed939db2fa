// SPDX-License-Identifier: MIT
/*
 * main.cpp — siphash-flood-cpp: hash flooding on the C++ containers.
 * std::unordered_map<std::string, int> with libstdc++'s std::hash, and
 * absl::flat_hash_map<std::string, int> with absl::Hash (when built with
 * Abseil), each fed strings that all have one hash, computed from the
 * published function (collide.hpp); then the same tables with
 * libsiphash::hasher, fed the same strings.  Prints insert/lookup times
 * and the longest chain (most probes, for the Swiss table) for N = 1000 ..
 * 100000 and writes a CSV in the C demo's format (examples/flood/plot.sh).
 *
 *   siphash-flood-cpp [--quick] [--csv FILE] [--budget SECONDS]
 *
 * Before any table is timed every attack string is hashed with the real
 * function and must give the shared value: otherwise the program refuses
 * (exit 1) rather than time a table that is not under attack.  The series
 * and their stopping rule are the C demo's: a series stops once one step's
 * insert + lookup time exceeds the budget (default 1.5 s; --quick: N <=
 * 10000, 0.3 s); runs under 250 ms are repeated, best of 3.
 */
#include "collide.hpp"
#include "tables.hpp"

#include <siphash.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#if defined(__GLIBCXX__) && SIZE_MAX == UINT64_MAX
#define FLOOD_CPP_LIBSTDCXX64 1
#endif

namespace {

using std_weak = std::unordered_map<std::string, int>;
using std_sip = std::unordered_map<std::string, int, libsiphash::hasher>;
#ifdef FLOOD_CPP_HAVE_ABSL
using absl_weak = absl::flat_hash_map<std::string, int>;
using absl_sip = absl::flat_hash_map<std::string, int, libsiphash::hasher>;
#endif

struct series {
    const char *table, *hash;
    bool (*run)(const std::vector<std::string> &, std::size_t, flood_cpp::result &);
    const std::vector<std::string> *keys;
    bool stopped = false;
    double first_n = 0, first_t = 0, last_n = 0, last_t = 0; // for the growth exponent
};

// Short runs are at the mercy of a busy machine: a run under 250 ms is
// repeated twice more, keeping the fastest insert and lookup times.
bool run_best(const series &s, std::size_t n, flood_cpp::result &r)
{
    if (!s.run(*s.keys, n, r))
        return false;
    for (int rep = 0; rep < 2 && r.insert_s + r.lookup_s < 0.25; rep++) {
        flood_cpp::result again;
        if (!s.run(*s.keys, n, again))
            return false;
        r.insert_s = std::min(r.insert_s, again.insert_s);
        r.lookup_s = std::min(r.lookup_s, again.lookup_s);
    }
    return true;
}

// Every string of v has hash h(v[0]), and they are distinct.  Prints the
// verdict; false when the attack does not hold here.
template <class Hash>
bool all_collide(const char *what, const std::vector<std::string> &v, const Hash &h)
{
    const std::size_t h0 = h(v[0]);
    std::size_t same = 0;
    for (const std::string &s : v)
        same += h(s) == h0;
    std::unordered_map<std::string, int, libsiphash::hasher> distinct;
    for (const std::string &s : v)
        distinct.emplace(s, 0);
    std::printf("attacker, %s: %zu distinct strings of %zu bytes; one hash %016llx: %zu of %zu "
                "(checked with the real function)\n",
                what, distinct.size(), v[0].size(), static_cast<unsigned long long>(h0), same,
                v.size());
    return same == v.size() && distinct.size() == v.size();
}

[[noreturn]] void usage()
{
    std::fprintf(stderr, "usage: siphash-flood-cpp [--quick] [--csv FILE] [--budget SECONDS]\n");
    std::exit(2);
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::size_t> ns = {1000, 2000, 5000, 10000, 20000, 50000, 100000};
    const char *csv_path = "flood-cpp.csv";
    double budget = 1.5;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--quick")) {
            ns = {1000, 2000, 5000, 10000};
            budget = 0.3;
        } else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc) {
            csv_path = argv[++i];
        } else if (!std::strcmp(argv[i], "--budget") && i + 1 < argc) {
            budget = std::strtod(argv[++i], nullptr);
            if (!(budget > 0))
                usage();
        } else {
            usage();
        }
    }
    const std::size_t nmax = ns.back();
    std::vector<series> all;

    // The attackers' strings, made once for the largest N and checked.
    auto t0 = std::chrono::steady_clock::now();
    const std::vector<std::string> std_keys = flood_cpp::libstdcxx_collisions(nmax);
    std::printf("attacker, libstdc++: %zu strings computed in %.1f ms (one block of its mixing "
                "inverted per string)\n",
                nmax, flood_cpp::seconds_since(t0) * 1e3);
#ifdef FLOOD_CPP_LIBSTDCXX64
    if (!all_collide("std::hash<std::string>", std_keys, std::hash<std::string>()) ||
        flood_cpp::libstdcxx_hash_bytes(std_keys[0].data(), 16, flood_cpp::libstdcxx_string_seed) !=
            std::hash<std::string>()(std_keys[0])) {
        std::fprintf(stderr, "siphash-flood-cpp: this libstdc++'s std::hash<std::string> is not "
                             "the function attacked (collide.hpp): refusing to run\n");
        return 1;
    }
    all.push_back({"unordered_map", "std::hash", flood_cpp::run<std_weak>, &std_keys});
#else
    std::printf("std::hash: not libstdc++ on a 64-bit target; its series is left out\n");
#endif
    all.push_back({"unordered_map", "siphash13", flood_cpp::run<std_sip>, &std_keys});

#ifdef FLOOD_CPP_HAVE_ABSL
    t0 = std::chrono::steady_clock::now();
    const std::vector<std::string> absl_keys = flood_cpp::absl_collisions(nmax);
    std::printf("attacker, Abseil %d: %zu strings computed in %.1f ms (salt[1] opens the last "
                "16-byte chunk)\n",
                ABSL_LTS_RELEASE_VERSION, nmax, flood_cpp::seconds_since(t0) * 1e3);
    if (!all_collide("absl::Hash<std::string>", absl_keys, absl::Hash<std::string>())) {
        std::fprintf(stderr, "siphash-flood-cpp: this Abseil's absl::Hash is not the function "
                             "attacked (20220623's LowLevelHash): refusing to run\n");
        return 1;
    }
    all.push_back({"flat_hash_map", "absl::Hash", flood_cpp::run<absl_weak>, &absl_keys});
    all.push_back({"flat_hash_map", "siphash13", flood_cpp::run<absl_sip>, &absl_keys});
#else
    std::printf("absl::flat_hash_map: not built with Abseil (libabsl-dev); its series are left "
                "out\n");
#endif
    std::printf("libsiphash::hasher tables get the same strings: each draws its own key, and "
                "without it nothing can be computed.\n\n");

    std::FILE *csv = std::fopen(csv_path, "w");
    if (!csv) {
        std::perror(csv_path);
        return 1;
    }
    std::fprintf(csv, "table,hash,n,insert_s,lookup_s,longest\n");
    std::printf("%-14s %-11s %7s %11s %11s %8s\n", "table", "hash", "N", "insert ms", "lookup ms",
                "longest");
    int failed = 0;
    for (std::size_t k = 0; k < ns.size(); k++) {
        for (series &s : all) {
            if (s.stopped)
                continue;
            flood_cpp::result r;
            if (!run_best(s, ns[k], r)) {
                std::fprintf(stderr, "%s/%s: a lookup failed\n", s.table, s.hash);
                failed = 1;
                continue;
            }
            std::printf("%-14s %-11s %7zu %11.2f %11.2f %8zu\n", s.table, s.hash, ns[k],
                        r.insert_s * 1e3, r.lookup_s * 1e3, r.longest);
            std::fprintf(csv, "%s,%s,%zu,%.6f,%.6f,%zu\n", s.table, s.hash, ns[k], r.insert_s,
                         r.lookup_s, r.longest);
            const double total = r.insert_s + r.lookup_s;
            if (s.first_n == 0)
                s.first_n = static_cast<double>(ns[k]), s.first_t = total;
            s.last_n = static_cast<double>(ns[k]), s.last_t = total;
            if (total > budget && k + 1 < ns.size()) {
                s.stopped = true;
                const double ratio = static_cast<double>(ns[k + 1]) / static_cast<double>(ns[k]);
                std::printf("        -> %s/%s stopped: %.2f s > %.2f s budget; N=%zu would take "
                            "~%.0f s if quadratic\n",
                            s.table, s.hash, total, budget, ns[k + 1], total * ratio * ratio);
            }
        }
        std::fflush(stdout);
    }
    std::fclose(csv);

    // Slope on the log-log plot: 2 = quadratic (flooded), ~1 = linear.
    std::printf("\ngrowth of insert + lookup time, N^x between the first and last N run:\n");
    for (const series &s : all)
        if (s.last_n > s.first_n && s.first_t > 0)
            std::printf("  %-14s %-11s x = %.2f  (N = %.0f .. %.0f)\n", s.table, s.hash,
                        std::log(s.last_t / s.first_t) / std::log(s.last_n / s.first_n), s.first_n,
                        s.last_n);
    std::printf("\nwrote %s (plot it with examples/flood/plot.sh %s out.svg)\n", csv_path, csv_path);
    return failed;
}
