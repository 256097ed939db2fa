#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes the release tarball libsiphash-VERSION.tar.gz and its SHA256SUMS
# into OUTDIR (default build-dist/), from the committed tree (HEAD), never
# from the working tree: what is not committed is not released.
#
# Reproducible: the same commit gives the same bytes, run after run and
# machine after machine with the same gzip.  `git archive` writes the names
# in sorted order, every mtime as the commit's time, owner and group as the
# numbers 0, modes 0644/0755 whatever the local umask setting, and the
# commit id in a pax header; `gzip -n` leaves out the
# name and time that gzip would otherwise stamp.
#
# Refuses, writing nothing, when the tree has changes not committed
# (naming the files: a release must be what the commit says it is) or when
# the places that state the version disagree (scripts/check-version.sh).
#   usage: scripts/dist.sh [OUTDIR]
set -euo pipefail
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

mkdir -p "$out"
tmp=$(mktemp "$out/.$name.XXXXXX")
trap 'rm -f "$tmp"' EXIT
git -c tar.umask=022 archive --format=tar --prefix="$name/" HEAD | gzip -n -9 >"$tmp"
chmod 644 "$tmp"   # mktemp made it 0600; a release is for everyone to read
mv -f "$tmp" "$out/$name.tar.gz"
trap - EXIT
(cd "$out" && sha256sum "$name.tar.gz" >SHA256SUMS)
echo "dist.sh: $out/$name.tar.gz ($(wc -c <"$out/$name.tar.gz") bytes) from $(git rev-parse --short HEAD)"
cat "$out/SHA256SUMS"
