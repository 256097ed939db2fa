#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Quick start 2: installs what the tests need if missing, then builds and
# runs the whole test suite — every configuration of the CI matrix (gcc,
# clang, sanitizers, -m32, s390x and aarch64 under qemu, valgrind, install
# test), the batch paths, the CLI, consumers, C++ (siphash.hpp with g++ and
# clang++, C++17 and C++20), benchmark smoke run, the
# trust checks, adoption (subproject, amalgamation, Meson, Linux sources),
# the other systems' key sources, Windows (mingw-w64 under Wine), the
# Python binding, the PostgreSQL and SQLite extensions, DPDK's rte_hash,
# and the release (version, tarball and distcheck, ABI, Debian packages).  Each step is a script in .ci/ (sharing
# .ci/lib.sh) with its Debian packages in .ci/packages-<step>.txt; pass
# step names to run only some:
#   bash scripts/test.sh matrix cli
# The matrix runs first: later steps reuse its build directories
# (build-ci/, or SIPHASH_CI_DIR) instead of building the same trees again.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

steps=("$@")
# The matrix first (later steps reuse its builds); about 35-40 minutes in
# all on 2 cores, each step's time printed at the end.
[ ${#steps[@]} -gt 0 ] || steps=(matrix batch cli consumers cpp dpdk bench trust adopt rng windows python postgresql sqlite release abi debian)

lists=()
for s in "${steps[@]}"; do
  [ -f ".ci/packages-$s.txt" ] && lists+=(".ci/packages-$s.txt")
done
if [ ${#lists[@]} -gt 0 ]; then
  bash scripts/deps.sh "${lists[@]}" || { echo "test.sh: installing dependencies failed"; exit 1; }
fi

pass=0 fail=0 failed=() times=()
total_start=$SECONDS
for s in "${steps[@]}"; do
  f=".ci/$s.sh"
  if [ ! -f "$f" ]; then
    echo "test.sh: no step '$s' ($f missing)"; fail=$((fail + 1)); failed+=("$s"); continue
  fi
  echo; echo "======== step $s ========"
  start=$SECONDS
  if bash "$f"; then
    pass=$((pass + 1)); verdict=passed
  else
    fail=$((fail + 1)); failed+=("$s"); verdict=FAILED
  fi
  echo "======== step $s $verdict in $((SECONDS - start)) s ========"
  times+=("$(printf '%-10s %-7s %5d s' "$s" "$verdict" "$((SECONDS - start))")")
done
echo
echo "======== step times ($((SECONDS - total_start)) s in all)"
printf '%s\n' "${times[@]}"
[ $fail -eq 0 ] || echo "failed steps: ${failed[*]}"
echo "steps: $pass passed, $fail failed"
[ $fail -eq 0 ]
