#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cli.sh — siphashsum.exe where Windows differs from POSIX, run under Wine
# (SIPHASHSUM_EMULATOR) or on Windows itself (Git Bash, MSYS2).
# Environment (set by tests/windows/CMakeLists.txt): SIPHASHSUM, ACL_CHECK,
# SIPHASHSUM_EMULATOR.  Expected hashes are the Linux build's for the same
# bytes (key 00..0f).  Exit 0 pass, 1 fail.
set -u
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
: "${SIPHASHSUM:?}" "${ACL_CHECK:?}"
EMU=${SIPHASHSUM_EMULATOR-}
# Names are UTF-8 on the Unix side; Wine turns them into UTF-16 by the locale.
export LC_ALL=C.UTF-8
unset SIPHASH_KEY

tmp=$(mktemp -d "${TMPDIR:-/tmp}/siphashsum-win.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

K=000102030405060708090a0b0c0d0e0f
failures=0 checks=0
fail() {
    failures=$((failures + 1))
    echo "FAIL: $*" >&2
}
# shellcheck disable=SC2086
sum() { $EMU "$SIPHASHSUM" "$@"; }
# shellcheck disable=SC2086
acl() { $EMU "$ACL_CHECK" "$@"; }
# same DESC WANT GOT: byte-for-byte comparison of two strings
same() {
    checks=$((checks + 1))
    [ "$2" = "$3" ] || fail "$1: got '$3', expected '$2'"
}
# status DESC WANT GOT
status() {
    checks=$((checks + 1))
    [ "$2" = "$3" ] || fail "$1: exit status $3, expected $2"
}

# ---- binary mode -----------------------------------------------------------
# Text mode would read CR LF as LF, and stop at Ctrl-Z (0x1a).
printf 'line 1\r\nline 2\r\n' >crlf
printf 'before\032after\r\n' >ctrlz
sum --key $K crlf ctrlz >out 2>err
status "CR LF file" 0 $?
same "CR LF and Ctrl-Z files" "$(printf 'siphash-2-4-64:136b38f24bf72d32  crlf\nsiphash-2-4-64:84f3e080cc885c99  ctrlz\n' | od -An -c)" "$(od -An -c <out)"
sum --key $K <crlf >out 2>err
same "CR LF on standard input" "$(printf 'siphash-2-4-64:136b38f24bf72d32  -\n' | od -An -c)" "$(od -An -c <out)"
sum --key $K - <ctrlz >out 2>err
same "Ctrl-Z on standard input (-)" "siphash-2-4-64:84f3e080cc885c99  -" "$(cat out)"
# No CR anywhere in the output: LF line ends, as on Linux.
sum --key $K --tag crlf ctrlz >out 2>err
checks=$((checks + 1))
if od -An -c out | grep -q '\\r'; then fail "output holds a CR"; fi

# ---- check mode ------------------------------------------------------------
sum --key $K crlf ctrlz >sums
sum --key $K -c sums >out 2>err
status "-c on Windows" 0 $?
same "-c output" "$(printf 'crlf: OK\nctrlz: OK')" "$(cat out)"
printf 'changed\r\n' >crlf
sum --key $K -c sums >out 2>err
status "-c mismatch" 1 $?

# ---- UTF-8 names -----------------------------------------------------------
name='naïve-日本語-ü.txt'
printf 'line 1\r\nline 2\r\n' >"$name"
sum --key $K "$name" >out 2>err
status "UTF-8 name" 0 $?
same "UTF-8 name printed as its UTF-8 bytes" "siphash-2-4-64:136b38f24bf72d32  $name" "$(cat out)"
cp out utf8sums
sum --key $K -c utf8sums >out 2>err
same "UTF-8 name in a check file" "$name: OK" "$(cat out)"
sum --key $K 'naïve-missing' >out 2>err
status "missing UTF-8 name" 1 $?

# ---- key files ---------------------------------------------------------------
printf '%s\n' $K >key
sum --key-file key crlf >out 2>err
status "regular key file" 0 $?
printf '%s\n' $K | sum --key-file - ctrlz >out 2>err
same "key file from standard input" "siphash-2-4-64:84f3e080cc885c99  ctrlz" "$(cat out)"
mkdir keydir
sum --key-file keydir crlf >out 2>err
status "directory as key file" 2 $?
sum --key-file NUL crlf >out 2>err
status "device (NUL) as key file" 2 $?
checks=$((checks + 1))
grep -q 'not a regular file' err || fail "device key file: message: $(cat err)"

# ---- --keygen ----------------------------------------------------------------
sum --keygen --key-file new.key >out 2>err
status "--keygen" 0 $?
k1=$(cat new.key)
checks=$((checks + 1))
[[ $k1 =~ ^[0-9a-f]{32}$ ]] || fail "--keygen wrote '$k1'"
sum --key-file new.key crlf >out 2>err
status "the generated key works" 0 $?
# Under Wine the DACL reported is made from the Unix mode: only "no entry
# for everyone" can be checked (acl_check --strict needs real Windows).
acl new.key >acl.out
status "--keygen: nobody but the owner in the DACL ($(tr '\n' ' ' <acl.out))" 0 $?
sum --keygen --key-file new.key >out 2>err
status "--keygen over an existing key" 1 $?
same "--keygen did not replace the key" "$k1" "$(cat new.key)"
checks=$((checks + 1))
grep -q 'already exists' err || fail "--keygen existing: message: $(cat err)"
sum --keygen --force --key-file new.key >out 2>err
status "--keygen --force" 0 $?
checks=$((checks + 1))
[ "$(cat new.key)" != "$k1" ] || fail "--keygen --force kept the old key"
sum --keygen --force --key-file keydir >out 2>err
status "--keygen --force onto a directory" 1 $?
checks=$((checks + 1))
[ -d keydir ] || fail "--keygen --force replaced a directory"
checks=$((checks + 1))
leftover=$(find . -name '*.key.*' -o -name 'keydir.*' | head -1)
[ -z "$leftover" ] || fail "temporary file left: $leftover"
sum --keygen -a halfsiphash-2-4 >out 2>err
checks=$((checks + 1))
[[ $(od -An -c <out | tr -d ' \n') =~ ^[0-9a-f]{16}\\n$ ]] || fail "--keygen to stdout: $(od -An -c <out)"

echo "windows cli: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
