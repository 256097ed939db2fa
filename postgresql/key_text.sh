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
# parameters (log_statement = all, log_min_duration_statement = 0).  Every
# route runs in two passes: so, then with log_statement = none and
# auto_explain off (PGOPTIONS), where the duration line alone carries the
# statement.  psql runs the routes with VERBOSITY verbose and SHOW_CONTEXT
# always, one session per pass and kind of key, each route after an \echoed
# header; a DO block goes through psql -c without a final semicolon;
# pgbench sends a key as a bind parameter (the extended protocol, unnamed
# and named statements).  Each route and kind of key has its own random key,
# so a leak names its route and where.  The routes include those whose text
# does not name the setting: EXECUTE of a prepared statement, wrapper
# functions and procedures, escape strings.
#
# Checked too, so that a pass means something: each valid key took effect
# (md5 of current_setting() against the key's md5), each mistyped one was
# refused, a control error in each pass shows that the log, the client and
# pg_stat_statements do record statement text and CONTEXT here, and a
# DETAIL without key text, raised after a set_config(), stays (log and
# client).
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
trap 'pg_temp_stop; [[ -n ${KT_KEEP:-} ]] || rm -rf "$work"' EXIT

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
    set_upper) echo "SET SIPHASH.KEY = '$k'; $check" ;;
    set_quoted) echo "SET \"siphash\".\"key\" = '$k'; $check" ;;
    set_local) echo "BEGIN; SET LOCAL siphash.key = '$k'; $check COMMIT;" ;;
    set_config) echo "SELECT set_config('siphash.key', '$k', false) IS NOT NULL AS set; $check" ;;
    # The name spelled with escapes: a backslash before the dot, a
    # character by its code, Unicode escapes.
    escape_dot) echo "SELECT set_config(E'siphash\\.key', '$k', false) IS NOT NULL AS set; $check" ;;
    escape_code) echo "SELECT set_config(E'\\x73iphash.key', '$k', false) IS NOT NULL AS set; $check" ;;
    escape_unicode) echo "SELECT set_config(U&'siphash\\002ekey', '$k', false) IS NOT NULL AS set; $check" ;;
    do_execute) echo "DO \$\$ BEGIN EXECUTE format('SET siphash.key = %L', '$k'); END \$\$; $check" ;;
    do_perform) echo "DO \$\$ BEGIN PERFORM set_config('siphash.key', '$k', false); END \$\$; $check" ;;
    do_static) echo "DO \$\$ BEGIN SET siphash.key = '$k'; END \$\$; $check" ;;
    do_then_error)
        # A key set, then an unrelated error in the same statement: its
        # STATEMENT line would repeat the whole block.
        echo "DO \$\$ BEGIN PERFORM set_config('siphash.key', '$k', false); RAISE EXCEPTION 'unrelated'; END \$\$;" ;;
    # Prepared statements: EXECUTE's own text does not name the setting.
    # Each statement goes on its own (psql sends them one by one).
    prepare_param)
        echo "PREPARE kt_param(text) AS SELECT set_config('siphash.key', \$1, false) IS NOT NULL AS set;"
        echo "EXECUTE kt_param('$k');"
        echo "$check DEALLOCATE kt_param;" ;;
    prepare_literal)
        # The prepared text holds the key: EXECUTE's log line has it as
        # its DETAIL ("prepare: ...").
        echo "PREPARE kt_literal AS SELECT set_config('siphash.key', '$k', false) IS NOT NULL AS set;"
        echo "EXECUTE kt_literal;"
        echo "$check DEALLOCATE kt_literal;" ;;
    prepare_explain)
        echo "PREPARE kt_explain(text) AS SELECT kt_setk(\$1) IS NOT NULL AS set;"
        echo "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE kt_explain('$k');"
        echo "$check DEALLOCATE kt_explain;" ;;
    # Functions and procedures that set it, called with the key (created
    # once, below): the call's text does not name the setting.
    wrapper) echo "SELECT kt_setk('$k') IS NOT NULL AS set; $check" ;;
    # A double quote and an e' inside strings, where a scan that skipped
    # what it took for a quoted name or an escape string would miss the call.
    wrapper_after_quotes) echo "SELECT 'a \"b', 'c e', kt_setk('$k') IS NOT NULL AS set, 'd\"' AS e; $check" ;;
    wrapper_outer) echo "SELECT kt_setk_outer('$k') IS NOT NULL AS set; $check" ;;
    wrapper_atomic) echo "SELECT kt_setk_atomic('$k') IS NOT NULL AS set; $check" ;;
    wrapper_set_clause) echo "SELECT kt_with_key_clause() IS NOT NULL AS set; $check" ;;
    call) echo "CALL kt_setp('$k'); $check" ;;
    # Errors that quote the key: in a message (the value echoed), in a
    # CONTEXT (the function's statement that set it), in a STATEMENT (a
    # function that fails after setting it), in a DETAIL.
    cast_error) echo "SELECT kt_setk('$k')::int;" ;;
    function_error_arg) echo "SELECT kt_setk_then_fail('$k');" ;;
    function_error_body)
        # Fails before the key is offered: only the call's judgement (its
        # body names the setting) keeps the CONTEXT, which quotes the
        # failing statement, out.
        echo "CREATE FUNCTION pg_temp.kt_body_fails() RETURNS void LANGUAGE plpgsql AS \$\$ BEGIN PERFORM length('$k') / 0; PERFORM set_config('siphash.key', '$k', false); END \$\$;"
        echo "SELECT pg_temp.kt_body_fails();" ;;
    function_error_set)
        # Fails once the key is offered, in the statement that offers it.
        echo "CREATE FUNCTION pg_temp.kt_set_fails() RETURNS void LANGUAGE plpgsql AS \$\$ BEGIN PERFORM length(set_config('siphash.key', '$k', false)) / 0; END \$\$;"
        echo "SELECT pg_temp.kt_set_fails();" ;;
    detail_value)
        echo "SELECT kt_setk('$k') IS NOT NULL AS set;"
        echo "DO \$\$ BEGIN RAISE EXCEPTION 'kt detail' USING DETAIL = 'the key is ' || current_setting(E'siphash\\x2ekey'); END \$\$;" ;;
    function_body)
        echo "CREATE FUNCTION pg_temp.kt_body() RETURNS void LANGUAGE plpgsql AS \$\$ BEGIN SET siphash.key = '$k'; END \$\$;"
        echo "SELECT pg_temp.kt_body(); $check" ;;
    function_set)
        echo "CREATE FUNCTION pg_temp.kt_set() RETURNS text LANGUAGE sql SET siphash.key = '$k' AS \$\$ SELECT md5(current_setting('siphash.key')) \$\$;"
        echo "SELECT pg_temp.kt_set() AS key_md5;" ;;
    not_logged)
        # The error is not logged (log_min_messages above error): nothing
        # then scrubs the client's copy.
        echo "SET log_min_messages = fatal; DO \$\$ BEGIN EXECUTE format('SET siphash.key = %L', '$k'); END \$\$; $check RESET log_min_messages;" ;;
    alter_system) echo "ALTER SYSTEM SET siphash.key = '$k'; ALTER SYSTEM RESET siphash.key;" ;;
    alter_role) echo "ALTER ROLE regress_siphash_keytext SET siphash.key = '$k'; ALTER ROLE regress_siphash_keytext RESET siphash.key;" ;;
    alter_database) echo "ALTER DATABASE postgres SET siphash.key = '$k'; ALTER DATABASE postgres RESET siphash.key;" ;;
    esac
}
routes=(set set_upper set_quoted set_local set_config escape_dot escape_code escape_unicode
    do_execute do_perform do_static do_then_error prepare_param prepare_literal prepare_explain
    wrapper wrapper_after_quotes wrapper_outer wrapper_atomic call cast_error function_error_arg function_error_body function_error_set
    detail_value function_body function_set not_logged alter_system alter_role alter_database)
