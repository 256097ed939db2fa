#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# postgresql/key_text.sh — every way of setting siphash.key from SQL, with a
# valid key and two mistyped ones, against a throw-away server that records
# all it can; none may leave the key's text in the server log, in a message
# the client receives (CONTEXT included) or in pg_stat_statements (the view
# and its query-text file).
#
#   bash postgresql/key_text.sh        # siphash installed (make install)
#
# The server (tempserver.sh) preloads pg_stat_statements (track = all,
# utility statements and planning), auto_explain (every plan, nested ones
# too) and siphash, and logs every statement with its duration and
# parameters (log_statement = all, log_min_duration_statement = 0).  psql
# runs each route with VERBOSITY verbose and SHOW_CONTEXT always; pgbench
# sends a key as a bind parameter (the extended protocol).  Each route and
# kind of key has its own random key, so a leak names its route and where.
#
# Checked too, so that a pass means something: each valid key took effect
# (md5 of current_setting() against the key's md5), each mistyped one was
# refused, and a control error shows that the log, the client and
# pg_stat_statements do record statement text and CONTEXT here.
#
# What PostgreSQL itself keeps is out of scope here and listed in
# docs/postgresql.md (catalogs: ALTER ROLE/DATABASE ... SET, a function's
# SET clause or body; postgresql.auto.conf for ALTER SYSTEM).
# PG_CONFIG picks the installation (default: pg_config on PATH).
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=postgresql/tempserver.sh
source "$here/tempserver.sh"
bindir=$("${PG_CONFIG:-pg_config}" --bindir)
work=$(mktemp -d "${TMPDIR:-/tmp}/siphash-keytext.XXXXXX")
trap 'pg_temp_stop; rm -rf "$work"' EXIT

pg_temp_start
pg_temp_as bash -c "cat >>'$PG_TEMP_DIR/data/postgresql.conf'" <<'CONF'
shared_preload_libraries = 'pg_stat_statements, auto_explain, siphash'
pg_stat_statements.track = all
pg_stat_statements.track_utility = on
pg_stat_statements.track_planning = on
auto_explain.log_min_duration = 0
auto_explain.log_nested_statements = on
log_statement = all
log_min_duration_statement = 0
log_parameter_max_length = -1
log_parameter_max_length_on_error = -1
CONF
pg_temp_restart
psql -X -q -d postgres <<'SQL' >/dev/null
CREATE EXTENSION pg_stat_statements;
CREATE EXTENSION siphash;
CREATE ROLE regress_siphash_keytext LOGIN;
SQL

# A key of each kind: 32 random hex digits; 31 of them; 32 with a non-hex
# character in the middle (each still most of a key).
new_key() {
    local k
    k=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    case $1 in
    valid) printf '%s' "$k" ;;
    short) printf '%s' "${k:0:31}" ;;
    nonhex) printf '%sg%s' "${k:0:16}" "${k:17}" ;;
    esac
}

# route_sql ROUTE KEY: the SQL of one route.  A valid key is checked in the
# same session by its md5 (the client sees the md5, never the key).
check='SELECT md5(current_setting($$siphash.key$$)) AS key_md5;'
route_sql() {
    local k=$2
    case $1 in
    set) echo "SET siphash.key = '$k'; $check" ;;
    set_quoted) echo "SET \"siphash\".\"key\" = '$k'; $check" ;;
    set_local) echo "BEGIN; SET LOCAL siphash.key = '$k'; $check COMMIT;" ;;
    set_config) echo "SELECT set_config('siphash.key', '$k', false) IS NOT NULL AS set; $check" ;;
    do_execute) echo "DO \$\$ BEGIN EXECUTE format('SET siphash.key = %L', '$k'); END \$\$; $check" ;;
    do_perform) echo "DO \$\$ BEGIN PERFORM set_config('siphash.key', '$k', false); END \$\$; $check" ;;
    do_static) echo "DO \$\$ BEGIN SET siphash.key = '$k'; END \$\$; $check" ;;
    do_then_error)
        # A key set, then an unrelated error in the same statement: its
        # STATEMENT line would repeat the whole block.
        echo "DO \$\$ BEGIN PERFORM set_config('siphash.key', '$k', false); RAISE EXCEPTION 'unrelated'; END \$\$;" ;;
    function_body)
        echo "CREATE FUNCTION pg_temp.kt_body() RETURNS void LANGUAGE plpgsql AS \$\$ BEGIN SET siphash.key = '$k'; END \$\$;"
        echo "SELECT pg_temp.kt_body(); $check" ;;
    function_set)
        echo "CREATE FUNCTION pg_temp.kt_set() RETURNS text LANGUAGE sql SET siphash.key = '$k' AS \$\$ SELECT md5(current_setting('siphash.key')) \$\$;"
        echo "SELECT pg_temp.kt_set() AS key_md5;" ;;
    not_logged)
        # The error is not logged (log_min_messages above error): nothing
        # then scrubs the client's copy.
        echo "SET log_min_messages = fatal; DO \$\$ BEGIN EXECUTE format('SET siphash.key = %L', '$k'); END \$\$; $check" ;;
    alter_system) echo "ALTER SYSTEM SET siphash.key = '$k'; ALTER SYSTEM RESET siphash.key;" ;;
    alter_role) echo "ALTER ROLE regress_siphash_keytext SET siphash.key = '$k'; ALTER ROLE regress_siphash_keytext RESET siphash.key;" ;;
    alter_database) echo "ALTER DATABASE postgres SET siphash.key = '$k'; ALTER DATABASE postgres RESET siphash.key;" ;;
    esac
}
routes=(set set_quoted set_local set_config do_execute do_perform do_static do_then_error
    function_body function_set not_logged alter_system alter_role alter_database)

