#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step "adopt": can another project take libsiphash in, every way it is
# offered?
#
#   spdx        every tracked source, header, script, CMake and Meson file
#               has an SPDX-License-Identifier line in its first 5 lines
#   subproject  tests/subproject/cmake: a parent project pulls the tree in
#               with add_subdirectory and with FetchContent (local path),
#               static and shared; its cache, flags and tests stay its own
#               (two of the four built and run)
#   amalgam     scripts/amalgamate.sh, then siphash.c compiled with no flags
#               by gcc, clang, gcc -m32, clang for s390x and aarch64 (target
#               flags only; gcc's and clang's compile also with -Wall
#               -Wextra -Wpedantic -Werror); the known-answer,
#               model-differential and batch tests of tests/ linked against
#               it and run (qemu-user for the cross targets); a C++ program
#               (siphash.hpp's values test) with siphash.hpp beside it, by
#               g++ and clang++.  In the quick suite: gcc and clang only
#   meson       meson setup/compile/test/install of the tree; the installed
#               files checked, the SQLite extension loaded from
#               <libdir>/sqlite3 with the known-answer files;
#               tests/subproject/meson uses it as a subproject through a wrap
#               file (a tarball of HEAD, fetched by file://), which builds
#               no SQLite extension
#   linux       Linux's lib/test_siphash.c and net/core/secure_seq.c against
#               our headers (tests/linux), in the matrix's gcc and m32 builds
#   readme      the README's recipes as printed, in a scratch copy of the
#               tree with HOME moved there: its C program compiled
#               warning-free, the install into $HOME/.local/libsiphash, the
#               program built against it with pkg-config (shared and
#               static) and find_package, as a CMake subproject
#               (FetchContent from a copy: built, run and checked for -O3
#               with no build type; add_subdirectory and FetchContent from
#               git: configured), as a Meson subproject (a copy, checked for
#               -O3, and the wrap file of docs/embedding.md: set up), from
#               the amalgamation, and siphashsum's three lines
#   links       every relative link in the Markdown files resolves
#               (.ci/doc_links.py)
#
#   .ci/adopt.sh                 all of them
#   .ci/adopt.sh amalgam meson   some
#
# Packages: .ci/packages-adopt.txt.  About 5 minutes on 2 cores (more when
# the matrix has not built its gcc and m32 trees: 13 on a busy machine).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

OUT=$(ci_dir adopt)
mkdir -p "$OUT"

# ------------------------------------------------------------------ spdx
check_spdx() {
    local f missing=0 n=0
    local files
    if git -C "$SIPHASH_ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        files=$(git -C "$SIPHASH_ROOT" ls-files)
    else
        files=$(find . -type f -not -path './build*' -not -path './.git/*' | sed 's|^\./||')
    fi
    while IFS= read -r f; do
        [[ -f $f ]] || continue
        case $f in
            *.c | *.h | *.cpp | *.hpp | *.sh | *.py | *.pyi | *.cmake | *.in | *.wrap | CMakeLists.txt | */CMakeLists.txt | \
                meson.build | */meson.build | meson_options.txt | */meson_options.txt | *.toml) ;;
            *) head -c 2 "$f" | grep -q '^#!' || continue ;;
        esac
        n=$((n + 1))
        if ! head -n 5 "$f" | grep -q 'SPDX-License-Identifier:'; then
            echo "spdx: $f has no SPDX-License-Identifier line in its first 5 lines"
            missing=$((missing + 1))
        fi
    done <<<"$files"
    echo "spdx: $n files checked, $missing without an SPDX line"
    [[ $missing -eq 0 ]]
}

