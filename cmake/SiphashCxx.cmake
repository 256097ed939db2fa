# SPDX-License-Identifier: MIT
# C++ for our own tests, examples and benchmark (include/siphash.hpp's):
# the library is C and never needs a C++ compiler.  Included by the top
# level only when one of those is built, so a project embedding us (where
# they are off) never gets a language, a cache entry or a flag from here.
#
# Sets SIPHASH_HAVE_CXX (ON when the C++ parts are built) and, if nobody
# chose one, the C++ standard of our targets (17, the header's minimum;
# -DCMAKE_CXX_STANDARD=20 builds them as C++20, as CI's cpp step does).
#
# A C++ compiler is used only when it builds for the C compiler's target:
#   - native builds: the one CMake finds (CMAKE_CXX_COMPILER picks it);
#   - cross builds: only when the toolchain file names one (ours do not:
#     Debian's cross packages bring no C++ library for clang here);
#   - the -m32 build: the toolchain file passes -m32 to C++ as well, and
#     without a 32-bit libstdc++ (g++-multilib) the check fails and the C++
#     parts are left out, as a pointer-size mismatch would leave them out.
set(SIPHASH_HAVE_CXX OFF)
if(CMAKE_CROSSCOMPILING AND NOT CMAKE_CXX_COMPILER)
  message(STATUS "libsiphash: C++ parts (siphash.hpp's tests, flood demo, bench) not built: "
                 "cross-compiling and the toolchain names no C++ compiler")
  return()
endif()
include(CheckLanguage)
check_language(CXX)
if(NOT CMAKE_CXX_COMPILER)
  message(STATUS "libsiphash: no working C++ compiler: siphash.hpp's tests, flood demo and "
                 "bench not built (the library needs none)")
  return()
endif()
enable_language(CXX)
if(NOT CMAKE_CXX_SIZEOF_DATA_PTR EQUAL CMAKE_C_SIZEOF_DATA_PTR)
  message(STATUS "libsiphash: the C++ compiler builds for another target than the C compiler "
                 "(${CMAKE_CXX_SIZEOF_DATA_PTR}- vs ${CMAKE_C_SIZEOF_DATA_PTR}-byte pointers): "
                 "C++ parts not built")
  return()
endif()
if(NOT DEFINED CMAKE_CXX_STANDARD)
  set(CMAKE_CXX_STANDARD 17)
endif()
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
include(CheckCXXSourceCompiles)
set(CMAKE_REQUIRED_FLAGS ${CMAKE_CXX${CMAKE_CXX_STANDARD}_STANDARD_COMPILE_OPTION})
check_cxx_source_compiles("
#include <string_view>
#include <unordered_map>
int main() { if constexpr (sizeof(std::string_view) > 0) return 0; }"
  SIPHASH_CXX${CMAKE_CXX_STANDARD}_WORKS)
unset(CMAKE_REQUIRED_FLAGS)
if(NOT SIPHASH_CXX${CMAKE_CXX_STANDARD}_WORKS)
  message(STATUS "libsiphash: ${CMAKE_CXX_COMPILER} cannot build C++${CMAKE_CXX_STANDARD} with "
                 "its library: C++ parts not built")
  return()
endif()
set(SIPHASH_HAVE_CXX ON)
message(STATUS "libsiphash: C++ parts built with ${CMAKE_CXX_COMPILER_ID} "
               "${CMAKE_CXX_COMPILER_VERSION}, C++${CMAKE_CXX_STANDARD}")
