/* SPDX-License-Identifier: MIT */
/*
 * test_keys_bcrypt.c — keys through BCryptGenRandom() on Windows (run under
 * Wine in CI).  This program's BCryptGenRandom() replaces the import
 * library's (the linker takes the executable's own definition first): it
 * checks the arguments (no algorithm handle, the system-preferred RNG
 * flag), forwards to the real one in bcrypt.dll, and injects failures.
 */
#include "rng_check.h"

#include <errno.h>

#define WIN32_LEAN_AND_MEAN
#include <windows.h>
/* after windows.h */
#include <bcrypt.h>

typedef NTSTATUS(WINAPI *genrandom_fn)(BCRYPT_ALG_HANDLE, PUCHAR, ULONG, ULONG);

static int calls, bad_args;
static NTSTATUS fail_status; /* nonzero: returned instead of calling bcrypt.dll */

NTSTATUS WINAPI BCryptGenRandom(BCRYPT_ALG_HANDLE alg, PUCHAR buf, ULONG len, ULONG flags)
{
    static genrandom_fn real;
    calls++;
    if (alg != NULL || flags != BCRYPT_USE_SYSTEM_PREFERRED_RNG)
        bad_args++;
    if (fail_status)
        return fail_status;
    if (!real) {
        HMODULE dll = LoadLibraryA("bcrypt.dll");
        FARPROC p = dll ? GetProcAddress(dll, "BCryptGenRandom") : NULL;
        /* A function pointer from GetProcAddress has to be converted: the
         * intermediate integer keeps -Wpedantic quiet. */
        real = (genrandom_fn)(uintptr_t)p;
        if (!real)
            return (NTSTATUS)0xC0000001L; /* STATUS_UNSUCCESSFUL */
    }
    return real(alg, buf, len, flags);
}

static void fail_unsuccessful(int on)
{
    fail_status = on ? (NTSTATUS)0xC0000001L : 0; /* STATUS_UNSUCCESSFUL */
}

static void fail_no_memory(int on)
{
    fail_status = on ? (NTSTATUS)0xC0000017L : 0; /* STATUS_NO_MEMORY */
}

int main(void)
{
    rng_check_success(100000);
    CHECK(calls >= 5, "BCryptGenRandom not used (%d calls)", calls);
    CHECK(bad_args == 0, "BCryptGenRandom called without the system-preferred RNG");

    rng_check_failure(fail_unsuccessful, -EIO);
    rng_check_failure(fail_no_memory, -ENOMEM);

    /* The contract does not depend on the platform: still working after. */
    siphash_key_t k;
    CHECK(siphash_key_generate(&k) == 0 && !siphash_key_is_zero(&k), "recovery");
    return check_finish("test_keys_bcrypt");
}
