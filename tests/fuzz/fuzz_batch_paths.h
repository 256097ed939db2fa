/* SPDX-License-Identifier: MIT */
/*
 * fuzz_batch_paths.h — run a block of batch checks once per batch path.
 *
 * The library's testing hook siphash_batch_force_impl selects each path in
 * turn: the block runs on every path the build and the CPU have, and the
 * dispatcher's own choice is restored afterwards.
 */
#ifndef SIPHASH_FUZZ_BATCH_PATHS_H
#define SIPHASH_FUZZ_BATCH_PATHS_H

#include "siphash.h"

static const char *const fuzz_batch_paths_[] = {"portable", "avx2", "avx512", "neon"};
#define FUZZ_FOR_EACH_BATCH_PATH(path)                                                  \
    for (size_t fbp_i_ = 0; fbp_i_ < sizeof fuzz_batch_paths_ / sizeof *fuzz_batch_paths_; \
         fbp_i_++)                                                                         \
        if (siphash_batch_force_impl(fuzz_batch_paths_[fbp_i_]) == 0)                     \
            for (const char *path = siphash_batch_impl(); path; path = NULL)
#define FUZZ_END_BATCH_PATHS siphash_batch_force_impl(NULL)

#endif
