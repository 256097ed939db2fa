// SPDX-License-Identifier: MIT
/*
 * siphash.hpp — keyed SipHash as the hash of C++ hash tables (header-only,
 * C++17, over the C library: link libsiphash as a C program does).
 *
 * The default string hash of every common C++ library is public and
 * unkeyed (libstdc++'s std::hash<std::string> is MurmurHash2-like under a
 * fixed seed; libc++ uses unseeded CityHash64; Abseil seeds with an
 * address, "not meant as a security feature"), so whoever chooses the keys
 * can make them all collide and turn every insert and lookup into a walk
 * over all of them.  With a secret key per table nobody can.  docs/cpp.md
 * shows the attack on the real containers, the fix and what it costs.
 *
 *     #include <siphash.hpp>
 *
 *     std::unordered_map<std::string, int, libsiphash::hasher> m;   // own random key
 *     std::unordered_map<std::string, int, libsiphash::hasher, std::equal_to<>> t;
 *     t.find(std::string_view("x"));          // C++20: no std::string made
 *     absl::flat_hash_map<std::string, int, libsiphash::hasher> a;
 *     boost::unordered_map<std::string, int, libsiphash::hasher> b;
 *
 * libsiphash::hasher    SipHash-1-3, the table variant (what Python and
 *                       Rust's HashMap use: a table shows only timing,
 *                       never its hash values).
 * libsiphash::hasher24  SipHash-2-4, for whoever wants the full PRF.
 * Both are libsiphash::basic_hasher<C, D> with (C, D) = (1, 3) or (2, 4).
 *
 * Keys.  A default-constructed hasher draws its own key from the operating
 * system (siphash_key_generate), so every container gets a key of its own,
 * as Boost.Hash2 advises; when the OS has no randomness to give, the
 * constructor throws std::system_error (its code() is the errno), never
 * hashing with a weak key.  Built without exceptions (-fno-exceptions), it
 * prints "libsiphash::hasher: no random key from the operating system"
 * with the errno's text on stderr and calls std::abort() instead.  A key
 * is one getrandom() call per container made, ~0.35 us: code that makes
 * many short-lived tables can give them one key (construct a hasher once
 * and pass copies, or use the constructor from a siphash_key_t, which is
 * also the way to reproducible hashes).
 * Copies hash alike (they carry the key: a container copies its hasher
 * and must find its own elements again); the destructor wipes the key.
 *
 * Values (the same on every platform; tested against the C functions):
 *   std::string, std::string_view, const char* (NUL-terminated; a null
 *   pointer hashes as ""), anything converting to std::string_view:
 *       siphash13_64(bytes, length, key) (hasher24: siphash24_64);
 *   integers, bool, character types and enums (the underlying value):
 *       siphash13_64 of the 8 little-endian bytes of the value converted
 *       to uint64_t (hasher24: siphash_1u64), except that 2^31..2^32-1
 *       is taken as the negative int it equals as an unsigned int
 *       (sign-extended from 32 bits): values std::equal_to<> calls equal
 *       hash alike whatever their types (-1 as int, long long, unsigned
 *       int 0xFFFFFFFF and unsigned long long 2^64-1; detail::as_u64 says
 *       why nothing less is consistent); integers wider than 64 bits are
 *       refused at compile time (hashing their low half would give away
 *       free collisions);
 *   other pointers (int*, unsigned char*, pointers to unions, functions
 *       and final classes): their address, as an integer.  Only char
 *       pointers are C strings.  Refused at compile time, because
 *       std::equal_to<> calls them equal to pointers the hasher would hash
 *       differently: nullptr, void pointers (equal to a char* at the same
 *       address) and pointers to classes that are not final (a Derived*
 *       equals the Base* it converts to, at another address under
 *       multiple inheritance).
 * operator() returns std::size_t: the 64-bit value, or its low 32 bits
 * where size_t has 32.  Floating-point keys have no overload.
 *
 * Heterogeneous lookup: hasher is transparent (is_transparent), and a
 * std::string_view or const char* hashes like the std::string with the
 * same bytes.  std::unordered_map/set use it from C++20 when the equality
 * is transparent too (std::equal_to<>); Abseil's tables in C++17 (with
 * const char*, or std::string_view and std::equal_to<>); Boost 1.74's
 * unordered_map through find(key, hash, eq).
 *
 * Container hints:
 *   - libstdc++ caches a node's hash code unless std::__is_fast_hash says
 *     the hash is fast; this header says ours is not (below), so nodes keep
 *     their code, a lookup compares codes before strings and a rehash
 *     never hashes again (measured: docs/cpp.md).  Like std::hash<string>,
 *     which libstdc++ marks the same way.
 *   - is_avalanching tells Boost.Unordered's open-addressing tables (Boost
 *     1.81+, unordered_flat_map and friends) that every output bit depends
 *     on every input bit, so they skip their post-mix.  Boost 1.74 (Debian
 *     12) has no such tables and ignores it.
 *   - Abseil uses the value as it is (no post-mix needed either).
 *
 * Strings are hashed here, inline, not by calling siphash13_64(): the
 * whole blocks in a loop, then the last 0..7 bytes of a string of 8 bytes
 * or more with one 8-byte load ending at its end (no branch on how many);
 * shorter strings take two 4-byte or three 1-byte loads.  Table keys come
 * in random lengths, and the C function's tail, read in 4-, 2- and 1-byte
 * pieces chosen by branches on the length, costs mispredicted branches
 * there: docs/cpp.md has the numbers.  Nothing outside the string is read.
 */
