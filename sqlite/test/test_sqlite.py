#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The SQLite extension through Python's sqlite3 module (CTest: sqlite_python).

    test_sqlite.py --extension build/sqlite/siphash.so --ref build/sqlite/test/sqlite_ref \
        --vectors tests/vectors [--seed N]

The same cases as suite.sql, with Python's own view of the bytes: every value
is checked against sqlite_ref (the C library, through its public API), never
against a hash written here.  Standard library only, so it runs with the
system's /usr/bin/python3 and its sqlite3 module.
"""
import argparse
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading

FAILS = []
VECTOR_KEY = bytes(range(16))


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print(f"FAILED: {what}")


def connect(args, path=":memory:", encoding=None):
    con = sqlite3.connect(path, check_same_thread=False)
    if encoding:
        con.execute(f"PRAGMA encoding = '{encoding}'")
    con.enable_load_extension(True)
    con.load_extension(args.extension)
    con.enable_load_extension(False)
    return con


class Ref:
    """sqlite_ref, one batch of requests at a time."""

    def __init__(self, path):
        self.path = path

    def run(self, requests):
        out = subprocess.run([self.path], input="".join(r + "\n" for r in requests),
                             capture_output=True, text=True, check=True).stdout.split("\n")
        return out[:len(requests)]


def request(alg, key, x):
    """The sqlite_ref request for siphash<alg>(x, key), x as SQL sees it."""
    if isinstance(x, int):
        if alg == "24":
            return f"1u64 {key.hex()} {x}"
        data = x.to_bytes(8, "little", signed=True)
    elif isinstance(x, str):
        data = x.encode("utf-8")
    else:
        data = bytes(x)
    return f"{alg} {key.hex()} {data.hex() or '-'}"


def sql_value(con, alg, x, key):
    fn = {"24": "siphash24", "13": "siphash13", "128": "siphash24_128"}[alg]
    if key is None:
        v = con.execute(f"SELECT {fn}(?)", (x,)).fetchone()[0]
    else:
        v = con.execute(f"SELECT {fn}(?, ?)", (x, key)).fetchone()[0]
    if v is None:
        return None
    return v.hex() if alg == "128" else str(v)


def random_text(rng, n):
    ranges = [(0x20, 0x7E), (0xA0, 0x6FF), (0x4E00, 0x9FFF), (0x1F300, 0x1F64F), (0x10000, 0x1000F)]
    out = []
    for _ in range(n):
        lo, hi = rng.choice(ranges)
        out.append(chr(rng.randint(lo, hi)))
    return "".join(out)


def random_values(rng, n):
    vals = []
    for i in range(n):
        kind = i % 4
        if kind == 0:
            vals.append(rng.randbytes(rng.randrange(0, 100)))
        elif kind == 1:
            vals.append(random_text(rng, rng.randrange(0, 40)))
        elif kind == 2:
            vals.append(rng.choice([0, 1, -1, 2**63 - 1, -2**63, rng.randrange(-2**63, 2**63),
                                    rng.randrange(-1000, 1000)]))
        else:
            vals.append(None)
    return vals


def check_values(con, ref, rng, what, n=300, key=None, conn_key=None):
    """Random values of every type against sqlite_ref, with a random key per
    value (or the connection's key, conn_key, when key is None)."""
    vals = random_values(rng, n)
    reqs, got = [], []
    for x in vals:
        k = key if key is not None else (rng.randbytes(16) if conn_key is None else None)
        for alg in ("24", "13", "128"):
            v = sql_value(con, alg, x, k)
            if x is None:
                check(v is None, f"{what}: siphash{alg}(NULL) is {v!r}, not NULL")
                continue
            reqs.append(request(alg, k if k is not None else conn_key, x))
            got.append(v)
    want = ref.run(reqs)
    bad = [(r, g, w) for r, g, w in zip(reqs, got, want) if g != w]
    for r, g, w in bad[:5]:
        print(f"  {r}: SQL {g}, C {w}")
    check(not bad, f"{what}: {len(bad)} of {len(reqs)} values differ from the C library's")
    return len(reqs)


def test_vectors(args, ref):
    con = connect(args)
    msgs = [bytes(range(i)) for i in range(64)]
    for fname, alg in (("siphash-2-4-64.txt", "24"), ("siphash-1-3-64.txt", "13"),
                       ("siphash-2-4-128.txt", "128")):
        with open(os.path.join(args.vectors, fname)) as f:
            want = f.read().split()
        got = []
        for m in msgs:
            v = sql_value(con, alg, m, VECTOR_KEY)
            if alg != "128":  # the file holds the uint64's little-endian bytes
                v = (int(v) & (2**64 - 1)).to_bytes(8, "little").hex()
            got.append(v)
        check(got == want, f"vectors {fname}")
    print("vectors: 3 files, 64 messages each")


def test_values(args, ref, rng):
    con = connect(args)
    n = check_values(con, ref, rng, "random values")
    big = rng.randbytes(1 << 20)
    for alg in ("24", "13", "128"):
        check(sql_value(con, alg, big, VECTOR_KEY) == ref.run([request(alg, VECTOR_KEY, big)])[0],
              f"a 1 MB BLOB, siphash{alg}")
    # TEXT is its UTF-8 bytes, INTEGER its 8 little-endian bytes.
    k = rng.randbytes(16)
    for s in ("é", "Grüße, 東京 😀", ""):
        check(sql_value(con, "24", s, k) == sql_value(con, "24", s.encode(), k), f"text {s!r}")
    for i in (0, 1, -2, 2**63 - 1, -2**63):
        check(sql_value(con, "13", i, k) ==
              sql_value(con, "13", i.to_bytes(8, "little", signed=True), k), f"integer {i}")
    # The documented number.
    check(sql_value(con, "24", "frank@example.com", VECTOR_KEY) == "-3614538409354901214",
          "the documented number")
    print(f"values: {n} random BLOB, TEXT (non-ASCII) and INTEGER values and NULLs, a 1 MB BLOB")


def test_utf16(args, ref, rng, tmp):
    for enc in ("UTF-16le", "UTF-16be"):
        path = os.path.join(tmp, f"{enc}.db")
        con = connect(args, path, enc)
        con.execute("CREATE TABLE t(x)")
        texts = [random_text(rng, rng.randrange(0, 30)) for _ in range(100)] + ["é", ""]
        con.executemany("INSERT INTO t VALUES (?)", [(t,) for t in texts])
        con.commit()
        check(con.execute("PRAGMA encoding").fetchone()[0] == enc, f"{enc}: the database's encoding")
        stored = con.execute("SELECT hex(CAST(x AS BLOB)) FROM t WHERE rowid = 101").fetchone()[0]
        check(stored == ("E900" if enc == "UTF-16le" else "00E9"), f"{enc}: stored as UTF-16")
        k = rng.randbytes(16)
        rows = con.execute("SELECT x, siphash24(x, ?), siphash13(x, ?), hex(siphash24_128(x, ?)) "
                           "FROM t ORDER BY rowid", (k, k, k)).fetchall()
        reqs, got = [], []
        for x, h24, h13, h128 in rows:
            for alg, v in (("24", str(h24)), ("13", str(h13)), ("128", h128.lower())):
                reqs.append(request(alg, k, x))
                got.append(v)
        check(ref.run(reqs) == got, f"{enc}: text hashed as its UTF-8 bytes")
        con.close()
    print("UTF-16: le and be databases, 102 texts each, hashed as UTF-8")


def write_key(path, content, mode=0o600):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, content)
    os.close(fd)
    os.chmod(path, mode)


