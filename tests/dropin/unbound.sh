#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/dropin/unbound.sh — Unbound with util/siphash.c (the reference
# implementation, used for DNS server cookies) deleted, built against
# libsiphash through include/compat/reference/siphash.h, running its own
# unit tests (`make unittest && ./unittest`) and testbound on its cookie
# scenarios (testdata/*cookie*.rpl, the code that calls siphash()).  Run by
# .ci/dropin.sh (contract in lib.sh).
#
# Which source package: Debian 12's Unbound is 1.17.1, which has no SipHash
# at all (server cookies and util/siphash.c came with 1.18).  So this takes
# the first Debian release whose Unbound carries the copy, Debian 13
# (trixie), when Debian 12's has none.  Where that source package cannot be
# downloaded (a mirror that serves bookworm only), the script says so and
# exits 77: .ci/dropin.sh reports Unbound as skipped, never as passed.
#
# The build, without a patch to Unbound (docs/adopting.md, Unbound):
# - util/edns.c declares `int siphash(const uint8_t *, ...)` itself and
#   includes no SipHash header, so the compat header comes in through
#   CPPFLAGS: -include <compat>/reference/siphash.h, with
#   -DSIPHASH_REFERENCE_UINT8 for that same prototype (a static inline
#   definition that Unbound's own declaration then agrees with), and
#   -D_GNU_SOURCE: the forced header includes <stdint.h> before Unbound's
#   config.h could define it (glibc reads the feature macros once), and
#   config.h defines it anyway (as 1: the same definition);
# - its Makefile names util/siphash.c / siphash.lo in its source and
#   object lists: every make variable that does is given on make's command
#   line without that entry (the values read from `make -p`), the way one
#   overrides a variable; the Makefile itself is untouched;
# - LIBS gets -lsiphash.
# shellcheck source=tests/dropin/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

src=$(dropin_fetch unbound)
if [[ ! -e $src/util/siphash.c ]]; then
    echo "dropin unbound: Debian 12's $(basename "$(ls "$DROPIN_CACHE"/src/unbound/*.dsc)" .dsc) has no util/siphash.c (Unbound < 1.18); taking Debian 13's" >&2
    if ! src=$(dropin_fetch unbound trixie); then
        echo "dropin unbound: SKIPPED: Debian 13's unbound source package could not be downloaded here" >&2
        exit 77
    fi
fi
dropin_delete "$src/util/siphash.c"

compat=$DROPIN_PREFIX/include/siphash-compat/reference
lib=$DROPIN_PREFIX/lib
cd "$src"
./configure --disable-flto --without-pythonmodule --without-pyunbound --disable-dnstap \
    --disable-systemd --without-libevent --without-libhiredis --without-libnghttp2 \
    CPPFLAGS="-D_GNU_SOURCE -include $compat/siphash.h -DSIPHASH_REFERENCE_UINT8" \
    LDFLAGS="-L$lib -Wl,-rpath,$lib" LIBS=-lsiphash >"$DROPIN_WORK/configure.log" 2>&1 ||
    { tail -n 40 "$DROPIN_WORK/configure.log"; exit 1; }

# The Makefile's lists without the deleted file: VAR='value' for each.
overrides=()
while IFS= read -r line; do
    var=${line%% *} value=${line#*= }
    value=$(sed -E 's#(^| )(\$\(BUILD\))?(util/)?siphash\.(c|lo|o)( |$)# #g' <<<"$value")
    overrides+=("$var=$value")
done < <(make -pn unittest 2>/dev/null | grep -E '^[A-Za-z_]+ :?= .*siphash\.(c|lo)' | sort -u)
echo "dropin unbound: make variables without siphash: ${overrides[*]%%=*}"

{
    make -j "${JOBS:-2}" "${overrides[@]}" unittest
    make -j "${JOBS:-2}" "${overrides[@]}" testbound
} >"$DROPIN_WORK/build.log" 2>&1 || { tail -n 60 "$DROPIN_WORK/build.log"; exit 1; }

# The deletion is real: no siphash.lo built, and the programs take SipHash
# from libsiphash (the header is inline over its exported functions).
[[ ! -e siphash.lo && ! -e .libs/siphash.o ]] || { echo "dropin unbound: siphash.lo was built" >&2; exit 1; }
for bin in unittest testbound; do
    ldd "$bin" | grep "$lib/libsiphash.so" >/dev/null || { echo "dropin unbound: $bin does not load libsiphash" >&2; exit 1; }
    echo "dropin unbound: $bin: libsiphash.so loaded; SipHash from libsiphash: $(nm -D --undefined-only "$bin" | awk '/siphash/ {print $2}' | sort | tr '\n' ' ')"
done

passed=0 failed=0
# unittest aborts at the first failed assertion; it ends with "N checks ok."
if ./unittest >"$DROPIN_WORK/unittest.log" 2>&1; then
    n=$(grep -Eo '^[0-9]+ checks ok' "$DROPIN_WORK/unittest.log" | grep -Eo '^[0-9]+' || echo 0)
    echo "dropin unbound: unittest: $n checks ok"
    passed=$((passed + n))
    [[ $n -gt 0 ]] || failed=$((failed + 1))
else
    tail -n 20 "$DROPIN_WORK/unittest.log"
    failed=$((failed + 1))
fi
# testbound: each cookie scenario is one test.
for rpl in testdata/*cookie*.rpl; do
    [[ -e $rpl ]] || { echo "dropin unbound: no testdata/*cookie*.rpl here: testbound not run" >&2; break; }
    if ./testbound -p "$rpl" >"$DROPIN_WORK/$(basename "$rpl").log" 2>&1; then
        passed=$((passed + 1))
        echo "dropin unbound: testbound $(basename "$rpl"): ok"
    else
        failed=$((failed + 1))
        echo "dropin unbound: testbound $(basename "$rpl"): FAILED"
        tail -n 20 "$DROPIN_WORK/$(basename "$rpl").log"
    fi
done
echo "dropin unbound: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
