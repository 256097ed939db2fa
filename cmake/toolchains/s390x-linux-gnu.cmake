# SPDX-License-Identifier: MIT
# s390x (64-bit, big-endian) with clang + Debian's cross libc; tests run under
# qemu-s390x.  Usage:
#   cmake -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x-linux-gnu.cmake
#   cmake --build build-s390x -j2 && ctest --test-dir build-s390x
# Packages: libc6-dev-s390x-cross libgcc-12-dev-s390x-cross
#           binutils-s390x-linux-gnu clang qemu-user
set(SIPHASH_CROSS_TRIPLE s390x-linux-gnu)
set(SIPHASH_CROSS_PROCESSOR s390x)
include(${CMAKE_CURRENT_LIST_DIR}/clang-cross-debian.cmake)
