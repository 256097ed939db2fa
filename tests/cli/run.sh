#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh SECTION — CLI tests for siphashsum, driving the real binary.
#
# Sections (one CTest test each): vectors output check keys keygen errors
# stdout memory largefile docs.  Environment (set by tests/cli/CMakeLists.txt):
#   SIPHASHSUM           the binary under test
#   ONESHOT              helper: library one-shot hash of a whole file
#   READFAIL_SHIM        LD_PRELOAD module failing read() mid-file ('' = none)
#   LINKFAIL_SHIM        LD_PRELOAD module failing link() ('' = none)
#   RANDFAIL_SHIM        LD_PRELOAD module failing getrandom() ('' = none)
#   SIPHASHSUM_EMULATOR  prefix for running target binaries (qemu), or ''
#   ONESHOT_EMULATOR     prefix for the ONESHOT helper (default: the above);
#                        the matrix's memcheck run sets it to '': the helper
#                        is test code, and the library functions it calls
#                        are memchecked by the C tests
#   VECTOR_DIR           tests/vectors
#   SIPHASH_SANITIZED    1 in ASan/UBSan builds (memory limit not checked)
# Every command's exit status and stderr are compared exactly.  Runs in a
# fresh temporary directory, removed at exit.  Exit 0 pass, 1 fail, 77 skip.

