#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Is scripts/dist.sh's tarball the same bytes whatever the release maker's
# git configuration, umask, time zone and locale?  Run by CI's release step
# (.ci/release.sh); docs/releases.md says what it promises.
#
#   usage: tests/release/dist_hostile.sh REPO WORKDIR
#
# Clones REPO's HEAD into WORKDIR (which must not exist or be empty) and
# runs that clone's scripts/dist.sh, first in a neutral environment (no
# system or global git configuration, umask 022, UTC, the C locale), then
# in fresh clones each set up as a hostile maker's could be: line-ending
# conversion (core.autocrlf, core.eol, text/eol attributes), a smudge filter
# and export-ignore from .git/info/attributes, a global, a system, a
# $HOME/.gitconfig and an environment-given (GIT_CONFIG_COUNT) configuration
# doing the same, a replace ref swapping a file's contents, tar.umask 0,
# umask 077, TZ=Pacific/Chatham, a Turkish UTF-8 locale (generated here with
# localedef, so that it exists), GZIP=--rsyncable and TAR_OPTIONS, and all
# of them at once; and an exported CDPATH naming a decoy checkout (another
# version committed, a build-dist of its own), with dist.sh and
# check-version.sh run as `bash scripts/X.sh` from the clone, so that every
# relative cd they make could follow it.  Every run must give the neutral run's tarball and
# SHA256SUMS byte for byte, both mode 0644.  The neutral tarball itself is
# checked against the commit without dist.sh's help: each file's bytes are
# `git cat-file blob`'s, each mode the tree's, and nothing else is in it.
# Prints one line per case and "N passed, N failed"; exit 1 if any failed.
set -uo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points

