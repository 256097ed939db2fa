#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step "abi": the binary interface behind SONAME 1 (docs/releases.md).
#   1. scripts/abi.sh check on the tree: the exports are exactly
#      debian/libsiphash1.symbols, and abidiff finds nothing but additions
#      against each baseline in abi/;
#   2. the check must bite: in copies of the tree, a field added to
#      siphash_key_t (a layout change) and a function exported without being
#      listed must each make it fail, and so must a listed function
#      renamed (a removal).
# Packages: .ci/packages-release.txt (abigail-tools).  Four library-only
# builds, the three planted ones without the x86 SIMD batch files
# (ABI_LEAN=1: hidden functions, most of the build time).
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages release

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run bash scripts/abi.sh check

# plant NAME SED-SCRIPT FILE PATTERN: the tree with FILE edited must fail the
# check, saying PATTERN.
plant() {
    local d=$tmp/$1
    mkdir "$d"
    git archive HEAD | tar -x -C "$d"
    sed -i "$2" "$d/$3"
    cmp -s "$d/$3" "$3" && { echo "abi: planting $1 changed nothing in $3"; exit 1; }
    if ABI_LEAN=1 bash scripts/abi.sh check "$d" >"$d.log" 2>&1; then
        cat "$d.log"; echo "abi: the check passed $1"; exit 1
    fi
    grep -q -- "$4" "$d.log" || { cat "$d.log"; echo "abi: $1 failed, but not with '$4'"; exit 1; }
    echo "abi: caught $1: $(grep -m1 -- "$4" "$d.log")"
}
# Inside the struct's braces: the first line after "typedef struct {" that
# declares the key words.
plant "a field added to siphash_key_t" \
    '/^    uint64_t key\[2\];$/{n;s/^} siphash_key_t;$/    uint64_t planted;\n} siphash_key_t;/}' \
    include/siphash.h "INCOMPATIBLE with abi/libsiphash-1.1.0.abi"
plant "an export not in the symbols file" \
    '$a SIPHASH_API int siphash_planted_export(void);\nSIPHASH_API int siphash_planted_export(void) { return 0; }' \
    src/key.c "siphash_planted_export"
plant "a listed function renamed (a removal)" \
    's/^SIPHASH_API const char \*siphash_version(void)$/SIPHASH_API const char *siphash_version_renamed(void)/' \
    src/siphash.c "not exported"
