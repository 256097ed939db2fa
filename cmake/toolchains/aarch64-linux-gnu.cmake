# SPDX-License-Identifier: MIT
# aarch64 (64-bit ARM, little-endian, NEON) with clang + Debian's cross libc;
# tests run under qemu-aarch64.  Usage:
#   cmake -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
#   cmake --build build-aarch64 -j2 && ctest --test-dir build-aarch64
# Packages: libc6-dev-arm64-cross libgcc-12-dev-arm64-cross
#           binutils-aarch64-linux-gnu clang qemu-user
set(SIPHASH_CROSS_TRIPLE aarch64-linux-gnu)
set(SIPHASH_CROSS_PROCESSOR aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/clang-cross-debian.cmake)