[[ $# -eq 2 ]] || { echo "usage: $0 REPO WORKDIR" >&2; exit 2; }
repo=$1
work=$2
mkdir -p "$work" || exit 2
[[ -z $(ls -A "$work") ]] || { echo "dist_hostile: $work is not empty" >&2; exit 2; }
work=$(cd "$work" && pwd)

# The neutral environment every case starts from: nothing of the caller's
# git, tar or gzip settings, nor its locale or time zone.
neutral=(env -i "PATH=$PATH" "HOME=$work/home" "TMPDIR=${TMPDIR:-/tmp}" LC_ALL=C TZ=UTC
    GIT_CONFIG_NOSYSTEM=1 "GIT_CONFIG_GLOBAL=/dev/null")
mkdir -p "$work/home"

# A locale that exists and is not C: tr_TR.UTF-8, where "i" upper-cases to
# "İ" (U+0130), built into a private directory (LOCPATH), the system's
# locales untouched.
mkdir -p "$work/locale"
localedef -i tr_TR -f UTF-8 "$work/locale/tr_TR.UTF-8" >"$work/localedef.log" 2>&1 || true
turkish=(LOCPATH="$work/locale" LC_ALL=tr_TR.UTF-8)
# shellcheck disable=SC2016  # expanded by the inner bash
if [[ $(env "${turkish[@]}" bash -c 'x=i; printf %s "${x^^}"') != $'\xc4\xb0' ]]; then
    cat "$work/localedef.log"
    echo "dist_hostile: could not make the tr_TR.UTF-8 locale (package locales): FAILED"
    exit 1
fi

# The hostile configuration: a smudge filter that marks every line, CRLF
# endings, a permissive tar umask, attributes from a global file.
cat >"$work/hostile.gitconfig" <<EOF
[core]
	autocrlf = true
	eol = crlf
	attributesFile = $work/hostile.attributes
[filter "evil"]
	smudge = sed 's/^/EVIL /'
	clean = cat
[tar]
	umask = 0
EOF
cat >"$work/hostile.attributes" <<'EOF'
* text=auto eol=crlf
*.c filter=evil
*.sh export-ignore
EOF
mkdir -p "$work/hostile-home/.config/git"
cp "$work/hostile.gitconfig" "$work/hostile-home/.gitconfig"
cp "$work/hostile.attributes" "$work/hostile-home/.config/git/attributes"

n=0
# clone NAME: a fresh clone of REPO's HEAD, made in the neutral environment
# (so that its working tree is the commit's bytes); prints its path.
clone() {
    local dir=$work/$1
    "${neutral[@]}" git clone -q "$repo" "$dir" || return 1
    printf '%s\n' "$dir"
}
# in_clone DIR CMD...: a git command in the clone, neutral environment.
in_clone() {
    local dir=$1
    shift
    "${neutral[@]}" git -C "$dir" "$@"
}
# dist DIR OUT [VAR=VALUE...]: the clone's dist.sh into OUT, in the neutral
# environment plus the given variables.
dist() {
    local dir=$1 out=$2
    shift 2
    "${neutral[@]}" env "$@" bash "$dir/scripts/dist.sh" "$out" >"$out.log" 2>&1
}

# ------------------------------------------------------------ the reference
ref=$(clone ref) || { echo "dist_hostile: cannot clone $repo"; exit 1; }
if ! dist "$ref" "$work/ref.out"; then
    cat "$work/ref.out.log"
    echo "dist_hostile: dist.sh failed in a neutral environment"
    exit 1
fi
tarball=$(cd "$work/ref.out" && ls ./*.tar.gz) && tarball=${tarball#./}
name=${tarball%.tar.gz}

# The reference against the commit, file by file.
mkdir "$work/ref.x"
tar -xzf "$work/ref.out/$tarball" -C "$work/ref.x"
oracle_bad=0 files=0
while IFS=$'\t' read -r meta path; do
    read -r mode _ oid <<<"$meta"
    f=$work/ref.x/$name/$path
    files=$((files + 1))
    case $mode in
        100644 | 100755)
            if ! cmp -s <(in_clone "$ref" cat-file blob "$oid") "$f"; then
                echo "dist_hostile: $path in the tarball is not the commit's blob $oid"
                oracle_bad=1
            elif [[ $mode == 100755 && ! -x $f || $mode == 100644 && -x $f ]]; then
                echo "dist_hostile: $path is not mode $mode in the tarball"
                oracle_bad=1
            fi
            ;;
        120000)
            [[ $(readlink "$f") == "$(in_clone "$ref" cat-file blob "$oid")" ]] ||
                { echo "dist_hostile: the symlink $path is not the commit's"; oracle_bad=1; }
            ;;
        *) echo "dist_hostile: $path has mode $mode (a submodule?), not released"; oracle_bad=1 ;;
    esac
done < <(in_clone "$ref" ls-tree -r HEAD)
in_tar=$(cd "$work/ref.x/$name" && find . ! -type d | wc -l)
if [[ $in_tar -ne $files ]]; then
    echo "dist_hostile: the tarball holds $in_tar files, the commit $files"
    oracle_bad=1
fi
[[ $oracle_bad -eq 0 ]] || { echo "dist_hostile: the neutral tarball is not the commit: FAILED"; exit 1; }
echo "dist_hostile: neutral: $tarball, $files files, each the commit's blob with its mode"
sha=$(cut -d' ' -f1 "$work/ref.out/SHA256SUMS")

# ---------------------------------------------------------------- the cases
pass=0 fail=0
# check CASE OUT: OUT's tarball and SHA256SUMS are the reference's bytes,
# both mode 0644.
check() {
    local what=$1 out=$2 problems=()
    if [[ ! -f $out/$tarball ]]; then
        problems+=("no tarball (dist.sh: $(tail -n 1 "$out.log"))")
    else
        cmp -s "$out/$tarball" "$work/ref.out/$tarball" ||
            problems+=("a different tarball, sha256 $(sha256sum <"$out/$tarball" | cut -c1-16)…, not ${sha:0:16}…")
        cmp -s "$out/SHA256SUMS" "$work/ref.out/SHA256SUMS" || problems+=("a different SHA256SUMS")
        local m
        for m in "$tarball" SHA256SUMS; do
            [[ -f $out/$m && $(stat -c %a "$out/$m") == 644 ]] ||
                problems+=("$m mode $(stat -c %a "$out/$m" 2>/dev/null || echo missing), not 644")
        done
    fi
    if [[ ${#problems[@]} -eq 0 ]]; then
        echo "dist_hostile: $what: identical"
        pass=$((pass + 1))
    else
        local IFS=';'
        echo "dist_hostile: $what: FAILED: ${problems[*]}"
        if [[ -f $out/$tarball ]]; then
            # What changed, on the first few files that differ.
            mkdir -p "$out.x" && tar -xzf "$out/$tarball" -C "$out.x" 2>/dev/null
            diff -rq "$work/ref.x" "$out.x" 2>&1 | head -n 3 | sed 's/^/    /'
        fi
        fail=$((fail + 1))
    fi
}
# case_run CASE SETUP [VAR=VALUE...]: a fresh clone, SETUP (a function
# given the clone's directory) run on it, then dist.sh with the variables.
case_run() {
    local what=$1 setup=$2 dir
    shift 2
    n=$((n + 1))
    dir=$(clone "case$n") || { echo "dist_hostile: $what: cannot clone"; fail=$((fail + 1)); return; }
    "$setup" "$dir"
    dist "$dir" "$work/case$n.out" "$@"
    check "$what" "$work/case$n.out"
}

nothing() { :; }
local_autocrlf() { in_clone "$1" config core.autocrlf true; }
local_eol_crlf() { in_clone "$1" config core.eol crlf; }
# text=auto: "text" would also mark the test files that hold CRs, which
# git status would then call modified, and dist.sh refuse.
info_eol_crlf() { printf '* text=auto eol=crlf\n' >>"$1/.git/info/attributes"; }
info_filter() {
    in_clone "$1" config filter.evil.smudge "sed 's/^/EVIL /'"
    in_clone "$1" config filter.evil.clean cat
    printf '*.c filter=evil\n*.sh export-ignore\n*.md ident\n' >>"$1/.git/info/attributes"
}
local_everything() {
    local key
    while IFS='=' read -r key value; do
        in_clone "$1" config "$key" "$value"
    done < <("${neutral[@]}" git config -f "$work/hostile.gitconfig" --list)
    cat "$work/hostile.attributes" >>"$1/.git/info/attributes"
}
replaced_readme() {
    local fake
    fake=$(printf 'not the README\n' | in_clone "$1" hash-object -w --stdin)
    in_clone "$1" replace "$(in_clone "$1" rev-parse HEAD:README.md)" "$fake"
}
everything() { local_everything "$1"; replaced_readme "$1"; }

case_run "core.autocrlf=true in .git/config" local_autocrlf
case_run "core.eol=crlf in .git/config" local_eol_crlf
case_run "'* text=auto eol=crlf' in .git/info/attributes" info_eol_crlf
case_run "a smudge filter on *.c, export-ignore on *.sh, ident on *.md in .git/info/attributes" info_filter
case_run "every hostile setting in .git/config and .git/info/attributes" local_everything
case_run "a global configuration (GIT_CONFIG_GLOBAL): autocrlf, eol, filter, attributesFile, tar.umask 0" \
    nothing "GIT_CONFIG_GLOBAL=$work/hostile.gitconfig"
case_run "\$HOME/.gitconfig and \$HOME/.config/git/attributes" \
    nothing -u GIT_CONFIG_GLOBAL "HOME=$work/hostile-home"
case_run "a system configuration (GIT_CONFIG_SYSTEM)" \
    nothing -u GIT_CONFIG_NOSYSTEM "GIT_CONFIG_SYSTEM=$work/hostile.gitconfig"
case_run "configuration from the environment (GIT_CONFIG_COUNT: core.autocrlf=true, tar.umask=0)" \
    nothing GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=core.autocrlf GIT_CONFIG_VALUE_0=true \
    GIT_CONFIG_KEY_1=tar.umask GIT_CONFIG_VALUE_1=0
case_run "a replace ref for README.md's blob" replaced_readme
case_run "umask 077" nothing bash -c 'umask 077 && exec "$@"' bash
case_run "TZ=Pacific/Chatham" nothing TZ=Pacific/Chatham
case_run "LC_ALL=tr_TR.UTF-8" nothing "${turkish[@]}"
case_run "GZIP=--rsyncable, TAR_OPTIONS=--exclude=*.c" nothing GZIP=--rsyncable 'TAR_OPTIONS=--exclude=*.c'
case_run "all of the above at once" everything \
    -u GIT_CONFIG_NOSYSTEM "GIT_CONFIG_SYSTEM=$work/hostile.gitconfig" \
    "GIT_CONFIG_GLOBAL=$work/hostile.gitconfig" "HOME=$work/hostile-home" \
    GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.autocrlf GIT_CONFIG_VALUE_0=true \
    TZ=Pacific/Chatham "${turkish[@]}" GZIP=--rsyncable 'TAR_OPTIONS=--exclude=*.c' \
    bash -c 'umask 077 && exec "$@"' bash

# An exported CDPATH naming a decoy checkout.  bash's cd looks a relative
# directory up in CDPATH first, so `cd scripts/..` would land in the
# decoy, which holds another version (9.9.9, committed) and a build-dist.
# dist.sh and check-version.sh run from the clone by relative path, with a
# relative OUTDIR: the reference tarball in the clone's build-dist, nothing
# in the decoy's, and check-version finding the clone's version, alone on
# its output (cd prints the directory it found in CDPATH).
decoy=$(clone decoy) || { echo "dist_hostile: cannot clone the decoy"; exit 1; }
sed -i 's/^#define SIPHASH_VERSION_STRING ".*"$/#define SIPHASH_VERSION_STRING "9.9.9"/' \
    "$decoy/include/siphash.h"
in_clone "$decoy" -c user.name=decoy -c user.email=decoy@invalid commit -q -am "a decoy version"
mkdir -p "$decoy/build-dist"
n=$((n + 1))
if dir=$(clone "case$n"); then
    # (The log outside the clone: a file in it would make dist.sh refuse.)
    (cd "$dir" && "${neutral[@]}" "CDPATH=$decoy" bash scripts/dist.sh build-dist) \
        >"$work/cdpath.log" 2>&1
    cp "$work/cdpath.log" "$dir/build-dist.log"
    check "CDPATH=a decoy checkout, bash scripts/dist.sh build-dist" "$dir/build-dist"
    if [[ -n $(ls -A "$decoy/build-dist") ]]; then
        echo "dist_hostile: CDPATH: dist.sh wrote into the decoy's build-dist: FAILED"
        fail=$((fail + 1))
    fi
    version=${name#libsiphash-}
    got=$(cd "$dir" && "${neutral[@]}" "CDPATH=$decoy" bash scripts/check-version.sh 2>&1)
    if [[ $? -eq 0 && $got == "check-version: $version everywhere"* ]]; then
        echo "dist_hostile: CDPATH=a decoy checkout, bash scripts/check-version.sh: $version"
        pass=$((pass + 1))
    else
        echo "dist_hostile: CDPATH=a decoy checkout, bash scripts/check-version.sh: FAILED:"
        printf '%s\n' "$got" | head -n 5 | sed 's/^/    /'
        fail=$((fail + 1))
    fi
else
    echo "dist_hostile: CDPATH: cannot clone"
    fail=$((fail + 1))
fi

echo "dist_hostile: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
