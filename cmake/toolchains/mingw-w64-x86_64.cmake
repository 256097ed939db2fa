# SPDX-License-Identifier: MIT
# Windows x86-64 with Debian's mingw-w64 (gcc-mingw-w64-x86-64-posix); the
# test programs run under Wine.  Usage:
#   cmake -B build-win -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/mingw-w64-x86_64.cmake
#   cmake --build build-win -j2 && ctest --test-dir build-win
# .ci/windows.sh sets WINEPREFIX to a temporary directory and WINEDEBUG=-all.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

# The -posix flavour: its C++/threads runtime is the winpthreads one; for C
# code both flavours give the same programs.
find_program(_siphash_mingw_cc NAMES x86_64-w64-mingw32-gcc-posix x86_64-w64-mingw32-gcc REQUIRED)
set(CMAKE_C_COMPILER ${_siphash_mingw_cc})
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
# C++, for siphash.hpp's tests only (cmake/SiphashCxx.cmake; the library
# is C): used when Debian's g++-mingw-w64-x86-64-posix is installed.
find_program(_siphash_mingw_cxx NAMES x86_64-w64-mingw32-g++-posix x86_64-w64-mingw32-g++)
if(_siphash_mingw_cxx)
  set(CMAKE_CXX_COMPILER ${_siphash_mingw_cxx})
  # The posix flavour's libstdc++ needs winpthread: C++ programs are linked
  # with -static, so they import only Windows' own DLLs and ours (named by
  # the import library's path).  CMake passes CMAKE_CXX_FLAGS to the link
  # of a C++ program too; compiling ignores the option.
  set(CMAKE_CXX_FLAGS_INIT "-static")
endif()

# Link the gcc runtime (and, for the C++ tests, libstdc++) statically, so
# that a test program, siphashsum.exe and the DLL need no mingw DLL
# (libgcc_s_seh-1.dll, libstdc++-6.dll, libwinpthread-1.dll) next to them:
# Wine, like Windows, does not search the cross toolchain.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")

set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Packages are looked for under the root path only: to use a libsiphash
# installed elsewhere, name it, e.g. -Dsiphash_DIR=<prefix>/lib/cmake/siphash.
# Only Windows pkg-config files (there are none for OpenSSL or libsodium in
# Debian's mingw packages): never the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/x86_64-w64-mingw32/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

# Test programs run under Wine (64-bit loader).
find_program(_siphash_wine NAMES wine64 PATHS /usr/lib/wine NO_DEFAULT_PATH)
if(NOT _siphash_wine)
  find_program(_siphash_wine NAMES wine64 wine)
endif()
if(_siphash_wine)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${_siphash_wine})
endif()
