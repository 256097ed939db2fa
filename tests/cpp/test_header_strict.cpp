// SPDX-License-Identifier: MIT
/*
 * test_header_strict.cpp — siphash.hpp as a strict user includes it: first
 * (it includes what it needs), compiled with -Wconversion
 * -Wsign-conversion -Wshadow -Wcast-qual -Wundef on top of the project's
 * warnings (CMakeLists.txt; -Werror in CI), every overload instantiated;
 * and the paper's example through hasher24: key 00..0f, message 00..0e,
 * a129ca6149be45e5 (its low half where size_t has 32 bits).
 */
#include <siphash.hpp>

#include "check.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace {

enum class level : short { low = -3, high = 7 };

} // namespace

int main()
{
    std::uint8_t b[16];
    for (std::uint8_t i = 0; i < 16; i++)
        b[i] = i;
    const siphash_key_t paper = siphash_key_from_bytes(b);
    const libsiphash::hasher24 h24(paper);
    const std::string_view msg(reinterpret_cast<const char *>(b), 15);
    CHECK(h24(msg) == static_cast<std::size_t>(0xa129ca6149be45e5u), "paper's example: %zx", h24(msg));

    const libsiphash::hasher h(paper);
    int x = 0;
    const char *cstr = "c";
    std::size_t all = h(std::string("a")) ^ h(std::string_view("b")) ^ h(cstr) ^ h(5) ^ h(5u) ^
                      h(-5LL) ^ h(level::low) ^ h(&x) ^ h(true) ^ h('c') ^ h24(7u);
    std::unordered_map<std::string, int, libsiphash::hasher> m(0, h);
    m["x"] = 1;
    std::unordered_set<std::uint64_t, libsiphash::hasher24> s(0, h24);
    s.insert(9);
    CHECK(m.at("x") == 1 && s.count(9) == 1 && all != 0, "instantiated containers work");
    return check_finish("test_header_strict");
}
