// SPDX-License-Identifier: MIT
/*
 * test_hasher_rng.cpp — a hasher's key comes from the OS, and when the OS
 * gives none, constructing a hasher (or a container that makes one) throws
 * std::system_error with the errno: never a hasher with a zero key.  The
 * random source fails on demand through rng_fail.c.  The constructor from
 * a key and copies never ask the OS.
 */
#include "check.h"
#include "random_key.h"
#include "rng_fail.h"

#include <siphash.hpp>

#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>
#include <unordered_map>

namespace {

// Constructs a default hasher; returns the errno of the system_error it
// threw, 0 when it did not throw, -1 for any other exception.
int construct(std::size_t *value)
{
    try {
        const libsiphash::hasher h;
        *value = h("x");
        return 0;
    } catch (const std::system_error &e) {
        CHECK(e.code().category() == std::generic_category(), "category %s", e.code().category().name());
        CHECK(std::strstr(e.what(), "no random key") != nullptr, "what(): %s", e.what());
        return e.code().value();
    } catch (...) {
        return -1;
    }
}

} // namespace

int main()
{
    check_seed("test_hasher_rng");
    std::size_t value = 0;

    // The good path asks the OS, once per hasher.
    const int calls = rng_fail_calls;
    CHECK(construct(&value) == 0, "a hasher without a failure");
    CHECK(rng_fail_calls > calls, "the default constructor did not ask the OS for a key");

    // The OS refuses (a seccomp filter, a sandbox): the constructor throws.
    rng_fail_errno = EPERM;
    const int got = construct(&value);
    CHECK(got == EPERM, "a failing random source: got %d, expected EPERM (%d)", got, EPERM);
    bool container_threw = false;
    try {
        std::unordered_map<std::string, int, libsiphash::hasher> m;
        m["x"] = 1;
    } catch (const std::system_error &e) {
        container_threw = e.code().value() == EPERM;
    }
    CHECK(container_threw, "a container's default hasher must throw too");
    rng_fail_errno = EIO;
    CHECK(construct(&value) == EIO, "the errno is passed on (EIO)");

    // A given key and copies need no randomness.
    const int before = rng_fail_calls;
    const siphash_key_t k = check_random_key();
    const libsiphash::hasher given(k);
    const libsiphash::hasher copy(given);
    std::unordered_map<std::string, int, libsiphash::hasher> m(0, given);
    m["x"] = 1;
    CHECK(rng_fail_calls == before, "a given key or a copy asked the OS");
    CHECK(copy("x") == static_cast<std::size_t>(siphash13_64("x", 1, &k)) && m.at("x") == 1,
          "hashing with a given key while the OS fails");

    rng_fail_errno = 0;
    CHECK(construct(&value) == 0, "works again once the OS does");
    return check_finish("test_hasher_rng");
}
