// SPDX-License-Identifier: MIT
/*
 * test_hasher_values.cpp — siphash.hpp's values: every overload equals the
 * C library on the same bytes (siphash13_64 / siphash24_64 for strings at
 * every length 0..257 and every alignment, siphash13_batch_u64 and
 * siphash_1u64 for integers) and the naive model; equal values of
 * different integer types agree; char pointers are strings, other pointers
 * addresses; copies hash alike; two default-constructed hashers (keys from
 * the OS) differ; the destructor wipes all 16 key bytes; the traits
 * containers read are set.
 *
 * Built twice: as it is (test_hasher_values, the header's one-load path
 * for this byte order) and with -U__BYTE_ORDER__ and SIPHASH_TEST_GENERIC_LOAD
 * (test_hasher_values_generic): the header then assembles its loads byte by
 * byte, the path of a compiler that says nothing about byte order.
 */
#if defined(SIPHASH_TEST_GENERIC_LOAD) && defined(__BYTE_ORDER__)
#error "test_hasher_values_generic: __BYTE_ORDER__ is still defined; the generic load would not be tested"
#endif

#include "check.h"
#include "random_key.h"
#include "sipmodel.h"

#include <siphash.hpp>

#include <cstring>
#include <functional>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

namespace {

// What the header promises on 64-bit size_t, and its low half elsewhere.
std::size_t as_size(std::uint64_t v)
{
    return static_cast<std::size_t>(v);
}

std::uint64_t c13(const void *p, std::size_t n, const siphash_key_t &k)
{
    return siphash13_64(p, n, &k);
}
std::uint64_t c24(const void *p, std::size_t n, const siphash_key_t &k)
{
    return siphash24_64(p, n, &k);
}

// The 8 little-endian bytes of v.
std::vector<std::uint8_t> le8(std::uint64_t v)
{
    std::vector<std::uint8_t> b(8);
    for (int i = 0; i < 8; i++)
        b[i] = static_cast<std::uint8_t>(v >> (8 * i));
    return b;
}

// Strings of every length 0..257 at every offset 0..7 in a buffer (the
// inline path loads 8 and 4 bytes at once: alignment must not matter),
// through string_view, std::string and const char*, against the C function
// and, for 1-3, the model.
template <class H>
void strings(const char *name, std::uint64_t (*c)(const void *, std::size_t, const siphash_key_t &),
             int crounds, int drounds)
{
    enum { MAXLEN = 257 };
    std::vector<char> buf(MAXLEN + 16);
    for (int round = 0; round < 4; round++) {
        const siphash_key_t key = check_random_key();
        const H h(key);
        check_rand_bytes(buf.data(), buf.size());
        for (std::size_t off = 0; off < 8; off++) {
            for (std::size_t len = 0; len <= MAXLEN; len++) {
                const char *p = buf.data() + off;
                const std::uint64_t want = c(p, len, key);
                const std::string_view sv(p, len);
                CHECK_EQ_U64(h(sv), as_size(want), "%s string_view, len %zu, offset %zu", name, len, off);
                CHECK_EQ_U64(h(std::string(p, len)), as_size(want), "%s std::string, len %zu", name, len);
                if (off == 0 && len < 80) {
                    std::uint8_t kb[16];
                    siphash_key_to_bytes(&key, kb);
                    const std::uint64_t model = sipmodel_64(static_cast<unsigned>(crounds),
                                                            static_cast<unsigned>(drounds), kb, p, len);
                    CHECK_EQ_U64(want, model, "%s: C function vs model, len %zu", name, len);
                }
            }
        }
        // const char*: up to the NUL, wherever the NUL is.
        std::string s;
        for (std::size_t len = 0; len < 40; len++) {
            CHECK_EQ_U64(h(s.c_str()), as_size(c(s.data(), len, key)), "%s const char*, len %zu", name, len);
            s.push_back(static_cast<char>('a' + len % 26));
        }
    }
    const H h(check_random_key());
    const char *null_str = nullptr;
    CHECK_EQ_U64(h(null_str), h(std::string_view()), "%s: a null const char* hashes as \"\"", name);
    char mutable_buf[] = "mutable";
    CHECK_EQ_U64(h(mutable_buf), h(std::string_view("mutable")), "%s: char[] is a string", name);
    CHECK_EQ_U64(h(static_cast<char *>(mutable_buf)), h(std::string_view("mutable")),
                 "%s: char* is a string", name);
}

enum class colour : std::uint8_t { red = 1, blue = 200 };
enum plain_enum { minus_one = -1, zero = 0 };

// The word the header hashes for an integer (docs/cpp.md), written apart
// from the header: the value modulo 2^64, except 2^31..2^32-1, which is
// the negative int it equals as an unsigned int.
std::uint64_t model_word(std::uint64_t u)
{
    return u >= 0x80000000u && u <= 0xffffffffu ? u - 0x100000000u : u;
}

// Integers: SipHash of the 8 little-endian bytes of model_word(value),
// which the C library computes as siphash13_batch_u64 / siphash_1u64.
void integers()
{
    for (int round = 0; round < 200; round++) {
        const siphash_key_t key = check_random_key();
        const libsiphash::hasher h13(key);
        const libsiphash::hasher24 h24(key);
        const std::uint64_t v = round < 10 ? static_cast<std::uint64_t>(round) - 5 : check_rand();
        std::uint64_t batch = 0;
        siphash13_batch_u64(&v, 1, &key, &batch);
        const std::vector<std::uint8_t> b = le8(v);
        CHECK_EQ_U64(batch, siphash13_64(b.data(), 8, &key), "batch_u64 vs siphash13_64 of LE bytes");
        CHECK_EQ_U64(h13(v), as_size(batch), "uint64_t %016llx", static_cast<unsigned long long>(v));
        CHECK_EQ_U64(h24(v), as_size(siphash_1u64(v, &key)), "hasher24 uint64_t vs siphash_1u64");
        CHECK_EQ_U64(h24(v), as_size(siphash24_64(b.data(), 8, &key)), "hasher24 vs siphash24_64");
        // Every integer type: the value converted to uint64_t.
        const std::uint32_t u32 = static_cast<std::uint32_t>(v);
        const std::int32_t i32 = static_cast<std::int32_t>(u32);
        const std::int16_t i16 = static_cast<std::int16_t>(v);
        const signed char sc = static_cast<signed char>(v);
        const std::uint64_t as_i32 = static_cast<std::uint64_t>(static_cast<std::int64_t>(i32));
        CHECK_EQ_U64(h13(i32), as_size(siphash13_64(le8(as_i32).data(), 8, &key)), "int32_t");
        CHECK_EQ_U64(h13(u32), as_size(siphash13_64(le8(model_word(u32)).data(), 8, &key)),
                     "uint32_t %08lx", static_cast<unsigned long>(u32));
        CHECK_EQ_U64(h13(u32), h13(i32), "uint32_t and the int32_t with its bits (equal_to<>)");
        CHECK_EQ_U64(h13(i16), h13(static_cast<long long>(i16)), "int16_t vs long long");
        CHECK_EQ_U64(h13(sc), h13(static_cast<std::int64_t>(sc)), "signed char vs int64_t");
        CHECK_EQ_U64(h13(static_cast<std::int64_t>(i32)), h13(i32), "int64_t vs int32_t");
    }
    const libsiphash::hasher h(check_random_key());
    CHECK_EQ_U64(h(-1), h(~std::uint64_t{0}), "-1 is 2^64 - 1");
    CHECK_EQ_U64(h(-1), h(-1LL), "-1 as int and as long long");
    CHECK_EQ_U64(h(-1), h(0xffffffffU), "int -1 == unsigned 0xffffffff under equal_to<>");
    CHECK_EQ_U64(h(0xffffffffU), h(~0ULL), "unsigned 0xffffffff as -1");
    CHECK_EQ_U64(h(0x80000000U), h(-2147483647 - 1), "unsigned 0x80000000 == INT_MIN");
    CHECK(h(0x7fffffffU) != h(-2147483647 - 1) && h(0x100000000ULL) != h(0ULL),
          "only 2^31..2^32-1 are taken as negative");
    CHECK_EQ_U64(h(true), h(1), "bool");
    CHECK_EQ_U64(h('A'), h(65), "char value");
    CHECK_EQ_U64(h(colour::blue), h(200), "enum class: its underlying value");
    CHECK_EQ_U64(h(minus_one), h(-1), "plain enum");
    CHECK(h(colour::red) != h(colour::blue), "two enumerators");
}

// Every pair of integer and enum types, every pair of values from a list
// of edges (and a few random ones) converted to them: where
// std::equal_to<> calls two values equal, their hashes must be equal (the
// transparent hasher's heterogeneous lookup finds nothing otherwise); and
// hashes agree exactly when model_word() says so.
enum e_uint : unsigned { e_uint_max = 0xffffffffu };
enum e_int : int { e_int_min = -2147483647 - 1 };
enum e_ull : unsigned long long { e_ull_max = ~0ULL };
enum e_uchar : unsigned char { e_uchar_max = 255 };
enum e_wide { e_wide_lo = -2147483647 - 1, e_wide_hi = 2147483647 }; // int range, no fixed type
enum e_uwide { e_uwide_hi = 0xffffffffu };                          // unsigned int range
enum class e_scoped : unsigned { big = 0xffffffffu };

template <class... T>
struct type_list {
};
using int_types = type_list<bool, char, signed char, unsigned char, wchar_t, char16_t, char32_t,
#if defined(__cpp_char8_t)
                            char8_t,
#endif
                            short, unsigned short, int, unsigned, long, unsigned long, long long,
                            unsigned long long, e_uint, e_int, e_ull, e_uchar, e_wide, e_uwide,
                            e_scoped>;

// bits converted to T as a static_cast does (modulo 2^width), enums
// through their underlying type.
template <class T>
T make(std::uint64_t bits)
{
    if constexpr (std::is_enum_v<T>)
        return static_cast<T>(make<std::underlying_type_t<T>>(bits));
    else
        return static_cast<T>(bits);
}

template <class T>
std::uint64_t value_bits(T v)
{
    if constexpr (std::is_enum_v<T>)
        return value_bits(static_cast<std::underlying_type_t<T>>(v));
    else
        return static_cast<std::uint64_t>(v);
}

// Each type's view of the value list: the bits of make<T>(x) and its
// hash, computed once per type (22 instantiations).  The per-pair part
// below is only the comparison, so the 22 x 22 pairs compile in seconds;
// every pair is still compared on every pair of values.
struct typed_values {
    const char *name;
    std::vector<std::uint64_t> bits, hash;
};

template <class T>
typed_values values_of(const libsiphash::hasher &h, const std::vector<std::uint64_t> &vals)
{
    typed_values tv{typeid(T).name(), {}, {}};
    for (const std::uint64_t x : vals) {
        const T v = make<T>(x);
        tv.bits.push_back(value_bits(v));
        tv.hash.push_back(h(v));
    }
    return tv;
}

// eq[i * n + j] = std::equal_to<>{}(make<A>(vals[i]), make<B>(vals[j]));
// false when A and B do not compare at all.
template <class A, class B>
bool equal_matrix(const std::vector<std::uint64_t> &vals, std::vector<char> &eq)
{
    if constexpr (std::is_invocable_v<std::equal_to<>, const A &, const B &>) {
        eq.clear();
        for (const std::uint64_t x : vals)
            for (const std::uint64_t y : vals)
                eq.push_back(std::equal_to<>{}(make<A>(x), make<B>(y)));
        return true;
    } else {
        (void)vals, (void)eq;
        return false;
    }
}

using equal_fn = bool (*)(const std::vector<std::uint64_t> &, std::vector<char> &);

template <class A, class... B>
void equal_row(std::vector<equal_fn> &t, type_list<B...>)
{
    (t.push_back(&equal_matrix<A, B>), ...);
}

struct pair_stats {
    std::size_t comparable_types = 0, equal_pairs = 0;
};

// One pair of types, every pair of values: equal under equal_to<> means
// equal hashes, and hashes agree exactly when model_word() says so.
void check_type_pair(const typed_values &a, const typed_values &b, const std::vector<char> &eq,
                     pair_stats &st)
{
    const std::size_t n = a.bits.size();
    std::size_t equal = 0, apart = 0;
    st.comparable_types++;
    for (std::size_t i = 0; i < n; i++) {
        const std::uint64_t ma = model_word(a.bits[i]);
        for (std::size_t j = 0; j < n; j++) {
            const bool e = eq[i * n + j] != 0;
            const std::uint64_t mb = model_word(b.bits[j]);
            const std::uint64_t ha = a.hash[i], hb = b.hash[j];
            st.equal_pairs += e;
            equal += e;
            apart += e && ha != hb;
            if (e)
                CHECK_EQ_U64(ha, hb, "equal under equal_to<>, hashed apart: %s %016llx, %s %016llx", a.name,
                             static_cast<unsigned long long>(a.bits[i]), b.name,
                             static_cast<unsigned long long>(b.bits[j]));
            CHECK(!e || ma == mb, "model_word misses an equal pair: %s %016llx, %s %016llx", a.name,
                  static_cast<unsigned long long>(a.bits[i]), b.name, static_cast<unsigned long long>(b.bits[j]));
            // (Unequal words collide by chance with probability 2^-64;
            // a 32-bit size_t would make that 2^-32 per pair: not checked.)
            if (sizeof(std::size_t) >= 8 || ma == mb)
                CHECK((ha == hb) == (ma == mb), "hash vs model: %s %016llx, %s %016llx", a.name,
                      static_cast<unsigned long long>(a.bits[i]), b.name,
                      static_cast<unsigned long long>(b.bits[j]));
        }
    }
    // The first failures are printed in full (check.h); this names every
    // type pair that has any.
    if (apart)
        std::printf("integer pairs: %s vs %s: %zu of %zu equal pairs hashed apart\n", a.name, b.name, apart,
                    equal);
}

template <class... A>
void every_pair(const libsiphash::hasher &h, const std::vector<std::uint64_t> &vals,
                pair_stats &st, type_list<A...> all)
{
    const std::vector<typed_values> rows = {values_of<A>(h, vals)...};
    std::vector<equal_fn> table;
    (equal_row<A>(table, all), ...);
    const std::size_t n = rows.size();
    std::vector<char> eq;
    for (std::size_t i = 0; i < n; i++)
        for (std::size_t j = 0; j < n; j++)
            if (table[i * n + j](vals, eq))
                check_type_pair(rows[i], rows[j], eq, st);
}

void equal_means_equal_hash()
{
    std::vector<std::uint64_t> vals = {
        0, 1, 2, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff,
        0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x100000000, 0x17fffffff, 0x180000000,
        0x7fffffffffffffff, 0x8000000000000000, 0xffffffff7fffffff, 0xffffffff80000000,
        0xfffffffffffffffe, 0xffffffffffffffff};
    for (int i = 0; i < 4; i++)
        vals.push_back(check_rand());
    for (int i = 0; i < 2; i++) // random in the 32-bit edge ranges
        vals.push_back(0x80000000u + (check_rand() & 0x7fffffff)),
            vals.push_back(0xffffffff80000000u + (check_rand() & 0x7fffffff));
    const libsiphash::hasher h(check_random_key());
    pair_stats st;
    every_pair(h, vals, st, int_types{});
    std::printf("integer pairs: %zu comparable type pairs, %zu equal value pairs checked\n",
                st.comparable_types, st.equal_pairs);
    CHECK(st.comparable_types > 400 && st.equal_pairs > 10000, "the pair sweep ran");
}

// Pointers other than char pointers: the address, hashed as an integer.
void pointers()
{
    const libsiphash::hasher h(check_random_key());
    int x = 0;
    unsigned char bytes[4] = {'a', 'b', 'c', 0};
    const int *cx = &x;
    CHECK_EQ_U64(h(&x), h(reinterpret_cast<std::uintptr_t>(&x)), "int*: its address");
    CHECK_EQ_U64(h(cx), h(&x), "const int* and int* to one int (equal_to<>)");
    // A final class's pointer: no other pointer type compares equal to it
    // at another address (void and non-final class pointers do not
    // compile: refused.cpp).
    struct node final {
        int v;
    } n{1};
    CHECK_EQ_U64(h(&n), h(reinterpret_cast<std::uintptr_t>(&n)), "final class*: its address");
    CHECK_EQ_U64(h(static_cast<const node *>(&n)), h(&n), "const node* and node*");
    CHECK_EQ_U64(h(bytes), h(reinterpret_cast<std::uintptr_t>(bytes)),
                 "unsigned char*: an address, not a string");
    const int *null_int = nullptr;
    CHECK_EQ_U64(h(null_int), h(0), "a null pointer is address 0");
}

// "x" under key with the hasher's variant, by the C library.
template <class H>
std::uint64_t c13_or_24(const siphash_key_t &key)
{
    return std::is_same_v<H, libsiphash::hasher24> ? siphash24_64("x", 1, &key)
                                                   : siphash13_64("x", 1, &key);
}

void keys()
{
    const libsiphash::hasher a, b; // two keys from the OS
    const libsiphash::hasher a_copy(a);
    libsiphash::hasher assigned(check_random_key());
    assigned = b;
    int differ = 0;
    for (const char *s : {"", "a", "alice@example.org", "0123456789abcdef0123"}) {
        CHECK_EQ_U64(a(s), a_copy(s), "a copy hashes like its original (\"%s\")", s);
        CHECK_EQ_U64(b(s), assigned(s), "an assigned hasher hashes like its source (\"%s\")", s);
        differ += a(s) != b(s);
    }
    // Equal on all four only if the keys were equal (probability 2^-256 for
    // two random keys, under 2^-32 even where size_t has 32 bits).
    CHECK(differ > 0, "two default-constructed hashers hash alike: same key?");
    const siphash_key_t k = check_random_key();
    CHECK_EQ_U64(libsiphash::hasher(k)("x"), libsiphash::hasher(k)("x"), "same key, same value");
    CHECK(libsiphash::hasher(k)("x") != libsiphash::hasher24(k)("x"), "1-3 and 2-4 differ");
}

// The destructor wipes the whole key: a hasher placed in a buffer, holding
// a key with no zero byte, destroyed, leaves only zero bytes behind.  The
// buffer outlives the object, so reading it afterwards is reading our own
// storage.  GCC treats storage whose object has died as holding no value
// (-flifetime-dse): it says so (-Wmaybe-uninitialized) and could fold
// plain loads of it to anything, so the bytes are read through volatile,
// which must load what is in memory; the wipe itself is siphash_wipe, a
// call the compiler cannot drop as a dead store.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
template <class H>
void destructor_wipes(const char *name)
{
    static_assert(sizeof(H) >= sizeof(siphash_key_t), "the key is in the object");
    std::uint8_t kb[16];
    for (int i = 0; i < 16; i++)
        kb[i] = static_cast<std::uint8_t>(0xa0 + i); // no zero byte
    const siphash_key_t key = siphash_key_from_bytes(kb);
    alignas(H) unsigned char buf[sizeof(H)];
    std::memset(buf, 0, sizeof buf);
    H *h = new (buf) H(key);
    const volatile unsigned char *bytes = buf;
    std::size_t live = 0;
    for (std::size_t i = 0; i < sizeof buf; i++)
        live += bytes[i] != 0;
    CHECK(live >= sizeof(siphash_key_t), "%s: the key is not in the object (%zu non-zero bytes)", name,
          live);
    CHECK_EQ_U64((*h)("x"), as_size(c13_or_24<H>(key)), "%s: the placed hasher hashes with its key",
                 name);
    h->~H();
    std::size_t left = 0;
    for (std::size_t i = 0; i < sizeof buf; i++)
        left += bytes[i] != 0;
    CHECK(left == 0, "%s: %zu of %zu bytes not wiped by the destructor", name, left, sizeof buf);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void traits()
{
    using H = libsiphash::hasher;
    static_assert(std::is_same_v<H::is_transparent, void>, "transparent");
    static_assert(H::is_avalanching::value, "avalanching for Boost.Unordered");
    static_assert(std::is_nothrow_copy_constructible_v<H>, "nothrow copy (containers' moves)");
    static_assert(std::is_nothrow_invocable_r_v<std::size_t, const H &, const std::string &>,
                  "noexcept operator()");
    static_assert(!std::is_convertible_v<siphash_key_t, H>, "the key constructor is explicit");
#if defined(__GLIBCXX__)
    // libstdc++ caches our hash codes in its nodes (siphash.hpp's reason).
    static_assert(!std::__is_fast_hash<H>::value, "libstdc++ told to cache hash codes");
    static_assert(!std::__is_fast_hash<libsiphash::hasher24>::value, "likewise for 2-4");
#endif
    CHECK(true, "traits are compile-time checks");
}

} // namespace

int main()
{
    check_seed("test_hasher_values");
    strings<libsiphash::hasher>("hasher", c13, 1, 3);
    strings<libsiphash::hasher24>("hasher24", c24, 2, 4);
    integers();
    equal_means_equal_hash();
    pointers();
    keys();
    destructor_wipes<libsiphash::hasher>("hasher");
    destructor_wipes<libsiphash::hasher24>("hasher24");
    traits();
#if defined(SIPHASH_TEST_GENERIC_LOAD)
    std::printf("test_hasher_values: built with -U__BYTE_ORDER__: the byte-by-byte loads tested\n");
#endif
    return check_finish("test_hasher_values");
}