#ifndef SIPHASH_HPP
#define SIPHASH_HPP

#if !defined(__cplusplus) || (__cplusplus < 201703L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201703L))
#error "siphash.hpp needs C++17 (siphash.h is the C interface)"
#endif

#include "siphash.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace libsiphash {

namespace detail {

// A little-endian load of a uint32_t or uint64_t at any alignment: one
// load where the byte order is known (memcpy, byte-swapped on big-endian
// targets; Windows targets are little-endian), bytes assembled where it is
// not.
template <class T>
inline SIPHASH_ALWAYS_INLINE_ T load_le(const unsigned char *p) noexcept
{
    static_assert(std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::uint64_t>, "");
    T x = 0;
#if (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) || defined(_WIN32)
    std::memcpy(&x, p, sizeof x);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    std::memcpy(&x, p, sizeof x);
    if constexpr (sizeof x == 8)
        x = __builtin_bswap64(x);
    else
        x = __builtin_bswap32(x);
#else
    for (std::size_t i = sizeof x; i-- > 0;)
        x = static_cast<T>(x << 8 | p[i]);
#endif
    return x;
}

template <int R>
inline SIPHASH_ALWAYS_INLINE_ void rounds(std::uint64_t &v0, std::uint64_t &v1, std::uint64_t &v2,
                                          std::uint64_t &v3) noexcept
{
    for (int i = 0; i < R; i++)
        SIPHASH_PERMUTATION(v0, v1, v2, v3);
}

// SipHash-C-D of the final block b (the length byte over the last len % 8
// bytes) after the whole blocks: the same for strings and integers.
template <int C, int D>
inline SIPHASH_ALWAYS_INLINE_ std::uint64_t finish(std::uint64_t v0, std::uint64_t v1,
                                                   std::uint64_t v2, std::uint64_t v3,
                                                   std::uint64_t b) noexcept
{
    v3 ^= b;
    rounds<C>(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= SIPHASH_FINAL_;
    rounds<D>(v0, v1, v2, v3);
    return (v0 ^ v1) ^ (v2 ^ v3);
}

// SipHash-C-D of len bytes at p: siphash13_64() / siphash24_64()'s value.
// Branches only on the length.  The last len % 8 bytes of a message of 8
// bytes or more are the top bytes of the 8 that end the message (one load,
// inside the message); the two shifts make a shift by 64 (no tail) give 0.
// Under 8 bytes: two overlapping 4-byte loads, or the first, middle and
// last byte, or nothing (p may then be null).
template <int C, int D>
inline SIPHASH_ALWAYS_INLINE_ std::uint64_t hash_bytes(const void *data, std::size_t len,
                                                       const siphash_key_t &key) noexcept
{
    const unsigned char *p = static_cast<const unsigned char *>(data);
    const std::uint64_t k0 = key.key[0], k1 = key.key[1];
    std::uint64_t v0 = SIPHASH_CONST_0 ^ k0, v1 = SIPHASH_CONST_1 ^ k1;
    std::uint64_t v2 = SIPHASH_CONST_2 ^ k0, v3 = SIPHASH_CONST_3 ^ k1;
    std::uint64_t b = static_cast<std::uint64_t>(len) << 56;
    if (len >= 8) {
        const std::size_t r = len & 7;
        const unsigned char *const end = p + (len - r);
        for (; p != end; p += 8) {
            const std::uint64_t m = load_le<std::uint64_t>(p);
            v3 ^= m;
            rounds<C>(v0, v1, v2, v3);
            v0 ^= m;
        }
        b |= (load_le<std::uint64_t>(end + r - 8) >> 1) >> (63 - 8 * r);
    } else if (len >= 4) {
        b |= load_le<std::uint32_t>(p) | static_cast<std::uint64_t>(load_le<std::uint32_t>(p + len - 4)) << (8 * (len - 4));
    } else if (len > 0) {
        b |= static_cast<std::uint64_t>(p[0]) |
             static_cast<std::uint64_t>(p[len / 2]) << (8 * (len / 2)) |
             static_cast<std::uint64_t>(p[len - 1]) << (8 * (len - 1));
    }
    return finish<C, D>(v0, v1, v2, v3, b);
}

// SipHash-C-D of the 8 little-endian bytes of m (siphash_1u64()'s value
// for 2-4).
template <int C, int D>
inline SIPHASH_ALWAYS_INLINE_ std::uint64_t hash_word(std::uint64_t m,
                                                      const siphash_key_t &key) noexcept
{
    const std::uint64_t k0 = key.key[0], k1 = key.key[1];
    std::uint64_t v0 = SIPHASH_CONST_0 ^ k0, v1 = SIPHASH_CONST_1 ^ k1;
    std::uint64_t v2 = SIPHASH_CONST_2 ^ k0, v3 = SIPHASH_CONST_3 ^ k1;
    v3 ^= m;
    rounds<C>(v0, v1, v2, v3);
    v0 ^= m;
    return finish<C, D>(v0, v1, v2, v3, std::uint64_t{8} << 56);
}

// An integer or enum as the one uint64_t shared by every value that
// std::equal_to<> calls equal to it, whatever the two types (the hasher is
// transparent: a set<unsigned> is searched with an int).  C++ compares
// integers after converting both to a common type, which keeps the value,
// or wraps it modulo 2^64 (a 64-bit unsigned operand), or modulo 2^32 (an
// unsigned int, or a 32-bit unsigned long, against int or a 32-bit
// long): -1 == 0xFFFFFFFFu and -1 == ~0ull.  The value modulo 2^64 meets
// all but the last; for that one the values 2^31..2^32-1, which equal
// negative ints as unsigned ints, are taken as those negative numbers
// (sign-extended from 32 bits).  Equality chains force this on every
// type: long 0xFFFFFFFF == 0xFFFFFFFFu == -1 == long -1.  The price is
// that 2^31..2^32-1 and -2^31..-1 hash alike pairwise: at most two
// values per hash, no flood.
template <class T>
constexpr std::uint64_t as_u64(T v) noexcept
{
    if constexpr (std::is_enum_v<T>) {
        return as_u64(static_cast<std::underlying_type_t<T>>(v));
    } else {
        static_assert(sizeof(T) <= sizeof(std::uint64_t),
                      "libsiphash::hasher: integers wider than 64 bits are not hashed "
                      "(their high bits would be ignored: free collisions)");
        static_assert(sizeof(int) == 4 && sizeof(long long) == 8,
                      "libsiphash::hasher: integer hashing assumes 32-bit int");
        const std::uint64_t u = static_cast<std::uint64_t>(v);
        // Types that cannot hold 2^31..2^32-1 skip the test.
        if constexpr (sizeof(T) < 4 || (sizeof(T) == 4 && std::is_signed_v<T>))
            return u;
        else
            return (u >> 31) == 1 ? u | 0xffffffff00000000u : u;
    }
}

// The OS gave no key (err: its errno).  Never returns: a hasher without a
// secret key is what the header exists to prevent.  With exceptions, a
// std::system_error the caller may catch; built without them
// (-fno-exceptions: __cpp_exceptions undefined, MSVC without /EHsc), a
// message on stderr and std::abort(), as the C library does on misuse.
[[noreturn]] inline void no_random_key(int err)
{
#if defined(__cpp_exceptions) || defined(_CPPUNWIND)
    throw std::system_error(err, std::generic_category(),
                            "libsiphash::hasher: no random key from the operating system");
#else
    std::fprintf(stderr,
                 "libsiphash::hasher: no random key from the operating system: %s "
                 "(errno %d; built without exceptions: aborting)\n",
                 std::strerror(err), err);
    std::abort();
#endif
}

}  // namespace detail

// The hash object: SipHash-C-D under its own key.  (C, D) = (1, 3) is
// libsiphash::hasher, (2, 4) libsiphash::hasher24.
template <int C, int D>
class basic_hasher {
    static_assert((C == 1 && D == 3) || (C == 2 && D == 4),
                  "libsiphash::basic_hasher: SipHash-1-3 (hasher) or SipHash-2-4 (hasher24)");

public:
    // A string_view or const char* finds the std::string with its bytes.
    using is_transparent = void;
    // Boost.Unordered (1.81+): every output bit depends on every input
    // bit; no post-mix needed.  (std::true_type rather than void: Boost
    // reads the value where it can.)
    using is_avalanching = std::true_type;

