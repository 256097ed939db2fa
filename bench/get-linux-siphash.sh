#!/bin/sh
# SPDX-License-Identifier: MIT
# get-linux-siphash.sh OUTDIR — extract Linux's SipHash (lib/siphash.c and
# include/linux/siphash.h) from Debian's linux-source package into OUTDIR,
# for the bench's "linux" rows.  Nothing of Linux is committed to this repo:
# the files live in the build tree only, compiled against third_party/linux-shim/.
#
# Exit status: 0 extracted (or already there), 1 no source tarball (the
# message names the package to install), 2 the tarball lacks the files.
set -eu

out=${1:?usage: get-linux-siphash.sh OUTDIR}
if [ -f "$out/lib/siphash.c" ] && [ -f "$out/include/linux/siphash.h" ]; then
    exit 0
fi

# Newest /usr/src/linux-source-*.tar.xz (Debian: linux-source-6.1 etc.).
tarball=
for t in /usr/src/linux-source-*.tar.xz; do
    [ -f "$t" ] && tarball=$t
done
if [ -z "$tarball" ]; then
    echo "get-linux-siphash: no /usr/src/linux-source-*.tar.xz (apt-get install linux-source-6.1 xz-utils)" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The two files sit under one top directory (linux-source-6.1/); name them
# with wildcards so any version's directory works.
if ! tar -xJf "$tarball" -C "$tmp" --wildcards \
        '*/lib/siphash.c' '*/include/linux/siphash.h' 2>"$tmp/err"; then
    cat "$tmp/err" >&2
    echo "get-linux-siphash: $tarball has no lib/siphash.c" >&2
    exit 2
fi
top=
for d in "$tmp"/*/; do
    top=$(basename "$d")
    break
done
mkdir -p "$out/lib" "$out/include/linux"
cp "$tmp/$top/lib/siphash.c" "$out/lib/siphash.c"
cp "$tmp/$top/include/linux/siphash.h" "$out/include/linux/siphash.h"
echo "$tarball" > "$out/SOURCE"
echo "get-linux-siphash: extracted lib/siphash.c from $tarball"
