#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/dropin/expat.sh — expat 2.5.0 (Debian 12's source package, its
# patches applied) with lib/siphash.h deleted, built against libsiphash
# through include/compat/expat/siphash.h, running its own test suite:
# runtests and runtestspp (the same tests compiled as C++), which include
# test_siphash_self and test_siphash_spec and parse everything through
# the hash tables SipHash keys.  Run by .ci/dropin.sh (contract in lib.sh).
#
# Only the build flags change: the compat folder on the include path (its
# `#include "siphash.h"` then finds ours) and -lsiphash.  The build is
# Debian's own, autotools (debian/rules runs buildconf.sh and configure):
# Debian 12's security patches test `#if XML_DTD == 1`, which only
# configure's expat_config.h satisfies (expat 2.5.0's CMake defines XML_DTD
# empty).  xmlwf, the examples and the man page are not built; the test
# programs (`make check`'s check_PROGRAMS) and the shared library are.
# shellcheck source=tests/dropin/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

src=$(dropin_fetch expat)/expat
dropin_delete "$src/lib/siphash.h"

compat=$DROPIN_PREFIX/include/siphash-compat/expat
lib=$DROPIN_PREFIX/lib
cd "$src"
{
    ./buildconf.sh
    ./configure --without-xmlwf --without-examples --without-docbook \
        CPPFLAGS="-I$compat" LDFLAGS="-L$lib -Wl,-rpath,$lib" LIBS=-lsiphash
} >"$DROPIN_WORK/configure.log" 2>&1 || { tail -n 40 "$DROPIN_WORK/configure.log"; exit 1; }
{
    make -j "${JOBS:-2}" -C lib
    make -j "${JOBS:-2}" -C tests runtests runtestspp
} >"$DROPIN_WORK/build.log" 2>&1 || { tail -n 60 "$DROPIN_WORK/build.log"; exit 1; }
build=$src

# The deletion is real: no SipHash of expat's own left (its header's
# sip_round and the rounds' constant would be there), and each binary
# takes SipHash from libsiphash.so.  (No grep -q after a pipe here: under
# pipefail its early exit can kill the writer with SIGPIPE and fail the
# pipeline at random.)
for bin in "$build/tests/runtests" "$build/tests/runtestspp" "$build/lib/.libs/libexpat.so.1"; do
    name=${bin#"$build"/}
    ldd "$bin" | grep "$lib/libsiphash.so" >/dev/null || { echo "dropin expat: $name does not load libsiphash" >&2; exit 1; }
    if nm "$bin" | grep -w sip_round >/dev/null; then
        echo "dropin expat: $name still has expat's sip_round" >&2; exit 1
    fi
    echo "dropin expat: $name: libsiphash.so loaded, no sip_round; SipHash from libsiphash: $(nm -D --undefined-only "$bin" | awk '/siphash/ {print $2}' | sort | tr '\n' ' ')"
done

# expat's own suite, verbose (a PASS or FAIL line per test); each program
# ends with "100%: Checks: N, Failed: M".
passed=0 failed=0 status=0
for t in runtests runtestspp; do
    if "$build/tests/$t" -v >"$DROPIN_WORK/$t.log" 2>&1; then :; else status=1; fi
    grep -E '^FAIL|ERROR' "$DROPIN_WORK/$t.log" | head -n 20 || true
    line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failed: [0-9]+' "$DROPIN_WORK/$t.log" | tail -n 1)
    [[ -n $line ]] || { echo "dropin expat: $t printed no counts" >&2; tail -n 20 "$DROPIN_WORK/$t.log"; status=1; continue; }
    echo "dropin expat: $t: $line"
    checks=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
    fails=$(sed -E 's/.*Failed: ([0-9]+).*/\1/' <<<"$line")
    passed=$((passed + checks - fails)) failed=$((failed + fails))
    # expat's own SipHash tests (self-test and the paper's vector) must
    # have run and passed.
    for s in test_siphash_self test_siphash_spec; do
        grep -qx "PASS: $s" "$DROPIN_WORK/$t.log" || { echo "dropin expat: $t: no PASS: $s" >&2; status=1; }
    done
done
echo "dropin expat: $passed passed, $failed failed"
[[ $status -eq 0 && $failed -eq 0 ]]
