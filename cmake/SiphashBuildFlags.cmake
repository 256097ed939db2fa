# SPDX-License-Identifier: MIT
# siphash_apply_build_flags(DIR): give every target built in DIR and its
# subdirectories our warning flags (plus -Werror with SIPHASH_WERROR and the
# sanitizers with SIPHASH_SANITIZE), target by target, and an optimization
# level when nobody chose one.
#
# Why not add_compile_options(): per target, the flags reach exactly the
# code we wrote, whatever way we were added to a build, and a subdirectory
# that compiles someone else's code (bench's copy of Linux) can still turn
# them down with its own target_compile_options(), which come after ours.
function(siphash_apply_build_flags dir)
  set(flags "")
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    list(APPEND flags -Wall -Wextra -Wpedantic)
    if(SIPHASH_WERROR)
      list(APPEND flags -Werror)
    endif()
  elseif(MSVC)
    list(APPEND flags /W4)
    if(SIPHASH_WERROR)
      list(APPEND flags /WX)
    endif()
  endif()
  # An optimization default.  A parent project that has no
  # CMAKE_BUILD_TYPE (CMake's own default: empty) compiles with no -O at
  # all, and an unoptimized SipHash is several times slower than the
  # figures we publish.  So when the configuration is empty and the C flags
  # name no optimization level, our targets (and only ours: the parent's
  # flags, cache and targets are untouched) get what a Release build uses.
  # A build type, or any -O/-O0/-Os in CMAKE_C_FLAGS, turns this off.
  if(NOT CMAKE_C_FLAGS MATCHES "(^| )[-/]O")
    if(MSVC)
      list(APPEND flags $<$<STREQUAL:$<CONFIG>,>:/O2>)
    elseif(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
      list(APPEND flags $<$<STREQUAL:$<CONFIG>,>:-O3>)
    endif()
  endif()
  set(san "")
  if(SIPHASH_SANITIZE OR SIPHASH_FUZZ)
    set(san -fsanitize=address,undefined)
    list(APPEND flags ${san} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  endif()
  # A libFuzzer build (SIPHASH_FUZZ, tests/fuzz): all our code carries the
  # fuzzer's coverage; the fuzz targets add the fuzzer's main themselves.
  if(SIPHASH_FUZZ)
    list(APPEND flags -fsanitize=fuzzer-no-link)
  endif()

  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    if(type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
      # Ours first, so the target's own options (e.g. -w for foreign
      # code) come after them and win.
      get_target_property(own ${t} COMPILE_OPTIONS)
      if(NOT own)
        set(own "")
      endif()
      set_property(TARGET ${t} PROPERTY COMPILE_OPTIONS ${flags} ${own})
      if(san AND NOT type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY)$")
        target_link_options(${t} PRIVATE ${san})
      endif()
    endif()
  endforeach()

  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(d IN LISTS subdirs)
    siphash_apply_build_flags(${d})
  endforeach()
endfunction()
