#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for the PostgreSQL extension (postgresql/, docs/postgresql.md):
#   1. builds it with PGXS, our C with -Werror (gcc; clang-14 compiles it
#      too), installs it, and checks that the module exports only
#      PostgreSQL's entry points (the library inside stays hidden);
#   2. starts a throw-away PostgreSQL 15 (postgresql/tempserver.sh: initdb
#      and pg_ctl as the postgres user, a Unix socket in a temporary
#      directory) and runs the pg_regress suite (make installcheck);
#   3. cross-checks the SQL values against siphashsum (the matrix's gcc
#      build, reused) for a few strings, ASCII and not;
#   4. restarts the server the way docs/postgresql.md configures a secret
#      key (shared_preload_libraries, the key in a 0600 include file) and
#      checks that a non-superuser uses it but cannot read it, that a
#      rotation by reload takes effect without logging the key, and that
#      the suite's refused SET left no statement with its value in the log;
#   5. runs postgresql/key_text.sh: every SQL route of setting siphash.key
#      (prepared statements, wrappers and escapes included), valid and
#      mistyped, on a server with pg_stat_statements and auto_explain
#      preloaded, every statement logged before it runs, then by its
#      duration line only; no key text in the log, the client's messages or
#      pg_stat_statements (its own throw-away server);
#   6. runs postgresql/bench.sh --quick (printed; CI does not judge it).
# The server is stopped on any exit.  Packages: .ci/packages-postgresql.txt.
# About a minute and a half on 2 busy cores when the matrix's gcc build
# exists (the build is half of it).
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages postgresql
# (CI runs as root; the quick suite may not.)
! ci_quick || [[ $(id -u) -eq 0 ]] || ci_skip "make install into PostgreSQL's directories needs root"

pg=$SIPHASH_ROOT/postgresql
export PG_CONFIG=${PG_CONFIG:-pg_config}
# shellcheck source=postgresql/tempserver.sh
source "$pg/tempserver.sh"
trap pg_temp_stop EXIT

phase() { echo "postgresql: $1 in $((SECONDS - phase_start)) s"; phase_start=$SECONDS; }
phase_start=$SECONDS

