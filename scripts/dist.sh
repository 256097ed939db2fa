#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes the release tarball libsiphash-VERSION.tar.gz and its SHA256SUMS
# into OUTDIR (default build-dist/), from the committed tree (HEAD), never
# from the working tree: what is not committed is not released.
#
# Reproducible: the same commit gives the same bytes, run after run and
# machine after machine with the same gzip, whatever the maker's git
# configuration, umask, time zone or locale.  `git archive` writes the names
# in sorted order, every mtime as the commit's time, owner and group as
# root/0, the commit id in a pax header; `gzip -n` leaves out the name and
# time that gzip would otherwise stamp.  What `git archive` would otherwise
# take from the maker is shut out (tests/release/dist_hostile.sh tries each):
#   - it converts files as a checkout would: core.autocrlf, core.eol, the
#     text/eol/filter/ident/export-* attributes of .git/info/attributes, of
#     core.attributesFile and of the system's gitattributes, and filters
#     defined in any configuration.  So it runs in a throw-away bare
#     repository that borrows this one's objects (objects/info/alternates)
#     and has none of its configuration, attributes or refs (replace refs
#     included), with no system or global configuration, no GIT_*
#     variable of the caller, and core.autocrlf=false, core.eol=lf;
#   - tar.umask (default 002): set to 022, so the modes are 0644 and 0755;
#   - GZIP and TAR_OPTIONS in the environment: unset.
# Then the tarball is checked against the commit: every file in it must be
# the commit's blob, byte for byte, with the commit's mode, and nothing
# else may be in it (a committed .gitattributes with export-ignore,
# export-subst or eol settings would fail here: a release is the commit's
# files as they are).  Both files are written mode 0644 whatever the umask.
#
# Refuses, writing nothing, when the tree has changes not committed
# (naming the files: a release must be what the commit says it is; the
# maker's own git decides this, so attributes of theirs that make `git
# status` call files modified make it refuse too) or when the places that
# state the version disagree (scripts/check-version.sh).
#   usage: scripts/dist.sh [OUTDIR]
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
cd "$(dirname "$0")/.."
out=${1:-build-dist}

die() { echo "dist.sh: $*" >&2; exit 1; }

git rev-parse --verify -q HEAD >/dev/null || die "not a git checkout with a commit: a release is made from one"
dirty=$(git status --porcelain --untracked-files=all)
if [ -n "$dirty" ]; then
    echo "dist.sh: the tree has changes that are not committed:" >&2
    printf '%s\n' "$dirty" | sed 's/^/    /' >&2
    die "commit or remove them first; no tarball written"
fi
bash scripts/check-version.sh --quiet || die "the version is not the same everywhere; no tarball written"
version=$(sed -n 's/^#define SIPHASH_VERSION_STRING "\(.*\)"$/\1/p' include/siphash.h)
name=libsiphash-$version
commit=$(git rev-parse --verify "HEAD^{commit}")
objects=$(git rev-parse --path-format=absolute --git-path objects)
format=$(git rev-parse --show-object-format)

mkdir -p "$out"
scratch=$(mktemp -d)
tmp=$(mktemp "$out/.$name.XXXXXX")
trap 'rm -rf "$scratch"; rm -f "$tmp"' EXIT

# neutral_git ARGS...: git in the scratch repository, with nothing of the
# caller's environment or configuration that could change what it writes.
neutral_git() {
    (
        while IFS= read -r v; do unset "$v"; done < <(compgen -e | grep -E '^(GIT_|XDG_)')
        unset GZIP TAR_OPTIONS
        export GIT_DIR=$scratch/repo.git HOME=$scratch LC_ALL=C TZ=UTC \
            GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_ATTR_NOSYSTEM=1 \
            GIT_NO_REPLACE_OBJECTS=1
        exec git -c core.autocrlf=false -c core.eol=lf -c core.attributesFile=/dev/null \
            -c tar.umask=022 "$@"
    )
}
# No template: nothing but what init itself writes (no hooks, no info/).
neutral_git init -q --bare --template= --object-format="$format" "$scratch/repo.git"
mkdir -p "$scratch/repo.git/objects/info"
printf '%s\n' "$objects" >"$scratch/repo.git/objects/info/alternates"
neutral_git archive --format=tar --prefix="$name/" "$commit" >"$scratch/$name.tar"

# The tarball against the commit: "mode blob path" of every file, from the
# tree and from the unpacked tar, must be the same list.  (A name that
# ls-tree would quote, a tab or newline in it, differs and refuses.)
mkdir "$scratch/x"
(unset TAR_OPTIONS && LC_ALL=C tar -xf "$scratch/$name.tar" -C "$scratch/x")
neutral_git -c core.quotePath=false ls-tree -r --full-tree \
    --format='%(objectmode) %(objectname) %(path)' "$commit" | LC_ALL=C sort -k3 >"$scratch/tree.list"
(
    cd "$scratch/x/$name"
    # Regular files: their blob ids in one hash-object run; the mode from
    # the owner's execute bit (tar.umask 022 made them 0644 or 0755).
    find . -type f | sed 's|^\./||' | LC_ALL=C sort >"$scratch/regular"
    neutral_git hash-object --no-filters --stdin-paths <"$scratch/regular" >"$scratch/regular.ids"
    while IFS= read -r f && IFS= read -r id <&3; do
        if [ -x "$f" ]; then echo "100755 $id $f"; else echo "100644 $id $f"; fi
    done <"$scratch/regular" 3<"$scratch/regular.ids"
    find . -type l | sed 's|^\./||' | while IFS= read -r f; do
        echo "120000 $(printf '%s' "$(readlink "$f")" | neutral_git hash-object --stdin) $f"
    done
    # Anything else (a device, a fifo) is no file of a commit.
    find . ! -type d ! -type f ! -type l | sed 's|^\./|?????? - |'
) | LC_ALL=C sort -k3 >"$scratch/tar.list"
if ! cmp -s "$scratch/tree.list" "$scratch/tar.list"; then
    diff "$scratch/tree.list" "$scratch/tar.list" | grep '^[<>]' >"$scratch/diff" || true
    echo "dist.sh: the archive is not the commit's files: $(wc -l <"$scratch/diff") lines differ" \
        "(< mode, blob and path in the commit; > in the archive):" >&2
    head -n 20 "$scratch/diff" | sed 's/^/    /' >&2
    die "no tarball written"
fi

(unset GZIP && gzip -n -9 <"$scratch/$name.tar") >"$tmp"
chmod 644 "$tmp"   # mktemp made it 0600; a release is for everyone to read
mv -f "$tmp" "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" >SHA256SUMS.tmp && chmod 644 SHA256SUMS.tmp && mv -f SHA256SUMS.tmp SHA256SUMS)
echo "dist.sh: $out/$name.tar.gz ($(wc -c <"$out/$name.tar.gz") bytes, $(wc -l <"$scratch/tree.list") files, each the commit's) from $(git rev-parse --short HEAD)"
cat "$out/SHA256SUMS"
