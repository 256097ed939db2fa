// SPDX-License-Identifier: MIT
/*
 * test_hasher_absl.cpp — libsiphash::hasher as the hash of Abseil's Swiss
 * tables (flat_hash_map/set, node_hash_map): insert, find, erase, rehash,
 * copy, heterogeneous lookup in C++17 (const char* with Abseil's own string
 * equality, std::string_view with std::equal_to<>), and two tables made
 * alike getting different keys.
 */
#include "check.h"

#include <siphash.hpp>

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>
#include <absl/container/node_hash_map.h>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr int N = 5000;

std::vector<std::string> keys()
{
    std::vector<std::string> v;
    for (int i = 0; i < N; i++) {
        std::string s = std::to_string(i) + "@";
        while (s.size() < static_cast<std::size_t>(1 + i % 50))
            s.push_back(static_cast<char>('a' + check_rand() % 26));
        v.push_back(s);
    }
    return v;
}

template <class Map>
int found(const Map &m, const std::vector<std::string> &k, int from, int to)
{
    int n = 0;
    for (int i = from; i < to; i++) {
        auto it = m.find(k[i]);
        n += it != m.end() && it->second == i;
    }
    return n;
}

template <class Map>
void map_round_trip(const char *name)
{
    const std::vector<std::string> k = keys();
    Map m;
    for (int i = 0; i < N; i++)
        m.emplace(k[i], i);
    CHECK(m.size() == static_cast<std::size_t>(N), "%s: size %zu", name, m.size());
    CHECK(found(m, k, 0, N) == N, "%s: every key found", name);
    for (int i = 0; i < N; i += 2)
        CHECK(m.erase(k[i]) == 1, "%s: erase %d", name, i);
    CHECK(m.count(k[0]) == 0 && found(m, k, 1, 2) == 1, "%s: erased gone, kept kept", name);
    m.rehash(m.capacity() * 4);
    int odd = 0;
    for (int i = 1; i < N; i += 2)
        odd += found(m, k, i, i + 1);
    CHECK(odd == N / 2, "%s: found after rehash: %d", name, odd);
    Map copy = m;
    CHECK(copy.hash_function()(k[1]) == m.hash_function()(k[1]), "%s: a copy keeps the key", name);
    CHECK(found(copy, k, 1, 2) == 1 && copy.size() == m.size(), "%s: found in a copy", name);
}

void heterogeneous()
{
    // Abseil's default string equality is transparent for const char*
    // and absl::string_view; std::equal_to<> takes std::string_view.
    absl::flat_hash_map<std::string, int, libsiphash::hasher> m;
    m["alice@example.org"] = 1;
    CHECK(m.find("alice@example.org") != m.end(), "find(const char*)");
    CHECK(m.count("bob@example.org") == 0, "a missing key");
    absl::flat_hash_map<std::string, int, libsiphash::hasher, std::equal_to<>> v;
    const std::string key = "a key too long for the short-string buffer";
    v[key] = 2;
    CHECK(v.find(std::string_view(key)) != v.end() && v.at(key) == 2, "find(string_view)");
    CHECK(v.count(std::string_view(key).substr(1)) == 0, "a suffix is not the key");
}

void sets_and_keys()
{
    absl::flat_hash_set<std::uint64_t, libsiphash::hasher> ints;
    for (std::uint64_t i = 0; i < N; i++)
        ints.insert(i << 40);   // high bits only: the hash spreads them
    int n = 0;
    for (std::uint64_t i = 0; i < N; i++)
        n += ints.contains(i << 40);
    CHECK(n == N, "integer set: %d of %d", n, N);

    absl::flat_hash_set<std::string, libsiphash::hasher> a, b;
    int differ = 0;
    for (const char *s : {"x", "alice@example.org", "", "0123456789abcdefghij"})
        differ += a.hash_function()(s) != b.hash_function()(s);
    CHECK(differ > 0, "two tables hash alike: they share a key");
}

} // namespace

int main()
{
    check_seed("test_hasher_absl");
    map_round_trip<absl::flat_hash_map<std::string, int, libsiphash::hasher>>("flat_hash_map");
    map_round_trip<absl::node_hash_map<std::string, int, libsiphash::hasher>>("node_hash_map");
    heterogeneous();
    sets_and_keys();
    return check_finish("test_hasher_absl");
}
