// SPDX-License-Identifier: MIT
/*
 * collide.hpp — attack strings for the C++ flood demo, computed from the
 * published hash functions (no search): every string of a set has the
 * same full 64-bit hash under the function attacked, whatever its seed.
 * The demo and tests/flood check each one against the real function
 * before using it.
 */
#ifndef FLOOD_CPP_COLLIDE_HPP
#define FLOOD_CPP_COLLIDE_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace flood_cpp {

// ---- libstdc++: std::hash<std::string> on 64-bit targets ----------------
//
// std::hash<std::string>(s) is _Hash_bytes(s.data(), s.size(), 0xc70f6907)
// (libstdc++-v3/libsupc++/hash_bytes.cc), a MurmurHash2-64A-like function:
//     h = seed ^ (len * M)
//     per 8-byte block w (a native load): h = (h ^ F(w)) * M,
//         F(w) = shift_mix(w * M) * M,  shift_mix(v) = v ^ (v >> 47)
//     the last len % 8 bytes, little-endian, if any: h = (h ^ t) * M
//     result: shift_mix(shift_mix(h) * M)
// with M = 0xc6a4a7935bd1e995.  M is odd, so multiplying by it can be
// undone (by its inverse modulo 2^64), and shift_mix is its own inverse
// (47 > 64 / 2): F is a bijection, and the block that takes any state to
// any chosen state is computed in a few multiplications.

// The function as described (the demo and the test compare it with the
// real std::hash).
std::uint64_t libstdcxx_hash_bytes(const void *data, std::size_t len, std::uint64_t seed);
constexpr std::uint64_t libstdcxx_string_seed = 0xc70f6907u;

// n distinct strings of 16 bytes: 8 printable bytes (the string's number
// in hexadecimal) then the 8 bytes that bring the state to one fixed value,
// so all of them have one std::hash.  n <= 2^32.
std::vector<std::string> libstdcxx_collisions(std::size_t n);

// ---- Abseil 20220623 (Debian 12): absl::Hash<std::string> -----------------
//
// A string of 17..1024 bytes goes through LowLevelHash (a wyhash variant;
// absl/hash/internal/low_level_hash.cc), which folds each 16-byte chunk
// (a, b) into its state as Mix(a ^ salt[1], b ^ state), where
// Mix(x, y) = low ^ high of the 128-bit product x * y.  When a equals
// salt[1] — a public constant, digits of pi (kHashSalt in hash.cc) — the
// product is 0 whatever the state, the seed and b: everything before such
// a chunk is forgotten.  Strings whose last chunk starts with salt[1] thus
// share LowLevelHash's value and with it absl::Hash's, in any process
// (the address-derived seed only enters after).
constexpr std::uint64_t absl_salt1 = 0x13198a2e03707344u;

// n distinct strings of 32 bytes: 16 printable bytes (the string's
// number), salt[1]'s 8 bytes (not printable), 8 printable bytes.
std::vector<std::string> absl_collisions(std::size_t n);

} // namespace flood_cpp

#endif
