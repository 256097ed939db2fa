#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks that every place that states libsiphash's version states the same
# one, and prints it.  The one source is SIPHASH_VERSION_* in
# include/siphash.h; each other place is read the way its own tool reads it
# (CMake configures a throw-away tree, setup.py answers --version, Meson's
# introspection, dpkg-parsechangelog) wherever that tool is installed, so a
# place that derives the version wrongly fails too, not only one that
# spells it wrongly.  Exit 1, naming each file that disagrees.
#   usage: scripts/check-version.sh [--quiet]
set -uo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
cd "$(dirname "$0")/.." || exit 2
quiet=0
[ "${1:-}" = --quiet ] && quiet=1

bad=0
say() { [ $quiet -eq 1 ] || echo "$@"; }
disagree() { # disagree FILE WHAT FOUND
    echo "check-version: $1: $2 is '$3', include/siphash.h says $version" >&2
    bad=1
}

h=include/siphash.h
part() { sed -n "s/^#define SIPHASH_VERSION_$1 \\([0-9][0-9]*\\)\$/\\1/p" "$h"; }
version=$(sed -n 's/^#define SIPHASH_VERSION_STRING "\(.*\)"$/\1/p' "$h")
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    echo "check-version: $h: SIPHASH_VERSION_STRING '$version' is not MAJOR.MINOR.PATCH" >&2
    exit 1
fi
parts="$(part MAJOR).$(part MINOR).$(part PATCH)"
[ "$parts" = "$version" ] || disagree "$h" "SIPHASH_VERSION_MAJOR.MINOR.PATCH" "$parts"
major=${version%%.*}

# CMake: the version of the configured project, as its pkg-config file has it.
if command -v cmake >/dev/null; then
    tmp=$(mktemp -d)
    if cmake -S . -B "$tmp" -DSIPHASH_BUILD_TESTS=OFF -DSIPHASH_BUILD_TOOLS=OFF \
        -DSIPHASH_BUILD_BENCH=OFF -DSIPHASH_BUILD_EXAMPLES=OFF >"$tmp/log" 2>&1; then
        got=$(sed -n 's/^Version: //p' "$tmp/src/libsiphash.pc")
        [ "$got" = "$version" ] || disagree CMakeLists.txt "the CMake project's version (libsiphash.pc)" "$got"
    else
        cat "$tmp/log" >&2
        echo "check-version: CMakeLists.txt: cmake could not configure the project" >&2
        bad=1
    fi
    rm -rf "$tmp"
else
    say "check-version: cmake not installed, CMakeLists.txt not checked"
fi
# The SONAME is the major version (src/CMakeLists.txt, meson.build): a
# literal there would drift from it.
grep -q 'SOVERSION ${PROJECT_VERSION_MAJOR}' src/CMakeLists.txt ||
    { echo "check-version: src/CMakeLists.txt: SOVERSION is not \${PROJECT_VERSION_MAJOR}" >&2; bad=1; }

# Meson.
if command -v meson >/dev/null; then
    got=$(meson introspect meson.build --projectinfo 2>/dev/null |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])' 2>/dev/null)
else
    got=$(sed -n "s/^  version: '\\(.*\\)',\$/\\1/p" meson.build | head -n 1)
fi
[ "$got" = "$version" ] || disagree meson.build "the Meson project's version" "$got"

# The Python package (setup.py reads the header; ask it).
py=/usr/bin/python3
[ -x $py ] || py=python3
got=$(cd python && "$py" setup.py --version 2>/dev/null | tail -n 1)
[ "$got" = "$version" ] || disagree python/setup.py "the Python package's version" "$got"

# The PostgreSQL extension: its SQL has its own version (default_version),
# which changes only when its SQL does; the library inside is the
# amalgamation's, so the header's.  What must hold is that the install
# script of that SQL version exists.
sqlv=$(sed -n "s/^default_version = '\\(.*\\)'\$/\\1/p" postgresql/siphash.control)
[ -f "postgresql/siphash--$sqlv.sql" ] ||
    { echo "check-version: postgresql/siphash.control: default_version '$sqlv' has no postgresql/siphash--$sqlv.sql" >&2; bad=1; }

# The man pages' footers.
for m in docs/*.[0-9]; do
    got=$(sed -n 's/^\.TH [^"]*"[^"]*" "libsiphash \([^"]*\)".*/\1/p' "$m")
    [ "$got" = "$version" ] || disagree "$m" "the .TH line's version" "$got"
done

# CHANGELOG: the newest released section.
got=$(sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' CHANGELOG.md | head -n 1)
[ "$got" = "$version" ] || disagree CHANGELOG.md "the newest '## [x.y.z]' section" "$got"

# The tarball's name where the documentation shows it (the README's
# FetchContent URL, docs/releases.md).
for f in README.md docs/*.md; do
    for got in $(grep -o 'libsiphash-[0-9][0-9.]*[0-9]\.tar\.gz' "$f" | sort -u); do
        got=${got#libsiphash-}
        got=${got%.tar.gz}
        [ "$got" = "$version" ] || disagree "$f" "the release tarball's name's version" "$got"
    done
done

# Debian: the upstream part of the newest entry, and the library package's
# name carries the SONAME.
if [ -f debian/changelog ]; then
    got=$(sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p' debian/changelog)
    got=${got#*:}
    got=${got%-*}
    [ "$got" = "$version" ] || disagree debian/changelog "the newest entry's upstream version" "$got"
    grep -q "^Package: libsiphash$major\$" debian/control ||
        { echo "check-version: debian/control: no package libsiphash$major for SONAME $major" >&2; bad=1; }
fi

if [ $bad -ne 0 ]; then
    echo "check-version: the version is not the same everywhere (see above)" >&2
    exit 1
fi
say "check-version: $version everywhere (header, CMake, Meson, Python, man pages, CHANGELOG, docs$([ -f debian/changelog ] && echo ', Debian')); PostgreSQL SQL version $sqlv"
