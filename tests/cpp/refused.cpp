// SPDX-License-Identifier: MIT
/*
 * refused.cpp — what libsiphash::hasher must refuse at compile time,
 * because std::equal_to<> (which heterogeneous lookup uses with our
 * transparent hasher) calls the value equal to another that the hasher
 * would hash differently.  Compiled once per case by compile_fail.cmake
 * with -DSIPHASH_REFUSED_CASE=N: case 0 must compile (every neighbour that
 * is accepted), every other case must fail with the text after its
 * "case N:" line below (a CMake regular expression) in the compiler's
 * output, so that a case failing for another reason (a typo) is caught.
 *
 * case 1: "nullptr is not hashed"
 * case 2: "void pointers are not hashed"
 * case 3: "void pointers are not hashed"
 * case 4: "classes that are not final"
 * case 5: "classes that are not final"
 * case 6: "classes that are not final"
 * case 7: "no match|no matching"
 */
#include <siphash.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>

namespace {

struct base {
    int b;
};
struct other_base {
    int o;
};
// Derived from two bases: a derived* converted to other_base* moves.
struct derived : base, other_base {
    int d;
};
struct leaf final : base, other_base {
    int l;
};
union either {
    int i;
    float f;
};
enum e_uint : unsigned { e_big = 0xffffffffu };
int function(int x)
{
    return x;
}

} // namespace

int main()
{
    const libsiphash::hasher h(siphash_key_t{{1, 2}});
    std::size_t r = 0;
#if SIPHASH_REFUSED_CASE == 0
    // Accepted: addresses of scalars, unions, final classes, functions,
    // signed/unsigned char (not strings), pointers to pointers; strings;
    // integers of every signedness and enums.
    int x = 0;
    either u{};
    leaf l{};
    signed char sc[2] = {1, 0};
    unsigned char uc[2] = {1, 0};
    const int *px = &x;
    const int *const *ppx = &px;
    r ^= h(&x) ^ h(px) ^ h(ppx) ^ h(&u) ^ h(&l) ^ h(static_cast<const leaf *>(&l)) ^ h(&function);
    r ^= h(sc) ^ h(uc) ^ h(static_cast<const int *>(nullptr));
    r ^= h("s") ^ h(std::string("s")) ^ h(std::string_view("s"));
    r ^= h(-1) ^ h(0xffffffffu) ^ h(~0ull) ^ h(e_big) ^ h(true) ^ h('c');
    std::unordered_set<const leaf *, libsiphash::hasher> leaves(0, h);
    leaves.insert(&l);
    r ^= leaves.size();
#elif SIPHASH_REFUSED_CASE == 1
    r = h(nullptr); // equal to every null pointer, hashed as "" or 0
#elif SIPHASH_REFUSED_CASE == 2
    int x = 0;
    r = h(static_cast<void *>(&x)); // equal to a char* at the same address
#elif SIPHASH_REFUSED_CASE == 3
    const char *s = "abc";
    r = h(static_cast<const void *>(s));
#elif SIPHASH_REFUSED_CASE == 4
    derived d{};
    r = h(static_cast<other_base *>(&d)); // == &d, another address
#elif SIPHASH_REFUSED_CASE == 5
    derived d{};
    r = h(&d);
#elif SIPHASH_REFUSED_CASE == 6
    derived d{};
    std::unordered_set<derived *, libsiphash::hasher> set;
    set.insert(&d);
    r = set.size();
#elif SIPHASH_REFUSED_CASE == 7
    r = h(1.0); // 1.0 == 1 under equal_to<>: floating point has no overload
#else
#error "unknown SIPHASH_REFUSED_CASE"
#endif
    return static_cast<int>(r & 1);
}