# Functions are called indirectly ("t_$section"); printf formats are the
# expected texts on purpose (escapes such as \n and \0 in them).
# shellcheck disable=SC2317,SC2059
set -u
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
section=${1:?usage: run.sh SECTION}
: "${SIPHASHSUM:?}" "${ONESHOT:?}" "${VECTOR_DIR:?}"
READFAIL_SHIM=${READFAIL_SHIM-}
LINKFAIL_SHIM=${LINKFAIL_SHIM-}
RANDFAIL_SHIM=${RANDFAIL_SHIM-}
SIPHASHSUM_EMULATOR=${SIPHASHSUM_EMULATOR-}
ONESHOT_EMULATOR=${ONESHOT_EMULATOR-$SIPHASHSUM_EMULATOR}
SIPHASH_SANITIZED=${SIPHASH_SANITIZED:-0}
SOURCE_DIR=${SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
unset SIPHASH_KEY

tmp=$(mktemp -d "${TMPDIR:-/tmp}/siphashsum-test.XXXXXX") || exit 1
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
umask 077

K=000102030405060708090a0b0c0d0e0f   # the vector key (tests/vectors/README.md)
HK=0001020304050607
failures=0
checks=0

fail() {
    failures=$((failures + 1))
    echo "FAIL: $*" >&2
}

# sum ARGS...: runs siphashsum (under the emulator, if any).
sum() {
    # shellcheck disable=SC2086
    $SIPHASHSUM_EMULATOR "$SIPHASHSUM" "$@"
}

# run ARGS...: runs siphashsum, stdout -> out, stderr -> err, status -> rc.
run() {
    sum "$@" >out 2>err
    rc=$?
}

# expect DESC STATUS [STDERR]: checks the last run's exit status and, if
# given, its whole stderr (printf-escapes allowed).
expect() {
    local desc=$1 want_rc=$2
    checks=$((checks + 1))
    if [ "$rc" != "$want_rc" ]; then
        fail "$desc: exit status $rc, expected $want_rc; stderr: $(cat err)"
        return
    fi
    if [ $# -ge 3 ]; then
        printf -- "$3" >want_err
        if ! cmp -s err want_err; then
            fail "$desc: stderr differs"
            diff want_err err | sed 's/^/    /' >&2
        fi
    fi
}

# expect_out DESC CONTENT: the last run's whole stdout (printf-escapes).
expect_out() {
    checks=$((checks + 1))
    printf -- "$2" >want_out
    if ! cmp -s out want_out; then
        fail "$1: stdout differs"
        diff want_out out | sed 's/^/    /' >&2
    fi
}

# same DESC A B: string equality.
same() {
    checks=$((checks + 1))
    [ "$2" = "$3" ] || fail "$1: got '$2', expected '$3'"
}

# msg N FILE: message N of the vectors (bytes 00 .. N-1) written to FILE.
msg() {
    local i s=
    for ((i = 0; i < $1; i++)); do
        s+=$(printf '\\%03o' "$i")
    done
    printf "$s" >"$2"
}

# line N VARIANT: line N+1 of VECTOR_DIR/VARIANT.txt (answer for message N).
vector() {
    sed -n "$(($1 + 1))p" "$VECTOR_DIR/$2.txt"
}

# as_nobody CMD...: runs CMD without root's power to read anything, so
# permission tests mean something when the suite runs as root.
as_nobody() {
    if [ "$(id -u)" != 0 ]; then
        "$@"
    else
        setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"
    fi
}
can_drop_root() {
    [ "$(id -u)" != 0 ] && return 0
    command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups -- true 2>/dev/null
}

# ---------------------------------------------------------------------------
# vectors: every variant and length gives the published answers through the
# real binary, with the key given each possible way.
# ---------------------------------------------------------------------------
t_vectors() {
    local i v a l names=() want
    for ((i = 0; i < 64; i++)); do
        msg "$i" "m$(printf %02d "$i")"
        names+=("m$(printf %02d "$i")")
    done
    for v in siphash-2-4-64 siphash-2-4-128 siphash-1-3-64 siphash-1-3-128 \
        halfsiphash-2-4-32 halfsiphash-2-4-64 halfsiphash-1-3-32 halfsiphash-1-3-64; do
        a=${v%-*} l=${v##*-}
        local key=$K
        case $a in halfsiphash*) key=$HK ;; esac
        want=
        for ((i = 0; i < 64; i++)); do
            want+="$v:$(vector "$i" "$v")  ${names[$i]}\n"
        done
        run -a "$a" -l "$l" --key "$key" "${names[@]}"
        expect "vectors $v" 0 ""
        expect_out "vectors $v" "$want"
    done

    # SipHash-1-2 (Redis, Valkey): the streaming API with c = 1, d = 2.
    if [ -f "$VECTOR_DIR/siphash-1-2-64.txt" ]; then
        want=
        for ((i = 0; i < 64; i++)); do
            want+="siphash-1-2-64:$(vector "$i" siphash-1-2-64)  ${names[$i]}\n"
        done
        run -a siphash-1-2 --key "$K" "${names[@]}"
        expect "vectors siphash-1-2-64" 0 ""
        expect_out "vectors siphash-1-2-64" "$want"
        run -a SipHash-1-2 --key "$K" --tag m15
        expect_out "siphash-1-2 --tag" "SipHash-1-2-64 (m15) = $(vector 15 siphash-1-2-64)\n"
        sum -a siphash-1-2 --key "$K" m15 m07 >s12
        run --key "$K" -c s12
        expect "siphash-1-2 check" 0 ""
        expect_out "siphash-1-2 check" "m15: OK\nm07: OK\n"
    else
        echo "SKIP: siphash-1-2 vectors (no $VECTOR_DIR/siphash-1-2-64.txt)"
    fi

    # Default algorithm and length: SipHash-2-4, 64 bits; HalfSipHash 32.
    run --key "$K" m15
    expect "default variant" 0 ""
    expect_out "default variant" "siphash-2-4-64:$(vector 15 siphash-2-4-64)  m15\n"
    same "paper example bytes" "$(vector 15 siphash-2-4-64)" e545be4961ca29a1
    run -a HalfSipHash-1-3 --key "$HK" m07
    expect "halfsiphash default length" 0 ""
    expect_out "halfsiphash default length" "halfsiphash-1-3-32:$(vector 7 halfsiphash-1-3-32)  m07\n"

    # The key from a hex file (with newline), a raw file, and SIPHASH_KEY.
    echo "$K" >khex
    printf "$(echo "$K" | sed 's/../\\x&/g')" >kraw
    same "raw key file size" "$(wc -c <kraw | tr -d ' ')" 16
    run --key-file khex m63
    expect "hex key file" 0 ""
    expect_out "hex key file" "siphash-2-4-64:$(vector 63 siphash-2-4-64)  m63\n"
    run --key-file kraw m63
    expect "raw key file" 0 ""
    expect_out "raw key file" "siphash-2-4-64:$(vector 63 siphash-2-4-64)  m63\n"
    printf '  %s\r\n\n' "${K^^}" >kspaces
    run --key-file kspaces m63
    expect "hex key file, upper case, CRLF and spaces" 0 ""
    expect_out "hex key file, upper case, CRLF and spaces" "siphash-2-4-64:$(vector 63 siphash-2-4-64)  m63\n"
    printf "$(echo "$HK" | sed 's/../\\x&/g')" >khraw
    run -a halfsiphash-2-4 -l 64 --key-file khraw m63
    expect "raw halfsiphash key file" 0 ""
    expect_out "raw halfsiphash key file" "halfsiphash-2-4-64:$(vector 63 halfsiphash-2-4-64)  m63\n"
    SIPHASH_KEY=$K run -a siphash-1-3 -l 128 m40
    expect "SIPHASH_KEY" 0 ""
    expect_out "SIPHASH_KEY" "siphash-1-3-128:$(vector 40 siphash-1-3-128)  m40\n"
    # --key-file wins over SIPHASH_KEY (a command-line choice beats a default).
    SIPHASH_KEY=ffffffffffffffffffffffffffffffff run --key-file khex m01
    expect "--key-file over SIPHASH_KEY" 0 ""
    expect_out "--key-file over SIPHASH_KEY" "siphash-2-4-64:$(vector 1 siphash-2-4-64)  m01\n"

    # Chunked streaming against the library's one-shot answer, on sizes
    # around the tool's 64 KiB chunk.
    local n
    head -c 300000 /dev/urandom >rnd
    for n in 65535 65536 65537 131073 299999; do
        head -c "$n" rnd >"r$n"
        for v in siphash-2-4-64 siphash-1-3-128 halfsiphash-2-4-32 halfsiphash-1-3-64; do
            a=${v%-*} l=${v##*-}
            key=$K
            case $a in halfsiphash*) key=$HK ;; esac
            run -a "$a" -l "$l" --key "$key" "r$n"
            expect "streaming $v $n" 0 ""
            expect_out "streaming $v $n" "$v:$($ONESHOT_EMULATOR "$ONESHOT" "$v" "$key" "r$n")  r$n\n"
            # ... and through a pipe, where reads return other sizes.
            cat "r$n" | sum -a "$a" -l "$l" --key "$key" >out 2>err
            rc=$?
            expect "pipe $v $n" 0 ""
            expect_out "pipe $v $n" "$v:$($ONESHOT_EMULATOR "$ONESHOT" "$v" "$key" "r$n")  -\n"
        done
    done
}

# ---------------------------------------------------------------------------
# output: styles, stdin, escaping, -z
# ---------------------------------------------------------------------------
t_output() {
    local h
    msg 15 m15
    h=$(vector 15 siphash-2-4-64)

    run --key "$K" --tag m15
    expect "--tag" 0 ""
    expect_out "--tag" "SipHash-2-4-64 (m15) = $h\n"
    run --key "$HK" --tag -a halfsiphash-1-3 -l 64 m15
    expect_out "--tag halfsiphash" "HalfSipHash-1-3-64 (m15) = $(vector 15 halfsiphash-1-3-64)\n"

    # stdin: no operand, '-', and '-' among files.
    sum --key "$K" <m15 >out 2>err; rc=$?
    expect "stdin, no operand" 0 ""
    expect_out "stdin, no operand" "siphash-2-4-64:$h  -\n"
    sum --key "$K" - <m15 >out 2>err; rc=$?
    expect_out "stdin as -" "siphash-2-4-64:$h  -\n"
    sum --key "$K" m15 - m15 <m15 >out 2>err; rc=$?
    expect "stdin among files" 0 ""
    expect_out "stdin among files" "siphash-2-4-64:$h  m15\nsiphash-2-4-64:$h  -\nsiphash-2-4-64:$h  m15\n"
    printf '' | sum --key "$K" >out 2>err; rc=$?
    expect_out "empty stdin" "siphash-2-4-64:$(vector 0 siphash-2-4-64)  -\n"

    # Awkward names: spaces, backslashes, newline, carriage return, a dash.
    cp m15 'with space'
    cp m15 'back\slash'
    cp m15 "$(printf 'new\nline')"
    cp m15 "$(printf 'cr\r')"
    cp m15 -- -dash
    run --key "$K" 'with space' 'back\slash' "$(printf 'new\nline')" "$(printf 'cr\r')" -- -dash
    expect "awkward names" 0 ""
    expect_out "awkward names" "siphash-2-4-64:$h  with space
\\\\siphash-2-4-64:$h  back\\\\\\\\slash
\\\\siphash-2-4-64:$h  new\\\\nline
\\\\siphash-2-4-64:$h  cr\\\\r
siphash-2-4-64:$h  -dash\n"
    run --key "$K" --tag 'back\slash' "$(printf 'new\nline')"
    expect_out "awkward names --tag" "\\\\SipHash-2-4-64 (back\\\\\\\\slash) = $h
\\\\SipHash-2-4-64 (new\\\\nline) = $h\n"

    # -z: NUL-terminated lines, names unescaped.
    run --key "$K" -z 'back\slash' "$(printf 'new\nline')"
    expect "-z" 0 ""
    expect_out "-z" "siphash-2-4-64:$h  back\\\\slash\0siphash-2-4-64:$h  new\nline\0"
    run --key "$K" -z --tag m15
    expect_out "-z --tag" "SipHash-2-4-64 (m15) = $h\0"

    run --help
    expect "--help" 0 ""
    checks=$((checks + 1))
    grep -q '^Usage: siphashsum \[OPTION\]\.\.\. \[FILE\]\.\.\.$' out || fail "--help: no usage line"
    run --version
    expect "--version" 0 ""
    checks=$((checks + 1))
    grep -Eq '^siphashsum \(libsiphash\) [0-9]+\.[0-9]+\.[0-9]+$' out || fail "--version: $(cat out)"
}

# ---------------------------------------------------------------------------
# check: round trips, failures, warnings, options
# ---------------------------------------------------------------------------
t_check() {
    local h
    msg 15 m15
    msg 3 m3
    h=$(vector 15 siphash-2-4-64)
    cp m15 'with space'
    cp m15 'back\slash'
    cp m15 "$(printf 'new\nline')"
    cp m15 "$(printf 'cr\r')"
    local files=(m15 m3 'with space' 'back\slash' "$(printf 'new\nline')" "$(printf 'cr\r')")

    # Round trip, both styles, every variant.
    local style a l
    for style in "" --tag; do
        for a in siphash-2-4 siphash-1-3 halfsiphash-2-4 halfsiphash-1-3; do
            for l in 64 128 32; do
                local key=$K
                case $a in halfsiphash*) key=$HK; [ $l = 128 ] && continue ;;
                           *) [ $l = 32 ] && continue ;; esac
                sum --key "$key" -a "$a" -l "$l" $style "${files[@]}" >sums
                run --key "$key" -c sums
                expect "round trip $a-$l $style" 0 ""
                expect_out "round trip $a-$l $style" "m15: OK\nm3: OK\nwith space: OK
\\\\back\\\\\\\\slash: OK\n\\\\new\\\\nline: OK\n\\\\cr\\\\r: OK\n"
            done
        done
    done

    # Mixed variants of one family in one file; check reads sums from stdin.
    { sum --key "$K" m15; sum --key "$K" -a siphash-1-3 -l 128 --tag m3; } >mixed
    sum --key "$K" -c <mixed >out 2>err; rc=$?
    expect "mixed variants via stdin" 0 ""
    expect_out "mixed variants via stdin" "m15: OK\nm3: OK\n"
    # A HalfSipHash line needs an 8-byte key.  With only the SipHash key,
    # that line fails with the reason and the rest is still checked.
    sum --key "$HK" -a halfsiphash-2-4 m3 >>mixed
    sum --key "$K" m15 >>mixed
    run --key "$K" -c mixed
    expect "family without a key" 1 "siphashsum: m3: no HalfSipHash key; --key: wrong key length: 32 hex digits, HalfSipHash needs 16 (8 bytes)
siphashsum: WARNING: 1 line has no key for its algorithm family\n"
    expect_out "family without a key: the rest checked" "m15: OK\nm3: OK\nm3: FAILED no key\nm15: OK\n"
    run --key "$K" -c --status mixed
    expect "family without a key, --status" 1 "siphashsum: m3: no HalfSipHash key; --key: wrong key length: 32 hex digits, HalfSipHash needs 16 (8 bytes)\n"
    # One key per family, each way a key can be given; told apart by length.
    local two
    for two in "--key $K --key $HK" "--key $HK --key $K"; do
        # shellcheck disable=SC2086
        run $two -c mixed
        expect "two families ($two)" 0 ""
        expect_out "two families ($two)" "m15: OK\nm3: OK\nm3: OK\nm15: OK\n"
    done
    echo "$K" >k16
    printf "$(echo "$HK" | sed 's/../\\x&/g')" >k8raw
    run --key-file k8raw --key-file k16 -c mixed
    expect "two key files (raw HalfSipHash, hex SipHash)" 0 ""
    expect_out "two key files" "m15: OK\nm3: OK\nm3: OK\nm15: OK\n"
    SIPHASH_KEY="$K,$HK" run -c mixed
    expect "SIPHASH_KEY with two keys" 0 ""
    expect_out "SIPHASH_KEY with two keys" "m15: OK\nm3: OK\nm3: OK\nm15: OK\n"

    # -z round trip (NUL-ended lines, names raw).
    sum --key "$K" -z "${files[@]}" >zsums
    run --key "$K" -z -c zsums
    expect "-z round trip" 0 ""
    expect_out "-z round trip" "m15: OK\0m3: OK\0with space: OK\0back\\\\slash: OK\0new\nline: OK\0cr\r: OK\0"

    # CRLF check file.
    sum --key "$K" m15 m3 | sed 's/$/\r/' >crlf
    run --key "$K" -c crlf
    expect "CRLF check file" 0 ""
    expect_out "CRLF check file" "m15: OK\nm3: OK\n"

    # Comments and blank lines are skipped silently.
    { echo '# made by siphashsum'; echo; sum --key "$K" m15; } >commented
    run --key "$K" -c commented
    expect "comments and blank lines" 0 ""
    expect_out "comments and blank lines" "m15: OK\n"

    # A changed file fails; the others still pass.
    sum --key "$K" m15 m3 >sums
    cp m15 m3
    run --key "$K" -c sums
    expect "mismatch" 1 "siphashsum: WARNING: 1 computed checksum did NOT match\n"
    expect_out "mismatch" "m15: OK\nm3: FAILED\n"
    sum --key "$K" m15 >>sums
    # Wrong only in the last digit: every byte must be compared.
    local last=${h: -1} other=0
    [ "$last" = 0 ] && other=1
    echo "siphash-2-4-64:${h%?}$other  m15" >>sums
    run --key "$K" -c sums
    expect "two mismatches" 1 "siphashsum: WARNING: 2 computed checksums did NOT match\n"
    run --key "$K" -c --quiet sums
    expect "--quiet" 1 "siphashsum: WARNING: 2 computed checksums did NOT match\n"
    expect_out "--quiet" "m3: FAILED\nm15: FAILED\n"
    run --key "$K" -c --status sums
    expect "--status" 1 ""
    expect_out "--status" ""
    # The wrong key fails every line.
    run --key ffeeddccbbaa99887766554433221100 -c sums
    expect "wrong key" 1 "siphashsum: WARNING: 4 computed checksums did NOT match\n"
    msg 3 m3

    # Missing listed files.
    sum --key "$K" m15 m3 >sums
    echo "siphash-2-4-64:$h  gone" >>sums
    run --key "$K" -c sums
    expect "missing listed file" 1 "siphashsum: gone: No such file or directory
siphashsum: WARNING: 1 listed file could not be read\n"
    expect_out "missing listed file" "m15: OK\nm3: OK\ngone: FAILED open or read\n"
    run --key "$K" -c --ignore-missing sums
    expect "--ignore-missing" 0 ""
    expect_out "--ignore-missing" "m15: OK\nm3: OK\n"
    echo "siphash-2-4-64:$h  gone" >onlygone
    mkdir -p adir
    { cat sums; echo "siphash-2-4-64:$h  adir"; } >sums_dir
    run --key "$K" -c --ignore-missing sums_dir
    expect "--ignore-missing ignores only missing files" 1 "siphashsum: adir: Is a directory
siphashsum: WARNING: 1 listed file could not be read\n"
    expect_out "--ignore-missing ignores only missing files" "m15: OK\nm3: OK\nadir: FAILED open or read\n"
    run --key "$K" -c --ignore-missing onlygone
    expect "--ignore-missing, nothing verified" 1 "siphashsum: onlygone: no file was verified\n"
    run --key "$K" -c --status sums
    expect "--status, missing" 1 "siphashsum: gone: No such file or directory\n"
    expect_out "--status, missing" ""
    mkdir -p adir
    echo "siphash-2-4-64:$h  adir" >dirsum
    run --key "$K" -c dirsum
    expect "directory listed" 1 "siphashsum: adir: Is a directory
siphashsum: WARNING: 1 listed file could not be read\n"
    expect_out "directory listed" "adir: FAILED open or read\n"

    # Malformed lines: counted, reported with -w, fatal only with --strict.
    sum --key "$K" m15 >bad
    printf '%s\n' "garbage" "siphash-2-4-64:$h" "siphash-9-9-64:$h  m15" \
        "siphash-2-4-64:${h}00  m15" "siphash-2-4-32:$h  m15" "siphash-2-4-64:$h m15" \
        "SipHash-2-4-64 (m15) = ${h%?}" "\\siphash-2-4-64:$h  bad\\escape" \
        "$h  m15" >>bad
    run --key "$K" -c bad
    expect "malformed lines" 0 "siphashsum: WARNING: 9 lines are improperly formatted\n"
    expect_out "malformed lines" "m15: OK\n"
    run --key "$K" -c --strict bad
    expect "--strict" 1 "siphashsum: WARNING: 9 lines are improperly formatted\n"
    run --key "$K" -c -w bad
    expect "-w" 0 "siphashsum: bad: 2: improperly formatted checksum line
siphashsum: bad: 3: improperly formatted checksum line
siphashsum: bad: 4: improperly formatted checksum line
siphashsum: bad: 5: improperly formatted checksum line
siphashsum: bad: 6: improperly formatted checksum line
siphashsum: bad: 7: improperly formatted checksum line
siphashsum: bad: 8: improperly formatted checksum line
siphashsum: bad: 9: improperly formatted checksum line
siphashsum: bad: 10: improperly formatted checksum line
siphashsum: WARNING: 9 lines are improperly formatted\n"
    printf 'one line\n' >nothing
    run --key "$K" -c nothing
    expect "no valid line" 1 "siphashsum: nothing: no properly formatted checksum lines found\n"
    printf '' | sum --key "$K" -c >out 2>err; rc=$?
    expect "empty stdin check" 1 "siphashsum: standard input: no properly formatted checksum lines found\n"
    run --key "$K" -c does-not-exist
    expect "missing check file" 1 "siphashsum: does-not-exist: No such file or directory\n"
    run --key "$K" -c adir
    expect "directory as check file" 1 "siphashsum: adir: Is a directory\n"
    # Several check files: each is reported, the worst status wins.
    sum --key "$K" m15 >good
    run --key "$K" -c good does-not-exist good
    expect "several check files" 1 "siphashsum: does-not-exist: No such file or directory\n"
    expect_out "several check files" "m15: OK\nm15: OK\n"
    # Upper-case tags and digits, the binary marker, leading blanks.
    printf '%s\n' "SIPHASH-2-4-64:${h^^} *m15" "  halfsiphash-2-4-32:$(vector 15 halfsiphash-2-4-32)  m15" >variants
    run --key "$K" -c -a siphash-2-4 variants
    expect "upper case and binary marker" 0 "siphashsum: WARNING: 1 line is improperly formatted\n"
    expect_out "upper case and binary marker" "m15: OK\n"

    # One blank between the digest and the name, as coreutils 9.1 accepts
    # it (sha256sum -c): the blank may be a space or a tab, and a name
    # then starts right after it.  The layout is decided by the first such
    # line of the run (every check file): after a "hex  name" line a
    # one-blank line is improperly formatted, and after a one-blank line a
    # "hex  name" line names " name".
    local hh
    hh=$(vector 15 halfsiphash-2-4-32)
    printf 'siphash-2-4-64:%s m15\nhalfsiphash-2-4-32:%s\tm15\nSipHash-2-4-64 (m3) = %s\n' \
        "$h" "$hh" "$(vector 3 siphash-2-4-64)" >onespace
    run --key "$K" --key "$HK" -c onespace
    expect "one blank between digest and name" 0 ""
    expect_out "one blank between digest and name" "m15: OK\nm15: OK\nm3: OK\n"
    printf '%s m15\n%s *m15\n' "$h" "$h" >onespace_plain
    run --key "$K" -a siphash-2-4 -c onespace_plain
    expect "one blank, plain lines (-a), then a marker-like name" 1 "siphashsum: *m15: No such file or directory
siphashsum: WARNING: 1 listed file could not be read\n"
    expect_out "one blank, plain lines (-a), then a marker-like name" "m15: OK\n*m15: FAILED open or read\n"
    printf 'siphash-2-4-64:%s  m15\nsiphash-2-4-64:%s m15\nsiphash-2-4-64:%s \tm15\n' "$h" "$h" "$h" >mixed
    run --key "$K" -c -w mixed
    expect "one blank after a two-blank line" 0 "siphashsum: mixed: 2: improperly formatted checksum line
siphashsum: mixed: 3: improperly formatted checksum line
siphashsum: WARNING: 2 lines are improperly formatted\n"
    expect_out "one blank after a two-blank line" "m15: OK\n"
    printf 'siphash-2-4-64:%s m15\nsiphash-2-4-64:%s  m15\n' "$h" "$h" >mixed2
    run --key "$K" -c mixed2
    expect "two blanks after a one-blank line" 1 "siphashsum:  m15: No such file or directory
siphashsum: WARNING: 1 listed file could not be read\n"
    expect_out "two blanks after a one-blank line" "m15: OK\n m15: FAILED open or read\n"
    # Across check files too, in the order given.
    printf 'siphash-2-4-64:%s m15\n' "$h" >one_blank
    printf 'siphash-2-4-64:%s  m15\n' "$h" >two_blank
    run --key "$K" -c two_blank one_blank
    expect "one-blank file after a two-blank file" 1 "siphashsum: one_blank: no properly formatted checksum lines found\n"
    expect_out "one-blank file after a two-blank file" "m15: OK\n"
    run --key "$K" -c one_blank one_blank
    expect "one-blank files" 0 ""
    # What coreutils also refuses: no blank, a blank at the end only, one
    # digit too many, an escaped name that does not unescape.
    printf '%s\n' "siphash-2-4-64:${h}m15" "siphash-2-4-64:$h " "siphash-2-4-64:${h}0 m15" \
        "\\siphash-2-4-64:$h bad\\escape" >onebad
    run --key "$K" -c -w onebad
    expect "one-blank lines coreutils refuses" 1 "siphashsum: onebad: 1: improperly formatted checksum line
siphashsum: onebad: 2: improperly formatted checksum line
siphashsum: onebad: 3: improperly formatted checksum line
siphashsum: onebad: 4: improperly formatted checksum line
siphashsum: onebad: no properly formatted checksum lines found\n"
    # BSD-style lines as coreutils reads them: at most one space before
    # '(', any blanks around '=', the name up to the last ')'.
    local h3
    h3=$(vector 3 siphash-2-4-64)
    printf '%s\n' "SipHash-2-4-64(m3)= $h3" "SipHash-2-4-64 (m3)=$h3" "SipHash-2-4-64 (m3)	=	$h3" \
        "SipHash-2-4-64  (m3) = $h3" "SipHash-2-4-64 (m3) = $h3 " "SipHash-2-4-64 (m3) - $h3" >bsdforms
    run --key "$K" -c -w bsdforms
    expect "BSD line spacing" 0 "siphashsum: bsdforms: 4: improperly formatted checksum line
siphashsum: bsdforms: 5: improperly formatted checksum line
siphashsum: bsdforms: 6: improperly formatted checksum line
siphashsum: WARNING: 3 lines are improperly formatted\n"
    expect_out "BSD line spacing" "m3: OK\nm3: OK\nm3: OK\n"
    # -z: one blank works as without; a line starting with a backslash is
    # improperly formatted (with -z nothing is escaped, so a backslash never
    # marks an escaped name).
    printf 'siphash-2-4-64:%s m15\0' "$h" >zone
    run --key "$K" -z -c zone
    expect "-z, one blank" 0 ""
    expect_out "-z, one blank" "m15: OK\0"
    printf '\\siphash-2-4-64:%s  m15\0\\SipHash-2-4-64 (m15) = %s\0' "$h" "$h" >zback
    run --key "$K" -z -c -w zback
    expect "-z, leading backslash" 1 "siphashsum: zback: 1: improperly formatted checksum line
siphashsum: zback: 2: improperly formatted checksum line
siphashsum: zback: no properly formatted checksum lines found\n"
    printf '\\%s  m15\0' "$h" >zbackplain
    run --key "$K" -a siphash-2-4 -z -c -w zbackplain
    expect "-z, leading backslash, plain line" 1 "siphashsum: zbackplain: 1: improperly formatted checksum line
siphashsum: zbackplain: no properly formatted checksum lines found\n"

    # The same line shapes through sha256sum -c of coreutils 9.1 (plain
    # "hex name" lines, the format -a accepts) and through siphashsum: the
    # same lines OK, FAILED or improperly formatted.  File names in error
    # messages are quoted differently, so those messages are left out.
    if sha256sum --version 2>/dev/null | head -n1 | grep -qx 'sha256sum (GNU coreutils) 9.1'; then
        local shape n=0 sh sip
        printf 'x' >'b c'
        printf 'y' >' lead'
        printf 'z' >'*star'
        # Shapes: D = digest of the named file, T = BSD tag; \n and \t escapes.
        for shape in 'D m15' 'D\tm15' 'D\t m15' 'D \tm15' 'D  ' 'D *' 'D  m15\nD m15' \
            'D m15\nD  m15' ' D m15' '\\D m15' 'D m15\r' 'D m15 ' 'D0 m15' 'D' 'D ' \
            'D  *star' 'D **star' 'D *m15' 'D  lead' 'D b c\nD  m15' 'D *star\nD  lead' \
            'T (m15) = D' 'T(m15)= D' 'T (m15)\t=\tD' 'T  (m15) = D' 'T (m15) = D ' \
            'T (m15)) = D' '\\T (m15) = D' 'T (m15) = D\nD m15' 'D m15\nT (m15) = D\nD  m15'; do
            n=$((n + 1))
            sh=${shape//T/SHA256}
            sip=${shape//T/SipHash-2-4-64}
            # The digest of the name on the line (the last word; m15 if none).
            local name=m15
            [[ $shape == *lead* ]] && name=' lead'
            [[ $shape == *star* ]] && name='*star'
            [[ $shape == *'b c'* ]] && name='b c'
            printf "${sh//D/$(sha256sum <"$name" | cut -c1-64)}\n" >shape_sha
            printf "${sip//D/$(sum --key "$K" -a siphash-2-4 <"$name" | cut -d: -f2 | cut -c1-16)}\n" >shape_sip
            sha256sum -c -w shape_sha >want_out 2>want_err
            local want_rc=$?
            sum --key "$K" -a siphash-2-4 -c -w shape_sip >out 2>err
            rc=$?
            sed -i -e 's/^sha256sum: /siphashsum: /' -e 's/shape_sha/shape_sip/' \
                -e 's/improperly formatted SHA256 checksum line/improperly formatted checksum line/' \
                -e '/No such file or directory$/d' want_err
            sed -i '/No such file or directory$/d' err
            checks=$((checks + 1))
            if [ "$rc" != "$want_rc" ] || ! cmp -s out want_out || ! cmp -s err want_err; then
                fail "shape $n ('$shape') differs from sha256sum -c: exit $rc (sha256sum $want_rc)"
                diff want_out out | sed 's/^/    out: /' >&2
                diff want_err err | sed 's/^/    err: /' >&2
            fi
        done
    else
        echo "SKIP: comparison with sha256sum -c (needs GNU coreutils 9.1)"
    fi

    # The line limit (SUM_LINE_MAX in tools/sum.h, its terminator included):
    # a line of exactly that many bytes is read and checked, one byte more
    # is improperly formatted "(too long)"; with and without the newline.
    local max pad line
    max=$(sed -n 's/^enum { SUM_LINE_MAX = \(.*\) };$/\1/p' "$SOURCE_DIR/tools/sum.h")
    max=$((max))
    same "SUM_LINE_MAX found in tools/sum.h" "$((max > 4096))" 1
    line="siphash-2-4-64:$h  m15"
    pad=$((max - ${#line} - 1))
    { head -c "$pad" /dev/zero | tr '\0' ' '; echo "$line"; } >atmax
    same "line at the limit: its size" "$(wc -c <atmax)" "$max"
    run --key "$K" -c -w atmax
    expect "line of exactly SUM_LINE_MAX bytes" 0 ""
    expect_out "line of exactly SUM_LINE_MAX bytes" "m15: OK\n"
    { printf ' '; cat atmax; } >overmax
    run --key "$K" -c -w overmax
    expect "line of SUM_LINE_MAX + 1 bytes" 1 "siphashsum: overmax: 1: improperly formatted checksum line (too long)
siphashsum: overmax: no properly formatted checksum lines found\n"
    head -c "$max" overmax >atmax_noeol  # the same bytes less the newline
    run --key "$K" -c -w atmax_noeol
    expect "last line of exactly SUM_LINE_MAX bytes, no newline" 0 ""
    { printf ' '; cat atmax_noeol; } >overmax_noeol
    run --key "$K" -c -w overmax_noeol
    expect "last line of SUM_LINE_MAX + 1 bytes, no newline" 1 "siphashsum: overmax_noeol: 1: improperly formatted checksum line (too long)
siphashsum: overmax_noeol: no properly formatted checksum lines found\n"

    # A line longer than 64 KiB + 4 KiB is improperly formatted, and the
    # lines after it are still checked.
    { sum --key "$K" m15; head -c 100000 /dev/zero | tr '\0' a; echo; sum --key "$K" m3; } >longline
    run --key "$K" -c -w longline
    expect "overlong line" 0 "siphashsum: longline: 2: improperly formatted checksum line (too long)
siphashsum: WARNING: 1 line is improperly formatted\n"
    expect_out "overlong line: lines after it checked" "m15: OK\nm3: OK\n"
    # ... even when a line is bigger than the memory the process may use:
    # the reader never holds more than one bounded line (no false OK from
    # an allocation failure taken for the end of the file).
    if [ -n "$SIPHASHSUM_EMULATOR" ] || [ "$SIPHASH_SANITIZED" = 1 ]; then
        echo "SKIP: 300 MB check line under ulimit -v (emulator or sanitizer: needs virtual memory)"
    else
        { sum --key "$K" m15; head -c 300000000 /dev/zero | tr '\0' a; echo; sum --key "$K" m3; } >hugeline
        (ulimit -v 200000; exec "$SIPHASHSUM" --key "$K" -c --strict hugeline) >out 2>err
        rc=$?
        expect "300 MB line under ulimit -v 200000, --strict" 1 "siphashsum: WARNING: 1 line is improperly formatted\n"
        expect_out "300 MB line under ulimit -v: lines after it checked" "m15: OK\nm3: OK\n"
        rm -f hugeline
    fi
    # A check file that fails mid-way: what was checked is reported, then
    # the error, exit 1 (the lines after it were never checked).
    if [ -n "$READFAIL_SHIM" ] && [ -z "$SIPHASHSUM_EMULATOR" ]; then
        local i
        for ((i = 0; i < 3000; i++)); do cat good; done >failsums
        READFAIL_NAME=failsums READFAIL_AFTER=65536 LD_PRELOAD=$READFAIL_SHIM \
            ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
            "$SIPHASHSUM" --key "$K" -c failsums >out 2>err
        rc=$?
        local nlines=$((65536 / $(wc -c <good)))
        expect "check file read error" 1 "siphashsum: failsums: read error after line $nlines: Input/output error; the lines after it were not checked\n"
        same "check file read error: lines before it" "$(grep -c '^m15: OK$' out)" "$nlines"
    else
        echo "SKIP: check file read error (no LD_PRELOAD shim in this build)"
    fi

    # With standard input closed, the check file must not become standard
    # input: a line naming '-' fails as it does in hashing mode.
    printf 'siphash-2-4-64:%s  -\n' "$(vector 0 siphash-2-4-64)" >dashsum
    sum --key "$K" -c dashsum <&- >out 2>err
    rc=$?
    expect "closed stdin, line naming -" 1 "siphashsum: -: Bad file descriptor
siphashsum: WARNING: 1 listed file could not be read\n"
    expect_out "closed stdin, line naming -" "-: FAILED open or read\n"
    sum --key "$K" -c dashsum </dev/null >out 2>err
    rc=$?
    expect "open stdin, line naming -" 0 ""

    # The key is judged before any check file is read: a bad or insecure key
    # is exit 2 even when the check file has no valid line.
    run --key 0011 -c nothing
    expect "bad key, check file without valid lines" 2 "siphashsum: --key: wrong key length: 4 hex digits, SipHash needs 32 (16 bytes)\n"
    echo "$K" >kworld
    chmod 644 kworld
    run --key-file kworld -c nothing
    expect "insecure key, check file without valid lines" 2 "siphashsum: key file 'kworld': readable by every user (mode 0644); refusing to use it: run 'chmod 600 kworld', or pass --allow-insecure-key-file\n"

    # File names in diagnostics are escaped: one message, one line.
    printf 'siphash-2-4-64:%s  %s\n' "$h" 'new\nmissing' >nlsum
    sed -i 's/^/\\/' nlsum
    run --key "$K" -c nlsum
    expect "escaped name in a check diagnostic" 1 "siphashsum: new\\\\nmissing: No such file or directory
siphashsum: WARNING: 1 listed file could not be read\n"

    # -a / -l with -c: other variants are malformed; plain lines accepted.
    { sum --key "$K" m15; sum --key "$K" -a siphash-1-3 m15; } >two
    run --key "$K" -c -a siphash-1-3 two
    expect "-c -a filters" 0 "siphashsum: WARNING: 1 line is improperly formatted\n"
    expect_out "-c -a filters" "m15: OK\n"
    run --key "$K" -c -l 128 two
    expect "-c -l filters" 1 "siphashsum: two: no properly formatted checksum lines found\n"
    { sum --key "$HK" -a halfsiphash-1-3 m15; sum --key "$HK" -a halfsiphash-1-3 -l 64 m3; } >halves
    run --key "$HK" -c -l 32 halves
    expect "-c -l 32 without -a" 0 "siphashsum: WARNING: 1 line is improperly formatted\n"
    expect_out "-c -l 32 without -a" "m15: OK\n"
    printf '%s  m15\n%s  m3\n' "$(vector 15 siphash-2-4-128)" "$(vector 3 siphash-2-4-64)" >plain
    run --key "$K" -c -a siphash-2-4 plain
    expect "plain lines with -a" 0 ""
    expect_out "plain lines with -a" "m15: OK\nm3: OK\n"
    run --key "$K" -c plain
    expect "plain lines without -a" 1 "siphashsum: plain: no properly formatted checksum lines found\n"
}

# ---------------------------------------------------------------------------
# keys: every way a key can be wrong
# ---------------------------------------------------------------------------
t_keys() {
    msg 15 m15
    local rest="(SipHash needs 32 hex digits or 16 raw bytes)"

    run m15
    expect "no key" 2 "siphashsum: no key: pass --key-file FILE or set SIPHASH_KEY; make a key with 'siphashsum --keygen --key-file FILE'\n"
    expect_out "no key: nothing hashed" ""
    run -c m15
    expect "no key, check" 2 "siphashsum: no key: pass --key-file FILE or set SIPHASH_KEY; make a key with 'siphashsum --keygen --key-file FILE'\n"

    # Wrong length, non-hex, odd digits: --key, SIPHASH_KEY, key file.
    run --key 000102030405060708090a0b0c0d0e m15
    expect "--key wrong length" 2 "siphashsum: --key: wrong key length: 30 hex digits, SipHash needs 32 (16 bytes)\n"
    run --key 000102030405060708090a0b0c0d0e0f00 m15
    expect "--key too long" 2 "siphashsum: --key: wrong key length: 34 hex digits, SipHash needs 32 (16 bytes)\n"
    run --key 000102030405060708090a0b0c0d0e0 m15
    expect "--key odd digits" 2 "siphashsum: --key: odd number of hex digits (31; SipHash needs 32)\n"
    run --key 000102030405060708090a0b0c0d0e0g m15
    expect "--key non-hex" 2 "siphashsum: --key: non-hex character 'g' at offset 31 (SipHash needs 32 hex digits)\n"
    run --key '' m15
    expect "--key empty" 2 "siphashsum: --key: empty key (SipHash needs 32 hex digits)\n"
    SIPHASH_KEY=0x000102030405060708090a0b0c0d0e run m15
    expect "SIPHASH_KEY non-hex" 2 "siphashsum: SIPHASH_KEY: non-hex character 'x' at offset 1 (SipHash needs 32 hex digits)\n"
    SIPHASH_KEY=$K run -a halfsiphash-2-4 m15
    expect "SIPHASH_KEY wrong family" 2 "siphashsum: SIPHASH_KEY: wrong key length: 32 hex digits, HalfSipHash needs 16 (8 bytes)\n"
    run --key "$K" --key-file /dev/null m15
    expect "--key and --key-file" 2 "siphashsum: --key and --key-file: give the key one way only\n"

    : >empty
    run --key-file empty m15
    expect "empty key file" 2 "siphashsum: key file 'empty': empty key file $rest\n"
    printf ' \n\n' >blank
    run --key-file blank m15
    expect "whitespace-only key file" 2 "siphashsum: key file 'blank': no key in file, only whitespace $rest\n"
    echo 000102030405060708090a0b0c0d0e >short
    run --key-file short m15
    expect "key file wrong length" 2 "siphashsum: key file 'short': wrong key length: 30 hex digits, SipHash needs 32 (16 bytes)\n"
    echo 000102030405060708090a0b0c0d0e0 >odd
    run --key-file odd m15
    expect "key file odd digits" 2 "siphashsum: key file 'odd': odd number of hex digits (31; SipHash needs 32)\n"
    echo '00010203 04050607 08090a0b 0c0d0e0f' >spaced
    run --key-file spaced m15
    expect "key file non-hex" 2 "siphashsum: key file 'spaced': non-hex character ' ' at offset 8 $rest\n"
    printf '\x00\x01\x02\xff\xfe\x10\x20\x30\x40\x50\x60\x70' >rawshort
    run --key-file rawshort m15
    expect "raw key file wrong length" 2 "siphashsum: key file 'rawshort': wrong key length: 12 bytes, SipHash needs 16 raw bytes or 32 hex digits\n"
    head -c 5000 /dev/zero >huge
    run --key-file huge m15
    expect "huge key file" 2 "siphashsum: key file 'huge': too large to be a key (over 4096 bytes)\n"
    run --key-file nonexistent m15
    expect "missing key file" 2 "siphashsum: key file 'nonexistent': No such file or directory\n"
    mkdir kdir
    run --key-file kdir m15
    expect "directory as key file" 2 "siphashsum: key file 'kdir': Is a directory\n"
    # A device is never a key file (/dev/null reads as an empty key,
    # /dev/urandom as a new key each run) and gets no advice to chmod it
    # (given to root, that would break the system), not even with
    # --allow-insecure-key-file.
    local dev
    for dev in /dev/null /dev/zero /dev/urandom; do
        [ -c "$dev" ] || continue
        run --key-file "$dev" m15
        expect "device $dev as key file" 2 "siphashsum: key file '$dev': not a regular file (a character device); refusing to use it: a key file must be a regular file or a pipe\n"
        run --key-file="$dev" --allow-insecure-key-file m15
        expect "device $dev as key file, --allow-insecure-key-file" 2 "siphashsum: key file '$dev': not a regular file (a character device); refusing to use it: a key file must be a regular file or a pipe\n"
        expect_out "device $dev as key file: nothing hashed" ""
    done

    # Permissions: world-readable refused, group-readable warned about.
    echo "$K" >k
    chmod 644 k
    run --key-file k m15
    expect "world-readable key file" 2 "siphashsum: key file 'k': readable by every user (mode 0644); refusing to use it: run 'chmod 600 k', or pass --allow-insecure-key-file\n"
    expect_out "world-readable key file: nothing hashed" ""
    run --key-file k --allow-insecure-key-file m15
    expect "--allow-insecure-key-file" 0 "siphashsum: key file 'k': warning: readable by every user (mode 0644); used because of --allow-insecure-key-file\n"
    expect_out "--allow-insecure-key-file" "siphash-2-4-64:$(vector 15 siphash-2-4-64)  m15\n"
    chmod 602 k
    run --key-file k m15
    expect "world-writable key file" 2 "siphashsum: key file 'k': writable by every user (mode 0602); refusing to use it: run 'chmod 600 k', or pass --allow-insecure-key-file\n"
    chmod 640 k
    run --key-file k m15
    expect "group-readable key file" 0 "siphashsum: key file 'k': warning: readable by its group (mode 0640); run 'chmod 600 k'\n"
    expect_out "group-readable key file" "siphash-2-4-64:$(vector 15 siphash-2-4-64)  m15\n"
    chmod 600 k
    run --key-file k m15
    expect "private key file" 0 ""

    # Unreadable key file (needs a user root's bypass does not apply to).
    if can_drop_root; then
        chmod 755 "$tmp"
        chmod 644 m15
        chmod 000 k
        as_nobody $SIPHASHSUM_EMULATOR "$SIPHASHSUM" --key-file k m15 >out 2>err
        rc=$?
        expect "unreadable key file" 2 "siphashsum: key file 'k': Permission denied\n"
        chmod 600 k
        chmod 700 "$tmp"
    else
        echo "SKIP: unreadable key file (running as root without setpriv)"
    fi

    # A key given as a pipe (--key-file <(...)) works: the pipe is ours,
    # mode 0600.
    run --key-file <(echo "$K") m15
    expect "key file from a pipe" 0 ""

    # Owner and mode are judged for pipes too: a FIFO every user may write
    # is refused (with no advice to chmod what may be another program's).
    mkfifo -m 622 kfifo
    { echo "$K" >kfifo; } 2>/dev/null &
    run --key-file kfifo m15
    expect "world-writable FIFO as key file" 2 "siphashsum: key file 'kfifo': writable by every user (mode 0622); refusing to use it: a key must come from a file or pipe only you can read and write, or pass --allow-insecure-key-file\n"
    : <>kfifo # release the writer if the tool never opened the FIFO
    wait
    # A private key file owned by another user (not root) is refused too.
    if [ "$(id -u)" = 0 ]; then
        echo "$K" >kother
        chmod 600 kother
        chown 65534 kother
        run --key-file kother m15
        expect "key file owned by another user" 2 "siphashsum: key file 'kother': owned by another user (uid 65534); refusing to use it: a key file must belong to you or root, or pass --allow-insecure-key-file\n"
        run --key-file kother --allow-insecure-key-file m15
        expect "key file owned by another user, allowed" 0 "siphashsum: key file 'kother': warning: owned by another user (uid 65534); used because of --allow-insecure-key-file\n"
    else
        echo "SKIP: key file owned by another user (needs root to chown)"
    fi

    # The key from standard input: --key-file -, and /dev/stdin is the same
    # thing.  Standard input is then not also something to hash.
    echo "$K" | sum --key-file - m15 >out 2>err
    rc=$?
    expect "--key-file -" 0 ""
    expect_out "--key-file -" "siphash-2-4-64:$(vector 15 siphash-2-4-64)  m15\n"
    echo "$K" | sum --key-file - m15 - >out 2>err
    rc=$?
    expect "--key-file - with - to hash" 2 "siphashsum: standard input holds the key (--key-file -): name the files to read instead of '-'
Try 'siphashsum --help' for more information.\n"
    expect_out "--key-file - with - to hash: nothing hashed" ""
    echo "$K" | sum --key-file - >out 2>err
    rc=$?
    expect "--key-file - and no file" 2 "siphashsum: standard input holds the key (--key-file -): name the files to read instead of '-'
Try 'siphashsum --help' for more information.\n"
    echo "$K" | sum --key-file /dev/stdin m15 - >out 2>err
    rc=$?
    expect "--key-file /dev/stdin with - to hash" 2 "siphashsum: standard input holds the key (--key-file -): name the files to read instead of '-'
Try 'siphashsum --help' for more information.\n"
    printf 'siphash-2-4-64:%s  -\nsiphash-2-4-64:%s  m15\n' "$(vector 0 siphash-2-4-64)" "$(vector 15 siphash-2-4-64)" >dashsums
    echo "$K" | sum --key-file - -c dashsums >out 2>err
    rc=$?
    expect "--key-file -, check line naming -" 1 "siphashsum: -: standard input held the key (--key-file -), it cannot be hashed too
siphashsum: WARNING: 1 listed file could not be read\n"
    expect_out "--key-file -, check line naming -" "-: FAILED open or read\nm15: OK\n"
    : | sum --key-file - m15 >out 2>err
    rc=$?
    expect "--key-file - from empty stdin" 2 "siphashsum: key from standard input (--key-file -): empty key file $rest\n"
    # Standard input redirected from a world-readable file: refused, and the
    # advice does not tell anyone to run 'chmod 600 -'.
    echo "$K" >kstdin
    chmod 644 kstdin
    sum --key-file - m15 <kstdin >out 2>err
    rc=$?
    expect "--key-file - from a world-readable file" 2 "siphashsum: key from standard input (--key-file -): readable by every user (mode 0644); refusing to use it: a key must come from a file or pipe only you can read and write, or pass --allow-insecure-key-file\n"

    # Two keys of one family, or a second key that fits neither family.
    run --key "$K" --key "$K" m15
    expect "two SipHash keys" 2 "siphashsum: --key and --key: two SipHash keys; give at most one key per family (SipHash: 32 hex digits, HalfSipHash: 16)\n"
    run --key "$K" --key 0011223344 m15
    expect "second key fits no family" 2 "siphashsum: --key: wrong key length: 10 hex digits, HalfSipHash needs 16 (8 bytes)\n"
    run --key "$K" --key "$HK" --key "$K" m15
    expect "three keys" 2 "siphashsum: --key: given more than twice (one key per family)
Try 'siphashsum --help' for more information.\n"
    SIPHASH_KEY="$K,$HK,$K" run m15
    expect "SIPHASH_KEY with three keys" 2 "siphashsum: SIPHASH_KEY: more than two keys (at most one SipHash and one HalfSipHash key, separated by a comma)\n"
    run --key "$HK" --key "$K" -a halfsiphash-2-4 m15
    expect "two keys, hashing picks the family's" 0 ""
    expect_out "two keys, hashing picks the family's" "halfsiphash-2-4-32:$(vector 15 halfsiphash-2-4-32)  m15\n"

    # SIPHASH_KEY is overwritten in the environment once read, as --key is
    # in the argument list: poll /proc/PID/environ while the tool waits on
    # a FIFO, for at most 5 s.
    if [ -z "$SIPHASHSUM_EMULATOR" ]; then
        mkfifo henv
        SIPHASH_KEY=$K "$SIPHASHSUM" henv >out 2>err &
        local epid=$! environ= j
        for ((j = 0; j < 100; j++)); do
            environ=$(tr '\0' '\n' <"/proc/$epid/environ" 2>/dev/null | grep '^SIPHASH_KEY=')
            case $environ in SIPHASH_KEY=x*) break ;; esac
            sleep 0.05
        done
        : >henv
        wait "$epid"
        checks=$((checks + 1))
        case $environ in
        *"$K"*) fail "SIPHASH_KEY still readable in /proc/PID/environ after 5 s" ;;
        SIPHASH_KEY=x*) ;;
        *) fail "SIPHASH_KEY scrub: never saw the tool's environment ($environ)" ;;
        esac
    fi

    # --key's argument is scrubbed from the process's argv.  The tool blocks
    # opening a FIFO; poll its /proc cmdline (after exec: it names 'hold')
    # until the key is gone, for at most 5 s.
    if [ -z "$SIPHASHSUM_EMULATOR" ]; then
        mkfifo hold
        "$SIPHASHSUM" --key "$K" hold >out 2>err &
        local pid=$! cmdline= i
        for ((i = 0; i < 100; i++)); do
            cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)
            case $cmdline in *hold*) case $cmdline in *"$K"*) ;; *) break ;; esac ;; esac
            sleep 0.05
        done
        : >hold # unblock the reader: a writer opens and closes, EOF
        wait "$pid"
        checks=$((checks + 1))
        case $cmdline in
        *"$K"*) fail "--key still visible in /proc/PID/cmdline after 5 s: $cmdline" ;;
        *hold*) ;;
        *) fail "--key scrub: never saw siphashsum's cmdline ($cmdline)" ;;
        esac
    fi
}

