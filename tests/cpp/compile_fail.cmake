# SPDX-License-Identifier: MIT
# compile_fail.cmake — compile-time refusals as a CTest test:
#   cmake -DCXX=<compiler> "-DFLAGS=<flags, space-separated>" -DSRC=<file.cpp> -P compile_fail.cmake
# SRC lists its cases in lines "case N: "regex"".  Case 0 must compile
# (-fsyntax-only), proving the command line and the accepted uses are
# right; every listed case N must fail to compile, with its regex in the
# compiler's output (a case failing for another reason fails the test).
foreach(v CXX SRC)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "compile_fail.cmake: -D${v}= missing")
  endif()
endforeach()

separate_arguments(FLAGS UNIX_COMMAND "${FLAGS}")

function(compile_case n result_var output_var)
  execute_process(
    COMMAND ${CXX} ${FLAGS} -fsyntax-only -DSIPHASH_REFUSED_CASE=${n} ${SRC}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  set(${result_var} ${rc} PARENT_SCOPE)
  set(${output_var} "${out}" PARENT_SCOPE)
endfunction()

compile_case(0 rc out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compile_fail: case 0 (everything accepted) does not compile:\n${out}")
endif()
message(STATUS "case 0: compiles (accepted uses)")

file(STRINGS ${SRC} lines REGEX "^ \\* case [0-9]+: \".*\"$")
set(failed 0)
set(count 0)
foreach(line IN LISTS lines)
  string(REGEX REPLACE "^ \\* case ([0-9]+): \"(.*)\"$" "\\1" n "${line}")
  string(REGEX REPLACE "^ \\* case ([0-9]+): \"(.*)\"$" "\\2" expect "${line}")
  compile_case(${n} rc out)
  math(EXPR count "${count} + 1")
  if(rc EQUAL 0)
    message(STATUS "case ${n}: COMPILED, expected a refusal matching \"${expect}\"")
    math(EXPR failed "${failed} + 1")
  elseif(NOT out MATCHES "${expect}")
    message(STATUS "case ${n}: failed, but without \"${expect}\":\n${out}")
    math(EXPR failed "${failed} + 1")
  else()
    message(STATUS "case ${n}: refused (\"${expect}\")")
  endif()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "compile_fail: no \"case N:\" lines in ${SRC}")
endif()
if(failed GREATER 0)
  message(FATAL_ERROR "compile_fail: ${failed} of ${count} cases not refused as expected")
endif()
message(STATUS "compile_fail: all ${count} cases refused")
