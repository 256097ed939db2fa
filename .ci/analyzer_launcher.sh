#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/analyzer_launcher.sh COMPILER ARGS... — the trust step's compiler
# launcher (CMAKE_C_COMPILER_LAUNCHER) for its gcc -fanalyzer builds: adds
# -fanalyzer to every compile except the SIMD intrinsic kernels
# (src/batch_avx2.c, batch_avx512.c, batch_neon.c).  Those two x86 files
# took 175 of the analyzer's 191 s of CPU per build (gcc 12, Zen 3; two
# builds per run) for code that is vector arithmetic on intrinsics the
# analyzer treats as opaque calls; the lane logic they share
# (src/batch_lanes.h) is analysed through src/batch_portable.c, and their
# memory accesses are tested against guard pages under ASan and valgrind.
case " $* " in
    *"/src/batch_avx2.c "* | *"/src/batch_avx512.c "* | *"/src/batch_neon.c "*) exec "$@" ;;
esac
exec "$@" -fanalyzer
