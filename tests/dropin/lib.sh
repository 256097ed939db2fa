# SPDX-License-Identifier: MIT
# tests/dropin/lib.sh — what every consumer script of the dropin step shares
# (sourced by tests/dropin/<project>.sh, which .ci/dropin.sh runs).  A
# consumer script takes a Debian 12 source package, deletes the project's
# own SipHash file, builds it against the installed libsiphash through one
# of our compat headers, runs the project's own tests and ends with the line
#
#   dropin <project>: N passed, N failed
#
# (its own suite's counts), exiting non-zero when any test failed or the
# build broke.  The environment it gets from .ci/dropin.sh:
#
#   DROPIN_PREFIX  libsiphash installed there (include/, lib/, pkg-config)
#   DROPIN_WORK    a scratch directory of its own, emptied before each run
#   DROPIN_CACHE   downloaded source packages, kept between runs (the
#                  downloads only: every build starts from a fresh unpack)
#
# Functions:
#   dropin_fetch PKG     the Debian 12 source package PKG unpacked afresh in
#                        $DROPIN_WORK; prints the source tree's path.  apt
#                        runs under a private configuration (a deb-src entry
#                        for bookworm, its own lists and archives under
#                        $DROPIN_CACHE): the machine's apt setup is untouched
#   dropin_delete FILE…  deletes the project's SipHash files; each must exist
#                        (a new upstream that moved them fails loudly)
#   dropin_cflags        the compiler and linker flags for libsiphash from
#                        the installed pkg-config file (one line)
# shellcheck shell=bash
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points

: "${DROPIN_PREFIX:?run through .ci/dropin.sh}" "${DROPIN_WORK:?}" "${DROPIN_CACHE:?}"
DROPIN_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export PKG_CONFIG_PATH="$DROPIN_PREFIX/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export LD_LIBRARY_PATH="$DROPIN_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

_dropin_apt_config() {
    local root=$DROPIN_CACHE/apt
    mkdir -p "$root/lists/partial" "$root/archives/partial" "$root/sources.list.d"
    # Debian 12's archive, the same mirror the machine's own entries use.
    local uri
    uri=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
    printf 'deb-src %s bookworm main\ndeb-src %s bookworm-updates main\n' \
        "${uri:-http://deb.debian.org/debian}" "${uri:-http://deb.debian.org/debian}" >"$root/sources.list"
    cat >"$root/apt.conf" <<CONF
Dir::Etc::SourceList "$root/sources.list";
Dir::Etc::SourceParts "$root/sources.list.d";
Dir::State::Lists "$root/lists";
Dir::Cache "$root/cache";
Dir::Cache::archives "$root/archives";
APT::Sandbox::User "root";
CONF
    mkdir -p "$root/cache"
    printf '%s\n' "$root/apt.conf"
}

dropin_fetch() {
    local pkg=$1 conf dl=$DROPIN_CACHE/src/$1
    conf=$(_dropin_apt_config)
    mkdir -p "$dl"
    if ! compgen -G "$dl/*.dsc" >/dev/null; then
        # One update per cache; a consumer script after the first reuses it.
        (
            flock 9
            [[ -n $(ls -A "$DROPIN_CACHE/apt/lists" 2>/dev/null | grep -v partial) ]] ||
                APT_CONFIG=$conf apt-get update -qq >&2
        ) 9>"$DROPIN_CACHE/apt.lock"
        (cd "$dl" && APT_CONFIG=$conf apt-get source --download-only -qq "$pkg" >&2)
    fi
    local dsc
    dsc=$(ls "$dl"/*.dsc | head -n 1)
    rm -rf "$DROPIN_WORK/$pkg"
    mkdir -p "$DROPIN_WORK"
    dpkg-source --no-check -x "$dsc" "$DROPIN_WORK/$pkg" >/dev/null
    printf '%s\n' "$DROPIN_WORK/$pkg"
}

dropin_delete() {
    local f
    for f in "$@"; do
        [[ -e $f ]] || { echo "dropin: $f is not there to delete (did the upstream move it?)" >&2; return 1; }
        rm -- "$f"
        echo "dropin: deleted ${f#"$DROPIN_WORK"/}" >&2
    done
}

dropin_cflags() {
    pkg-config --cflags --libs libsiphash
}
