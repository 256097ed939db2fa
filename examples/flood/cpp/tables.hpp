// SPDX-License-Identifier: MIT
/*
 * tables.hpp — one run of the C++ flood demo on one table type: a fresh
 * table (its hasher default-constructed: libsiphash::hasher draws its own
 * key), n keys inserted (each looked up first, as a table of unique keys
 * does), then each looked up once, every lookup checked.  Shared by the
 * demo and tests/flood.
 */
#ifndef FLOOD_CPP_TABLES_HPP
#define FLOOD_CPP_TABLES_HPP

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#ifdef FLOOD_CPP_HAVE_ABSL
#include <absl/container/flat_hash_map.h>
#include <absl/container/internal/hashtable_debug.h>
#endif

namespace flood_cpp {

struct result {
    double insert_s = 0; // inserting n keys (each looked up first)
    double lookup_s = 0; // looking each of them up once
    std::size_t longest = 0;
};

// The longest chain: std::unordered_map's largest bucket.
template <class K, class V, class H, class E, class A>
std::size_t longest(const std::unordered_map<K, V, H, E, A> &m, const std::vector<std::string> &,
                    std::size_t)
{
    std::size_t most = 0;
    for (std::size_t b = 0; b < m.bucket_count(); b++)
        most = std::max(most, m.bucket_size(b));
    return most;
}

#ifdef FLOOD_CPP_HAVE_ABSL
// A Swiss table has no chains: the most probes in one lookup (keys with a
// matching 7-bit tag compared before the key is found, plus groups passed:
// Abseil's own debug count), over the last 64 keys inserted.
template <class K, class V, class H, class E, class A>
std::size_t longest(const absl::flat_hash_map<K, V, H, E, A> &m, const std::vector<std::string> &keys,
                    std::size_t n)
{
    std::size_t most = 0;
    for (std::size_t i = n > 64 ? n - 64 : 0; i < n; i++)
        most = std::max(most, absl::container_internal::GetHashtableDebugNumProbes(m, keys[i]));
    return most;
}
#endif

inline double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Returns false when a lookup did not find its key (or n > keys.size()).
template <class Map>
bool run(const std::vector<std::string> &keys, std::size_t n, result &r)
{
    if (n > keys.size())
        return false;
    Map m;
    auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; i++)
        if (m.find(keys[i]) == m.end())
            m.emplace(keys[i], static_cast<int>(i));
    r.insert_s = seconds_since(t0);
    std::size_t found = 0;
    t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; i++) {
        auto it = m.find(keys[i]);
        found += it != m.end() && it->second == static_cast<int>(i);
    }
    r.lookup_s = seconds_since(t0);
    r.longest = longest(m, keys, n);
    return found == n && m.size() == n;
}

} // namespace flood_cpp

#endif
