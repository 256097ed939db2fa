# SPDX-License-Identifier: MIT
# include/compat/openbsd/siphash.h (OpenBSD's SipHash_* API): the test
# twice, once with End as OpenBSD defines it (the host integer) and once
# with SIPHASH_OPENBSD_END_LE (End's bytes are the digest, as in Knot DNS's
# copy).  On a big-endian target the two differ; both must pass.
siphash_add_test(openbsd_siphash ${CMAKE_CURRENT_LIST_DIR}/openbsd_siphash.c
  ARGS ${SIPHASH_VECTOR_DIR})
siphash_add_test(openbsd_siphash_end_le ${CMAKE_CURRENT_LIST_DIR}/openbsd_siphash.c
  ARGS ${SIPHASH_VECTOR_DIR})
target_compile_definitions(openbsd_siphash_end_le PRIVATE SIPHASH_OPENBSD_END_LE)
