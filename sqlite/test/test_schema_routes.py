#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""No part of a database's schema reaches the connection's key (CTest:
sqlite_schema_routes).

    test_schema_routes.py --extension build/sqlite/siphash.so

Every kind of schema object calls siphash_key_file(path) during the
application's own plain statement: a CHECK of a table a database file
defines, a CHECK of a table the application defines, a trigger, a view, a
DEFAULT, a generated column (virtual and stored), an expression index and a
partial index's WHERE; each in a database file (written by a plain
connection, as an attacker would, the function names put into the stored
schema text), read after the extension is loaded and also before it (the
order changes what SQLite itself checks), under trusted_schema ON and OFF;
and where SQLite lets the application make one, as the connection's own
TEMP object. Each route must:
  - leave a connection without a key without one (no load);
  - leave a connection's key as it was (no replacement);
  - give the same outcome whatever the path names: a key file, a missing
    file, a world-readable file, a directory (no probe: the message of a
    refused call is the same for every path).
And the one-argument hash forms (the connection's key) in a database file's
stored generated column and expression index must not write a hash under
the connection's key into the file, whichever was read first.

Standard library only (/usr/bin/python3 and its sqlite3 module).
"""
import argparse
import os
import sqlite3
import sys
import tempfile

FAILS = []
KEY_A = bytes(range(0xA0, 0xB0))
KEY_B = bytes(range(0xB0, 0xC0))

# A placeholder call that the plain connection writing the database knows
# (deterministic, so SQLite accepts it everywhere); the stored schema text
# then gets the real call in its place, as an attacker would write it.
PLACEHOLDER = "zzcall()"

# Each file route: the schema, and the application's plain statements that
# run it.
FILE_ROUTES = {
    "CHECK of the file's table": (
        ["CREATE TABLE t(x, CHECK ({call} IS NOT 12345))"],
        ["INSERT INTO t(x) VALUES (1)"]),
    "trigger": (
        ["CREATE TABLE t(x)", "CREATE TRIGGER t_t AFTER INSERT ON t BEGIN SELECT {call}; END"],
        ["INSERT INTO t(x) VALUES (1)"]),
    "view": (
        ["CREATE TABLE t(x)", "CREATE VIEW v AS SELECT {call} AS r"],
        ["SELECT * FROM v"]),
    "DEFAULT": (
        ["CREATE TABLE t(x, y DEFAULT ({call}))"],
        ["INSERT INTO t(x) VALUES (1)"]),
    "generated column (virtual)": (
        ["CREATE TABLE t(x, y AS ({call}))"],
        ["INSERT INTO t(x) VALUES (1)", "SELECT y FROM t"]),
    "generated column (stored)": (
        ["CREATE TABLE t(x, y AS ({call}) STORED)"],
        ["INSERT INTO t(x) VALUES (1)"]),
    "expression index": (
        ["CREATE TABLE t(x)", "CREATE INDEX t_i ON t({call})"],
        ["INSERT INTO t(x) VALUES (1)"]),
    "partial index WHERE": (
        ["CREATE TABLE t(x)", "CREATE INDEX t_i ON t(x) WHERE {call} IS NULL"],
        ["INSERT INTO t(x) VALUES (1)"]),
}

# Routes the application itself makes on its connection (SQLite refuses a
# non-deterministic function in its own generated columns and indexes).
APP_ROUTES = {
    "CHECK of the application's table": (
        ["CREATE TABLE t(x, CHECK ({call} IS NOT 12345))"],
        ["INSERT INTO t(x) VALUES (1)"]),
    "TEMP trigger": (
        ["CREATE TABLE t(x)", "CREATE TEMP TRIGGER t_t AFTER INSERT ON t BEGIN SELECT {call}; END"],
        ["INSERT INTO t(x) VALUES (1)"]),
    "TEMP view": (
        ["CREATE TEMP VIEW v AS SELECT {call} AS r"],
        ["SELECT * FROM v"]),
    "TEMP table's DEFAULT": (
        ["CREATE TEMP TABLE t(x, y DEFAULT ({call}))"],
        ["INSERT INTO t(x) VALUES (1)"]),
}


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print(f"FAILED: {what}")


def write_key(path, content, mode=0o600):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, content)
    os.close(fd)
    os.chmod(path, mode)


def write_database(path, schema, call):
    """The database an attacker hands over: schema with call in it."""
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.create_function("zzcall", 0, lambda: None, deterministic=True)
    for sql in schema:
        con.execute(sql.format(call=PLACEHOLDER))
    con.commit()
    con.execute("PRAGMA writable_schema = ON")
    con.execute("UPDATE sqlite_master SET sql = replace(sql, ?, ?)", (PLACEHOLDER, call))
    con.commit()
    con.close()


def open_connection(extension, path, schema_first, trusted, key_file=None):
    con = sqlite3.connect(path)
    if schema_first:  # the application reads the database, then loads the extension
        con.execute("SELECT count(*) FROM sqlite_master").fetchall()
    con.enable_load_extension(True)
    con.load_extension(extension)
    con.enable_load_extension(False)
    con.execute(f"PRAGMA trusted_schema = {'ON' if trusted else 'OFF'}")
    if key_file:
        con.execute("SELECT siphash_key_file(?)", (key_file,))
    return con


def run(con, statements):
    """The first error of the application's statements, or None."""
    for sql in statements:
        try:
            con.execute(sql).fetchall()
        except sqlite3.Error as e:
            return str(e)
    return None


def key_state(con):
    """'none', 'A', 'B' or 'other': which key the connection holds."""
    try:
        got = con.execute("SELECT siphash24('probe')").fetchone()[0]
    except sqlite3.Error as e:
        return "none" if "no connection key" in str(e) else f"error: {e}"
    for name, key in (("A", KEY_A), ("B", KEY_B)):
        if got == con.execute("SELECT siphash24('probe', ?)", (key,)).fetchone()[0]:
            return name
    return "other"


def attempt(args, tmp, route, kind, schema_first, trusted, preload, target):
    """One route's attempt: (the error the application saw, the key after)."""
    schema, statements = route
    call = f"siphash_key_file('{target}')"
    if kind == "file":
        db = os.path.join(tmp, "hostile.db")
        write_database(db, schema, call)
        con = open_connection(args.extension, db, schema_first, trusted, preload)
    else:
        con = open_connection(args.extension, ":memory:", False, trusted, preload)
        for sql in schema:
            con.execute(sql.format(call=call))
    err = run(con, statements)
    state = key_state(con)
    con.close()
    return err, state


def test_key_file_routes(args, tmp):
    key_a, key_b = os.path.join(tmp, "key_a"), os.path.join(tmp, "key_b")
    write_key(key_a, KEY_A.hex().encode() + b"\n")
    write_key(key_b, KEY_B.hex().encode() + b"\n")
    world = os.path.join(tmp, "world_readable")
    write_key(world, KEY_B.hex().encode(), 0o644)
    directory = os.path.join(tmp, "a_directory")
    os.mkdir(directory)
    targets = [key_b, os.path.join(tmp, "missing"), world, directory]
    cases = [("file", name, route, schema_first, trusted)
             for name, route in FILE_ROUTES.items()
             for schema_first in (False, True) for trusted in (True, False)]
    cases += [("app", name, route, False, trusted)
              for name, route in APP_ROUTES.items() for trusted in (True, False)]
    fails = len(FAILS)
    for kind, name, route, schema_first, trusted in cases:
        what = (f"{name} ({'the file read before loading' if schema_first else 'loaded first'}, "
                f"trusted_schema {'ON' if trusted else 'OFF'})" if kind == "file" else
                f"{name} (trusted_schema {'ON' if trusted else 'OFF'})")
        _, state = attempt(args, tmp, route, kind, schema_first, trusted, None, key_b)
        check(state == "none", f"{what}: a connection without a key now holds key {state}")
        _, state = attempt(args, tmp, route, kind, schema_first, trusted, key_a, key_b)
        check(state == "A", f"{what}: the connection's key A was replaced: now {state}")
        outcomes = {}
        for target in targets:
            err, _ = attempt(args, tmp, route, kind, schema_first, trusted, None, target)
            outcomes.setdefault(err, []).append(os.path.basename(target))
        check(len(outcomes) == 1, f"{what}: the outcome tells the paths apart (a file oracle): "
              + "; ".join(f"{', '.join(t)}: {e!r}" for e, t in outcomes.items()))
        check(None not in outcomes, f"{what}: the application's statement ran without an error")
    if len(FAILS) == fails:
        print(f"siphash_key_file: {len(cases)} schema routes ({len(FILE_ROUTES)} kinds in a database "
          f"file, read before and after loading, trusted_schema on and off; {len(APP_ROUTES)} of "
          f"the application's own): none loads, replaces or probes a key "
          f"({len(targets)} paths each)")


def test_hash_routes(args, tmp):
    """The one-argument forms in a database file's stored generated column
    and expression index: the application's INSERT must not write a hash
    under its key into the file."""
    key_a = os.path.join(tmp, "key_a")
    write_key(key_a, KEY_A.hex().encode() + b"\n")
    routes = {
        "generated column (stored)": ["CREATE TABLE t(x, y AS ({call}) STORED)"],
        "expression index": ["CREATE TABLE t(x, y)", "CREATE INDEX t_i ON t({call})"],
    }
    n, fails = 0, len(FAILS)
    for name, schema in routes.items():
        for schema_first in (False, True):
            for trusted in (True, False):
                what = (f"siphash24(<chosen>) in the file's {name} ("
                        f"{'read before' if schema_first else 'after'} loading, "
                        f"trusted_schema {'ON' if trusted else 'OFF'})")
                db = os.path.join(tmp, "hash.db")
                write_database(db, schema, "siphash24('chosen@example.com')")
                con = open_connection(args.extension, db, schema_first, trusted, key_a)
                err = run(con, ["INSERT INTO t(x) VALUES (1)"])
                con.commit()
                con.close()
                # What the file holds now, read without the extension.
                plain = sqlite3.connect(db)
                rows = plain.execute("SELECT count(*) FROM t").fetchone()[0]
                plain.close()
                check(err is not None and rows == 0,
                      f"{what}: the INSERT was accepted ({rows} rows written): a hash under the "
                      "connection's key went into the file")
                n += 1
    if len(FAILS) == fails:
        print(f"siphash24(<chosen>) with the connection's key: {n} stored generated column and "
              "expression index routes refused, nothing written")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--extension", required=True)
    args = ap.parse_args()
    args.extension = os.path.abspath(args.extension)
    print(f"SQLite {sqlite3.sqlite_version}")
    with tempfile.TemporaryDirectory() as tmp:
        test_key_file_routes(args, tmp)
        test_hash_routes(args, tmp)
    if FAILS:
        print(f"sqlite_schema_routes: {len(FAILS)} checks FAILED")
        return 1
    print("sqlite_schema_routes: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
