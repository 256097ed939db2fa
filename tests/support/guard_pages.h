/* SPDX-License-Identifier: MIT */
/*
 * guard_pages.h — a data region with an inaccessible page on each side,
 * [no access][data][no access], so that a read one byte before lo or at hi
 * faults.  The batch tests place records flush against either end: a
 * kernel that loads a whole word or vector past a record's last byte (or
 * before its first) crashes the test instead of reading a neighbour.
 *
 * POSIX: mmap and mprotect(PROT_NONE); the includer defines _GNU_SOURCE
 * (or _DEFAULT_SOURCE) before its first #include, for MAP_ANONYMOUS.
 * Windows: VirtualAlloc and VirtualProtect(PAGE_NOACCESS).
 */
#ifndef SIPHASH_TEST_GUARD_PAGES_H
#define SIPHASH_TEST_GUARD_PAGES_H

#include "check.h"

#include <stddef.h>
#include <stdint.h>

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

struct guard_pages {
    uint8_t *lo;  /* first byte of the data region */
    uint8_t *hi;  /* one past its last byte: the upper guard page */
    uint8_t *map; /* lower guard page: the start of the mapping */
    size_t size;  /* the whole mapping, both guards included */
};

static inline size_t guard_page_size(void)
{
#ifdef _WIN32
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    return (size_t)si.dwPageSize;
#else
    return (size_t)sysconf(_SC_PAGESIZE);
#endif
}

/* Makes `len` bytes at p inaccessible; 0 on success. */
static inline int guard_pages_protect_(void *p, size_t len)
{
#ifdef _WIN32
    DWORD old;
    return VirtualProtect(p, len, PAGE_NOACCESS, &old) ? 0 : -1;
#else
    return mprotect(p, len, PROT_NONE);
#endif
}

static inline void guard_pages_unmap(struct guard_pages *g)
{
#ifdef _WIN32
    VirtualFree(g->map, 0, MEM_RELEASE);
#else
    munmap(g->map, g->size);
#endif
    g->map = g->lo = g->hi = NULL;
}

/* Maps data_pages readable and writable pages between two guard pages.
 * Returns 0, or -1 with nothing left mapped and a failed CHECK counted. */
static inline int guard_pages_map(struct guard_pages *g, size_t data_pages)
{
    const size_t page = guard_page_size();
    g->size = (data_pages + 2) * page;
#ifdef _WIN32
    g->map = VirtualAlloc(NULL, g->size, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE);
#else
    void *m = mmap(NULL, g->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    g->map = m == MAP_FAILED ? NULL : m;
#endif
    CHECK(g->map != NULL, "guard pages: mapping %zu bytes failed", g->size);
    if (g->map == NULL)
        return -1;
    g->lo = g->map + page;
    g->hi = g->lo + data_pages * page;
    const int guarded =
        guard_pages_protect_(g->map, page) == 0 && guard_pages_protect_(g->hi, page) == 0;
    CHECK(guarded, "guard pages: making the guards inaccessible failed");
    if (!guarded) {
        guard_pages_unmap(g);
        return -1;
    }
    return 0;
}

#endif
