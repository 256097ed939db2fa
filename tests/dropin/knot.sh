#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/dropin/knot.sh — Knot DNS 3.2 (Debian 12 source package "knot")
# with its copy of OpenBSD's SipHash (src/contrib/openbsd/siphash.[ch])
# deleted and include/compat/openbsd/siphash.h in its place, running Knot's
# own test suite (tests/, the TAP harness tap/runtests).  Contract:
# tests/dropin/lib.sh.  Docs: docs/adopting.md (Knot DNS).
#
# Steps, and what each changes in Knot (nothing else is touched):
#  1. Before deleting: the copy itself, compiled with its functions
#     renamed, against our header for every length 0..1024, random keys and
#     splits, changing round counts (tests/dropin/knot_original_diff.c).
#  2. Delete the two files.  Their two lines in src/contrib/Makefile.inc
#     (libcontrib_la_SOURCES) go too, since automake would otherwise look
#     for them; autoreconf regenerates the Makefiles.  That is the only
#     build change.
#  3. Point the build at ours: Knot includes "contrib/openbsd/siphash.h"
#     (and tests/contrib/test_siphash.c includes "contrib/openbsd/siphash.c"
#     to test the copy in place), so a directory outside the tree, first on
#     the include path after Knot's own src/, holds two one-line files of
#     that name forwarding to the installed header: the test then tests the
#     library.  CPPFLAGS also defines SIPHASH_OPENBSD_END_LE, the End Knot's
#     copy returns (its bytes are the digest; see the header).  LIBS gets
#     -lsiphash.
#  4. Configure only the libraries (libknot, libdnssec, libzscanner,
#     libcontrib): no daemon, utilities, modules, docs, XDP, QUIC, dnstap.
#     make check runs every test program of that configuration except
#     contrib/test_spinlock, which links the daemon's thread pool (dt_*,
#     libknotd) and so does not link without the daemon (a Knot build
#     bug, unrelated to hashing); the suite's own counts are printed.
#  5. Proof the copy is gone (below).
# shellcheck source=tests/dropin/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

src=$(dropin_fetch knot)
cd "$src" || exit 1
jobs=${JOBS:-2}

# 1. The original against ours, while the original is still there.
diff_dir=$DROPIN_WORK/original-diff
mkdir -p "$diff_dir"
renames=(-DSipHash_Init=orig_SipHash_Init -DSipHash_Update=orig_SipHash_Update
    -DSipHash_End=orig_SipHash_End -DSipHash=orig_SipHash -Dmemzero=orig_memzero)
"${CC:-cc}" -O2 -c src/contrib/openbsd/siphash.c -Isrc "${renames[@]}" -o "$diff_dir/original.o"
# shellcheck disable=SC2046 # pkg-config's words are separate flags
"${CC:-cc}" -O2 -std=c11 -DSIPHASH_OPENBSD_END_LE -I"$DROPIN_ROOT/include" -I"$DROPIN_ROOT/tests/support" \
    "$DROPIN_ROOT/tests/dropin/knot_original_diff.c" "$diff_dir/original.o" \
    $(pkg-config --libs libsiphash) -o "$diff_dir/knot_original_diff"
"$diff_dir/knot_original_diff" || { echo "dropin knot: our header differs from Knot's copy" >&2; exit 1; }

# 2. Delete the copy, and its two lines in the library's source list.
dropin_delete src/contrib/openbsd/siphash.c src/contrib/openbsd/siphash.h
grep -c 'contrib/openbsd/siphash\.[ch]' src/contrib/Makefile.inc | grep -qx 2 ||
    { echo "dropin knot: src/contrib/Makefile.inc does not list siphash.[ch] as expected" >&2; exit 1; }
sed -i '/contrib\/openbsd\/siphash\.[ch]/d' src/contrib/Makefile.inc
autoreconf -fi >"$DROPIN_WORK/autoreconf.log" 2>&1 || { cat "$DROPIN_WORK/autoreconf.log"; exit 1; }

# 3. Knot's include names, forwarding to the installed compat header.
shim=$DROPIN_WORK/shim
mkdir -p "$shim/contrib/openbsd"
printf '/* dropin: Knot'"'"'s name for the installed compat header */\n#include <siphash-compat/openbsd/siphash.h>\n' \
    >"$shim/contrib/openbsd/siphash.h"
printf '/* dropin: the implementation is libsiphash now */\n#include "contrib/openbsd/siphash.h"\n' \
    >"$shim/contrib/openbsd/siphash.c"

