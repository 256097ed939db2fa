// SPDX-License-Identifier: MIT
/*
 * collide_absl.cpp — strings with one absl::Hash<std::string> in Abseil
 * 20220623: the last 16-byte chunk of each starts with salt[1], which
 * zeroes LowLevelHash's state whatever came before (collide.hpp).
 */
#include "collide.hpp"

#include <cstdio>
#include <cstring>

namespace flood_cpp {

std::vector<std::string> absl_collisions(std::size_t n)
{
    std::vector<std::string> out;
    out.reserve(n);
    unsigned char salt[8];
    for (int i = 0; i < 8; i++) // the little-endian bytes LowLevelHash loads
        salt[i] = static_cast<unsigned char>(absl_salt1 >> (8 * i));
    for (std::size_t i = 0; i < n; i++) {
        char head[24];
        std::snprintf(head, sizeof head, "user%011llx@",
                      static_cast<unsigned long long>(i) & 0xfffffffffffULL); // 11 digits
        std::string s(head, 16);
        s.append(reinterpret_cast<const char *>(salt), 8);
        s.append(".example"); // 8 more printable bytes
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace flood_cpp