def error_of(con, sql, params=()):
    try:
        con.execute(sql, params).fetchall()
    except sqlite3.Error as e:
        return str(e)
    return None


def test_connection_key(args, ref, rng, tmp):
    con = connect(args)
    k1, k2 = rng.randbytes(16), rng.randbytes(16)
    f1, f2 = os.path.join(tmp, "k1"), os.path.join(tmp, "k2")
    write_key(f1, k1.hex().encode() + b"\n")
    write_key(f2, k2)  # raw bytes
    e = error_of(con, "SELECT siphash24('a')")
    check(e and e.startswith("siphash24: no connection key"), f"no key: {e}")
    con.execute("SELECT siphash_key_file(?)", (f1,))
    n = check_values(con, ref, rng, "connection key (hex file)", 60, conn_key=k1)
    con.execute("SELECT siphash_key_file(?)", (f2,))
    n += check_values(con, ref, rng, "connection key (raw file, replacing)", 60, conn_key=k2)
    # The extension loaded again on the same connection: a fresh state.
    con.enable_load_extension(True)
    con.load_extension(args.extension)
    e = error_of(con, "SELECT siphash13(1)")
    check(e and e.startswith("siphash13: no connection key"), f"after reloading: {e}")
    con.close()
    print(f"connection key: {n} values with hex and raw key files, replaced, reloaded")


