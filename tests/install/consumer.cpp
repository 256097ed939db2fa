// SPDX-License-Identifier: MIT
/*
 * consumer.cpp — a C++ program outside the source tree that uses an
 * *installed* libsiphash through siphash.hpp: .ci/matrix.sh builds it with
 * pkg-config (c++ -std=c++17) and with find_package(siphash CONFIG), and
 * checks that it prints the paper's example, a129ca6149be45e5, hashed by
 * libsiphash::hasher24 (and that a table keyed by the OS works).
 */
#include <siphash.hpp>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>

int main()
{
    if (std::strcmp(siphash_version(), SIPHASH_VERSION_STRING) != 0) {
        std::fprintf(stderr, "consumer: header %s but library %s\n", SIPHASH_VERSION_STRING,
                     siphash_version());
        return 1;
    }
    std::uint8_t b[16];
    for (int i = 0; i < 16; i++)
        b[i] = static_cast<std::uint8_t>(i);
    const libsiphash::hasher24 paper(siphash_key_from_bytes(b));
    const std::string_view msg(reinterpret_cast<const char *>(b), 15);

    std::unordered_map<std::string, int, libsiphash::hasher> table; // its own random key
    table["alice@example.org"] = 1;
    if (table.count("alice@example.org") != 1)
        return 1;
    std::printf("%016" PRIx64 "\n", static_cast<std::uint64_t>(paper(msg)));
    return 0;
}
