# SPDX-License-Identifier: MIT
# postgresql/tempserver.sh — a throw-away PostgreSQL server for the tests and
# the benchmark.  Sourced (bash); defines
#
#   pg_temp_start [initdb args...]   initdb + pg_ctl start in a new temporary
#                                    directory, listening only on a Unix
#                                    socket there; exports PGHOST, PGPORT,
#                                    PGUSER (the bootstrap superuser) and
#                                    PG_TEMP_DIR
#   pg_temp_restart                  stops and starts it again (after a
#                                    change to its postgresql.conf that
#                                    needs a restart)
#   pg_temp_stop                     stops it and removes the directory
#                                    (idempotent: safe in an EXIT trap)
#
# The server refuses to run as root, so as root it runs as the `postgres`
# user (runuser) and the directory is handed to that user; as anyone else it
# runs as the caller.  Authentication is `trust` over the socket, which only
# the directory's owner (and root) can reach.  PG_CONFIG picks the
# installation (default: pg_config on PATH).

pg_temp_as() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

pg_temp_start() {
    local bindir
    bindir=$("${PG_CONFIG:-pg_config}" --bindir) || return 1
    PG_TEMP_BIN=$bindir
    PG_TEMP_DIR=$(mktemp -d "${TMPDIR:-/tmp}/siphash-pg.XXXXXX") || return 1
    if [[ $(id -u) -eq 0 ]]; then
        chown postgres: "$PG_TEMP_DIR" || return 1
    fi
    chmod 700 "$PG_TEMP_DIR"
    export PG_TEMP_DIR PGHOST=$PG_TEMP_DIR PGPORT=5432
    PGUSER=$(if [[ $(id -u) -eq 0 ]]; then echo postgres; else id -un; fi)
    export PGUSER
    # fsync off: a throw-away cluster needs no durability, and the tests
    # should not wait on the disk other jobs share.
    pg_temp_as "$bindir/initdb" -D "$PG_TEMP_DIR/data" -U "$PGUSER" -A trust \
        --encoding=UTF8 --locale=C --no-sync "$@" >"$PG_TEMP_DIR/initdb.log" 2>&1 ||
        { cat "$PG_TEMP_DIR/initdb.log" >&2; return 1; }
    pg_temp_ctl_start || return 1
    echo "pg_temp_start: $("$bindir/postgres" --version) in $PG_TEMP_DIR" >&2
}

pg_temp_ctl_start() {
    pg_temp_as "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -l "$PG_TEMP_DIR/server.log" -w \
        -o "-c listen_addresses='' -k $PG_TEMP_DIR -p $PGPORT -c fsync=off" start >/dev/null ||
        { cat "$PG_TEMP_DIR/server.log" >&2; return 1; }
}

pg_temp_restart() {
    pg_temp_as "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m fast -w stop >/dev/null &&
        pg_temp_ctl_start
}

pg_temp_stop() {
    [[ -n ${PG_TEMP_DIR:-} && -d $PG_TEMP_DIR ]] || return 0
    if [[ -f $PG_TEMP_DIR/data/postmaster.pid ]]; then
        pg_temp_as "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m fast -w stop >/dev/null 2>&1 ||
            pg_temp_as "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m immediate -w stop >/dev/null 2>&1
    fi
    rm -rf "$PG_TEMP_DIR"
    PG_TEMP_DIR=
}
