# SPDX-License-Identifier: MIT
# 32-bit x86 (i686) with gcc -m32 on an x86-64 host; the tests run natively.
# This is the build in which hsiphash() is HalfSipHash-1-3 (unsigned long is
# 32 bits), as in a 32-bit Linux kernel.  Usage:
#   cmake -B build-m32 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/i686-linux-gnu-m32.cmake
#   cmake --build build-m32 -j2 && ctest --test-dir build-m32
# Packages: gcc-multilib (note: it conflicts with Debian's gcc-<triple> cross
# compilers, which is why the s390x/aarch64 toolchains use clang).
#
# CMAKE_SYSTEM_NAME is deliberately not set: this is not a cross build
# (CMAKE_CROSSCOMPILING stays false, tests run without an emulator).
set(CMAKE_C_COMPILER gcc)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_C_FLAGS_INIT -m32)
set(CMAKE_EXE_LINKER_FLAGS_INIT -m32)
set(CMAKE_SHARED_LINKER_FLAGS_INIT -m32)
set(CMAKE_MODULE_LINKER_FLAGS_INIT -m32)

# Only 32-bit libraries may be found.  The host's 64-bit libsodium, OpenSSL
# and GLib live in the x86_64 multiarch directories: hide them (and their
# pkg-config files), so the optional tests that need them are not built
# rather than failing to link.
set(_siphash_host_multiarch /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu
    /usr/include/x86_64-linux-gnu /usr/lib64 /lib64)
list(APPEND CMAKE_IGNORE_PATH ${_siphash_host_multiarch})
list(APPEND CMAKE_IGNORE_PREFIX_PATH ${_siphash_host_multiarch})
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/i386-linux-gnu/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