# ---------------------------------------------------------------------------
# keygen
# ---------------------------------------------------------------------------
t_keygen() {
    msg 15 m15
    run --keygen --key-file new.key
    expect "--keygen" 0 ""
    checks=$((checks + 1))
    [ "$(stat -c %a new.key)" = 600 ] || fail "--keygen: mode $(stat -c %a new.key), expected 600"
    checks=$((checks + 1))
    grep -Eqx '[0-9a-f]{32}' new.key || fail "--keygen: not 32 hex digits: $(cat new.key)"
    same "--keygen file size" "$(wc -c <new.key | tr -d ' ')" 33
    local first
    first=$(cat new.key)
    # The new key works, and differs from a second one.
    run --key-file new.key m15
    expect "generated key usable" 0 ""
    run --keygen
    expect "--keygen to stdout" 0 ""
    checks=$((checks + 1))
    grep -Eqx '[0-9a-f]{32}' out || fail "--keygen stdout: $(cat out)"
    checks=$((checks + 1))
    [ "$(cat out)" != "$first" ] || fail "--keygen: two keys are equal"

    # Never overwritten without --force; --force replaces atomically, mode 0600.
    run --keygen --key-file new.key
    expect "--keygen existing" 1 "siphashsum: key file 'new.key': already exists; not overwriting a key (pass --force to replace it)\n"
    same "--keygen existing untouched" "$(cat new.key)" "$first"
    chmod 644 new.key
    run --keygen --force --key-file new.key
    expect "--keygen --force" 0 ""
    checks=$((checks + 1))
    [ "$(cat new.key)" != "$first" ] || fail "--keygen --force did not replace the key"
    same "--keygen --force mode" "$(stat -c %a new.key)" 600
    checks=$((checks + 1))
    [ -z "$(ls new.key.* 2>/dev/null)" ] || fail "--keygen --force left a temporary file"
    # A symlink at the name is not followed.
    ln -s target link.key
    run --keygen --key-file link.key
    expect "--keygen onto a symlink" 1 "siphashsum: key file 'link.key': already exists; not overwriting a key (pass --force to replace it)\n"
    checks=$((checks + 1))
    [ ! -e target ] || fail "--keygen followed a symlink"

    # --force replaces only a regular file: a symlink (its target would keep
    # the old key) or a FIFO (its reader would get nothing) is refused.
    echo "$first" >target
    run --keygen --force --key-file link.key
    expect "--keygen --force onto a symlink" 1 "siphashsum: key file 'link.key': a symbolic link; --force replaces only a regular file\n"
    checks=$((checks + 1))
    [ -L link.key ] || fail "--keygen --force replaced the symlink"
    same "--keygen --force onto a symlink: target untouched" "$(cat target)" "$first"
    mkfifo fifo.key
    run --keygen --force --key-file fifo.key
    expect "--keygen --force onto a FIFO" 1 "siphashsum: key file 'fifo.key': a FIFO; --force replaces only a regular file\n"
    checks=$((checks + 1))
    [ -p fifo.key ] || fail "--keygen --force replaced the FIFO"
    checks=$((checks + 1))
    [ -z "$(ls ./*.key.* 2>/dev/null)" ] || fail "--keygen left a temporary file: $(ls ./*.key.*)"

    # Killed while writing (file size limit): no key file at the name, no
    # temporary left, and the next --keygen works.
    # (Not under an emulator: valgrind writes files of its own, and the
    # limit kills it.)
    if [ -n "$SIPHASHSUM_EMULATOR" ]; then
        echo "SKIP: --keygen under ulimit -f 0 (the emulator itself cannot run under the limit)"
    else
        local before
        before=$(cat new.key)
        # (stderr through a pipe: the size limit would stop a message to a file)
        (ulimit -f 0; exec "$SIPHASHSUM" --keygen --key-file part.key) 2>&1 >/dev/null | cat >err
        rc=${PIPESTATUS[0]}
        expect "--keygen under ulimit -f 0" 1 "siphashsum: key file 'part.key': File too large\n"
        checks=$((checks + 1))
        [ ! -e part.key ] || fail "--keygen under ulimit -f 0 left part.key ($(wc -c <part.key) bytes)"
        checks=$((checks + 1))
        [ -z "$(ls part.key.* 2>/dev/null)" ] || fail "--keygen under ulimit -f 0 left a temporary file"
        (ulimit -f 0; exec "$SIPHASHSUM" --keygen --force --key-file new.key) 2>&1 >/dev/null | cat >err
        rc=${PIPESTATUS[0]}
        expect "--keygen --force under ulimit -f 0" 1 "siphashsum: key file 'new.key': File too large\n"
        same "--keygen --force under ulimit -f 0: old key intact" "$(cat new.key)" "$before"
        run --keygen --key-file part.key
        expect "--keygen after an interrupted one" 0 ""
        checks=$((checks + 1))
        grep -Eqx '[0-9a-f]{32}' part.key || fail "--keygen after an interrupted one: $(cat part.key)"
    fi

    # A file system without hard links (link() fails with EPERM or
    # EOPNOTSUPP): the key is still published, mode 0600, and an existing
    # name (a file or a dangling symlink) is still never replaced.
    if [ -n "$LINKFAIL_SHIM" ] && [ -z "$SIPHASHSUM_EMULATOR" ]; then
        # run_nolink ERRNO ARGS...: runs the tool with link() failing.
        run_nolink() {
            LINKFAIL_ERRNO=$1 LINKFAIL_LOG=calls LD_PRELOAD=$LINKFAIL_SHIM \
                ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
                "$SIPHASHSUM" "${@:2}" >out 2>err
            rc=$?
        }
        local e
        for e in EPERM EOPNOTSUPP; do
            rm -f nolink.key calls
            run_nolink $e --keygen --key-file nolink.key
            expect "--keygen without hard links ($e)" 0 ""
            same "--keygen without hard links ($e): link() was called" "$(cat calls 2>/dev/null)" link
            checks=$((checks + 1))
            grep -Eqx '[0-9a-f]{32}' nolink.key || fail "--keygen without hard links ($e): $(cat nolink.key)"
            same "--keygen without hard links ($e): mode" "$(stat -c %a nolink.key)" 600
            checks=$((checks + 1))
            [ -z "$(ls nolink.key.* 2>/dev/null)" ] || fail "--keygen without hard links ($e) left a temporary file"
        done
        local kept
        kept=$(cat nolink.key)
        run_nolink EPERM --keygen --key-file nolink.key
        expect "--keygen without hard links, existing" 1 "siphashsum: key file 'nolink.key': already exists; not overwriting a key (pass --force to replace it)\n"
        same "--keygen without hard links, existing untouched" "$(cat nolink.key)" "$kept"
        ln -s nolink-target dangling.key
        run_nolink EPERM --keygen --key-file dangling.key
        expect "--keygen without hard links onto a dangling symlink" 1 "siphashsum: key file 'dangling.key': already exists; not overwriting a key (pass --force to replace it)\n"
        checks=$((checks + 1))
        [ ! -e nolink-target ] || fail "--keygen without hard links followed a symlink"
        checks=$((checks + 1))
        [ -z "$(ls ./*.key.* 2>/dev/null)" ] || fail "--keygen without hard links left a temporary file: $(ls ./*.key.*)"
    else
        echo "SKIP: --keygen without hard links (no LD_PRELOAD shim in this build, or under an emulator)"
    fi

    # The system's random source failing, including the ways only a buggy
    # sandbox or interposer fails (-1 with errno 0, more bytes than asked,
    # 0): an error and exit status 1, no key printed, no key file written.
    if [ -n "$RANDFAIL_SHIM" ] && [ -z "$SIPHASHSUM_EMULATOR" ]; then
        local m want modes=(errno0 toomany zero eperm)
        # clang's ASan runtime intercepts getrandom and reports a return
        # larger than the buffer as its own overflow, before the library
        # sees it; test_keys covers that mode in every build.
        if [ "$SIPHASH_SANITIZED" = 1 ]; then
            modes=(errno0 zero eperm)
            echo "SKIP: --keygen with getrandom returning more than asked (sanitized build)"
        fi
        for m in "${modes[@]}"; do
            want="Input/output error"
            [ $m = eperm ] && want="Operation not permitted"
            for a in siphash-2-4 halfsiphash-2-4; do
                rm -f calls
                RANDFAIL_MODE=$m RANDFAIL_LOG=calls LD_PRELOAD=$RANDFAIL_SHIM \
                    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
                    "$SIPHASHSUM" --keygen -a $a >out 2>err
                rc=$?
                expect "--keygen -a $a, getrandom failing ($m)" 1 "siphashsum: --keygen: no random bytes from the system: $want\n"
                expect_out "--keygen -a $a, getrandom failing ($m): no key printed" ""
                checks=$((checks + 1))
                grep -qx getrandom calls 2>/dev/null || fail "--keygen ($m): the getrandom shim was not used"
            done
            RANDFAIL_MODE=$m LD_PRELOAD=$RANDFAIL_SHIM \
                ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
                "$SIPHASHSUM" --keygen --key-file randfail.key >out 2>err
            rc=$?
            expect "--keygen --key-file, getrandom failing ($m)" 1 "siphashsum: --keygen: no random bytes from the system: $want\n"
            checks=$((checks + 1))
            [ ! -e randfail.key ] || fail "--keygen ($m) wrote a key file: $(cat randfail.key)"
        done
    else
        echo "SKIP: --keygen with getrandom failing (no getrandom shim in this build, or under an emulator)"
    fi

    run --keygen -a halfsiphash-2-4 --key-file half.key
    expect "--keygen halfsiphash" 0 ""
    checks=$((checks + 1))
    grep -Eqx '[0-9a-f]{16}' half.key || fail "--keygen halfsiphash: $(cat half.key)"
    run -a halfsiphash-2-4 --key-file half.key m15
    expect "halfsiphash generated key usable" 0 ""

    run --keygen --key-file nodir/x.key
    expect "--keygen into missing dir" 1 "siphashsum: key file 'nodir/x.key': No such file or directory\n"
    run --keygen m15
    expect "--keygen with operand" 2 "siphashsum: --keygen takes no FILE operands (extra operand 'm15'); use --key-file FILE
Try 'siphashsum --help' for more information.\n"
    run --keygen -c
    expect "--keygen with -c" 2 "siphashsum: --keygen: cannot be combined with --check
Try 'siphashsum --help' for more information.\n"
    run --force m15
    expect "--force without --keygen" 2 "siphashsum: the --force option is meaningful only with --keygen
Try 'siphashsum --help' for more information.\n"
}