    // A fresh random key from the OS.  Throws std::system_error with the
    // errno of the failure when there is none (never a weak key); without
    // exceptions, aborts with a message (detail::no_random_key).
    basic_hasher()
    {
        const int rc = siphash_key_generate(&key_);
        if (rc != 0)
            detail::no_random_key(-rc);
    }

    // That key: reproducible values, or one key shared by several tables.
    explicit basic_hasher(const siphash_key_t &key) noexcept : key_(key) {}

    // Copies carry the key: a container's copy of its hasher must find the
    // elements the original placed.
    basic_hasher(const basic_hasher &) noexcept = default;
    basic_hasher &operator=(const basic_hasher &) noexcept = default;

    // The key is a secret: gone with the object.
    ~basic_hasher() { siphash_wipe(&key_, sizeof key_); }

    std::size_t operator()(std::string_view s) const noexcept
    {
        return static_cast<std::size_t>(detail::hash_bytes<C, D>(s.data(), s.size(), key_));
    }
    std::size_t operator()(const std::string &s) const noexcept
    {
        return static_cast<std::size_t>(detail::hash_bytes<C, D>(s.data(), s.size(), key_));
    }
    // A NUL-terminated string; null hashes as the empty string.
    std::size_t operator()(const char *s) const noexcept
    {
        const std::size_t len = s ? std::strlen(s) : 0;
        return static_cast<std::size_t>(detail::hash_bytes<C, D>(s, len, key_));
    }