# ------------------------------------------------------------ subproject
check_subproject() {
    local how shared dir rc=0
    for how in add_subdirectory FetchContent; do
        # Unset (a static library, as CMake's own default) and ON.
        for shared in unset ON; do
            dir=$OUT/sub-$how-$shared
            rm -rf "$dir"
            local opt=()
            [[ $shared == unset ]] || opt=("-DBUILD_SHARED_LIBS=$shared")
            run cmake -S tests/subproject/cmake -B "$dir" -DSIPHASH_SOURCE_DIR="$SIPHASH_ROOT" \
                -DSIPHASH_HOW=$how "${opt[@]}" >"$dir.log" 2>&1 ||
                { cat "$dir.log"; rc=1; continue; }
            grep 'libsiphash as a subproject' "$dir.log"
            # The guest's manners are checked at configure time, in all
            # four; building and running two (one per way, one per library
            # type) proves the targets link, without compiling the library
            # four times.
            if [[ $how/$shared == add_subdirectory/unset || $how/$shared == FetchContent/ON ]]; then
                run cmake --build "$dir" -j "$JOBS" >>"$dir.log" 2>&1 || { cat "$dir.log"; rc=1; continue; }
                expect_paper "$dir/consumer" "subproject $how BUILD_SHARED_LIBS=$shared" || rc=1
            fi
            # Only the parent's own test: none of ours came along.
            if ! ctest --test-dir "$dir" -N | grep -q 'Total Tests: 1$'; then
                echo "subproject: $how added tests to the parent:"
                ctest --test-dir "$dir" -N
                rc=1
            fi
        done
    done
    return "$rc"
}

# expect_paper PROGRAM WHAT: it prints the paper's example.
expect_paper() {
    local got
    got=$("$1") || { echo "$2: $1 failed"; return 1; }
    if [[ $got != a129ca6149be45e5 ]]; then
        echo "$2: printed '$got', expected a129ca6149be45e5"
        return 1
    fi
    echo "$2: a129ca6149be45e5"
}

# --------------------------------------------------------------- amalgam
# amalgam_target NAME CC [TARGET-FLAGS...]: compile siphash.c with nothing
# but the target's own flags, link the tests against it and run them.
amalgam_target() {
    local name=$1 cc=$2
    shift 2
    # The matrix runs these tests at full size; here they check the one
    # file, so the random parts run in their quick size.
    local flags=("$@") dir=$OUT/amalgam-$name emu=(env SIPHASH_TEST_QUICK=1) rc=0
    case $name in
        s390x | aarch64) emu+=("qemu-$name" -L "/usr/$name-linux-gnu") ;;
        m32) emu+=($(ci_m32_emulator)) ;;
    esac
    rm -rf "$dir"
    mkdir -p "$dir"
    # gcc and clang: warning-free as well (not required of a vendored file,
    # but kept so), in the same compile.
    local warn=()
    [[ $name != gcc && $name != clang ]] || warn=(-Wall -Wextra -Wpedantic -Werror)
    run "$cc" "${flags[@]}" "${warn[@]}" -std=c11 -O2 -c "$OUT/amalgam/siphash.c" -o "$dir/siphash.o" || return 1
    # Which batch paths the one file compiled in.
    local paths
    paths=$(nm "$dir/siphash.o" 2>/dev/null | grep -oE 'sip_batch_(avx512|avx2|neon)\b' | sort -u |
        sed 's/sip_batch_//' | paste -sd' ' - || true)
    local t src args
    for t in test_vectors test_diff_model test_batch; do
        case $t in
            test_batch) src=tests/batch/test_batch.c args=() ;;
            test_vectors) src=tests/core/$t.c args=("$SIPHASH_ROOT/tests/vectors") ;;
            *) src=tests/core/$t.c args=() ;;
        esac
        run "$cc" "${flags[@]}" -std=c11 -O2 -I"$OUT/amalgam" -Itests/support -Itests \
            "$src" "$dir/siphash.o" -o "$dir/$t" || { rc=1; continue; }
        if "${emu[@]}" "$dir/$t" "${args[@]}" >"$dir/$t.log" 2>&1; then
            echo "amalgam $name: $t passed ($(tail -n 1 "$dir/$t.log"))"
        else
            cat "$dir/$t.log"
            ci_note "FAILED: amalgam $name: $t"
            rc=1
        fi
    done
    echo "amalgam $name: batch paths compiled in: ${paths:-none} (+ portable)"
    return "$rc"
}

