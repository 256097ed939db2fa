/* SPDX-License-Identifier: MIT */
/*
 * batch_probe.h — the one internal entry point siphash-bench calls (it
 * links the static library): the batch kernels' rounds alone, timed by the
 * bench for its measured bound (bench/bound.c).  Not part of the API.
 */
#ifndef SIPHASH_BATCH_PROBE_H
#define SIPHASH_BATCH_PROBE_H

#include <stdint.h>

/* Configuration cfg (0, 1, ...) of the rounds-only probe of path `path`
 * ("avx512", "avx2", "neon", "portable"), if this build and CPU have the
 * path and cfg exists: nv vectors of *lanes 64-bit lanes and ns scalar
 * lanes in general registers.  With run, also runs iters x 4 SipRounds of
 * that configuration (the kernels' round code and interleaving) and stores
 * a value that depends on every lane.  Returns 0, or -1. */
int sip_batch_probe(const char *path, unsigned cfg, uint64_t iters, int *nv, int *ns,
                    unsigned *lanes, uint64_t *run);

#endif
