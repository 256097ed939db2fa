#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Quick start 2: installs what the tests need if missing, then builds and
# runs the whole test suite — every configuration of the CI matrix (gcc,
# clang, sanitizers, -m32, s390x and aarch64 under qemu, valgrind, install
# test), the CLI, consumers, benchmark smoke run and the trust checks.
# Each step is a script in .ci/; pass step names to run only some:
#   bash scripts/test.sh matrix cli
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh .ci/packages-*.txt || { echo "test.sh: installing dependencies failed"; exit 1; }

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(matrix batch cli consumers bench trust)
pass=0 fail=0 failed=()
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
done
echo
[ $fail -eq 0 ] || echo "failed steps: ${failed[*]}"
echo "steps: $pass passed, $fail failed"
[ $fail -eq 0 ]