# ---------------------------------------------------------------------------
# errors: bad inputs and bad usage
# ---------------------------------------------------------------------------
t_errors() {
    msg 15 m15
    msg 3 m3
    local h15 h3
    h15=$(vector 15 siphash-2-4-64)
    h3=$(vector 3 siphash-2-4-64)

    run --key "$K" m15 missing m3
    expect "missing input" 1 "siphashsum: missing: No such file or directory\n"
    expect_out "missing input: others hashed" "siphash-2-4-64:$h15  m15\nsiphash-2-4-64:$h3  m3\n"
    mkdir dir
    run --key "$K" m15 dir m3
    expect "directory input" 1 "siphashsum: dir: Is a directory\n"
    expect_out "directory input: others hashed" "siphash-2-4-64:$h15  m15\nsiphash-2-4-64:$h3  m3\n"

    if can_drop_root; then
        chmod 755 "$tmp"
        chmod 644 m15 m3
        cp m15 secret
        chmod 000 secret
        as_nobody $SIPHASHSUM_EMULATOR "$SIPHASHSUM" --key "$K" m15 secret m3 >out 2>err
        rc=$?
        expect "unreadable input" 1 "siphashsum: secret: Permission denied\n"
        expect_out "unreadable input: others hashed" "siphash-2-4-64:$h15  m15\nsiphash-2-4-64:$h3  m3\n"
        chmod 700 "$tmp"
    else
        echo "SKIP: unreadable input (running as root without setpriv)"
    fi

    # A read error in the middle of a file (EIO after 100000 bytes).
    if [ -n "$READFAIL_SHIM" ] && [ -z "$SIPHASHSUM_EMULATOR" ]; then
        head -c 300000 /dev/zero >victim
        READFAIL_NAME=victim READFAIL_AFTER=100000 LD_PRELOAD=$READFAIL_SHIM \
            READFAIL_LOG=$tmp/readfail.log \
            ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
            "$SIPHASHSUM" --key "$K" m15 victim m3 >out 2>err
        rc=$?
        expect "read error mid-file" 1 "siphashsum: victim: Input/output error\n"
        expect_out "read error mid-file: others hashed" "siphash-2-4-64:$h15  m15\nsiphash-2-4-64:$h3  m3\n"
        # The shim really served the first part before failing.
        same "read error came mid-file" "$(cat readfail.log)" "EIO at 100000"
        # ... and in check mode.
        echo "siphash-2-4-64:$h15  victim" >vsums
        READFAIL_NAME=victim READFAIL_AFTER=100000 LD_PRELOAD=$READFAIL_SHIM \
            ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
            "$SIPHASHSUM" --key "$K" -c vsums >out 2>err
        rc=$?
        expect "read error mid-file, check" 1 "siphashsum: victim: Input/output error
siphashsum: WARNING: 1 listed file could not be read\n"
        expect_out "read error mid-file, check" "victim: FAILED open or read\n"
    else
        echo "SKIP: read error mid-file (no LD_PRELOAD shim in this build)"
    fi

    run --key "$K" -a md5 m15
    expect "unknown algorithm" 2 "siphashsum: --algorithm 'md5': unknown algorithm (choose siphash-2-4, siphash-1-3, siphash-1-2, halfsiphash-2-4 or halfsiphash-1-3)
Try 'siphashsum --help' for more information.\n"
    run --key "$K" -l 32 m15
    expect "-l 32 for SipHash" 2 "siphashsum: --length '32': SipHash-2-4 offers 64 or 128 bits
Try 'siphashsum --help' for more information.\n"
    run --key "$HK" -a halfsiphash-1-3 -l 128 m15
    expect "-l 128 for HalfSipHash" 2 "siphashsum: --length '128': HalfSipHash-1-3 offers 32 or 64 bits
Try 'siphashsum --help' for more information.\n"
    run --key "$K" -l 64x m15
    expect "-l not a number" 2 "siphashsum: --length '64x': SipHash-2-4 offers 64 or 128 bits
Try 'siphashsum --help' for more information.\n"
    run --key "$K" --bogus m15
    expect "unknown option" 2 "siphashsum: unrecognized option '--bogus'
Try 'siphashsum --help' for more information.\n"
    run --st m15
    expect "ambiguous option" 2 "siphashsum: option '--st' is ambiguous; possibilities: '--status' '--strict'
Try 'siphashsum --help' for more information.\n"
    run --alg=siphash-1-3 --key "$K" m15
    expect "unambiguous abbreviation" 0 ""
    expect_out "unambiguous abbreviation" "siphash-1-3-64:$(vector 15 siphash-1-3-64)  m15\n"
    run --key "$K" -x m15
    expect "unknown short option" 2 "siphashsum: invalid option -- 'x'
Try 'siphashsum --help' for more information.\n"
    run --key "$K" --quiet m15
    expect "--quiet without -c" 2 "siphashsum: the --quiet option is meaningful only when verifying checksums
Try 'siphashsum --help' for more information.\n"
    run --key "$K" -c --tag m15
    expect "--tag with -c" 2 "siphashsum: the --tag option is meaningless when verifying checksums
Try 'siphashsum --help' for more information.\n"
    run --key "$K" -a
    expect "-a without argument" 2 "siphashsum: option '-a' requires an argument
Try 'siphashsum --help' for more information.\n"
    run --key
    expect "--key without argument" 2 "siphashsum: option '--key' requires an argument
Try 'siphashsum --help' for more information.\n"

    # A long option that takes no argument, given one.
    local o
    for o in --tag=1 --quiet=yes --help=1 --zero=1 --check=x --binary=1 --ta=1; do
        run --key "$K" "$o" m15
        local name=${o%%=*}
        [ "$name" = --ta ] && name=--tag
        expect "$o" 2 "siphashsum: option '$name' doesn't allow an argument
Try 'siphashsum --help' for more information.\n"
    done

    # -l: a length no algorithm offers, with -c and no -a; leading zeros.
    run --key "$K" -c -l 16 m15
    expect "-c -l 16" 2 "siphashsum: --length '16': no algorithm offers it (SipHash: 64 or 128 bits, HalfSipHash: 32 or 64)
Try 'siphashsum --help' for more information.\n"
    run --key "$K" -l 0064 m15
    expect "-l 0064" 2 "siphashsum: --length '0064': SipHash-2-4 offers 64 or 128 bits
Try 'siphashsum --help' for more information.\n"

    # -b/--binary and -t/--text: accepted, no effect (as sha256sum on POSIX).
    for o in -b -t --binary --text; do
        run --key "$K" "$o" m15
        expect "$o" 0 ""
        expect_out "$o" "siphash-2-4-64:$h15  m15\n"
    done
    run --key "$K" -c -b m15
    expect "-c -b" 2 "siphashsum: the --binary and --text options are meaningless when verifying checksums
Try 'siphashsum --help' for more information.\n"

    # File names in diagnostics are escaped: one message, one line.
    run --key "$K" "$(printf 'new\nmissing')" 'back\missing'
    expect "escaped names in diagnostics" 1 "siphashsum: new\\\\nmissing: No such file or directory
siphashsum: back\\\\\\\\missing: No such file or directory\n"

    # SipHash-1-2: 64 bits only.
    run --key "$K" -a siphash-1-2 -l 128 m15
    expect "siphash-1-2 -l 128" 2 "siphashsum: --length '128': SipHash-1-2 offers only 64 bits
Try 'siphashsum --help' for more information.\n"
}

