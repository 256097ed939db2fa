#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Does every shell script of the tree that changes directory make itself
# immune to an exported CDPATH before its first cd?  bash looks a relative
# directory without a leading ./ up in CDPATH first (`cd scripts/..`,
# `cd build`), so a maker's CDPATH can send a script into another checkout,
# where it then works on the wrong files or fails with a misleading message
# (and cd prints the directory it found, into any $(cd X && pwd)).
#
# Immune: an `unset CDPATH` line before the first cd, or, first, a
# `source` of a file that is immune itself (the CI steps source
# .ci/lib.sh).  The scripts are the git-tracked files named *.sh or *.bash
# or starting with a sh/bash #! line; a cd is `cd` or `pushd` as a word
# outside a comment (a cd in a string or here-document counts too: the
# strict side).  tests/release/dist_hostile.sh runs dist.sh and
# check-version.sh under a decoy CDPATH; this covers the scripts it does
# not run.  Run by CI's release step (.ci/release.sh).
#   usage: tests/release/cdpath.sh [REPO]    (default: this checkout)
set -uo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points

root=${1:-$(dirname "${BASH_SOURCE[0]}")/../..}
root=$(cd "$root" && pwd) || exit 2
cd "$root" || exit 2

cd_re='(^|[^[:alnum:]_./-])(cd|pushd)([[:space:]]|$)'
# first_line FILE ERE: the number of the first line matching, comments
# (from a # at the start of a word to the end of the line) left out.
first_line() {
    sed -E 's/(^|[[:space:]])#.*$//' "$1" | grep -nE "$2" | head -n 1 | cut -d: -f1
}
# sourced_first FILE BEFORE: the files FILE sources on its lines before
# BEFORE, one a line ($(dirname "${BASH_SOURCE[0]}") and $(dirname "$0")
# read as FILE's directory; other forms are not followed).
sourced_first() {
    local dir
    dir=$(dirname "$1")
    head -n "$(($2 - 1))" "$1" | grep -E '^[[:space:]]*(source|\.)[[:space:]]' |
        sed -E -e 's/^[[:space:]]*(source|\.)[[:space:]]+//' -e 's/"//g' \
            -e "s|\\\$\\(dirname \\\$\\{BASH_SOURCE\\[0\\]\\}\\)|$dir|" -e "s|\\\$\\(dirname \\\$0\\)|$dir|" \
            -e 's/[[:space:]].*$//'
}
# immune FILE: 0 when FILE unsets CDPATH (or sources an immune file)
# before its first cd, or never changes directory.
immune() {
    local f=$1 first unset s
    first=$(first_line "$f" "$cd_re")
    [[ -z $first ]] && return 0
    unset=$(first_line "$f" '^[[:space:]]*unset[[:space:]]+CDPATH([[:space:]]|$)')
    [[ -n $unset && $unset -lt $first ]] && return 0
    while IFS= read -r s; do
        [[ -f $s && $s != "$f" ]] && immune "$s" && [[ -n $(first_line "$s" '^[[:space:]]*unset[[:space:]]+CDPATH') ]] &&
            return 0
    done < <(sourced_first "$f" "$first")
    return 1
}

scripts=0 moving=0 bad=0
while IFS= read -r f; do
    [[ -f $f ]] || continue
    case $f in
        *.sh | *.bash) ;;
        *) head -n 1 "$f" | grep -qE '^#!.*(/|env +)(ba)?sh([[:space:]]|$)' || continue ;;
    esac
    scripts=$((scripts + 1))
    [[ -n $(first_line "$f" "$cd_re") ]] && moving=$((moving + 1))
    if ! immune "$f"; then
        echo "cdpath: $f: line $(first_line "$f" "$cd_re") changes directory before any 'unset CDPATH'"
        bad=$((bad + 1))
    fi
done < <(git ls-files)
if [[ $bad -ne 0 ]]; then
    echo "cdpath: $bad of $moving scripts that change directory follow the caller's CDPATH: FAILED"
    exit 1
fi
echo "cdpath: $scripts shell scripts, $moving change directory, each after unsetting CDPATH"
