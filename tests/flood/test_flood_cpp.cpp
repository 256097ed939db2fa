// SPDX-License-Identifier: MIT
/*
 * test_flood_cpp.cpp — the C++ flood demo's attackers (examples/flood/cpp)
 * against the real functions: collide.hpp's model of libstdc++'s
 * std::hash<std::string> equals the real one on random strings of every
 * length 0..100 (a wrong derivation would fail here), its 2^17 computed
 * strings are distinct and share one real std::hash, and Abseil 20220623's
 * absl::Hash likewise; flooded tables walk every key, and the same strings
 * in tables with libsiphash::hasher leave short chains and few probes.
 * SIPHASH_TEST_QUICK (the sanitizer, valgrind and qemu configurations)
 * checks 2^14 strings and fills the SipHash tables with those.
 */
#include "check.h"
#include "collide.hpp"
#include "tables.hpp"

#include <siphash.hpp>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

bool quick()
{
    return std::getenv("SIPHASH_TEST_QUICK") != nullptr;
}

// Distinct, and one value of h for all.
template <class Hash>
void collide(const char *what, const std::vector<std::string> &v, const Hash &h)
{
    std::unordered_set<std::string, libsiphash::hasher> distinct(v.begin(), v.end());
    CHECK(distinct.size() == v.size(), "%s: %zu distinct of %zu", what, distinct.size(), v.size());
    const std::size_t h0 = h(v[0]);
    std::size_t same = 0;
    for (const std::string &s : v)
        same += h(s) == h0;
    CHECK(same == v.size(), "%s: %zu of %zu strings share the hash %zx", what, same, v.size(), h0);
}

// Under attack a table walks every key; with libsiphash::hasher the same
// strings leave a short longest chain.  Bounds that cannot flake: a bucket
// of 20 of n <= 100000 random hashes in >= n buckets has probability below
// n * (e/20)^20 < 1e-12; 100 probes (groups of 16 slots at load <= 7/8,
// or 7-bit tag matches) are likelier still never to happen.
template <class Weak, class Sip>
void tables(const char *what, const std::vector<std::string> &v, std::size_t sip_at_most)
{
    flood_cpp::result r;
    const std::size_t weak = quick() ? 1000 : 3000;
    CHECK(flood_cpp::run<Weak>(v, weak, r), "%s: weak-hash run failed", what);
    CHECK(r.longest >= weak, "%s: flooded table's longest %zu, want >= %zu", what, r.longest, weak);
    const std::size_t n = std::min<std::size_t>(v.size(), 100000);
    CHECK(flood_cpp::run<Sip>(v, n, r), "%s: siphash run failed", what);
    std::printf("%s + libsiphash::hasher, %zu attack strings: longest %zu\n", what, n, r.longest);
    CHECK(r.longest <= sip_at_most, "%s: siphash longest %zu, want <= %zu", what, r.longest,
          sip_at_most);
}

void libstdcxx()
{
#if defined(__GLIBCXX__) && SIZE_MAX == UINT64_MAX
    // The model is the real function, at every length and content.
    for (std::size_t len = 0; len <= 100; len++) {
        std::string s(len, '\0');
        check_rand_bytes(&s[0], len);
        CHECK_EQ_U64(flood_cpp::libstdcxx_hash_bytes(s.data(), len, flood_cpp::libstdcxx_string_seed),
                     std::hash<std::string>()(s), "model vs std::hash, length %zu", len);
    }
    const std::vector<std::string> v = flood_cpp::libstdcxx_collisions(quick() ? 1u << 14 : 1u << 17);
    collide("std::hash<std::string>", v, std::hash<std::string>());
    tables<std::unordered_map<std::string, int>,
           std::unordered_map<std::string, int, libsiphash::hasher>>("std::unordered_map", v, 20);
#else
    std::printf("not libstdc++ on a 64-bit target: the std::hash attack is not checked\n");
    CHECK(true, "nothing to check");
#endif
}

void abseil()
{
#if defined(FLOOD_CPP_HAVE_ABSL) && defined(ABSL_LTS_RELEASE_VERSION) && \
    ABSL_LTS_RELEASE_VERSION == 20220623
    const std::vector<std::string> v = flood_cpp::absl_collisions(quick() ? 1u << 14 : 1u << 17);
    collide("absl::Hash<std::string>", v, absl::Hash<std::string>());
    tables<absl::flat_hash_map<std::string, int>,
           absl::flat_hash_map<std::string, int, libsiphash::hasher>>("absl::flat_hash_map", v, 100);
#elif defined(FLOOD_CPP_HAVE_ABSL)
    std::printf("Abseil %d: the attack is on 20220623's LowLevelHash; not checked\n",
                ABSL_LTS_RELEASE_VERSION);
#else
    std::printf("built without Abseil: absl::Hash not checked\n");
#endif
}

} // namespace

int main()
{
    check_seed("test_flood_cpp");
    libstdcxx();
    abseil();
    return check_finish("test_flood_cpp");
}
