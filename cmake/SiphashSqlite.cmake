# SPDX-License-Identifier: MIT
# Included by the top-level CMakeLists.txt: sets SIPHASH_BUILD_SQLITE (the
# cache entry) and _siphash_sqlite (whether sqlite/ is built this time).
#
# The SQLite extension (sqlite/): ON, OFF, or AUTO (the default): on at top
# level where it can be built and loaded here: SQLite's extension header and
# library exist for the target (a link probe, so a -m32 or cross build that
# would only find the host's /usr/include/sqlite3ext.h says no), the build
# is native (its tests load it into this machine's sqlite3 and python3) and
# not sanitized (a sanitized module, SIPHASH_SANITIZE or the libFuzzer
# build, cannot be loaded into an uninstrumented sqlite3).  Not a plain
# option(): its cached OFF would outlive the installation of libsqlite3-dev,
# while AUTO probes again on the next configure until the probe succeeds.
set(SIPHASH_BUILD_SQLITE AUTO CACHE STRING
  "Build the SQLite extension siphash.so (sqlite/): ON, OFF or AUTO (on at top level where it can be built and loaded)")
set_property(CACHE SIPHASH_BUILD_SQLITE PROPERTY STRINGS AUTO ON OFF)
set(_siphash_sqlite ${SIPHASH_BUILD_SQLITE})
if(_siphash_sqlite STREQUAL "AUTO")
  set(_siphash_sqlite OFF)
  if(SIPHASH_IS_TOP_LEVEL AND NOT CMAKE_CROSSCOMPILING AND NOT WIN32 AND NOT SIPHASH_SANITIZE
     AND NOT SIPHASH_FUZZ)
    if(NOT SIPHASH_HAVE_SQLITE3EXT)
      unset(SIPHASH_HAVE_SQLITE3EXT CACHE)
    endif()
    include(CheckCSourceCompiles)
    set(CMAKE_REQUIRED_LIBRARIES sqlite3)
    set(CMAKE_REQUIRED_QUIET ON)
    # SQLITE_CORE: the header's API-pointer macros off, so the probe links.
    check_c_source_compiles("#define SQLITE_CORE 1
#include <sqlite3ext.h>
#if SQLITE_VERSION_NUMBER < 3031000
#error SQLITE_DIRECTONLY and SQLITE_INNOCUOUS need SQLite 3.31
#endif
int main(void) { return sqlite3_libversion_number() > 0 ? 0 : 1; }"
      SIPHASH_HAVE_SQLITE3EXT)
    unset(CMAKE_REQUIRED_QUIET)
    unset(CMAKE_REQUIRED_LIBRARIES)
    set(_siphash_sqlite ${SIPHASH_HAVE_SQLITE3EXT})
  endif()
endif()
