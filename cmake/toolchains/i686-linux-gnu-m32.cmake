# SPDX-License-Identifier: MIT
# 32-bit x86 (i686) with gcc -m32 on an x86-64 host; the tests run natively
# (or under qemu-i386 where the host cannot run 32-bit programs: below).
# This is the build in which hsiphash() is HalfSipHash-1-3 (unsigned long is
# 32 bits), as in a 32-bit Linux kernel.  Usage:
#   cmake -B build-m32 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/i686-linux-gnu-m32.cmake
#   cmake --build build-m32 -j2 && ctest --test-dir build-m32
# Packages: gcc-multilib (note: it conflicts with Debian's gcc-<triple> cross
# compilers, which is why the s390x/aarch64 toolchains use clang).
#
# CMAKE_SYSTEM_NAME is deliberately not set where the host runs 32-bit x86
# programs: this is not a cross build then (CMAKE_CROSSCOMPILING stays
# false, the tests run natively).  Some hosts cannot ("Exec format error":
# a kernel without IA32 emulation, or a PVM guest, as some CI machines
# are); there the build becomes a cross build whose tests run under
# qemu-i386 (package qemu-user), as the s390x and aarch64 ones do.
set(CMAKE_C_COMPILER gcc)
set(CMAKE_SYSTEM_PROCESSOR i686)
# The probe runs once per CMake process (try_compile re-reads this file).
if(NOT DEFINED ENV{SIPHASH_M32_RUNS_NATIVELY})
  set(_siphash_probe "${CMAKE_CURRENT_BINARY_DIR}/siphash-m32-probe")
  file(WRITE "${_siphash_probe}.c" "int main(void) { return 0; }\n")
  execute_process(COMMAND gcc -m32 "${_siphash_probe}.c" -o "${_siphash_probe}"
                  RESULT_VARIABLE _siphash_cc OUTPUT_QUIET ERROR_QUIET)
  set(_siphash_run 1)
  if(_siphash_cc EQUAL 0)
    execute_process(COMMAND "${_siphash_probe}" RESULT_VARIABLE _siphash_run
                    OUTPUT_QUIET ERROR_QUIET)
  endif()
  file(REMOVE "${_siphash_probe}.c" "${_siphash_probe}")
  # a failed compile is left to CMake's own compiler check to report
  if(_siphash_cc EQUAL 0 AND NOT _siphash_run EQUAL 0)
    set(ENV{SIPHASH_M32_RUNS_NATIVELY} 0)
  else()
    set(ENV{SIPHASH_M32_RUNS_NATIVELY} 1)
  endif()
endif()
if(NOT "$ENV{SIPHASH_M32_RUNS_NATIVELY}")
  find_program(_siphash_qemu_i386 qemu-i386)
  if(NOT _siphash_qemu_i386)
    message(FATAL_ERROR "this host cannot run 32-bit x86 programs and qemu-i386 "
                        "(Debian package qemu-user) is not installed: the tests could not run")
  endif()
  set(CMAKE_SYSTEM_NAME Linux)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${_siphash_qemu_i386}")
endif()
set(CMAKE_C_FLAGS_INIT -m32)
# C++ (only siphash.hpp's tests and demo use it: cmake/SiphashCxx.cmake)
# is built 32-bit too; without a 32-bit libstdc++ (g++-multilib) the check
# fails and those parts are left out.
set(CMAKE_CXX_FLAGS_INIT -m32)
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