# ---------------------------------------------------------------------------
# stdout: a reader that goes away, a full disk
# ---------------------------------------------------------------------------
t_stdout() {
    msg 15 m15
    local many=() i
    for ((i = 0; i < 10000; i++)); do many+=(m15); done   # ~270 KB of output

    # Default SIGPIPE: ended quietly by the signal, as coreutils is.
    sum --key "$K" "${many[@]}" 2>err | head -c1 >/dev/null
    rc=${PIPESTATUS[0]}
    expect "closed stdout, SIGPIPE default" 141 ""
    # SIGPIPE ignored: the write error is reported, exit 1.
    if [ -z "$SIPHASHSUM_EMULATOR" ]; then
        (trap '' PIPE; exec "$SIPHASHSUM" --key "$K" "${many[@]}") 2>err | head -c1 >/dev/null
        rc=${PIPESTATUS[0]}
        expect "closed stdout, SIGPIPE ignored" 1 "siphashsum: write error: Broken pipe\n"
    fi
    # In check mode too.
    sum --key "$K" m15 >one
    local line
    line=$(cat one)
    for ((i = 0; i < 30000; i++)); do printf '%s\n' "$line"; done >manysums
    sum --key "$K" -c manysums 2>err | head -c1 >/dev/null
    rc=${PIPESTATUS[0]}
    expect "closed stdout in check mode" 141 ""
    if [ -w /dev/full ]; then
        sum --key "$K" m15 >/dev/full 2>err; rc=$?
        expect "stdout on a full disk" 1 "siphashsum: write error: No space left on device\n"
        # It stops at the first write error: the missing file at the end
        # is never reached.
        sum --key "$K" "${many[@]:0:2000}" missing >/dev/full 2>err; rc=$?
        expect "stops at the first write error" 1 "siphashsum: write error: No space left on device\n"
        # The write error happens in the flush before a diagnostic: that
        # error is the one reported, and nothing after it is attempted.
        mkdir -p adir
        sum --key "$K" m15 missing adir >/dev/full 2>err; rc=$?
        expect "write error met while reporting another error" 1 "siphashsum: missing: No such file or directory
siphashsum: write error: No space left on device\n"
        sum --key "$K" -c one >/dev/full 2>err; rc=$?
        expect "check output on a full disk" 1 "siphashsum: write error: No space left on device\n"
        sum --keygen >/dev/full 2>err; rc=$?
        expect "--keygen on a full disk" 1 "siphashsum: write error: No space left on device\n"
        sum --help >/dev/full 2>err; rc=$?
        expect "--help on a full disk" 1 "siphashsum: write error: No space left on device\n"
    fi
}

