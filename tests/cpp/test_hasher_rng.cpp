// SPDX-License-Identifier: MIT
/*
 * test_hasher_rng.cpp — a hasher's key comes from the OS, and when the OS
 * gives none, constructing a hasher (or a container that makes one) throws
 * std::system_error with the errno: never a hasher with a zero key.  The
 * random source fails on demand through rng_fail.c.  The constructor from
 * a key and copies never ask the OS.
 *
 * Built twice: as it is (test_hasher_rng) and with -fno-exceptions
 * (test_hasher_rng_noexcept), where the header cannot throw and a failing
 * source must abort the process with its message instead: checked in a
 * child process (aborts.h).
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

#if defined(__cpp_exceptions)

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

#else // built without exceptions: a failing source aborts

#include "aborts.h"

namespace {

void hash_with_default_hasher()
{
    const libsiphash::hasher h;
    std::printf("%zu\n", h("x")); // not reached when the OS fails
}

void make_container()
{
    std::unordered_map<std::string, int, libsiphash::hasher> m;
    m["x"] = 1;
}

// Constructs a default hasher; returns 0 on success, or EPERM / EIO when
// the constructor aborted with its message naming that errno's text (each
// in a child process, rng_fail_errno set there).  -1 for anything else.
int construct(std::size_t *value)
{
    if (rng_fail_errno == 0) {
        const libsiphash::hasher h;
        *value = h("x");
        return 0;
    }
    char text[160];
    std::snprintf(text, sizeof text, "no random key from the operating system: %s",
                  std::strerror(rng_fail_errno));
    return aborts_saying(hash_with_default_hasher, text) ? rng_fail_errno : -1;
}

} // namespace

#endif

int main()
{
    check_seed("test_hasher_rng");
#if defined(__cpp_exceptions)
    std::printf("test_hasher_rng: built with exceptions: a failing source throws\n");
#else
    std::printf("test_hasher_rng: built without exceptions: a failing source aborts\n");
#endif
    std::size_t value = 0;

    // The good path asks the OS, once per hasher.
    const int calls = rng_fail_calls;
    CHECK(construct(&value) == 0, "a hasher without a failure");
    CHECK(rng_fail_calls > calls, "the default constructor did not ask the OS for a key");

    // The OS refuses (a seccomp filter, a sandbox): the constructor throws.
    rng_fail_errno = EPERM;
    const int got = construct(&value);
    CHECK(got == EPERM, "a failing random source: got %d, expected EPERM (%d)", got, EPERM);
#if defined(__cpp_exceptions)
    bool container_threw = false;
    try {
        std::unordered_map<std::string, int, libsiphash::hasher> m;
        m["x"] = 1;
    } catch (const std::system_error &e) {
        container_threw = e.code().value() == EPERM;
    }
    CHECK(container_threw, "a container's default hasher must throw too");
#else
    CHECK(aborts(make_container), "a container's default hasher must abort too");
#endif
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
