/* SPDX-License-Identifier: MIT */
/*
 * fuzz_batch_paths.h — run a block of batch checks once per batch path.
 *
 * When the library has a testing hook to force a path
 * (siphash_batch_force_impl, detected by tests/fuzz/CMakeLists.txt, which
 * then defines SIPHASH_FUZZ_FORCE_IMPL), the block runs on every path the
 * build and the CPU have, and the default choice is restored afterwards.
 * Without the hook it runs once, on the path the dispatcher chose (which
 * SIPHASH_IMPL=... in the environment can steer from outside).
 */
#ifndef SIPHASH_FUZZ_BATCH_PATHS_H
#define SIPHASH_FUZZ_BATCH_PATHS_H

#include "siphash.h"

#ifdef SIPHASH_FUZZ_FORCE_IMPL
static const char *const fuzz_batch_paths_[] = {"portable", "avx2", "avx512", "neon"};
#define FUZZ_FOR_EACH_BATCH_PATH(path)                                                  \
    for (size_t fbp_i_ = 0; fbp_i_ < sizeof fuzz_batch_paths_ / sizeof *fuzz_batch_paths_; \
         fbp_i_++)                                                                         \
        if (siphash_batch_force_impl(fuzz_batch_paths_[fbp_i_]) == 0)                     \
            for (const char *path = siphash_batch_impl(); path; path = NULL)
#define FUZZ_END_BATCH_PATHS siphash_batch_force_impl(NULL)
#else
#define FUZZ_FOR_EACH_BATCH_PATH(path) for (const char *path = siphash_batch_impl(); path; path = NULL)
#define FUZZ_END_BATCH_PATHS ((void)0)
#endif

#endif