def test_errors(args, tmp):
    con = connect(args)
    k = bytes(16)
    cases = [
        ("SELECT siphash24('a', ?)", (b"x" * 15,), "siphash24: the key must be 16 bytes, got 15"),
        ("SELECT siphash13('a', ?)", (b"",), "siphash13: the key must be 16 bytes, got 0"),
        ("SELECT siphash24_128('a', ?)", (b"x" * 32,), "siphash24_128: the key must be 16 bytes, got 32"),
        ("SELECT siphash24('a', ?)", ("0" * 16,), "siphash24: the key must be a 16-byte BLOB, got TEXT"),
        ("SELECT siphash24('a', ?)", (None,), "siphash24: the key is NULL"),
        ("SELECT siphash24(?, ?)", (1.5, k), "siphash24: cannot hash a REAL"),
        ("SELECT siphash13(?, ?)", (0.0, k), "siphash13: cannot hash a REAL"),
        ("SELECT siphash24_128(?, ?)", (-1e300, k), "siphash24_128: cannot hash a REAL"),
        ("SELECT siphash24(?)", ("a",), "siphash24: no connection key"),
        ("SELECT siphash_key_file(?)", (None,), "siphash_key_file: the argument must be a file name"),
    ]
    for sql, params, want in cases:
        e = error_of(con, sql, params)
        check(e is not None and e.startswith(want), f"{sql} {params!r}: {e!r}, wanted {want!r}")
    # Key files: each refused, naming the file and the problem, never a key byte.
    secret = "c0ffee" * 5 + "1"  # 31 hex digits: most of a key
    files = {
        "hex31": (secret.encode() + b"\n", 0o600, "31 hex digits, a SipHash key is 32"),
        # Longer than a key, in every way a file can be: never cut to a key.
        "hex33": ((secret + "ab").encode() + b"\n", 0o600, "33 hex digits, a SipHash key is 32"),
        "hex34": ((secret + "abc").encode(), 0o600, "34 hex digits, a SipHash key is 32"),
        "hex64": (((secret + "a") * 2).encode(), 0o600, "64 hex digits, a SipHash key is 32"),
        "hex32_2": ((secret + "a").encode() + b" ab\n", 0o600, "not a key: 36 bytes"),
        "hex32_32": ((secret + "a").encode() + b"\n" + (secret + "a").encode(), 0o600,
                     "not a key: 65 bytes"),
        "raw17": (b"\xc0\xff\xee" * 5 + b"\xc0\xff", 0o600, "not a key: 17 bytes"),
        "raw16nl": (b"\xc0\xff\xee" * 5 + b"\xc0\n", 0o600, "not a key: 17 bytes"),
        "world": (b"ab" * 16, 0o644, "readable by every user (mode 0644)"),
        "world_w": (b"ab" * 16, 0o602, "writable by every user (mode 0602)"),
        "stray": (b"c0ffee" * 5 + b"zz", 0o600, "not a key: 32 bytes"),
        "raw15": (b"\xc0\xff\xee" * 5, 0o600, "not a key: 15 bytes"),
        "empty": (b"", 0o600, "no key in the file (empty"),
    }
    for name, (content, mode, want) in files.items():
        path = os.path.join(tmp, name)
        write_key(path, content, mode)
        e = error_of(con, "SELECT siphash_key_file(?)", (path,))
        check(e is not None and e.startswith(f"siphash_key_file: '{path}': ") and want in e,
              f"key file {name}: {e!r}, wanted {want!r}")
        check(e is None or ("c0ffee" not in e.lower() and "abab" not in e), f"key file {name}: "
              f"the message repeats the file's bytes: {e!r}")
    d = os.path.join(tmp, "keydir")
    os.mkdir(d)
    e = error_of(con, "SELECT siphash_key_file(?)", (d,))
    check(e is not None and "a directory; refusing it" in e, f"a directory: {e!r}")
    e = error_of(con, "SELECT siphash_key_file(?)", (os.path.join(tmp, "missing"),))
    check(e is not None and "No such file or directory" in e, f"a missing file: {e!r}")
    owner = "skipped (not root)"
    if os.geteuid() == 0:
        path = os.path.join(tmp, "other")
        write_key(path, b"ab" * 16)
        os.chown(path, 65534, 65534)
        e = error_of(con, "SELECT siphash_key_file(?)", (path,))
        check(e is not None and "owned by another user (uid 65534)" in e, f"another owner: {e!r}")
        owner = "checked"
    print(f"errors: {len(cases)} argument errors, {len(files) + 2} refused key files "
          f"(another owner: {owner})")


