#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step "release": can the tree be released, and does the release build?
#   1. every place that states the version states the same one
#      (scripts/check-version.sh);
#   2. scripts/dist.sh twice: byte-identical tarballs, SHA256SUMS verifies;
#      in a scratch clone it refuses a changed file, a version mismatch and
#      a committed .gitattributes that would make the archive differ from
#      the commit's files, naming the cause and writing no tarball; then
#      tests/release/dist_hostile.sh: the same bytes, both files 0644,
#      whatever the maker's git configuration (line endings, filters,
#      attributes, replace refs at every level), umask, TZ, locale and
#      CDPATH; and tests/release/cdpath.sh: every script that changes
#      directory unsets CDPATH first;
#   3. distcheck: the tarball unpacked in an empty directory (no .git, no
#      ../shared beside it), built with CMake (-Werror, the differential
#      tests' OpenSSL and libsodium required) and its whole CTest suite run
#      (the random sweeps short, SIPHASH_TEST_QUICK=1),
#      then built and tested with Meson: a file the build or the tests need
#      but the tarball lacks fails here;
#   4. the README's FetchContent URL form, its placeholders filled with the
#      tarball's file:// URL and hash, builds hello.c and prints the paper's
#      answer; a wrong hash is refused.
# Packages: .ci/packages-release.txt.  About 5 minutes on 2 cores, most of
# it the distcheck build and suite, about 30 s the hostile dist.sh runs
# (docs/releases.md).
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages release

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
phase() { echo "release: $1 in $((SECONDS - phase_start)) s"; phase_start=$SECONDS; }
phase_start=$SECONDS

# ---------------------------------------------------------------- version
run bash scripts/check-version.sh
version=$(sed -n 's/^#define SIPHASH_VERSION_STRING "\(.*\)"$/\1/p' include/siphash.h)
name=libsiphash-$version

# ---------------------------------------------------------------- tarball
run bash scripts/dist.sh "$tmp/a"
run bash scripts/dist.sh "$tmp/b" >/dev/null
cmp "$tmp/a/$name.tar.gz" "$tmp/b/$name.tar.gz" ||
    { echo "release: two runs of dist.sh gave different tarballs"; exit 1; }
(cd "$tmp/a" && sha256sum -c SHA256SUMS)
tarball=$tmp/a/$name.tar.gz
sha=$(cut -d' ' -f1 "$tmp/a/SHA256SUMS")
echo "release: $name.tar.gz reproducible, $(wc -c <"$tarball") bytes, $(tar -tzf "$tarball" | wc -l) entries"

# expect_refusal WHY PATTERN: dist.sh in the scratch clone must fail, say
# PATTERN, and leave no tarball.
expect_refusal() {
    local out=$tmp/refused
    rm -rf "$out"
    if bash "$tmp/clone/scripts/dist.sh" "$out" >"$tmp/refusal.log" 2>&1; then
        echo "release: dist.sh made a tarball with $1"; exit 1
    fi
    grep -q -- "$2" "$tmp/refusal.log" ||
        { cat "$tmp/refusal.log"; echo "release: dist.sh's refusal ($1) does not name '$2'"; exit 1; }
    if compgen -G "$out/*.tar.gz" >/dev/null || compgen -G "$out/.*.tar.gz.*" >/dev/null; then
        echo "release: dist.sh refused ($1) but left a tarball behind"; exit 1
    fi
    echo "release: dist.sh refuses $1: $(grep -m1 -- "$2" "$tmp/refusal.log" | sed 's/^ *//')"
}
run git clone -q "$SIPHASH_ROOT" "$tmp/clone"
echo '<!-- changed -->' >>"$tmp/clone/README.md"
expect_refusal "a changed file" "M README.md"
git -C "$tmp/clone" checkout -q README.md
touch "$tmp/clone/forgotten.c"
expect_refusal "a file never added" "?? forgotten.c"
rm "$tmp/clone/forgotten.c"
sed -i "s/^  version: '$version',/  version: '9.9.9',/" "$tmp/clone/meson.build"
git -C "$tmp/clone" -c user.name=ci -c user.email=ci@localhost commit -q -am "a mismatched version"
expect_refusal "a version mismatch" "meson.build: the Meson project's version is '9.9.9'"
git -C "$tmp/clone" reset -q --hard HEAD~1
# A committed attribute that git archive obeys: the archive would lack the
# scripts, and dist.sh's check against the commit's blobs must catch it.
printf '*.sh export-ignore\n' >"$tmp/clone/.gitattributes"
git -C "$tmp/clone" add .gitattributes
git -C "$tmp/clone" -c user.name=ci -c user.email=ci@localhost commit -q -m "an export-ignore"
expect_refusal "an archive that is not the commit's files (export-ignore)" "the archive is not the commit's files"
for f in "$tmp/a/$name.tar.gz" "$tmp/a/SHA256SUMS"; do
    [[ $(stat -c %a "$f") == 644 ]] || { echo "release: $f is mode $(stat -c %a "$f"), not 644"; exit 1; }
