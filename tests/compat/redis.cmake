# SPDX-License-Identifier: MIT
# Redis's siphash()/siphash_nocase()/siptlw() (include/compat/redis/siphash.h):
# Redis's own test with the SipHash-1-2 answers, its case-insensitive checks,
# every length 0..1024 against the model and siphash12_64 / _nocase_64.
# tests/redis holds the nocase vector loader it shares.
siphash_add_test(redis_compat_siphash ${CMAKE_CURRENT_LIST_DIR}/redis_siphash_test.c
  ARGS ${SIPHASH_VECTOR_DIR})
target_include_directories(redis_compat_siphash PRIVATE
  ${PROJECT_SOURCE_DIR}/include/compat ${PROJECT_SOURCE_DIR}/tests/redis)
set_tests_properties(redis_compat_siphash PROPERTIES LABELS "compat;redis")