def test_directonly(args, tmp):
    con = connect(args)
    path = os.path.join(tmp, "kd")
    k = bytes(range(100, 116))
    write_key(path, k.hex().encode())
    con.execute("CREATE TABLE t(x)")
    con.execute(f"CREATE VIEW v AS SELECT siphash_key_file('{path}')")
    e = error_of(con, "SELECT * FROM v")
    check(e == "unsafe use of siphash_key_file()", f"from a view: {e!r}")
    con.execute(f"CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT siphash_key_file('{path}'); END")
    e = error_of(con, "INSERT INTO t VALUES (1)")
    check(e == "unsafe use of siphash_key_file()", f"from a trigger: {e!r}")
    e = error_of(con, "SELECT siphash24('a')")
    check(e is not None and "no connection key" in e, "a view or trigger loaded a key")
    # And the same schema in a database file opened by a new connection.
    db = os.path.join(tmp, "hostile.db")
    c2 = sqlite3.connect(db)
    c2.execute("CREATE TABLE t(x)")
    c2.execute(f"CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT siphash_key_file('{path}'); END")
    c2.commit()
    c2.close()
    c3 = connect(args, db)
    e = error_of(c3, "INSERT INTO t VALUES (1)")
    check(e == "unsafe use of siphash_key_file()", f"a database file's trigger: {e!r}")
    c3.close()
    print("DIRECTONLY: siphash_key_file refused from a view, a trigger, a database file's trigger")


def test_called_alone(args, tmp):
    """siphash_key_file runs only as the statement SELECT siphash_key_file(x),
    x one literal or parameter, with no other statement of the connection
    running; any other use is refused with one message, whatever the path
    (test_schema_routes.py has every schema route)."""
    k = bytes(range(32, 48))
    path = os.path.join(tmp, "it's.key")  # a quote, doubled in a literal
    write_key(path, k.hex().encode())
    lit = "'" + path.replace("'", "''") + "'"
    accepted = [
        ("SELECT siphash_key_file(?)", (path,)),
        ("select Siphash_Key_File ( ? ) ;", (path,)),
        ("  -- the key\n SELECT /* here */ siphash_key_file(:p)\n", {"p": path}),
        ("SELECT siphash_key_file(@p);", {"p": path}),
        ("SELECT siphash_key_file($p)", {"p": path}),
        ("SELECT siphash_key_file(?1)", (path,)),
        (f"SELECT siphash_key_file({lit})", ()),
    ]
    for sql, params in accepted:
        con = connect(args)
        e = error_of(con, sql, params)
        check(e is None, f"{sql!r}: refused: {e!r}")
        check(e is None and con.execute("SELECT siphash24('a') = siphash24('a', ?)", (k,))
              .fetchone()[0] == 1, f"{sql!r}: not the file's key")
        con.close()
    con = connect(args)
    con.execute("CREATE TABLE t(x)")
    con.execute("INSERT INTO t VALUES (1), (2)")
    refused = [
        "SELECT siphash_key_file(?) FROM t",
        "SELECT siphash_key_file(?), 1",
        "SELECT siphash_key_file(?) AS k",
        "SELECT (SELECT siphash_key_file(?))",
        "SELECT siphash_key_file(? || '')",
        "WITH c(p) AS (SELECT ?) SELECT siphash_key_file(p) FROM c",
        "SELECT siphash_key_file(?) WHERE 1",
        "VALUES (siphash_key_file(?))",
        "SELECT siphash_key_file(?) /* unterminated",
    ]
    alone = "siphash_key_file: refused: it must be called alone"
    for sql in refused:
        for p in (path, os.path.join(tmp, "missing")):
            e = error_of(con, sql, (p,))
            check(e is not None and e.startswith(alone), f"{sql!r} ({p}): {e!r}")
    # Another statement of the connection still running (a cursor not read
    # to its end): refused, and accepted once it is finished.
    cur = con.execute("SELECT x FROM t")
    cur.fetchone()
    e = error_of(con, "SELECT siphash_key_file(?)", (path,))
    check(e is not None and e.startswith(alone), f"with another statement running: {e!r}")
    cur.fetchall()
    e = error_of(con, "SELECT siphash_key_file(?)", (path,))
    check(e is None, f"after the other statement finished: {e!r}")
    con.close()
    print(f"called alone: {len(accepted)} forms of SELECT siphash_key_file(x) accepted; "
          f"{len(refused)} larger statements and one beside a running statement refused")