# 4. Configure the libraries, build, run the suite.
./configure --disable-daemon --disable-modules --disable-utilities --disable-documentation \
    --disable-fastparser --disable-xdp --disable-quic --disable-dnstap --disable-maxminddb \
    --without-libidn --without-libnghttp2 --disable-static --disable-dependency-tracking \
    CPPFLAGS="-I$shim $(pkg-config --cflags libsiphash) -DSIPHASH_OPENBSD_END_LE" \
    LIBS="$(pkg-config --libs libsiphash)" >"$DROPIN_WORK/configure.log" 2>&1 ||
    { tail -n 40 "$DROPIN_WORK/configure.log"; exit 1; }
make -j "$jobs" >"$DROPIN_WORK/make.log" 2>&1 || { tail -n 60 "$DROPIN_WORK/make.log"; exit 1; }

progs=$(make -s -C tests -f Makefile -f - dropin-print-check-programs <<'MAKE'
dropin-print-check-programs:
	@echo $(check_PROGRAMS)
MAKE
)
kept=()
for p in $progs; do [[ $p == contrib/test_spinlock ]] || kept+=("$p"); done
[[ " ${kept[*]} " == *" contrib/test_siphash "* && " ${kept[*]} " == *" libknot/test_cookies "* ]] ||
    { echo "dropin knot: test_siphash or test_cookies is not in the suite" >&2; exit 1; }
echo "dropin knot: ${#kept[@]} test programs (contrib/test_spinlock left out: needs the daemon)"
check_status=0
make -j "$jobs" -C tests check check_PROGRAMS="${kept[*]}" >"$DROPIN_WORK/check.log" 2>&1 || check_status=$?
# runtests' own report: one line per test program, then the totals (and
# on failure its table of failing programs).
log=$DROPIN_WORK/check.log
grep -E '^[a-z]+/test_[^ ]*\.{2,}|^[a-z]+/test_[^ ]* +[0-9]+/[0-9]+|^All tests|^Failed|^Aborted|^Files=' "$log" || true
[[ $check_status -eq 0 ]] || tail -n 60 "$log"

# 5. The proof that the copy is gone and libsiphash does the hashing: no
#    siphash object in libcontrib.a, no global SipHash_* anywhere (a static
#    copy of one of the header's inline functions would be local, and is
#    ours), libknot.so and the siphash test need libsiphash.so.1 and take
#    siphash_* from it, and libsiphash defines each of those.
proof_fail=0
if ar t src/.libs/libcontrib.a | grep -i siphash; then
    echo "dropin knot: libcontrib.a still has a SipHash object" >&2
    proof_fail=1
fi
if nm src/.libs/libknot.so src/.libs/libcontrib.a 2>/dev/null | grep -E ' [TDBR] SipHash'; then
    echo "dropin knot: a global SipHash_* definition is still in Knot" >&2
    proof_fail=1
fi
for f in src/.libs/libknot.so tests/contrib/.libs/test_siphash; do
    needed=$(readelf -d "$f" | sed -n 's/.*Shared library: \[\(libsiphash[^]]*\)\].*/\1/p')
    from=$(nm -D --undefined-only "$f" | awk '$2 ~ /^siphash/ {print $2}' | tr '\n' ' ')
    echo "dropin knot: $f needs ${needed:-NO libsiphash}; takes from it: ${from:-nothing}"
    [[ -n $needed && -n $from ]] || proof_fail=1
    for sym in $from; do
        nm -D --defined-only "$DROPIN_PREFIX/lib/libsiphash.so" | grep -q " T $sym\$" ||
            { echo "dropin knot: $sym is not defined by libsiphash" >&2; proof_fail=1; }
    done
done
[[ $proof_fail -eq 0 ]] && echo "dropin knot: proof: Knot's SipHash copy is gone, libsiphash hashes"

# The suite's counts: runtests' test cases (skipped ones left out), from
# its "Files=N,  Tests=T" line and "All tests successful" / "Failed F/T
# tests" / "..., passed P/T tests" (aborted or killed programs).
total=$(sed -n 's/^Files=[0-9]*, *Tests=\([0-9]*\).*/\1/p' "$log" | tail -n 1)
failed=
if [[ -n $total ]]; then
    if grep -q '^All tests successful' "$log"; then
        failed=0
    elif grep -q '^Failed [0-9]*/' "$log"; then
        failed=$(sed -n 's/^Failed \([0-9]*\)\/.*/\1/p' "$log" | tail -n 1)
    elif grep -q 'passed [0-9]*/[0-9]* tests' "$log"; then
        failed=$((total - $(sed -n 's/.*passed \([0-9]*\)\/[0-9]* tests.*/\1/p' "$log" | tail -n 1)))
    fi
fi
if [[ -z $failed ]]; then
    echo "dropin knot: no totals from runtests" >&2
    total=1 failed=1
fi
echo "dropin knot: $((total - failed)) passed, $failed failed"
[[ $check_status -eq 0 && $failed -eq 0 && $proof_fail -eq 0 ]]
