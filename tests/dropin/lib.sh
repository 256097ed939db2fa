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
#   dropin_fetch PKG [SUITE]
#                        the Debian 12 source package PKG unpacked afresh in
#                        $DROPIN_WORK; prints the source tree's path.  apt
#                        runs under a private configuration (a deb-src entry
#                        for bookworm, its own lists and archives under
#                        $DROPIN_CACHE): the machine's apt setup is untouched.
#                        SUITE (e.g. trixie) takes the package from another
#                        Debian release instead, through a configuration of
#                        its own, for a project whose Debian 12 version has
#                        no SipHash copy yet (Unbound 1.17; docs/adopting.md)
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
    local suite=${1:-bookworm} root=$DROPIN_CACHE/apt
    [[ $suite == bookworm ]] || root=$DROPIN_CACHE/apt-$suite
    mkdir -p "$root/lists/partial" "$root/archives/partial" "$root/sources.list.d"
    # Debian's archive, the same mirror the machine's own entries use.
    local uri
    uri=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
    uri=${uri:-http://deb.debian.org/debian}
    printf 'deb-src %s %s main\ndeb-src %s %s-updates main\n' \
        "$uri" "$suite" "$uri" "$suite" >"$root/sources.list"
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
    local pkg=$1 suite=${2:-bookworm} conf dl=$DROPIN_CACHE/src/$1
    [[ $suite == bookworm ]] || dl=$DROPIN_CACHE/src/$1-$suite
    conf=$(_dropin_apt_config "$suite")
    mkdir -p "$dl"
    if ! compgen -G "$dl/*.dsc" >/dev/null; then
        # One update per cache; a consumer script after the first reuses it.
        (
            flock 9
            [[ -n $(ls -A "$(dirname "$conf")/lists" 2>/dev/null | grep -v partial) ]] ||
                APT_CONFIG=$conf apt-get update -qq >&2
        ) 9>"$DROPIN_CACHE/apt.lock"
        # (|| return: a caller testing the result runs without errexit)
        (cd "$dl" && APT_CONFIG=$conf apt-get source --download-only -qq "$pkg" >&2) || return 1
    fi
    local dsc
    dsc=$(ls "$dl"/*.dsc | head -n 1)
    rm -rf "$DROPIN_WORK/$pkg"
    mkdir -p "$DROPIN_WORK"
    dpkg-source --no-check -x "$dsc" "$DROPIN_WORK/$pkg" >/dev/null || return 1
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
