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

# Link the gcc runtime statically, so that a test program, siphashsum.exe
# and the DLL need no mingw DLL (libgcc_s_seh-1.dll, libwinpthread-1.dll)
# next to them: Wine, like Windows, does not search the cross toolchain.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static-libgcc")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc")

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
