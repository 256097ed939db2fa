#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for the Debian packages (debian/, docs/releases.md "Debian
# packages"):
#   1. the release tarball (scripts/dist.sh, from a clone of HEAD so that
#      other steps' files in this tree cannot make it refuse) in a fresh
#      temporary directory, as libsiphash_VERSION.orig.tar.gz beside its
#      unpacked tree;
#   2. dpkg-buildpackage -us -uc -b there (debian/rules runs the library's
#      C tests, a Python known answer and the extension's pg_regress suite),
#      so every .deb lands in that directory, never beside this repository;
#   3. lintian on the .changes: any E: fails the step, warnings are printed
#      (each one that stays is explained in docs/releases.md);
#   4. apt-get install ./*.deb, and with the installed packages only: the
#      README's hello.c built with pkg-config (shared and static) and with
#      find_package(siphash), siphashsum on the paper's vector (and linked
#      against libsiphash1's libsiphash.so.1: DT_NEEDED, ldd, Depends), the
#      module imported by /usr/bin/python3 -I with a known answer, the
#      SQLite extension loaded by the sqlite3 shell from its installed path
#      with the known-answer files (tests/install/sqlite_vectors.sh), and
#      CREATE EXTENSION siphash on a throw-away server with a known answer;
#   5. apt-get purge of our packages and of whatever the install pulled in,
#      then the machine's package list compared with the one recorded
#      before the install: any difference fails the step.
# The purge, the server's stop and the temporary directory's removal run on
# any exit (a trap), so a failure half-way leaves nothing installed.
# About four minutes on 2 busy cores, nearly all of it dpkg-buildpackage.
# Packages: .ci/packages-debian.txt.
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages debian
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8

phase() { echo "debian: $1 in $((SECONDS - phase_start)) s"; phase_start=$SECONDS; }
phase_start=$SECONDS

ours=(libsiphash1 libsiphash-dev siphashsum python3-libsiphash postgresql-15-siphash libsqlite3-mod-siphash)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
pgbin=/usr/lib/postgresql/15/bin
# What postgresql-15-siphash installs; the postgresql step's
# `make -C postgresql install` installs the same three files.
pgfiles=(/usr/lib/postgresql/15/lib/siphash.so /usr/share/postgresql/15/extension/siphash.control
    /usr/share/postgresql/15/extension/siphash--1.0.sql)

# Installed packages and their states, sorted: what "as it was" means.
pkg_list() {
    dpkg-query -W -f='${db:Status-Status} ${binary:Package}\n' | awk '$1 != "not-installed"' | sort
}

for p in "${ours[@]}"; do
    if dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null | grep -qv '^not-installed$'; then
        echo "debian: $p is already on this machine (an earlier run or a user's install);" \
            "this step installs and purges it itself: apt-get purge ${ours[*]} first"
        exit 1
    fi
done