done
phase "version checked, tarball made twice and compared, refusals checked"

# The same bytes whatever the maker's git configuration, umask, TZ, locale
# and CDPATH; and no script of the tree follows an exported CDPATH.
run bash tests/release/dist_hostile.sh "$SIPHASH_ROOT" "$tmp/hostile"
run bash tests/release/cdpath.sh
phase "dist.sh under hostile git configurations, umask, TZ, locale and CDPATH"

# -------------------------------------------------------------- distcheck
mkdir "$tmp/empty"
tar -xzf "$tarball" -C "$tmp/empty"
dc=$tmp/empty/$name
[[ $(ls -A "$tmp/empty") == "$name" && ! -e $dc/.git ]] ||
    { echo "release: the tarball unpacks to more than $name/, or with a .git"; exit 1; }
(
    cd "$dc"
    run cmake -S . -B build "${SIPHASH_CI_CMAKE_ARGS[@]}" "${SIPHASH_CI_NATIVE_ARGS[@]}" \
        -DCMAKE_BUILD_TYPE=Release >build.log 2>&1 || { cat build.log; exit 1; }
    run cmake --build build -j "$JOBS" >>build.log 2>&1 || { cat build.log; exit 1; }
    # Every test, each random sweep in its short form: what distcheck shows
    # is that the tarball builds and tests alone; the sweeps' depth is the
    # matrix's, on the same sources.
    SIPHASH_TEST_QUICK=1 run ctest --test-dir build -j "$JOBS" --output-on-failure
)
phase "distcheck: CMake build and the whole CTest suite from the tarball"
(
    cd "$dc"
    run meson setup build-meson --buildtype=release -Dwerror=true >meson.log 2>&1 ||
        { cat meson.log; exit 1; }
    run meson compile -C build-meson >>meson.log 2>&1 || { cat meson.log; exit 1; }
    run meson test -C build-meson --print-errorlogs
)
phase "distcheck: Meson build and tests from the tarball"

# ------------------------------------------------ FetchContent URL + hash
fc_block() { # the README's block after <!-- test: fetchcontent-url -->
    awk '$0 == "<!-- test: fetchcontent-url -->" { f = 1; next }
         f == 1 && /^```/ { f = 2; next } f == 2 && /^```/ { exit } f == 2 { print }' README.md
}
hello_c() {
    awk '$0 == "<!-- test: hello.c -->" { f = 1; next }
         f == 1 && /^```/ { f = 2; next } f == 2 && /^```/ { exit } f == 2 { print }' README.md
}
fc=$(fc_block)
grep -q 'URL_HASH SHA256=' <<<"$fc" || { echo "release: the README's fetchcontent-url block has no URL_HASH SHA256="; exit 1; }
# fc_parent DIR HASH: a parent project fetching the tarball by file:// URL.
fc_parent() {
    mkdir -p "$1"
    hello_c >"$1/hello.c"
    {
        echo 'cmake_minimum_required(VERSION 3.16)'
        echo 'project(app C)'
        sed -e "s|URL [^ ]*/$name.tar.gz|URL file://$tarball|" \
            -e "s|SHA256=<[^>]*>|SHA256=$2|" <<<"$fc"
        echo 'add_executable(app hello.c)'
        echo 'target_link_libraries(app PRIVATE siphash::siphash)'
    } >"$1/CMakeLists.txt"
}
fc_parent "$tmp/fc" "$sha"
grep -q "URL file://$tarball" "$tmp/fc/CMakeLists.txt" ||
    { echo "release: the README's URL line does not end in /$name.tar.gz"; exit 1; }
run cmake -S "$tmp/fc" -B "$tmp/fc/build" >"$tmp/fc.log" 2>&1 &&
    run cmake --build "$tmp/fc/build" -j "$JOBS" >>"$tmp/fc.log" 2>&1 || { cat "$tmp/fc.log"; exit 1; }
"$tmp/fc/build/app" | grep -qx a129ca6149be45e5 ||
    { echo "release: the app fetched by URL does not print the paper's answer"; exit 1; }
echo "release: FetchContent URL + URL_HASH of the tarball: built, a129ca6149be45e5"
fc_parent "$tmp/fc-bad" "$(printf '%064d' 0)"
if cmake -S "$tmp/fc-bad" -B "$tmp/fc-bad/build" >"$tmp/fc-bad.log" 2>&1; then
    echo "release: FetchContent accepted a tarball with the wrong hash"; exit 1
fi
grep -q -i 'hash mismatch\|does not match expected' "$tmp/fc-bad.log" ||
    { cat "$tmp/fc-bad.log"; echo "release: the wrong hash failed for another reason"; exit 1; }
echo "release: a wrong URL_HASH is refused"
phase "FetchContent from the tarball"