# ---------------------------------------------------------------------------
# memory: 1 GiB sparse file, constant memory, file and pipe agree
# ---------------------------------------------------------------------------
t_memory() {
    local size=1G
    # Under an emulator the hash takes minutes and qemu's own memory is what
    # time(1) would see: hash less, and do not judge the memory.
    [ -n "$SIPHASHSUM_EMULATOR" ] && size=64M
    truncate -s "$size" big || { echo "SKIP: truncate failed"; return 77; }
    local start=$SECONDS
    run --key "$K" big
    expect "1 GiB sparse file" 0 ""
    local file_line
    file_line=$(cat out)
    echo "hashed $size in $((SECONDS - start)) s: $file_line"
    # Through a pipe: same answer.
    cat big | sum --key "$K" >out 2>err
    rc=$?
    expect "1 GiB through a pipe" 0 ""
    same "file and pipe agree" "$(sed 's/  -$//' out)" "${file_line%  big}"

    if [ -n "$SIPHASHSUM_EMULATOR" ]; then
        echo "SKIP: peak memory not measured under an emulator"
        return 0
    fi
    if [ "$SIPHASH_SANITIZED" = 1 ]; then
        echo "SKIP: peak memory not measured in a sanitizer build (shadow memory)"
        return 0
    fi
    if [ ! -x /usr/bin/time ]; then
        echo "SKIP: /usr/bin/time missing (apt-get install time): peak memory not measured"
        return 77
    fi
    local kb
    /usr/bin/time -v "$SIPHASHSUM" --key "$K" big >out 2>err
    kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' err)
    echo "peak RSS hashing 1 GiB (file): ${kb:-?} KiB"
    checks=$((checks + 1))
    [ -n "$kb" ] && [ "$kb" -lt 8192 ] || fail "peak RSS ${kb:-?} KiB, limit 8192 KiB"
    cat big | /usr/bin/time -v "$SIPHASHSUM" --key "$K" >out 2>err
    kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' err)
    echo "peak RSS hashing 1 GiB (pipe): ${kb:-?} KiB"
    checks=$((checks + 1))
    [ -n "$kb" ] && [ "$kb" -lt 8192 ] || fail "peak RSS (pipe) ${kb:-?} KiB, limit 8192 KiB"
}