export PG_CONFIG=$pgbin/pg_config
# shellcheck source=postgresql/tempserver.sh
source "$SIPHASH_ROOT/postgresql/tempserver.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/siphash-debian.XXXXXX")
# Readable by all (mktemp made it 0700): the build's pg_regress cluster runs
# as the postgres user and loads the module from the package directory here.
chmod 755 "$work"
installed=0
status=0
cleanup() {
    local rc=$?
    set +e
    pg_temp_stop
    if [[ $installed -eq 1 ]]; then
        # Ours and anything apt-get pulled in for them: every package not
        # in the list recorded before the install.
        # By name: a package that was there and changed state is not
        # purged (the comparison below reports it).
        mapfile -t added < <(comm -13 <(awk '{print $2}' "$work/before.txt" | sort -u) \
            <(pkg_list | awk '{print $2}' | sort -u))
        if [[ ${#added[@]} -gt 0 ]]; then
            run apt-get purge -y -q "${added[@]}" >"$work/purge.log" 2>&1 ||
                { cat "$work/purge.log"; rc=1; }
        fi
        pkg_list >"$work/after.txt"
        if ! cmp -s "$work/before.txt" "$work/after.txt"; then
            echo "debian: the package list after the purge differs from the one before the install:"
            diff "$work/before.txt" "$work/after.txt"
            rc=1
        else
            echo "debian: purged ${added[*]}; the package list is as it was ($(wc -l <"$work/after.txt") packages)"
        fi
    fi
    # The files the postgresql step had installed go back where they were.
    if [[ -d $work/pg-aside ]]; then
        for f in "${pgfiles[@]}"; do
            [[ -e $work/pg-aside$f ]] && mv -f "$work/pg-aside$f" "$f"
        done
        echo "debian: restored the PostgreSQL extension files that were there before"
    fi
    rm -rf "$work"
    exit "$rc"
}
trap cleanup EXIT

# ------------------------------------------------------------- the tarball
run git clone -q "$SIPHASH_ROOT" "$work/clone"
run bash "$work/clone/scripts/dist.sh" "$work"
tarball=$(ls "$work"/libsiphash-*.tar.gz)
version=${tarball##*/libsiphash-}
version=${version%.tar.gz}
cp "$tarball" "$work/libsiphash_$version.orig.tar.gz"
tar -xzf "$tarball" -C "$work"
rm -rf "$work/clone"
src=$work/libsiphash-$version
[[ -f $src/debian/control ]] || { echo "debian: the tarball has no debian/"; exit 1; }
phase "tarball $version made and unpacked"

# ------------------------------------------------------------------ build
# No -dbgsym packages: nothing here installs them, and they would be the
# only packages of ./*.deb that are not ours.
export DEB_BUILD_OPTIONS="noautodbgsym parallel=$JOBS"
build_start=$SECONDS
if ! (cd "$src" && run dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
    tail -n 150 "$work/build.log"
    echo "debian: dpkg-buildpackage failed (the end of its output above)"
    exit 1
fi
build_time=$((SECONDS - build_start))
grep -E '^(dpkg-deb: building|dpkg-gensymbols|[0-9]+% tests passed| *All [0-9]+ tests passed|python3-libsiphash: )' \
    "$work/build.log" || true
ls -l "$work"/*.deb
phase "dpkg-buildpackage -us -uc -b"

# ---------------------------------------------------------------- lintian
changes=$(ls "$work"/libsiphash_*.changes)
lintian_args=(--tag-display-limit 0)
[[ $(id -u) -ne 0 ]] || lintian_args+=(--allow-root)
lintian "${lintian_args[@]}" "$changes" >"$work/lintian.txt" 2>&1 || true
echo "debian: lintian on ${changes##*/}:"
sed 's/^/    /' "$work/lintian.txt"
if grep -q '^E: ' "$work/lintian.txt"; then
    echo "debian: lintian reports errors: FAILED"
    exit 1
fi
echo "debian: lintian: no errors, $(grep -c '^W: ' "$work/lintian.txt" || true) warnings"
phase "lintian"

# ---------------------------------------------------------- install test
# A PostgreSQL extension installed by `make install` (the postgresql step)
# has the package's paths.  dpkg would overwrite those unowned files
# without a word and the purge would then delete them, so the order of
# the two steps would matter; moved aside here and put back on exit, the
# packaged files are the only ones during the test and the others are
# there again afterwards.
for f in "${pgfiles[@]}"; do
    if [[ -e $f ]]; then
        if owner=$(dpkg -S "$f" 2>/dev/null); then
            echo "debian: $f belongs to ${owner%%:*}, not ours: refusing to replace it"
            exit 1
        fi
        mkdir -p "$work/pg-aside$(dirname "$f")"
        mv "$f" "$work/pg-aside$f"
        echo "debian: moved aside $f (installed outside dpkg, put back afterwards)"
    fi
done

pkg_list >"$work/before.txt"
debs=("$work"/*.deb)
[[ ${#debs[@]} -eq ${#ours[@]} ]] ||
    { echo "debian: ${#debs[@]} .deb files, expected ${#ours[@]} (${ours[*]})"; exit 1; }
installed=1
run apt-get install -y -q --no-install-recommends "${debs[@]}" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; exit 1; }
for p in "${ours[@]}"; do
    dpkg-query -W -f='${Package} ${Version} ${db:Status-Status}\n' "$p"
done
phase "installed"

fail() { echo "debian: $*: FAILED"; status=1; }
t=$work/test
mkdir -p "$t"
cd "$t" || exit 1

# The README's hello.c and find_package lines as printed in the tarball,
# against /usr only: no PKG_CONFIG_PATH, no CMAKE_PREFIX_PATH, and the
# files found are checked to be the packaged ones (not a /usr/local copy).
doc_block() { # doc_block FILE NAME: the fenced block after "<!-- test: NAME -->"
    awk -v want="<!-- test: $2 -->" '
        $0 == want { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { done = 1; exit }
        found == 2 { print }
        END { exit !done }' "$1"
}
doc_block "$src/README.md" hello.c >hello.c
doc_block "$src/README.md" find_package >CMakeLists.txt
unset PKG_CONFIG_PATH CMAKE_PREFIX_PATH
pcdir=$(pkg-config --variable=pcfiledir libsiphash)
[[ $pcdir == /usr/lib/$multiarch/pkgconfig ]] || fail "pkg-config finds libsiphash in $pcdir"
dpkg -S "$pcdir/libsiphash.pc" | grep -q '^libsiphash-dev:' || fail "libsiphash.pc is not libsiphash-dev's"
# shellcheck disable=SC2046
run cc -std=c11 hello.c $(pkg-config --cflags --libs libsiphash) -o hello-pc
# shellcheck disable=SC2046
run cc -std=c11 hello.c $(pkg-config --cflags --static libsiphash) -l:libsiphash.a -o hello-static
run cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >cmake.log 2>&1 || { cat cmake.log; fail "find_package configure"; }
run cmake --build build >>cmake.log 2>&1 || { cat cmake.log; fail "find_package build"; }
grep -q "^siphash_DIR:PATH=/usr/lib/$multiarch/cmake/siphash$" build/CMakeCache.txt ||
    fail "find_package found $(grep '^siphash_DIR' build/CMakeCache.txt)"
for exe in hello-pc hello-static build/app; do
    out=$(./"$exe" | head -n 1) || true
    [[ $out == a129ca6149be45e5 ]] || fail "$exe printed '$out', not a129ca6149be45e5"
done
for exe in hello-pc build/app; do
    lib=$(ldd "$exe" | awk '$1 == "libsiphash.so.1" {print $3}')
    if [[ -z $lib ]] || ! dpkg -S "$(readlink -f "$lib")" | grep -q '^libsiphash1:'; then
        fail "$exe does not load libsiphash1's library (ldd: ${lib:-none})"
    fi
done
if grep -q libsiphash <<<"$(ldd hello-static 2>&1)"; then fail "hello-static loads libsiphash.so"; fi
echo "debian: hello.c with pkg-config (shared, static) and find_package(siphash): a129ca6149be45e5, libsiphash1's library"

# siphashsum: the paper's vector, the reference output bytes.
dpkg -S /usr/bin/siphashsum | grep -q '^siphashsum:' || fail "/usr/bin/siphashsum is not the package's"
got=$(printf '%b' "$(printf '\\x%02x' $(seq 0 14))" |
    SIPHASH_KEY=000102030405060708090a0b0c0d0e0f /usr/bin/siphashsum - | awk '{print $1}')
got=${got##*:}
[[ $got == e545be4961ca29a1 ]] || fail "siphashsum printed '$got' for the paper's vector"
man -w siphashsum >/dev/null 2>&1 || [[ -f /usr/share/man/man1/siphashsum.1.gz ]] || fail "no siphashsum(1)"
# Linked against the packaged shared library, not a static copy: it needs
# libsiphash.so.1, takes the library's functions from it, loads
# libsiphash1's file, and the package depends on libsiphash1.
dyn=$(readelf -d /usr/bin/siphashsum)
grep -q '(NEEDED) *Shared library: \[libsiphash\.so\.1\]' <<<"$dyn" ||
    fail "/usr/bin/siphashsum has no DT_NEEDED libsiphash.so.1 (a static link?): $(grep NEEDED <<<"$dyn" | tr -s ' ' | tr '\n' ' ')"
undef=$(nm -D --undefined-only /usr/bin/siphashsum)
grep -qw 'siphash_key_from_bytes' <<<"$undef" || fail "/usr/bin/siphashsum does not import siphash_key_from_bytes"
lib=$(ldd /usr/bin/siphashsum | awk '$1 == "libsiphash.so.1" {print $3}')
if [[ -z $lib ]] || ! dpkg -S "$(readlink -f "$lib")" | grep -q '^libsiphash1:'; then
    fail "/usr/bin/siphashsum does not load libsiphash1's library (ldd: ${lib:-none})"
fi
deps=$(dpkg-query -W -f='${Depends}' siphashsum)
grep -q 'libsiphash1 (>= ' <<<"$deps" || fail "siphashsum's Depends ($deps) lacks libsiphash1"
echo "debian: /usr/bin/siphashsum: e545be4961ca29a1 for the paper's vector; needs $lib (libsiphash1); Depends: $deps"

# SQLite: the packaged module, from its installed path, in Debian's sqlite3
# shell: only its entry point exported, and the known-answer files.
ext=/usr/lib/$multiarch/sqlite3/siphash.so
dpkg -S "$ext" 2>/dev/null | grep -q '^libsqlite3-mod-siphash:' || fail "$ext is not libsqlite3-mod-siphash's"
syms=$(nm -D --defined-only "$ext" | awk 'NF >= 3 { print $3 }')
[[ $syms == sqlite3_siphash_init ]] || fail "$ext exports '${syms//$'\n'/ }', not just sqlite3_siphash_init"
bash "$src/tests/install/sqlite_vectors.sh" /usr/bin/sqlite3 "${ext%.so}" "$src/tests/vectors" ||
    fail "the packaged SQLite extension"

# Python: Debian's interpreter, isolated (-I: no PYTHONPATH, no user site,
# not this directory), outside any venv.
/usr/bin/python3 -I - <<'PY' || fail "python3-libsiphash"
import libsiphash
want = "/usr/lib/python3/dist-packages/libsiphash/"
assert libsiphash.__file__.startswith(want), libsiphash.__file__
b = bytes(range(16))
got = libsiphash.siphash(b[:15], b)
assert got == 0xa129ca6149be45e5, hex(got)
assert libsiphash.siphash24(b[:15], key=b).hexdigest() == "e545be4961ca29a1"
print("debian: /usr/bin/python3 imports", libsiphash.__file__, "- the paper's vector agrees")
PY

# PostgreSQL: a throw-away server of the packaged PostgreSQL 15 loading
# the packaged module.
for f in "${pgfiles[@]}"; do
    dpkg -S "$f" 2>/dev/null | grep -q '^postgresql-15-siphash:' || fail "$f is not postgresql-15-siphash's"
done
pg_temp_start
psql -X -q -d postgres -c 'CREATE EXTENSION siphash'
got=$(psql -X -At -d postgres -c "SELECT lpad(to_hex(siphash24('\\x000102030405060708090a0b0c0d0e'::bytea,
    '\\x000102030405060708090a0b0c0d0e0f'::bytea)), 16, '0')")
[[ $got == a129ca6149be45e5 ]] || fail "siphash24() in SQL gave '$got'"
libdir=$(psql -X -At -d postgres -c "SELECT setting FROM pg_config WHERE name = 'PKGLIBDIR'")
[[ $libdir == /usr/lib/postgresql/15/lib ]] || fail "the server's \$libdir is $libdir"
pg_temp_stop
echo "debian: CREATE EXTENSION siphash on PostgreSQL 15 with the packaged module: a129ca6149be45e5"
cd "$SIPHASH_ROOT" || exit 1
phase "install test"

[[ $status -eq 0 ]] || exit "$status"
echo "debian: dpkg-buildpackage took $build_time s"