# ------------------------------------------------------------------ build
# Without debug information and without the JIT bitcode PGXS adds by default
# (clang compiling every file a second time): the one-file library is most
# of the build, and both would double its time.  Neither changes the code
# that runs; clang-14 still compiles our files below, and the adopt step
# compiles the amalgamation with clang.
pgmake=(make -C "$pg" SIPHASH_WERROR=1 with_llvm=no COPT=-g0)
run make -C "$pg" clean >/dev/null
# An earlier default install's bitcode would stay behind, and the JIT could
# inline its old function bodies: uninstall with the default settings first.
run make -C "$pg" uninstall >/dev/null
run "${pgmake[@]}" -j "$JOBS" >"$pg/build.log" 2>&1 || { cat "$pg/build.log"; exit 1; }
rm -f "$pg/build.log"
run "${pgmake[@]}" install >/dev/null
for f in "$pg"/*.c; do
    run clang-14 -fsyntax-only -std=c11 -Wall -Wextra -Wpedantic -Wmissing-prototypes -Werror \
        -D_GNU_SOURCE -I"$pg" -I"$pg/libsiphash" -isystem "$("$PG_CONFIG" --includedir-server)" "$f"
done
exported=$(nm -D --defined-only "$pg/siphash.so" | awk '{print $3}')
stray=$(grep -vE '^(Pg_magic_func|_PG_init|pg_finfo_pgsip_[a-z0-9_]+|pgsip_[a-z0-9_]+)$' <<<"$exported" || true)
if [[ -n $stray ]]; then
    echo "postgresql: siphash.so exports more than PostgreSQL's entry points:"
    echo "$stray"
    exit 1
fi
# (Not nm | grep -q: grep's early exit can fail nm, and so the pipeline.)
grep -qE ' t siphash24_64$' <<<"$(nm "$pg/siphash.so")" ||
    { echo "postgresql: siphash.so has no local siphash24_64: the library is not compiled in"; exit 1; }
echo "postgresql: siphash.so exports $(wc -l <<<"$exported") symbols, all PostgreSQL entry points; the library's are local"
phase "built and installed"

# ---------------------------------------------------------------- the suite
pg_temp_start
status=0
if ! run make -C "$pg" installcheck; then
    cat "$pg/regression.diffs" 2>/dev/null || true
    ci_note "FAILED: pg_regress: $(grep -h FAILED "$pg/regression.out" 2>/dev/null | tr -s ' ' | paste -sd';' -)"
    exit 1
fi
phase "pg_regress suite passed"

# ------------------------------------------------ cross-check: siphashsum
ci_reuse gcc siphashsum >/dev/null
phase "siphashsum built (or reused)"
sum=$(ci_dir gcc)/tools/siphashsum
[[ -x $sum ]] || sum=$(find "$(ci_dir gcc)" -name siphashsum -type f -perm -u+x | head -n 1)
psql -X -q -d postgres -c 'CREATE EXTENSION siphash'
key=$(psql -X -At -d postgres -c "SELECT encode(siphash_generate_key(), 'hex')")
sql_of() { # sql_of EXPR STRING: EXPR over :'s' (the string) and :'k' (the key)
    psql -X -At -d postgres -v s="$2" -v k="$key" <<<"SELECT $1"
}
sum_of() { # sum_of STRING SIPHASHSUM-ARGS...: the hex digest
    local s=$1
    shift
    printf '%s' "$s" | SIPHASH_KEY=$key "$sum" "$@" - | awk '{print $1}' | cut -d: -f2
}
le_hex() { # the 16 hex digits of a uint64 written as its little-endian bytes
    sed 's/../&\n/g' <<<"$1" | grep . | tac | tr -d '\n'
}
n=0
while IFS= read -r s; do
    u24=$(sql_of "lpad(to_hex(siphash24(:'s', decode(:'k', 'hex'))), 16, '0')" "$s")
    u13=$(sql_of "lpad(to_hex(siphash13(:'s', decode(:'k', 'hex'))), 16, '0')" "$s")
    b128=$(sql_of "encode(siphash24_128(:'s', decode(:'k', 'hex')), 'hex')" "$s")
    want24=$(sum_of "$s" -a siphash-2-4)
    want13=$(sum_of "$s" -a siphash-1-3)
    want128=$(sum_of "$s" -a siphash-2-4 -l 128)
    if [[ $(le_hex "$u24") != "$want24" || $(le_hex "$u13") != "$want13" || $b128 != "$want128" ]]; then
        echo "postgresql: '$s': SQL $u24 $u13 $b128, siphashsum $want24 $want13 $want128: FAILED"
        status=1
    fi
    n=$((n + 1))
done <<'STRINGS'
user@example.com
a
Grüße, Jürgen
東京都 😀
0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0
STRINGS
# The empty string and a long one.
for s in "" "$(head -c 3000 /dev/zero | tr '\0' 'q')"; do
    [[ $(le_hex "$(sql_of "lpad(to_hex(siphash24(:'s', decode(:'k', 'hex'))), 16, '0')" "$s")") == "$(sum_of "$s")" ]] ||
        { echo "postgresql: a ${#s}-character string: SQL and siphashsum differ: FAILED"; status=1; }
    n=$((n + 1))
done
echo "postgresql: $n strings: siphash24, siphash13 and siphash24_128 equal siphashsum's (a fresh key)"
phase "cross-checked"

# ------------------------------------------- a secret key, as the docs say
data=$PG_TEMP_DIR/data
key2=$(psql -X -At -d postgres -c "SELECT encode(siphash_generate_key(), 'hex')")
log=$PG_TEMP_DIR/server.log
# The suite's refused SET siphash.key = 'abc': reported, without the statement.
grep -q 'siphash.key must be 32 hexadecimal digits' "$log" ||
    { echo "postgresql: no refused siphash.key in the server log (the suite should have made one)"; status=1; }
if grep -q "STATEMENT:  SET siphash.key = 'abc'" "$log"; then
    echo "postgresql: the server log repeats a refused siphash.key statement: FAILED"
    status=1
fi
pg_temp_as bash -c "umask 077 && printf \"siphash.key = '%s'\n\" $key >'$data/siphash_key.conf'"
pg_temp_as bash -c "printf '%s\n' \"shared_preload_libraries = 'siphash'\" \"include 'siphash_key.conf'\" >>'$data/postgresql.conf'"
run pg_temp_restart
psql -X -q -d postgres -c 'CREATE ROLE ci_siphash_reader LOGIN'
as_reader() { psql -X -At -d postgres -U ci_siphash_reader -v s="$1" <<<"$2" 2>&1; }
got=$(as_reader 'user@example.com' "SELECT lpad(to_hex(siphash24(:'s')), 16, '0')")
[[ $(le_hex "$got") == "$(sum_of 'user@example.com')" ]] ||
    { echo "postgresql: siphash24(data) with the configured key: $got, not siphashsum's: FAILED"; status=1; }
for q in 'SHOW siphash.key' "SELECT current_setting('siphash.key')"; do
    out=$(as_reader '' "$q")
    [[ $out == *"must be superuser"* && $out != *"$key"* ]] ||
        { echo "postgresql: '$q' as a non-superuser gave: $out: FAILED"; status=1; }
done
pg_temp_as bash -c "umask 077 && printf \"siphash.key = '%s'\n\" $key2 >'$data/siphash_key.conf'"
psql -X -At -d postgres -c 'SELECT pg_reload_conf()' >/dev/null
key=$key2
want=$(sum_of 'user@example.com')
for _ in $(seq 50); do
    got=$(as_reader 'user@example.com' "SELECT lpad(to_hex(siphash24(:'s')), 16, '0')")
    [[ $(le_hex "$got") == "$want" ]] && break
    sleep 0.1
done
[[ $(le_hex "$got") == "$want" ]] || { echo "postgresql: the rotated key was not used: FAILED"; status=1; }
grep -q 'parameter "siphash.key" changed (value not logged)' "$log" ||
    { echo "postgresql: no redacted reload line in the server log: FAILED"; status=1; }
if grep -qiE "$key2" "$log"; then
    echo "postgresql: the server log contains the rotated key: FAILED"
    status=1
fi
echo "postgresql: configured key: used by a non-superuser, SHOW and current_setting refused, rotated by reload, not in the server log"
pg_temp_stop
phase "configured key checked"

# ------------------------------------------ key text kept out of records
run bash "$pg/key_text.sh" || status=1
phase "key text kept out of the log, the client and pg_stat_statements"

# ------------------------------------------------------------------ bench
ci_quick || run bash "$pg/bench.sh" --quick || status=1 # (not in the quick suite: nothing judged)
phase "bench.sh --quick ran"
exit "$status"