# ---------------------------------------------------------------------------
# largefile: a sparse file over 4 GiB, with data past 2 GiB and past 4 GiB,
# hashes to the answer of the 64-bit build (recorded below; checked on every
# 64-bit configuration, and it is what -m32 must reproduce: a 32-bit build
# without large-file support cannot even open the file)
# ---------------------------------------------------------------------------
t_largefile() {
    # siphash-1-3 of 4 GiB + 4097 bytes, key 00..0f: zeros, 'x' at 2 GiB + 1,
    # 'end' at 4 GiB + 4094.  Also computed by a one-shot siphash13_64() over
    # the file mmap'ed whole on x86-64 (not the streaming path).
    local want=9798a11c6fd54f29 size=$((4 * 1024 * 1024 * 1024 + 4097))
    if [ -n "$SIPHASHSUM_EMULATOR" ]; then
        echo "SKIP: hashing 4 GiB under an emulator takes too long"
        return 77
    fi
    # A sanitizer adds nothing to a test of file offsets; the plain and
    # -m32 builds run it.
    if [ "$SIPHASH_SANITIZED" = 1 ]; then
        echo "SKIP: large file in a sanitizer build (the plain and -m32 builds run it)"
        return 77
    fi
    if ! truncate -s "$size" big 2>err; then
        echo "SKIP: this file system cannot hold a sparse file over 4 GiB: $(cat err)"
        return 77
    fi
    if [ "$(stat -c %b big)" -gt 2048 ]; then
        rm -f big
        echo "SKIP: this file system does not keep files sparse (4 GiB would be written)"
        return 77
    fi
    printf x | dd of=big bs=1 seek=$((2 * 1024 * 1024 * 1024 + 1)) conv=notrunc status=none
    printf end | dd of=big bs=1 seek=$((4 * 1024 * 1024 * 1024 + 4094)) conv=notrunc status=none
    same "sparse file size" "$(stat -c %s big)" "$size"
    local start=$SECONDS
    run -a siphash-1-3 --key "$K" big
    expect "file over 4 GiB" 0 ""
    expect_out "file over 4 GiB" "siphash-1-3-64:$want  big\n"
    echo "hashed $size bytes in $((SECONDS - start)) s: $(cat out)"
    rm -f big
}