check_amalgam() {
    local rc=0 cross
    rm -rf "$OUT/amalgam"
    run bash scripts/amalgamate.sh --consumers "$OUT/amalgam" || return 1
    # The five targets, JOBS at a time; each one's output printed in order.
    local specs=("gcc gcc" "clang clang" "m32 gcc -m32")
    for cross in s390x aarch64; do
        specs+=("$cross clang --target=$cross-linux-gnu -nostdlibinc -idirafter /usr/$cross-linux-gnu/include -Wno-unused-command-line-argument")
    done
    # The quick suite: this machine's two compilers (no multilib, cross
    # libraries or qemu there).
    ! ci_quick || specs=("gcc gcc" "clang clang")
    local spec name pids=() running=0
    for spec in "${specs[@]}"; do
        name=${spec%% *}
        # shellcheck disable=SC2086  # the spec is a word list
        amalgam_target $spec >"$OUT/amalgam-$name.out" 2>&1 &
        pids+=($!)
        running=$((running + 1))
        if [[ $running -ge $JOBS ]]; then
            wait -n || true
            running=$((running - 1))
        fi
    done
    local i
    for i in "${!specs[@]}"; do
        name=${specs[$i]%% *}
        wait "${pids[$i]}" || rc=1
        grep -v '^+ ' "$OUT/amalgam-$name.out" || true
    done
    amalgam_cpp || rc=1
    return "$rc"
}

# A C++ program on the amalgamation: siphash.hpp (copied by --consumers)
# beside siphash.h, siphash.c compiled as C, the program as C++17 by g++
# and clang++ with -Werror: siphash.hpp's values test, linked against it.
amalgam_cpp() {
    local cxx dir=$OUT/amalgam-cpp rc=0
    [[ -f $OUT/amalgam/siphash.hpp ]] || { echo "amalgam: --consumers did not copy siphash.hpp"; return 1; }
    mkdir -p "$dir"
    # siphash.c as the gcc target compiled it (no flags but warnings).
    local obj=$OUT/amalgam-gcc/siphash.o
    [[ -f $obj ]] || { echo "amalgam C++: no $obj (the gcc target failed)"; return 1; }
    for cxx in g++ clang++; do
        run "$cxx" -std=c++17 -O2 -Wall -Wextra -Wpedantic -Werror -I"$OUT/amalgam" -Itests/support \
            tests/cpp/test_hasher_values.cpp "$obj" -o "$dir/test_hasher_values-$cxx" || { rc=1; continue; }
        if "$dir/test_hasher_values-$cxx" >"$dir/$cxx.log" 2>&1; then
            echo "amalgam C++ ($cxx): test_hasher_values passed ($(tail -n 1 "$dir/$cxx.log"))"
        else
            cat "$dir/$cxx.log"
            ci_note "FAILED: amalgam C++ ($cxx): test_hasher_values"
            rc=1
        fi
    done
    return "$rc"
}

