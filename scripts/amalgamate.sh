#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/amalgamate.sh [--consumers] DIR — libsiphash as one translation unit.
#
# Writes DIR/siphash.h (the public header) and DIR/siphash.c (every file of
# src/, in one file), so a project can vendor the library by copying two
# files and compiling one, with no build system and no flags:
#
#     cc -std=c11 -O2 -c siphash.c
#
# --consumers also copies the consumer headers (siphash_net.h,
# siphash_uthash.h, siphash_dpdk.h: their code is already in siphash.c, or
# inline in them) and siphash.hpp (C++: include it beside siphash.h and
# compile siphash.c as C; the header needs nothing more).
#
# What the build system does per file is done here in the source:
#   - each instruction-set file (batch_avx2.c, batch_avx512.c) is wrapped in
#     `#pragma GCC target` (GCC) or `#pragma clang attribute` (clang) with the
#     -m flags src/CMakeLists.txt gives it, so its functions are compiled for
#     that ISA while everything else stays at the target's baseline; the
#     run-time dispatch in batch.c is unchanged.  Other compilers, and other
#     CPUs, get the portable batch path.  NEON is baseline on aarch64.
#   - SIPHASH_BATCH_HAVE_* are defined to match.
#   - files that set feature-test macros (_GNU_SOURCE, ...) come first, before
#     any system header is included.
#   - each file's own macros are #undef'd after it, and a static name defined
#     in two files is renamed in each, so files written as separate units
#     do not collide.
# The file list is src/*.c (what src/CMakeLists.txt compiles); an
# instruction-set file this script does not know stops it with an error.
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
export LC_ALL=C

usage() {
    echo "usage: $0 [--consumers] DIR" >&2
    exit 2
}
consumers=0
out=
for a in "$@"; do
    case $a in
        --consumers | -c) consumers=1 ;;
        -h | --help) usage ;;
        -*) usage ;;
        *) [[ -z $out ]] || usage; out=$a ;;
    esac
done
[[ -n $out ]] || usage

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=$root/src
inc=$root/include
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

die() {
    echo "amalgamate: $*" >&2
    exit 1
}

# Instruction-set files: name -> the preprocessor condition under which it is
# compiled, and the macro batch.c tests.  The -m flags come from
# src/CMakeLists.txt, so the two builds cannot drift apart.
declare -A isa_cond=(
    [batch_avx2.c]=SIPHASH_AMALG_X86_TARGETS
    [batch_avx512.c]=SIPHASH_AMALG_X86_TARGETS
    [batch_neon.c]=SIPHASH_AMALG_NEON
)
declare -A isa_have=(
    [batch_avx2.c]=SIPHASH_BATCH_HAVE_AVX2
    [batch_avx512.c]=SIPHASH_BATCH_HAVE_AVX512
    [batch_neon.c]=SIPHASH_BATCH_HAVE_NEON
)

# target_of FILE: "avx2" or "avx512f,avx512vl" from the file's COMPILE_OPTIONS
# in src/CMakeLists.txt; empty for a file compiled without -m flags.
target_of() {
    local line
    line=$(grep -E "set_source_files_properties\(\s*$1\s.*COMPILE_OPTIONS" "$src/CMakeLists.txt" || true)
    grep -oE -- '-m[a-z0-9_.-]+' <<<"$line" | sed 's/^-m//' | paste -sd, - || true
}

# is_guarded HEADER: its first directives are #ifndef X / #define X (or it
# says #pragma once): including it twice is including it once.
is_guarded() {
    awk '
        /^[ \t]*#[ \t]*pragma[ \t]+once/ { exit 0 }
        /^[ \t]*#/ {
            n++
            if (n == 1) { if ($1 == "#ifndef") g = $2; else exit 1 }
            else { exit !($1 == "#define" && $2 == g) }
        }
        END { if (n < 2) exit 1 }' "$1"
}

