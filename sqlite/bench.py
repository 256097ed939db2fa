#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Speed of the SQLite extension, as ratios against anchors measured in the
same process (docs/sqlite.md, "Speed").

    python3 sqlite/bench.py --extension build/sqlite/siphash.so [--rows N] [--runs N] [--quick]

A table of e-mail addresses (1M by default; --quick: 100k and 3 runs, for CI,
which prints and does not judge).  Two processes, each timing its queries
alternately, round after round, and taking the median of the per-round
ratios (so a slow moment of a busy machine hits both sides of a ratio).
Each query's time is the CPU time of the process (user + system: Python's
time.process_time(), the shell's .timer "user" and "sys"), not the wall
clock: on a shared machine the wall clock also counts the time spent waiting
for a core, which has nothing to do with the query and differs from one
query to the next.

  - Python's sqlite3 module (the system's SQLite): total(length(email)), the
    per-row call floor; total(siphash24(email, :k)); and Python UDFs
    registered on the same connection, keyed HMAC-SHA256 and keyed BLAKE2b
    (hmac, hashlib.blake2b(key=...)), summed as 64-bit integers;
  - the sqlite3 shell (its built-in sha3(), which Python's module lacks):
    total(length(email)), total(siphash24(email, :k)), count(sha3(email)),
    timed with .timer on.

The aggregate is total(), not sum(): sum() of 64-bit hashes overflows (an
error in SQLite), total() is the same aggregate with a floating-point
accumulator.  sha3's query counts (its result is a BLOB): count() is cheaper
than total(), so its ratio, if anything, understates sha3's cost.

Targets (issue, written with sum()): siphash24 / length <= 1.5; sha3 / siphash24 >= 5;
UDF / siphash24 >= 10.
"""
import argparse
import hashlib
import hmac
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

KEY = bytes(range(16))  # the test vectors' key: the values do not matter here


def cpu_name():
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                k, _, v = line.partition(":")
                info.setdefault(k.strip(), v.strip())
    except OSError:
        return "unknown CPU"
    return (f"{info.get('model name', '?')} (family {info.get('cpu family', '?')} "
            f"model {info.get('model', '?')}), {os.cpu_count()} CPUs")


def make_db(path, rows, seed=1):
    """rows e-mail addresses, 19-41 bytes: a name, a separator, a domain."""
    rng = random.Random(seed)
    names = ["anna", "bernd", "chen", "dmitri", "eva", "farid", "greta", "hiro", "ines",
             "jonas", "kofi", "lena", "mateo", "nadia", "oskar", "priya", "quentin", "rosa"]
    domains = ["example.com", "mail.example.org", "uni-example.edu", "example.co.uk",
               "corp.example.net", "example.de"]
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE users(id INTEGER PRIMARY KEY, email TEXT)")

    def gen():
        for i in range(rows):
            e = f"{rng.choice(names)}.{rng.choice(names)}{rng.randrange(100000)}@{rng.choice(domains)}"
            yield (e[:41],)
    con.executemany("INSERT INTO users(email) VALUES (?)", gen())
    con.commit()
    avg = con.execute("SELECT avg(length(email)), min(length(email)), max(length(email)) "
                      "FROM users").fetchone()
    con.close()
    return avg


def timed(con, sql, params=()):
    """The query's CPU time in this process (see the header)."""
    t = time.process_time()
    con.execute(sql, params).fetchone()
    return time.process_time() - t


def bench_python(args, db):
    con = sqlite3.connect(db)
    con.execute("PRAGMA cache_size = -1000000")
    con.enable_load_extension(True)
    con.load_extension(args.extension)

    def hmac_udf(x, k):
        return int.from_bytes(hmac.new(k, x.encode(), "sha256").digest()[:8], "little", signed=True)

    def blake2b_udf(x, k):
        return int.from_bytes(hashlib.blake2b(x.encode(), key=k, digest_size=8).digest(),
                              "little", signed=True)
    con.create_function("hmac_sha256_64", 2, hmac_udf, deterministic=True)
    con.create_function("blake2b_64", 2, blake2b_udf, deterministic=True)
    queries = {
        "length": ("SELECT total(length(email)) FROM users", ()),
        "siphash24": ("SELECT total(siphash24(email, ?)) FROM users", (KEY,)),
        "siphash13": ("SELECT total(siphash13(email, ?)) FROM users", (KEY,)),
        "hmac_udf": ("SELECT total(hmac_sha256_64(email, ?)) FROM users", (KEY,)),
        "blake2b_udf": ("SELECT total(blake2b_64(email, ?)) FROM users", (KEY,)),
    }
    timed(con, "SELECT count(email) FROM users")  # into the cache
    times = {q: [] for q in queries}
    for _ in range(args.runs):
        for q, (sql, p) in queries.items():
            times[q].append(timed(con, sql, p))
    con.close()
    return times


def bench_shell(args, db):
    script = [".load " + args.extension,
              ".parameter set :k X'" + KEY.hex() + "'",
              "PRAGMA cache_size = -1000000;",
              "SELECT count(email) FROM users;",
              ".timer on"]
    queries = {
        "length": "SELECT total(length(email)) FROM users;",
        "siphash24": "SELECT total(siphash24(email, :k)) FROM users;",
        "sha3": "SELECT count(sha3(email)) FROM users;",
    }
    for _ in range(args.runs):
        script.extend(queries.values())
    out = subprocess.run([args.sqlite3, db], input="\n".join(script) + "\n", capture_output=True,
                         text=True, check=True).stdout
    # .timer prints "Run Time: real R user U sys S" after each statement.
    reals = [float(u) + float(s) for u, s in
             re.findall(r"Run Time: real [0-9.]+ user ([0-9.]+) sys ([0-9.]+)", out)]
    if len(reals) != len(queries) * args.runs:
        sys.exit(f"bench: the shell printed {len(reals)} timings, not {len(queries) * args.runs}:\n{out}")
    times = {q: reals[i::len(queries)] for i, q in enumerate(queries)}
    return times


def ratio(times, a, b):
    """Median over the rounds of time(a) / time(b)."""
    return statistics.median(x / y for x, y in zip(times[a], times[b]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--extension", required=True)
    ap.add_argument("--sqlite3", default="sqlite3")
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="100k rows, 3 runs (CI)")
    args = ap.parse_args()
    if args.quick:
        args.rows, args.runs = 100_000, 3
    args.extension = os.path.abspath(args.extension)
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.db")
        avg, lo, hi = make_db(db, args.rows)
        py = bench_python(args, db)
        sh = bench_shell(args, db)
    print(f"sqlite bench: {args.rows} e-mail addresses ({lo}-{hi} bytes, {avg:.1f} on average), "
          f"{args.runs} rounds, medians; SQLite {sqlite3.sqlite_version}; {cpu_name()}")
    n = args.rows
    for name, t in (("python", py), ("shell", sh)):
        for q, v in t.items():
            med = statistics.median(v)
            print(f"  {name:6s} {q:12s} {med * 1e3:8.1f} ms  {med / n * 1e9:6.1f} ns/row")
    rows = [
        ("total(siphash24(e, k)) / total(length(e)), python", ratio(py, "siphash24", "length"), "<= 1.5",
         lambda r: r <= 1.5),
        ("total(siphash24(e, k)) / total(length(e)), shell", ratio(sh, "siphash24", "length"), "<= 1.5",
         lambda r: r <= 1.5),
        ("count(sha3(e)) / total(siphash24(e, k)), shell", ratio(sh, "sha3", "siphash24"), ">= 5",
         lambda r: r >= 5),
        ("HMAC-SHA256 UDF / total(siphash24(e, k)), python", ratio(py, "hmac_udf", "siphash24"), ">= 10",
         lambda r: r >= 10),
        ("keyed BLAKE2b UDF / total(siphash24(e, k)), python", ratio(py, "blake2b_udf", "siphash24"),
         ">= 10", lambda r: r >= 10),
        ("total(siphash13(e, k)) / total(length(e)), python", ratio(py, "siphash13", "length"), "", None),
    ]
    for what, r, target, ok in rows:
        verdict = "" if ok is None else ("met" if ok(r) else "NOT met")
        print(f"  {what:52s} {r:6.2f}  {target:6s} {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