# ----------------------------------------------------------------- meson
check_meson() {
    local b=$OUT/meson dest=$OUT/meson-dest rc=0 f
    # The Meson build names its sources; it must name every one of src/.
    for f in src/*.c; do
        grep -q "'$f'" meson.build || { echo "meson: meson.build does not build $f"; rc=1; }
    done
    for f in sqlite/*.c; do
        grep -q "'${f#sqlite/}'" sqlite/meson.build || { echo "meson: sqlite/meson.build does not build $f"; rc=1; }
    done
    rm -rf "$b" "$dest"
    run meson setup "$b" . --werror >"$OUT/meson.log" 2>&1 || { cat "$OUT/meson.log"; return 1; }
    run meson compile -C "$b" >>"$OUT/meson.log" 2>&1 || { cat "$OUT/meson.log"; return 1; }
    run meson test -C "$b" --print-errorlogs >>"$OUT/meson.log" 2>&1 || { cat "$OUT/meson.log"; rc=1; }
    grep -E '^ *[0-9]+/[0-9]+ ' "$OUT/meson.log" | sed 's/^/meson test: /' || true
    DESTDIR=$dest run meson install -C "$b" --quiet || return 1
    local want=(include/siphash.h include/siphash_net.h include/siphash_uthash.h include/siphash_dpdk.h
        include/siphash.hpp
        include/siphash-compat/linux/siphash.h include/siphash-compat/reference/siphash.h
        include/siphash-compat/reference/halfsiphash.h include/siphash-compat/expat/siphash.h
        include/siphash-compat/c-siphash/c-siphash.h include/siphash-compat/openbsd/siphash.h
        include/siphash-compat/redis/siphash.h
        share/man/man3/siphash.3 share/man/man3/siphash_net.3)
    for f in "${want[@]}"; do
        [[ -f $dest/usr/local/$f ]] || { echo "meson install: no $f"; rc=1; }
    done
    local pc
    pc=$(find "$dest" -name libsiphash.pc | head -n 1)
    [[ -n $pc ]] && grep -q "^Version: $(meson introspect --projectinfo "$b" | grep -oE '"version": "[^"]*"' | head -n 1 | cut -d'"' -f4)" "$pc" ||
        { echo "meson install: libsiphash.pc missing or with the wrong version"; rc=1; }
    find "$dest" -name 'libsiphash.so*' | grep -q . || { echo "meson install: no shared library"; rc=1; }
    find "$dest" -name 'libsiphash.a' | grep -q . || { echo "meson install: no static library"; rc=1; }
    # The SQLite extension (packages-adopt.txt has libsqlite3-dev): where
    # the CMake install puts it, loaded from there with the vectors.
    local ext libdir
    libdir=$(meson introspect --buildoptions "$b" | python3 -c \
        'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "libdir"))')
    ext=$dest/usr/local/$libdir/sqlite3/siphash.so
    if [[ -f $ext ]]; then
        run bash tests/install/sqlite_vectors.sh sqlite3 "$ext" tests/vectors || rc=1
    else
        echo "meson install: no $libdir/sqlite3/siphash.so"; rc=1
    fi
    echo "meson: installed $(find "$dest" -type f | wc -l) files"

    # As a subproject of a parent project, through a wrap file for a release
    # tarball (docs/embedding.md), the tarball made from this tree and
    # fetched by file://.  (The README's own recipes: check_readme.)
    local p=$OUT/meson-parent ver tarball
    rm -rf "$p"
    mkdir -p "$p/subprojects"
    cp tests/subproject/meson/meson.build tests/install/consumer.c "$p/"
    ver=$(sed -n 's/^#define SIPHASH_VERSION_STRING "\(.*\)"$/\1/p' include/siphash.h)
    tarball=$p/libsiphash-$ver.tar.gz
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git archive --format=tar.gz --prefix="libsiphash-$ver/" HEAD >"$tarball"
    else
        tar -czf "$tarball" --exclude='./build*' --transform "s|^\.|libsiphash-$ver|" .
    fi
    cat >"$p/subprojects/siphash.wrap" <<WRAP
[wrap-file]
directory = libsiphash-$ver
source_url = file://$tarball
source_filename = libsiphash-$ver.tar.gz
source_hash = $(sha256sum "$tarball" | cut -d' ' -f1)

[provide]
dependency_names = siphash
WRAP
    (cd "$p" && run meson setup build >"$p/setup.log" 2>&1) || { cat "$p/setup.log"; return 1; }
    run meson compile -C "$p/build" >>"$p/setup.log" 2>&1 || { cat "$p/setup.log"; return 1; }
    expect_paper "$p/build/consumer" "meson subproject" || rc=1
    # Nothing the parent did not ask for: no SQLite extension in its build.
    if find "$p/build" -name 'siphash.so' | grep -q .; then
        echo "meson subproject: the SQLite extension was built in the parent's build"; rc=1
    fi
    # The parent's one test only: ours stay in our own build.
    local listed
    listed=$(meson test -C "$p/build" --list 2>/dev/null | grep -vc '^ninja' || true)
    if [[ $listed != 1 ]]; then
        echo "meson subproject: the parent lists $listed tests, expected its own 1"
        rc=1
    fi
    return "$rc"
}

# ----------------------------------------------------------------- linux
check_linux() {
    local config dir rc=0 log
    if [[ ! -f /usr/src/linux-source-6.1.tar.xz ]]; then
        echo "linux: /usr/src/linux-source-6.1.tar.xz not installed (apt-get install linux-source-6.1): FAILED"
        return 1
    fi
    for config in gcc m32; do
        ci_reuse "$config" linux_test_siphash linux_secure_seq || { rc=1; continue; }
        dir=$(ci_dir "$config")
        log=$dir/linux-ctest.log
        if ! run ctest --test-dir "$dir" -L '^linux$' --output-on-failure --no-tests=error -V >"$log" 2>&1; then
            cat "$log"
            rc=1
        fi
        grep -E 'self-tests|secure_tcp_seq|tests passed' "$log" | sed "s/^[0-9]*: /linux ($config): /"
    done
    return "$rc"
}

# ---------------------------------------------------------------- readme
# doc_block FILE NAME: the fenced block that follows the line
# "<!-- test: NAME -->" in FILE (fails when there is none).
doc_block() {
    awk -v want="<!-- test: $2 -->" '
        $0 == want { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { done = 1; exit }
        found == 2 { print }
        END { exit !done }' "$1" || { echo "readme: no block '$2' in $1" >&2; return 1; }
}

# copy_tree DEST: this tree as it is on disk (tracked and new files, not
# what .gitignore names), as a user's copy of it would be.
copy_tree() {
    mkdir -p "$1"
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -z -c -o --exclude-standard | while IFS= read -r -d '' f; do
            [[ -e $f ]] && printf '%s\0' "$f"
        done | tar --null -T - -cf - | tar -xf - -C "$1"
    else
        tar -cf - --exclude='./build*' --exclude=./.git . | tar -xf - -C "$1"
    fi
}

# readme_run DIR LOG SCRIPT: SCRIPT (a README block) under bash -eu in DIR,
# with HOME=$HOME_T; its output in LOG and on stdout.
readme_run() {
    local dir=$1 log=$2 script=$3
    printf '+ (in %s)\n%s\n' "$dir" "$script" >&2
    (cd "$dir" && HOME=$HOME_T bash -euo pipefail -c "$script") >"$log" 2>&1
    local rc=$?
    sed 's/^/    /' "$log" | grep -v '^    \(--\|\[\|-- \)' | tail -n 20
    return "$rc"
}

# paper_lines LOG N WHAT: LOG holds the paper's example N times.
paper_lines() {
    local got
    got=$(grep -c '^a129ca6149be45e5$' "$1" || true)
    [[ $got == "$2" ]] || { echo "readme $3: printed the paper's example $got times, expected $2"; return 1; }
    echo "readme $3: a129ca6149be45e5 x$2"
}

check_readme() {
    local t=$OUT/readme rc=0 cc
    rm -rf "$t"
    mkdir -p "$t/home"
    HOME_T=$t/home
    local src=$t/libsiphash prefix=$t/home/.local/libsiphash
    copy_tree "$src"
    local hello=$t/hello.c
    doc_block README.md hello.c >"$hello" || return 1
    for cc in gcc clang; do
        run "$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -Iinclude "$hello" || rc=1
    done

    # Install, library only.
    readme_run "$src" "$t/install.log" "$(doc_block README.md install)" || { cat "$t/install.log"; return 1; }
    [[ -f $prefix/lib/libsiphash.so.1 && -f $prefix/lib/libsiphash.a && -x $prefix/bin/siphashsum ]] ||
        { echo "readme install: the library or siphashsum is missing under $prefix"; return 1; }
    [[ ! -d $src/build-lib/tests && ! -d $src/build-lib/bench && ! -d $src/build-lib/examples ]] ||
        { echo "readme install: tests, bench or examples were built"; rc=1; }
    echo "readme install: $(find "$prefix" -type f | wc -l) files under \$HOME/.local/libsiphash"

    # pkg-config, shared and static.
    mkdir -p "$t/pc" && cp "$hello" "$t/pc/"
    if readme_run "$t/pc" "$t/pc.log" "$(doc_block README.md pkg-config)"; then
        paper_lines "$t/pc.log" 2 pkg-config || rc=1
        # (ldd's output captured first: the loader writes it line by line,
        # and `ldd | grep -q` under pipefail failed 32 of 300 times here,
        # when grep exited on its match before ldd's last line.)
        grep -q "libsiphash\.so\.1 => $prefix/lib/" <<<"$(ldd "$t/pc/hello")" ||
            { echo "readme pkg-config: hello does not load $prefix/lib/libsiphash.so.1"; rc=1; }
        if grep -q libsiphash <<<"$(ldd "$t/pc/hello-static" 2>&1)"; then
            echo "readme pkg-config: hello-static needs libsiphash.so"; rc=1
        fi
    else
        cat "$t/pc.log"; rc=1
    fi

    # find_package, shared (as printed) and static (its comment's target).
    local cm
    cm=$(doc_block README.md find_package) || return 1
    for v in shared static; do
        local d=$t/fp-$v
        mkdir -p "$d" && cp "$hello" "$d/"
        if [[ $v == shared ]]; then
            printf '%s\n' "$cm" >"$d/CMakeLists.txt"
        else
            printf '%s\n' "$cm" | sed 's/PRIVATE siphash::siphash) *# or \(siphash::siphash_static\)$/PRIVATE \1)/' >"$d/CMakeLists.txt"
            grep -q 'PRIVATE siphash::siphash_static)' "$d/CMakeLists.txt" ||
                { echo "readme find_package: no siphash::siphash_static in the README's comment"; rc=1; continue; }
        fi
        if run cmake -S "$d" -B "$d/build" -DCMAKE_PREFIX_PATH="$HOME_T/.local/libsiphash" >"$d.log" 2>&1 &&
            run cmake --build "$d/build" >>"$d.log" 2>&1 && "$d/build/app" >"$d.out" 2>&1; then
            paper_lines "$d.out" 1 "find_package ($v)" || rc=1
        else
            cat "$d.log" "$d.out" 2>/dev/null; rc=1
        fi
    done

    # CMake subproject: the find_package line replaced by the README's lines.
    local fc
    fc=$(doc_block README.md fetchcontent) || return 1
    fc_parent() { # DIR LINES: a parent project with LINES for find_package
        mkdir -p "$1/third_party" && cp "$hello" "$1/"
        cp -a "$src" "$1/third_party/libsiphash"
        rm -rf "$1/third_party/libsiphash/build-lib"
        repl=$2 awk '/^find_package\(siphash/ { print ENVIRON["repl"]; next } { print }' <<<"$cm" >"$1/CMakeLists.txt"
    }
    local d=$t/fc
    fc_parent "$d" "$fc"
    if run cmake -S "$d" -B "$d/build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$d.log" 2>&1 &&
        run cmake --build "$d/build" -j "$JOBS" >>"$d.log" 2>&1 && "$d/build/app" >"$d.out" 2>&1; then
        paper_lines "$d.out" 1 "FetchContent (a copy)" || rc=1
        # No CMAKE_BUILD_TYPE: the library optimized, the parent's own code not.
        local cc_json=$d/build/compile_commands.json
        if grep -E '"command".*src/siphash\.c' "$cc_json" | grep -qE -- '-O3( |")' &&
            ! grep -E '"command".*/hello\.c' "$cc_json" | grep -q -- ' -O'; then
            echo "readme FetchContent: no build type: libsiphash at -O3, the parent's hello.c untouched"
        else
            echo "readme FetchContent: expected -O3 on libsiphash's sources only:"
            grep '"command"' "$cc_json"
            rc=1
        fi
    else
        cat "$d.log" "$d.out" 2>/dev/null; rc=1
    fi
    # add_subdirectory, as the block's comment offers: configured.
    local addsub
    addsub=$(sed -n 's/.*or just: \(add_subdirectory([^)]*)\).*/\1/p' <<<"$fc")
    if [[ -z $addsub ]]; then
        echo "readme: the FetchContent block no longer offers add_subdirectory"; rc=1
    else
        d=$t/addsub
        fc_parent "$d" "$addsub"
        run cmake -S "$d" -B "$d/build" >"$d.log" 2>&1 && grep -q 'siphash' "$d/build/CMakeCache.txt" &&
            echo "readme: $addsub configures" || { cat "$d.log"; rc=1; }
    fi
    # FetchContent from git (docs/embedding.md), the placeholders filled in.
    local head
    if head=$(git rev-parse HEAD 2>/dev/null); then
        d=$t/fc-git
        fc_parent "$d" "$(doc_block docs/embedding.md fetchcontent-git |
            sed -e "s|<url of your clone>|$SIPHASH_ROOT|" -e "s|<commit>|$head|")"
        rm -rf "$d/third_party"
        if run cmake -S "$d" -B "$d/build" >"$d.log" 2>&1; then
            echo "readme: FetchContent from git at $head configures"
        else
            cat "$d.log"; rc=1
        fi
    else
        echo "readme: not a git checkout: FetchContent from git not tried"
    fi

    # Meson: a copy in subprojects/siphash, then the wrap file of
    # docs/embedding.md; set up, and the copy's compile commands checked for
    # -O3 (check_meson builds and runs a Meson subproject already).
    local mb
    mb=$(doc_block README.md meson) || return 1
    d=$t/meson
    mkdir -p "$d/subprojects" && cp "$hello" "$d/" && printf '%s\n' "$mb" >"$d/meson.build"
    cp -a "$src" "$d/subprojects/siphash" && rm -rf "$d/subprojects/siphash/build-lib"
    if (cd "$d" && run meson setup build >"$d.log" 2>&1); then
        if grep -E '"command".*subprojects/siphash/src/siphash\.c' "$d/build/compile_commands.json" |
            grep -qE -- '-O3( |")'; then
            echo "readme: the Meson subproject (a copy) sets up, libsiphash at -O3"
        else
            echo "readme meson: libsiphash would not be compiled with -O3"; rc=1
        fi
    else
        cat "$d.log"; rc=1
    fi
    if [[ -n ${head:-} ]]; then
        d=$t/meson-wrap
        mkdir -p "$d/subprojects" && cp "$hello" "$d/" && printf '%s\n' "$mb" >"$d/meson.build"
        doc_block docs/embedding.md meson-wrap |
            sed -e "s|<url of your clone>|$SIPHASH_ROOT|" -e "s|<commit>|$head|" >"$d/subprojects/siphash.wrap"
        if (cd "$d" && run meson setup build >"$d.log" 2>&1); then
            echo "readme: the Meson wrap file at $head sets up"
        else
            cat "$d.log"; rc=1
        fi
    fi

    # The amalgamation line, run from the tree with hello.c in ../myapp.
    mkdir -p "$t/myapp" && cp "$hello" "$t/myapp/"
    if readme_run "$src" "$t/amalgam.log" "$(doc_block README.md amalgamation)"; then
        paper_lines "$t/amalgam.log" 1 amalgamation || rc=1
    else
        cat "$t/amalgam.log"; rc=1
    fi

    # siphashsum's three lines, with the installed tool.
    mkdir -p "$t/sum" && cp "$hello" "$t/sum/"
    if PATH=$prefix/bin:$PATH readme_run "$t/sum" "$t/sum.log" "$(doc_block README.md siphashsum)"; then
        grep -qx 'hello.c: OK' "$t/sum.log" && echo "readme siphashsum: hello.c: OK" ||
            { echo "readme siphashsum: no 'hello.c: OK'"; rc=1; }
    else
        cat "$t/sum.log"; rc=1
    fi
    return "$rc"
}

# ----------------------------------------------------------------- links
check_links() {
    run python3 .ci/doc_links.py
}

# linux last: it reuses the matrix's gcc and m32 trees, which the matrix
# may still be making when this step starts beside it (scripts/test.sh).
all=(spdx subproject amalgam meson readme links linux)
sel=("$@")
[[ ${#sel[@]} -gt 0 ]] || sel=("${all[@]}")
status=0 summary=()
for s in "${sel[@]}"; do
    echo "---- adopt: $s"
    start=$SECONDS
    if "check_$s"; then
        summary+=("$s: passed ($((SECONDS - start)) s)")
    else
        summary+=("$s: FAILED ($((SECONDS - start)) s)")
        ci_note "FAILED: $s"
        status=1
    fi
done
printf '%s\n' "---- adopt summary" "${summary[@]}"
exit "$status"