declare -A emitted=()
# expand FILE: FILE with every local include ("...") replaced by the
# included file's text (a guarded header only the first time), recursively.
# siphash.h stays an include: it is the amalgamated header next to siphash.c.
expand() {
    local file=$1 dir line name path rel
    dir=$(dirname "$file")
    rel=${file#"$root"/}
    while IFS= read -r line || [[ -n $line ]]; do
        if [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*[\"\<](siphash[a-z_]*\.h)[\"\>] ]] &&
            [[ -f $inc/${BASH_REMATCH[1]} ]]; then
            name=${BASH_REMATCH[1]}
            path=$inc/$name
        elif [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"]+)\" ]]; then
            name=${BASH_REMATCH[1]}
            path=
            for d in "$dir" "$src" "$inc"; do
                if [[ -f $d/$name ]]; then
                    path=$(cd "$(dirname "$d/$name")" && pwd)/$(basename "$name")
                    break
                fi
            done
            [[ -n $path ]] || die "$rel: cannot find \"$name\""
        else
            printf '%s\n' "$line"
            continue
        fi
        if [[ $path == "$inc/siphash.h" ]]; then
            continue # included once, at the top of siphash.c
        fi
        if is_guarded "$path" && [[ -n ${emitted[$path]:-} ]]; then
            continue
        fi
        emitted[$path]=1
        printf '/* ---- %s ---- */\n' "${path#"$root"/}"
        expand "$path"
        printf '/* ---- end of %s, back in %s ---- */\n' "${path#"$root"/}" "$rel"
    done <"$file"
}

# ------------------------------------------------------------ siphash.h
# The public header, with any header of include/ it includes inlined.
{
    expand "$inc/siphash.h" | sed '1{/SPDX-License-Identifier/d}'
} >"$tmp/body.h"
{
    echo "/* SPDX-License-Identifier: MIT */"
    echo "/* libsiphash amalgamated public header, generated by scripts/amalgamate.sh"
    echo " * from include/siphash.h: edit the repository, not this file. */"
    echo "/* Vendored code is compiled into the program (or library) that uses it,"
    echo " * never imported from a DLL: no dllimport on Windows. */"
    echo "#ifndef SIPHASH_STATIC"
    echo "#define SIPHASH_STATIC 1"
    echo "#endif"
    cat "$tmp/body.h"
} >"$out/siphash.h"

# ------------------------------------------------------------ the sources
mapfile -t all < <(cd "$src" && ls -- *.c)
[[ ${#all[@]} -gt 0 ]] || die "no sources in $src"
first=() rest=() isa=()
for f in "${all[@]}"; do
    if [[ -n ${isa_cond[$f]:-} ]]; then
        isa+=("$f")
    elif [[ $f =~ _(avx|sse|neon|sve|vsx|altivec|rvv) ]]; then
        die "src/$f looks like an instruction-set file this script does not know: add it to isa_cond/isa_have"
    elif grep -qE '^[[:space:]]*#[[:space:]]*define[[:space:]]+_[A-Z_]*_SOURCE\b' "$src/$f"; then
        first+=("$f")
    else
        rest+=("$f")
    fi
done

# Static names defined in more than one file: lines starting in column 0
# that say `static`, or a macro that expands to it (SIP_INLINE).
static_macros=$(cat "$src"/*.h "$src"/*.c "$inc"/*.h |
    sed -nE 's/^[[:space:]]*#[[:space:]]*define[[:space:]]+([A-Za-z_][A-Za-z0-9_]*)[[:space:]].*\bstatic\b.*/\1/p' |
    sort -u | paste -sd'|' -)
static_re="\\b(static${static_macros:+|$static_macros})\\b"
static_names() {
    sed -E 's/_Atomic\([^)]*\)/_Atomic/g' "$1" | grep -E '^[A-Za-z_]' | grep -E "$static_re" |
        sed -E 's/[[:space:]]*[(=;[,].*//' | grep -oE '[A-Za-z_][A-Za-z0-9_]*$' | sort -u || true
}
for f in "${all[@]}"; do
    static_names "$src/$f" >"$tmp/static.$f"
done
cat "$tmp"/static.* | sort | uniq -d >"$tmp/clashes"

# emit_file FILE: one source file, its macros undone after it and its
# clashing static names prefixed with the file's name.
emit_file() {
    local f=$1 base=${1%.c} n
    printf '\n/* ================================================================ src/%s */\n' "$f"
    while read -r n; do
        grep -qx "$n" "$tmp/static.$f" && printf '#define %s %s_%s\n' "$n" "$base" "$n"
    done <"$tmp/clashes"
    expand "$src/$f" | sed '1{/SPDX-License-Identifier/d}'
    # The file's own macros end with it (not the ones the preamble sets).
    grep -oE '^[[:space:]]*#[[:space:]]*define[[:space:]]+[A-Za-z_][A-Za-z0-9_]*' "$src/$f" |
        awk '$NF !~ /^SIPHASH_BATCH_HAVE_/ { print $NF }' | sort -u |
        while read -r n; do printf '#undef %s\n' "$n"; done || true
    while read -r n; do
        grep -qx "$n" "$tmp/static.$f" && printf '#undef %s\n' "$n"
    done <"$tmp/clashes"
    return 0
}

# emit_isa FILE: emit_file inside the ISA's target region.  System headers
# included at the file's top level go before the region, so the target
# applies to our functions only.
emit_isa() {
    local f=$1 target
    target=$(target_of "$f")
    emit_file "$f" >"$tmp/isa.c"
    printf '\n#if %s\n#define %s 1\n' "${isa_cond[$f]}" "${isa_have[$f]}" >>"$tmp/isa_have"
    printf '#endif\n' >>"$tmp/isa_have"
    printf '\n#if %s\n' "${isa_cond[$f]}"
    awk '/^[ \t]*#[ \t]*if/ { d++ } /^[ \t]*#[ \t]*endif/ { d-- }
         d == 0 && /^[ \t]*#[ \t]*include[ \t]*</ { print }' "$tmp/isa.c"
    if [[ -n $target ]]; then
        printf '#if defined(__clang__)\n'
        printf '#pragma clang attribute push(__attribute__((target("%s"))), apply_to = function)\n' "$target"
        printf '#else\n#pragma GCC push_options\n#pragma GCC target("%s")\n#endif\n' "$target"
    fi
    awk '/^[ \t]*#[ \t]*if/ { d++ } /^[ \t]*#[ \t]*endif/ { d-- }
         !(d == 0 && /^[ \t]*#[ \t]*include[ \t]*</) { print }' "$tmp/isa.c"
    if [[ -n $target ]]; then
        printf '#if defined(__clang__)\n#pragma clang attribute pop\n#else\n#pragma GCC pop_options\n#endif\n'
    fi
    printf '#endif /* %s */\n' "${isa_cond[$f]}"
}

: >"$tmp/isa_have"
{
    for f in "${first[@]}" "${rest[@]}"; do
        emit_file "$f"
    done
    for f in "${isa[@]}"; do
        emit_isa "$f"
    done
} >"$tmp/body.c"

{
    cat <<EOF
/* SPDX-License-Identifier: MIT */
/*
 * libsiphash, amalgamated: every source file of src/ in one translation
 * unit, generated by scripts/amalgamate.sh (edit the repository, not this
 * file).  Build it with no flags:
 *
 *     cc -std=c11 -O2 -c siphash.c
 *
 * next to the generated siphash.h.  Sources (src/):
$(echo "${all[*]}" | fold -s -w 72 | sed 's/^/ *   /; s/ *$//')
 */

/* Instruction-set paths: compiled here, behind run-time dispatch, when the
 * compiler can target an ISA per function (GCC 5+, clang 8+) on x86; NEON
 * is part of every aarch64 CPU.  Elsewhere the portable path alone. */
#if (defined(__x86_64__) || defined(__i386__)) &&                              \\
    ((defined(__clang__) && __clang_major__ >= 8) ||                           \\
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 5))
#define SIPHASH_AMALG_X86_TARGETS 1
#else
#define SIPHASH_AMALG_X86_TARGETS 0
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
#define SIPHASH_AMALG_NEON 1
#else
#define SIPHASH_AMALG_NEON 0
#endif
EOF
    cat "$tmp/isa_have"
    echo
    # Feature-test macros must precede the first system header, siphash.h's
    # included: the files that set them come first, before siphash.h.
    for f in "${first[@]}"; do
        printf '/* ---- the part of src/%s before its first #include ---- */\n' "$f"
        sed -n '1,/^[[:space:]]*#[[:space:]]*include/p' "$src/$f" | sed '$d' |
            grep -vE 'SPDX-License-Identifier' || true
    done
    echo '#include "siphash.h"'
    cat "$tmp/body.c"
} >"$out/siphash.c"

if [[ $consumers == 1 ]]; then
    for h in "$inc"/*.h "$inc"/*.hpp; do
        [[ $h == "$inc/siphash.h" ]] && continue
        cp "$h" "$out/"
    done
fi
echo "amalgamate: wrote $out/siphash.c ($(wc -l <"$out/siphash.c") lines, ${#all[@]} files) and $out/siphash.h"