def test_threads(args, ref, rng, tmp):
    """Two threads, each its own connection with its own key file, hashing at
    the same time: each gets its own key's values."""
    keys = [rng.randbytes(16), rng.randbytes(16)]
    files = []
    for i, k in enumerate(keys):
        files.append(os.path.join(tmp, f"thread{i}.key"))
        write_key(files[-1], k.hex().encode())
    values = [f"user{i}@example.com" for i in range(2000)]
    want = [ref.run([request("24", k, v) for v in values]) for k in keys]
    check(want[0] != want[1], "two keys give different values")
    barrier = threading.Barrier(2)
    results = [None, None]

    def work(i):
        con = connect(args)
        con.execute("SELECT siphash_key_file(?)", (files[i],))
        con.execute("CREATE TABLE e(x)")
        con.executemany("INSERT INTO e VALUES (?)", [(v,) for v in values])
        barrier.wait()
        got = []
        for _ in range(5):
            got = [str(r[0]) for r in con.execute("SELECT siphash24(x) FROM e ORDER BY rowid")]
            if got != want[i]:
                break
        results[i] = got
        con.close()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i in range(2):
        check(results[i] == want[i], f"thread {i}: its connection's key")
    print("threads: two connections with different keys, 2000 values x 5 rounds each, at once")


def test_schema_reread(args, tmp):
    """Loading has SQLite read the schema again (PRAGMA writable_schema =
    RESET, module.c): an application's writable_schema stays as it was."""
    fails = len(FAILS)
    for on in (0, 1):
        con = sqlite3.connect(os.path.join(tmp, "reread.db"))
        con.execute(f"PRAGMA writable_schema = {on}")
        con.enable_load_extension(True)
        con.load_extension(args.extension)
        got = con.execute("PRAGMA writable_schema").fetchone()[0]
        check(got == on, f"writable_schema {on} before loading, {got} after")
        con.close()
    if len(FAILS) == fails:
        print("schema reread: writable_schema kept, on and off")


def test_generate_key(args):
    con = connect(args)
    a, b = con.execute("SELECT siphash_generate_key(), siphash_generate_key()").fetchone()
    check(isinstance(a, bytes) and len(a) == 16 and a != b, "siphash_generate_key")
    print("generate_key: 16 random bytes")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--extension", required=True)
    ap.add_argument("--ref", required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SIPHASH_TEST_SEED", "0")) or None)
    args = ap.parse_args()
    args.extension = os.path.abspath(args.extension)
    seed = args.seed or random.SystemRandom().randrange(1, 2**31)
    print(f"seed {seed} (SIPHASH_TEST_SEED={seed} replays it); SQLite {sqlite3.sqlite_version}")
    rng = random.Random(seed)
    ref = Ref(args.ref)
    with tempfile.TemporaryDirectory() as tmp:
        test_vectors(args, ref)
        test_values(args, ref, rng)
        test_utf16(args, ref, rng, tmp)
        test_connection_key(args, ref, rng, tmp)
        test_errors(args, tmp)
        test_directonly(args, tmp)
        test_called_alone(args, tmp)
        test_threads(args, ref, rng, tmp)
        test_schema_reread(args, tmp)
        test_generate_key(args)
    if FAILS:
        print(f"sqlite_python: {len(FAILS)} checks FAILED")
        return 1
    print("sqlite_python: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