client=$work/client.txt
: >"$client"
keys=() # "route kind key"
md5_want=()
note_route() { # note_route NAME KIND KEY: remembered, and a header in the client file
    keys+=("$1 $2 $3")
    echo "==== $1 ($2)" >>"$client"
}
for r in "${routes[@]}"; do
    for kind in valid short nonhex; do
        key=$(new_key $kind)
        note_route "$r" "$kind" "$key"
        # Statement by statement (stdin), each result shown.
        route_sql "$r" "$key" | psql -X -d postgres -v VERBOSITY=verbose -v SHOW_CONTEXT=always \
            >>"$client" 2>&1 || true
        case $kind:$r in
        valid:alter_* | valid:do_then_error) ;; # nothing left set to check
        valid:*) md5_want+=("$r $(printf '%s' "$key" | md5sum | cut -d' ' -f1)") ;;
        esac
    done
done
# The extended protocol: the key a bind parameter ($1), logged as one.
printf '%s\n' "SELECT set_config('siphash.key', :k, false) IS NOT NULL;" >"$work/bind.sql"
for kind in valid short nonhex; do
    key=$(new_key $kind)
    note_route bind_parameter "$kind" "$key"
    "$bindir/pgbench" -n -t 1 -M extended -D "k=$key" -f "$work/bind.sql" -d postgres \
        >>"$client" 2>&1 || true
done
# A control, so that the checks below are seen to find text where
# PostgreSQL does put it: a DO block that runs (the statement log,
# pg_stat_statements) and one that fails with the text in its CONTEXT (the
# client).
control=control-$(new_key valid)
psql -X -d postgres -v VERBOSITY=verbose -v SHOW_CONTEXT=always >>"$client" 2>&1 <<SQL || true
DO \$\$ BEGIN PERFORM '$control'; END \$\$;
DO \$\$ BEGIN EXECUTE format('SELECT %L::int', '$control'); END \$\$;
SQL

psql -X -At -d postgres -c 'SELECT query FROM pg_stat_statements' >"$work/pgss.txt"
pg_temp_as cat "$PG_TEMP_DIR/data/pg_stat_tmp/pgss_query_texts.stat" >"$work/pgss_file.txt" 2>/dev/null || : >"$work/pgss_file.txt"
pg_temp_as cat "$PG_TEMP_DIR/server.log" >"$work/server.log"

status=0
fail() { echo "key_text: $*: FAILED"; status=1; }
for place in "$work/server.log:the server log" "$client:the client's messages" \
    "$work/pgss.txt:pg_stat_statements" "$work/pgss_file.txt:pg_stat_statements' query-text file"; do
    grep -qaF "$control" "${place%%:*}" || fail "the control's text is not in ${place#*:}: the check would see no leak"
done
leaks=0
for entry in "${keys[@]}"; do
    read -r name kind key <<<"$entry"
    for place in "$work/server.log:the server log" "$client:the client's messages" \
        "$work/pgss.txt:pg_stat_statements" "$work/pgss_file.txt:pg_stat_statements' query-text file"; do
        if grep -qaF "$key" "${place%%:*}"; then
            fail "$name, $kind key: its text is in ${place#*:}"
            grep -aF "$key" "${place%%:*}" | head -n 2 | sed 's/^/    /'
            leaks=$((leaks + 1))
        fi
    done
done
# Each valid key took effect (its md5 printed in its session), each
# mistyped one was refused.
for entry in "${md5_want[@]}"; do
    read -r name md5 <<<"$entry"
    awk -v r="==== $name (valid)" '$0 == r { on = 1; next } /^==== / { on = 0 } on' "$client" | grep -qF "$md5" ||
        fail "$name: the valid key did not take effect"
done
refusals=$(grep -c 'siphash.key must be 32 hexadecimal digits' "$client" || true)
[[ $refusals -ge $((2 * (${#routes[@]} + 1))) ]] ||
    fail "$refusals refusals in the client's messages, fewer than the $((2 * (${#routes[@]} + 1))) mistyped keys"
grep -q 'statement: ' "$work/server.log" || fail "the server log has no statement lines: log_statement is not on"
if [[ $status == 0 ]]; then
    echo "key_text: ${#keys[@]} settings of siphash.key ($((${#routes[@]} + 1)) routes, valid and mistyped keys): no key text in the server log, the client's messages or pg_stat_statements"
else
    echo "key_text: $leaks leaks"
fi
exit "$status"