# Routes whose valid key is not left set to check (an error undoes it, or
# it is reset), and those whose mistyped key is never offered.
no_check=" bind_parameter bind_wrapper detail_kept redefined_in_block do_then_error cast_error function_error_arg function_error_body function_error_set detail_value alter_system alter_role alter_database "
not_offered=" function_error_body "

# The wrappers the routes call: a SQL function, a PL/pgSQL one calling it,
# a BEGIN ATOMIC body, a procedure, one that fails once the key is set.
psql -X -q -d postgres <<'SQL' >/dev/null
CREATE FUNCTION kt_setk(k text) RETURNS text LANGUAGE sql AS $$ SELECT set_config('siphash.key', k, false) $$;
CREATE FUNCTION kt_setk_outer(k text) RETURNS text LANGUAGE plpgsql AS $$ BEGIN RETURN kt_setk(k); END $$;
CREATE FUNCTION kt_setk_atomic(k text) RETURNS text LANGUAGE sql BEGIN ATOMIC SELECT set_config('siphash.key', k, false); END;
CREATE PROCEDURE kt_setp(k text) LANGUAGE sql AS $$ SELECT set_config('siphash.key', k, false) $$;
CREATE FUNCTION kt_setk_then_fail(k text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN PERFORM set_config('siphash.key', k, false); RAISE EXCEPTION 'kt: failed after setting the key'; END $$;
SQL

client=$work/client.txt
: >"$client"
keys=() # "pass/route kind key"
controls=()
details=()
md5_want=()
offered=0 # mistyped keys offered, each to be refused
note_route() { # note_route NAME KIND KEY [in-script]: remembered, and a header in the client file
    keys+=("$1 $2 $3")
    # (A route in a psql script has its header \echoed by the script.)
    [[ -n ${4:-} ]] || echo "==== $1 ($2)" >>"$client"
    [[ $2 == valid || $not_offered == *" ${1#*/} "* ]] || offered=$((offered + 1))
    [[ $2 != valid || $no_check == *" ${1#*/} "* ]] || md5_want+=("$1 $(printf '%s' "$3" | md5sum | cut -d' ' -f1)")
}
run_psql() { # run_psql ARGS...: verbose messages, with CONTEXT, into the client file
    psql -X -d postgres -v VERBOSITY=verbose -v SHOW_CONTEXT=always "$@" >>"$client" 2>&1 || true
}
# Two passes: every statement logged before it runs (log_statement = all,
# auto_explain too); then only after, by its duration line
# (log_statement = none, auto_explain off), which carries the statement.
for pass in all duration; do
    if [[ $pass == all ]]; then
        export PGOPTIONS=
    else
        export PGOPTIONS='-c log_statement=none -c auto_explain.log_min_duration=-1'
    fi
    for kind in valid short nonhex; do
        # One session per kind, each route after a header line.
        script=$work/routes.sql
        : >"$script"
        for r in "${routes[@]}"; do
            key=$(new_key $kind)
            note_route "$pass/$r" "$kind" "$key" in-script
            printf '\\echo ==== %s (%s)\n' "$pass/$r" "$kind" >>"$script"
            route_sql "$r" "$key" >>"$script"
        done
        run_psql -f "$script"
        # A DO block sent with psql -c, without a final semicolon (the
        # statement then runs to the end of the text).
        key=$(new_key $kind)
        note_route "$pass/do_no_semicolon" "$kind" "$key"
        run_psql -c "DO \$\$ BEGIN PERFORM set_config('siphash.key', '$key', false); END \$\$" -c "$check"
        # The extended protocol: the key a bind parameter ($1), logged as
        # one; unnamed (pgbench -M extended) and named statements (-M
        # prepared), the latter through a wrapper.
        key=$(new_key $kind)
        note_route "$pass/bind_parameter" "$kind" "$key"
        printf '%s\n' "SELECT set_config('siphash.key', :k, false) IS NOT NULL;" >"$work/bind.sql"
        "$bindir/pgbench" -n -t 1 -M extended -D "k=$key" -f "$work/bind.sql" -d postgres >>"$client" 2>&1 || true
        key=$(new_key $kind)
        note_route "$pass/bind_wrapper" "$kind" "$key"
        printf '%s\n' "SELECT kt_setk(:k) IS NOT NULL;" >"$work/bind.sql"
        "$bindir/pgbench" -n -t 1 -M prepared -D "k=$key" -f "$work/bind.sql" -d postgres >>"$client" 2>&1 || true
    done
    # A function redefined by another session to set the key, called in a
    # transaction block that had already judged it harmless: the statement
    # line comes before anything in that block reads the invalidation.
    # The block's session reads a FIFO; the redefinition waits until
    # pg_stat_activity shows the block idle after its first call.
    key=$(new_key valid)
    note_route "$pass/redefined_in_block" valid "$key"
    psql -X -q -d postgres -c "CREATE OR REPLACE FUNCTION kt_late(k text) RETURNS text LANGUAGE sql AS \$\$ SELECT k \$\$"
    fifo=$work/block.fifo
    mkfifo "$fifo"
    run_psql <"$fifo" &
    block=$!
    exec 7>"$fifo"
    echo "BEGIN; SELECT kt_late('kt-harmless') AS late;" >&7
    for _ in $(seq 600); do
        [[ $(psql -X -At -d postgres -c "SELECT count(*) FROM pg_stat_activity WHERE state = 'idle in transaction' AND query LIKE '%kt_late(''kt-harmless'')%'") == 1 ]] && break
        sleep 0.1
    done
    psql -X -q -d postgres -c "CREATE OR REPLACE FUNCTION kt_late(k text) RETURNS text LANGUAGE sql AS \$\$ SELECT set_config('siphash.key', k, false) \$\$"
    echo "SELECT kt_late('$key') IS NOT NULL AS set; COMMIT;" >&7
    exec 7>&-
    wait "$block" || true
    rm -f "$fifo"
    # A control, so that the checks below are seen to find text where
    # PostgreSQL does put it in this pass: a DO block that runs (the
    # statement log, pg_stat_statements) and one that fails with the text
    # in its CONTEXT (the client).
    control=control-$pass-$(new_key valid)
    controls+=("$control")
    run_psql <<SQL
DO \$\$ BEGIN PERFORM '$control'; END \$\$;
DO \$\$ BEGIN EXECUTE format('SELECT %L::int', '$control'); END \$\$;
SQL
    # A DETAIL that carries no key text stays, in a report made while a
    # statement that sets the key runs (that statement, its CONTEXT and
    # STATEMENT lines do not).
    key=$(new_key valid)
    note_route "$pass/detail_kept" valid "$key"
    detail=kt-harmless-detail-$pass-$(new_key valid)
    details+=("$detail")
    run_psql -c "DO \$\$ BEGIN PERFORM set_config('siphash.key', '$key', false); RAISE EXCEPTION 'kt: detail kept' USING DETAIL = '$detail'; END \$\$;"
done
psql -X -At -d postgres -c 'SELECT query FROM pg_stat_statements' >"$work/pgss.txt"
pg_temp_as cat "$PG_TEMP_DIR/data/pg_stat_tmp/pgss_query_texts.stat" >"$work/pgss_file.txt" 2>/dev/null || : >"$work/pgss_file.txt"
pg_temp_as cat "$PG_TEMP_DIR/server.log" >"$work/server.log"

status=0
fail() { echo "key_text: $*: FAILED"; status=1; }
for control in "${controls[@]}"; do
    for place in "$work/server.log:the server log" "$client:the client's messages" \
        "$work/pgss.txt:pg_stat_statements" "$work/pgss_file.txt:pg_stat_statements' query-text file"; do
        grep -qaF "$control" "${place%%:*}" ||
            fail "the control's text ($control) is not in ${place#*:}: the check would see no leak"
    done
done
for detail in "${details[@]}"; do
    for place in "$work/server.log:the server log" "$client:the client's messages"; do
        grep -qaF "DETAIL:  $detail" "${place%%:*}" ||
            fail "a DETAIL without key text ($detail) is not in ${place#*:}"
    done
done
# Every key looked for at once in each place (one grep each, not one per
# key: there are a few hundred), then each key found reported.
leaks=0
for entry in "${keys[@]}"; do
    read -r _ _ key <<<"$entry"
    echo "$key"
done >"$work/keys.txt"
for place in "$work/server.log:the server log" "$client:the client's messages" \
    "$work/pgss.txt:pg_stat_statements" "$work/pgss_file.txt:pg_stat_statements' query-text file"; do
    declare -A found=()
    while IFS= read -r key; do
        found[$key]=1
    done < <(grep -oaF -f "$work/keys.txt" "${place%%:*}" || true)
    for entry in "${keys[@]}"; do
        read -r name kind key <<<"$entry"
        if [[ -n ${found[$key]:-} ]]; then
            fail "$name, $kind key: its text is in ${place#*:}"
            grep -aF "$key" "${place%%:*}" | head -n 2 | sed 's/^/    /'
            leaks=$((leaks + 1))
        fi
    done
    unset found
done
# Each valid key took effect (its md5 printed in its session), each
# mistyped one was refused.
while IFS= read -r name; do
    fail "$name: the valid key did not take effect"
done < <(printf '%s\n' "${md5_want[@]}" | awk '
    FNR == NR { want["==== " $1 " (valid)"] = $2; next }
    /^==== / { section = $0; next }
    section in want && index($0, want[section]) { seen[section] = 1 }
    END { for (s in want) if (!(s in seen)) { sub(/^==== /, "", s); sub(/ \(valid\)$/, "", s); print s } }
' - "$client")
refusals=$(grep -c 'siphash.key must be 32 hexadecimal digits' "$client" || true)
[[ $refusals -ge $offered ]] || fail "$refusals refusals in the client's messages, fewer than the $offered mistyped keys"
grep -q 'statement: ' "$work/server.log" || fail "the server log has no statement lines: log_statement is not on"
if [[ $status == 0 ]]; then
    echo "key_text: ${#keys[@]} settings of siphash.key ($((${#routes[@]} + 5)) routes, valid and mistyped keys, two passes: log_statement = all, and duration lines only): no key text in the server log, the client's messages or pg_stat_statements; a DETAIL without key text kept"
else
    echo "key_text: $leaks leaks"
fi
exit "$status"
