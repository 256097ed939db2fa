// SPDX-License-Identifier: MIT
/*
 * test_hasher_boost.cpp — libsiphash::hasher as the hash of
 * boost::unordered_map/set (Boost 1.74 in Debian 12: the node-based
 * tables; its open-addressing tables, which read is_avalanching, came with
 * 1.81): insert, find, erase, rehash, copy, the compatible-key find(k,
 * hash, eq) with a string_view, and two tables made alike getting
 * different keys.
 */
#include "check.h"

#include <siphash.hpp>

#include <boost/unordered_map.hpp>
#include <boost/unordered_set.hpp>
#include <boost/version.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr int N = 5000;

void round_trip()
{
    std::vector<std::string> k;
    for (int i = 0; i < N; i++)
        k.push_back(std::to_string(i) + std::string(static_cast<std::size_t>(i % 40), 'x'));
    boost::unordered_map<std::string, int, libsiphash::hasher> m;
    for (int i = 0; i < N; i++)
        m.emplace(k[i], i);
    int n = 0;
    for (int i = 0; i < N; i++)
        n += m.count(k[i]) == 1 && m.at(k[i]) == i;
    CHECK(n == N && m.size() == static_cast<std::size_t>(N), "found %d of %d", n, N);
    for (int i = 0; i < N; i += 2)
        CHECK(m.erase(k[i]) == 1, "erase %d", i);
    m.rehash(m.bucket_count() * 4);
    n = 0;
    for (int i = 0; i < N; i++)
        n += static_cast<int>(m.count(k[i]));
    CHECK(n == N / 2, "after erase and rehash: %d", n);
    auto copy = m;
    CHECK(copy.count(k[1]) == 1, "found in a copy");

    // Boost's heterogeneous find of its era: the caller names the hash
    // and equality to use with the other key type.
    auto it = m.find(std::string_view(k[1]), m.hash_function(), std::equal_to<>());
    CHECK(it != m.end() && it->second == 1, "find(string_view, hash, equal_to<>)");
}

void keys()
{
    boost::unordered_set<std::string, libsiphash::hasher> a, b;
    int differ = 0;
    for (const char *s : {"x", "alice@example.org", "", "0123456789abcdefghij"})
        differ += a.hash_function()(s) != b.hash_function()(s);
    CHECK(differ > 0, "two tables hash alike: they share a key");
    boost::unordered_set<int, libsiphash::hasher> ints;
    for (int i = 0; i < N; i++)
        ints.insert(i * 1024);
    CHECK(ints.size() == static_cast<std::size_t>(N) && ints.count(1024 * 7) == 1, "integer set");
}

} // namespace

int main()
{
    check_seed("test_hasher_boost");
    std::printf("Boost %d.%d\n", BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000);
    round_trip();
    keys();
    return check_finish("test_hasher_boost");
}