# ---------------------------------------------------------------------------
# docs: the man pages cover what they must and render without warnings
# ---------------------------------------------------------------------------
t_docs() {
    local src=$SOURCE_DIR f opt
    # Every function the public header declares is described in siphash(3).
    local funcs
    funcs=$(sed -n 's/^\(SIPHASH_API\|static inline\) [^(]*[ *]\([a-z_0-9]*\)(.*/\2/p' \
        "$src/include/siphash.h" | grep -v '_$')
    checks=$((checks + 1))
    [ "$(echo "$funcs" | wc -l)" -gt 40 ] || fail "found only $(echo "$funcs" | wc -l) functions in siphash.h"
    for f in $funcs; do
        checks=$((checks + 1))
        grep -Eq "^\.B[IR]? \"?[^\"]*\\b$f\\b" "$src/docs/siphash.3" ||
            grep -Eq "^\.BR $f " "$src/docs/siphash.3" ||
            fail "siphash(3) does not describe $f"
        checks=$((checks + 1))
        grep -Eq "^\.BR $f \(\)" "$src/docs/siphash.3" ||
            fail "siphash(3) mentions $f only in the synopsis"
    done
    # Every long option of --help is in siphashsum(1).
    run --help
    for opt in $(grep -o -- '--[a-z][a-z-]*' out | sort -u); do
        checks=$((checks + 1))
        grep -q -- "$(echo "$opt" | sed 's/-/\\\\-/g')" "$src/docs/siphashsum.1" ||
            fail "siphashsum(1) does not document $opt"
    done
    if command -v groff >/dev/null; then
        for f in siphashsum.1 siphash.3; do
            checks=$((checks + 1))
            groff -man -Tutf8 -ww -z "$src/docs/$f" >groff.log 2>&1
            [ -s groff.log ] && fail "groff warnings in $f: $(cat groff.log)"
        done
    else
        echo "SKIP: groff missing, man pages not rendered"
    fi
}

case $section in
vectors | output | check | keys | keygen | errors | stdout | memory | largefile | docs) ;;
*) echo "run.sh: unknown section '$section'" >&2; exit 2 ;;
esac
"t_$section"
status=$?
echo "cli $section: $checks checks, $failures failed"
if [ "$failures" -gt 0 ]; then
    exit 1
fi
[ "$status" = 77 ] && exit 77
exit 0