    // Integers, bool, character values and enums, by value (see the top).
    template <class T, std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>, int> = 0>
    std::size_t operator()(T v) const noexcept
    {
        return static_cast<std::size_t>(detail::hash_word<C, D>(detail::as_u64(v), key_));
    }

    // Pointers other than char pointers (those are C strings): the address,
    // for the pointee types whose pointers std::equal_to<> compares only
    // with pointers to the same object at the same address.  Refused at
    // compile time: void pointers (equal_to<> calls a void* equal to a char*
    // at the same address, which hashes as a string) and pointers to
    // classes that are not final (a Base* and a Derived* compare equal
    // after a conversion that can move the address: multiple or virtual
    // bases).  Scalars, unions, arrays, functions and final classes hash.
    template <class T, std::enable_if_t<!std::is_same_v<std::remove_cv_t<T>, char>, int> = 0>
    std::size_t operator()(T *p) const noexcept
    {
        static_assert(!std::is_void_v<T>,
                      "libsiphash::hasher: void pointers are not hashed: std::equal_to<> calls "
                      "one equal to a char pointer at the same address, which hashes as a "
                      "string; hash reinterpret_cast<std::uintptr_t>(p) instead");
        static_assert(!std::is_class_v<T> || std::is_final_v<T>,
                      "libsiphash::hasher: pointers to classes that are not final are not "
                      "hashed: std::equal_to<> calls a Base* equal to a Derived* after a "
                      "conversion that can move the address, so heterogeneous lookup "
                      "would miss; make the class final or hash "
                      "reinterpret_cast<std::uintptr_t>(p)");
        return static_cast<std::size_t>(
            detail::hash_word<C, D>(reinterpret_cast<std::uintptr_t>(p), key_));
    }

    // nullptr is refused: std::equal_to<> calls it equal to every null
    // pointer, and a null const char* hashes as "" while a null int*
    // hashes as address 0.  A typed null pointer hashes.
    template <class N, std::enable_if_t<std::is_same_v<N, std::nullptr_t>, int> = 0>
    std::size_t operator()(N) const noexcept
    {
        static_assert(!std::is_same_v<N, std::nullptr_t>,
                      "libsiphash::hasher: nullptr is not hashed: std::equal_to<> calls it "
                      "equal to a null const char* (hashed as \"\") and to other null "
                      "pointers (hashed as address 0); hash a typed null pointer");
        return 0;
    }

private:
    siphash_key_t key_;
};

// SipHash-1-3: the hash-table variant, and the one to use.
using hasher = basic_hasher<1, 3>;
// SipHash-2-4, where the full-strength PRF is wanted.
using hasher24 = basic_hasher<2, 4>;

}  // namespace libsiphash

// libstdc++ caches hash codes in its nodes only for hashes it is told are
// not fast (std::hash<std::string> is one).  Ours costs about as much:
// cached codes spare a lookup from hashing every node it walks past and a
// rehash from hashing every element again.  libstdc++ documents this
// trait as the way to ask for caching; it is part of the container's
// layout, so it is declared here, beside the type, for every user.
#if defined(__GLIBCXX__)
namespace std {
template <int C, int D>
struct __is_fast_hash<libsiphash::basic_hasher<C, D>> : std::false_type {
};
}  // namespace std
#endif

#endif /* SIPHASH_HPP */
