# SPDX-License-Identifier: MIT
# cmake -DVALGRIND=... -DPROG=... -DMODE=branch|index -DEXPECT=<regex> -P expect_flagged.cmake
#
# The negative control passes only if memcheck flags the deliberate leak:
# valgrind must exit with --error-exitcode (99 here, distinct from anything
# the program returns) and its report must contain EXPECT.  A crash, a
# missing valgrind or a silent run all fail.
execute_process(
  COMMAND ${VALGRIND} --error-exitcode=99 --track-origins=yes ${PROG} ${MODE}
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 99)
  message(FATAL_ERROR "negative control '${MODE}': valgrind exit ${rc}, expected 99 (leak not flagged)")
endif()
if(NOT err MATCHES "${EXPECT}")
  message(FATAL_ERROR "negative control '${MODE}': memcheck did not report '${EXPECT}'")
endif()
message("negative control '${MODE}': flagged as expected (${EXPECT})")
