// SPDX-License-Identifier: MIT
/*
 * collide_libstdcxx.cpp — strings with one libstdc++ std::hash<std::string>
 * (64-bit), by inverting one block of its mixing (collide.hpp says how).
 */
#include "collide.hpp"

#include <cstdio>
#include <cstring>

namespace flood_cpp {

namespace {

constexpr std::uint64_t M = 0xc6a4a7935bd1e995u;

std::uint64_t shift_mix(std::uint64_t v)
{
    return v ^ (v >> 47);
}

// M^-1 modulo 2^64 by Newton's iteration (each step doubles the correct
// low bits; M * M == 1 mod 8 to start).
constexpr std::uint64_t inverse(std::uint64_t a)
{
    std::uint64_t x = a;
    for (int i = 0; i < 6; i++)
        x *= 2 - a * x;
    return x;
}
constexpr std::uint64_t M_INV = inverse(M);
static_assert(M * M_INV == 1, "M^-1");

std::uint64_t load_native(const void *p)
{
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
}

std::uint64_t block_mix(std::uint64_t w)
{
    return shift_mix(w * M) * M;
}

// The block w with block_mix(w) == x.
std::uint64_t block_unmix(std::uint64_t x)
{
    return shift_mix(x * M_INV) * M_INV;
}

} // namespace

std::uint64_t libstdcxx_hash_bytes(const void *data, std::size_t len, std::uint64_t seed)
{
    const unsigned char *p = static_cast<const unsigned char *>(data);
    const std::size_t whole = len & ~std::size_t{7};
    std::uint64_t h = seed ^ (len * M);
    for (std::size_t i = 0; i < whole; i += 8) {
        h ^= block_mix(load_native(p + i));
        h *= M;
    }
    if (len & 7) {
        std::uint64_t t = 0;
        for (std::size_t i = len; i-- > whole;)
            t = t << 8 | p[i];
        h ^= t;
        h *= M;
    }
    return shift_mix(shift_mix(h) * M);
}

std::vector<std::string> libstdcxx_collisions(std::size_t n)
{
    // The state every string is brought to after its 16 bytes (any value
    // works; this one is the state of 16 zero bytes).
    const unsigned char zeros[16] = {0};
    std::uint64_t target = libstdcxx_string_seed ^ (16 * M);
    for (int i = 0; i < 2; i++)
        target = (target ^ block_mix(load_native(zeros + 8 * i))) * M;

    std::vector<std::string> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; i++) {
        char s[16];
        char hex[24];
        std::snprintf(hex, sizeof hex, "%08llx", static_cast<unsigned long long>(i) & 0xffffffffULL);
        std::memcpy(s, hex, 8);
        // State after the first block, then the block that leads to target:
        // (h1 ^ block_mix(w)) * M == target.
        const std::uint64_t h1 =
            ((libstdcxx_string_seed ^ (16 * M)) ^ block_mix(load_native(s))) * M;
        const std::uint64_t w = block_unmix((target * M_INV) ^ h1);
        std::memcpy(s + 8, &w, 8);
        out.emplace_back(s, 16);
    }
    return out;
}

} // namespace flood_cpp
