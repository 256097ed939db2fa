# SPDX-License-Identifier: MIT
# Shared body of the clang cross toolchains (s390x-linux-gnu.cmake,
# aarch64-linux-gnu.cmake).  Not a toolchain file on its own: the including
# file sets SIPHASH_CROSS_TRIPLE (e.g. s390x-linux-gnu) and
# SIPHASH_CROSS_PROCESSOR (CMAKE_SYSTEM_PROCESSOR, e.g. s390x).
#
# Why clang and not gcc-<triple>: Debian's gcc-multilib (needed for the -m32
# build) conflicts with the gcc-*-linux-gnu cross compilers, while one clang
# targets every architecture.  Clang only needs the target's C library and
# libgcc, which Debian ships as cross packages:
#   libc6-dev-<arch>-cross      headers in /usr/<triple>/include, libs in /usr/<triple>/lib
#   libgcc-12-dev-<arch>-cross  crtbegin.o, libgcc in /usr/lib/gcc-cross/<triple>/12
#   binutils-<triple>           the linker, ar, ranlib
# clang --target=<triple> finds the last two on its own (it probes
# /usr/lib/gcc-cross/<triple>) and calls <triple>-ld.  lld 14 cannot link
# s390x, so both targets use the cross binutils for one way of doing it.
#
# Tests run under qemu-user: CTest prefixes every test whose command is a
# target with CMAKE_CROSSCOMPILING_EMULATOR, and -L points qemu's dynamic
# loader at the target's libc.

if(NOT SIPHASH_CROSS_TRIPLE OR NOT SIPHASH_CROSS_PROCESSOR)
  message(FATAL_ERROR "clang-cross-debian.cmake: include it from a toolchain file that sets "
                      "SIPHASH_CROSS_TRIPLE and SIPHASH_CROSS_PROCESSOR")
endif()

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${SIPHASH_CROSS_PROCESSOR})

set(_siphash_cross_root /usr/${SIPHASH_CROSS_TRIPLE})
if(NOT EXISTS ${_siphash_cross_root}/include/stdio.h)
  message(FATAL_ERROR "No C library for ${SIPHASH_CROSS_TRIPLE} in ${_siphash_cross_root}: "
                      "install the packages listed in .ci/packages-matrix.txt")
endif()

set(CMAKE_C_COMPILER clang)
set(CMAKE_C_COMPILER_TARGET ${SIPHASH_CROSS_TRIPLE})
set(CMAKE_AR ${SIPHASH_CROSS_TRIPLE}-ar CACHE FILEPATH "cross ar")
set(CMAKE_RANLIB ${SIPHASH_CROSS_TRIPLE}-ranlib CACHE FILEPATH "cross ranlib")
set(CMAKE_NM ${SIPHASH_CROSS_TRIPLE}-nm CACHE FILEPATH "cross nm")
set(CMAKE_OBJDUMP ${SIPHASH_CROSS_TRIPLE}-objdump CACHE FILEPATH "cross objdump")
set(CMAKE_READELF ${SIPHASH_CROSS_TRIPLE}-readelf CACHE FILEPATH "cross readelf")
set(CMAKE_STRIP ${SIPHASH_CROSS_TRIPLE}-strip CACHE FILEPATH "cross strip")

# Without a sysroot clang appends the host's /usr/include after the target's
# headers, so a host-only header (sodium.h, openssl/evp.h, glib.h) would be
# found and mixed with the target's libc.  -nostdlibinc drops the system
# directories (clang's own stddef.h etc. stay); -idirafter puts the target's
# libc back at the same place in the search order.  (--sysroot does not work
# here: Debian's cross libc.so linker scripts name absolute paths.)
set(CMAKE_C_FLAGS_INIT "-nostdlibinc -idirafter ${_siphash_cross_root}/include")
# The linker: the cross binutils' ld by default; -DSIPHASH_CROSS_LINKER=lld
# links with lld instead (aarch64 only: lld 14 has no s390x support).
set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SIPHASH_CROSS_LINKER)
set(_siphash_ld "")
if(SIPHASH_CROSS_LINKER)
  set(_siphash_ld -fuse-ld=${SIPHASH_CROSS_LINKER})
endif()

# CMake passes CMAKE_C_FLAGS to link steps too, where -nostdlibinc means
# nothing; say so for links only (compiles still warn about unused flags).
foreach(_kind EXE SHARED MODULE)
  set(CMAKE_${_kind}_LINKER_FLAGS_INIT "-Wno-unused-command-line-argument ${_siphash_ld}")
endforeach()

# Look for libraries, headers and CMake packages only in the target's tree, so
# optional host dependencies (libsodium, OpenSSL, GLib) are simply not found
# and the tests that need them are not built.  Programs (qemu, sh) come from
# the host.
set(CMAKE_FIND_ROOT_PATH ${_siphash_cross_root})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config likewise: only the target's .pc files (there are none).
set(ENV{PKG_CONFIG_LIBDIR} ${_siphash_cross_root}/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-${SIPHASH_CROSS_PROCESSOR} -L ${_siphash_cross_root})
