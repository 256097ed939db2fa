#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Speed of libsiphash.pandas and libsiphash.dask against the installed
pandas and Dask, as ratios measured in the same process on the same inputs
(runs alternate A B A B ...; each ratio is the median of the ratios of
adjacent runs, with its quartiles), in CPU time (judged; the work is
single-threaded, and on a shared machine CPU time is what a quiet one shows)
and in wall-clock time, with the CPU named.  Every result is
first checked equal to pandas'.

    python bench_pandas.py            # full run (about a minute)
    python bench_pandas.py --quick    # smoke run: smaller inputs, fewer runs

Rows and the targets they are judged against:
  hash_array, 1M e-mail addresses, categorize=False     vs pandas: >= 8x
  hash_array, 1M e-mail addresses, defaults             vs pandas: (shown)
  hash_pandas_object, 1M rows of a str and an int column,
    defaults, index=False                               vs pandas: >= 15x
  Dask task shuffle of 600k rows on a str key, 6 partitions, synchronous
    scheduler, end to end, register() vs not           >= 2x
The quick run's inputs are smaller, so its ratios are indicative only.
"""

import argparse
import os
import platform
import random
import statistics
import string
import sys
import time

_here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, _here)
from bench import cpu_name  # noqa: E402  (bench also makes the installed libsiphash importable)

import libsiphash as L  # noqa: E402

try:
    import numpy as np
    import pandas as pd
    import pandas.util
    import libsiphash.pandas as LP
except ImportError as e:
    print(f"bench_pandas: skipped ({e})")
    sys.exit(0)


def emails(n, seed=1):
    """n distinct e-mail addresses of 14 to 40 characters, as an object array."""
    rng = random.Random(seed)
    letters = string.ascii_lowercase
    domains = ["gmail.com", "example.org", "yahoo.co.uk", "mail.example.com", "posteo.de"]
    return np.array([f"{''.join(rng.choices(letters, k=rng.randint(4, 12)))}.{i}"
                     f"@{rng.choice(domains)}" for i in range(n)], dtype=object)


def paired(a, b, runs):
    """Runs a and b alternately.  Returns, for CPU time (time.process_time:
    what a quiet machine would show for this single-threaded work, while
    other processes share the CPUs) and for wall time: the median time of
    a, of b, the median of the ratios a/b of adjacent runs and its
    quartiles."""
    clocks = (time.process_time, time.perf_counter)
    ts = {(c, f): [] for c in clocks for f in (a, b)}
    for _ in range(runs):
        for f in (a, b):
            t0 = [c() for c in clocks]
            f()
            for c, t in zip(clocks, t0):
                ts[(c, f)].append(c() - t)
    out = []
    for c in clocks:
        ratios = sorted(x / y for x, y in zip(ts[(c, a)], ts[(c, b)]))
        q = statistics.quantiles(ratios, n=4, method="inclusive") if len(ratios) > 1 \
            else ratios * 3
        out.append((statistics.median(ts[(c, a)]), statistics.median(ts[(c, b)]),
                    statistics.median(ratios), q[0], q[2]))
    return out


def row(label, res, target):
    (t_theirs, t_ours, ratio, lo, hi), wall = res
    ok = target is None or ratio >= target
    verdict = "(shown)" if target is None else ("met" if ok else "NOT met")
    print(f"  {label:<50} {ratio:6.2f}x [{lo:.2f}-{hi:.2f}] target "
          f"{'-' if target is None else '>= %g' % target:<5} {verdict:<7} "
          f"({t_ours * 1e3:.1f} vs {t_theirs * 1e3:.1f} ms; wall {wall[2]:.2f}x "
          f"[{wall[3]:.2f}-{wall[4]:.2f}])")
    return ok


def bench_hash_array(n, runs):
    vals = emails(n)
    ok = True
    for categorize, target in ((False, 8), (True, None)):
        want = pandas.util.hash_array(vals, categorize=categorize)
        assert (LP.hash_array(vals, categorize=categorize) == want).all()
        res = paired(lambda: pandas.util.hash_array(vals, categorize=categorize),
                     lambda: LP.hash_array(vals, categorize=categorize), runs)
        ok &= row(f"hash_array {n:,} e-mails, categorize={categorize}", res, target)
    return ok


def bench_hash_pandas_object(n, runs):
    df = pd.DataFrame({"email": emails(n, seed=2), "id": np.arange(n, dtype=np.int64)})
    pd.testing.assert_series_equal(LP.hash_pandas_object(df, index=False),
                                   pandas.util.hash_pandas_object(df, index=False))
    res = paired(lambda: pandas.util.hash_pandas_object(df, index=False),
                 lambda: LP.hash_pandas_object(df, index=False), runs)
    return row(f"hash_pandas_object {n:,} rows (str, int), index=False", res, 15)


def bench_dask(n, runs):
    try:
        import dask
        import dask.dataframe as dd
        import libsiphash.dask as LD
    except ImportError as e:
        print(f"  Dask shuffle: skipped ({e})")
        return True
    df = pd.DataFrame({"key": emails(n, seed=3), "x": np.arange(n), "y": np.arange(n) * 0.5})
    ddf = dd.from_pandas(df, npartitions=6)

    def shuffle():
        return dask.compute(*ddf.shuffle("key", shuffle="tasks").to_delayed(), scheduler="sync")

    def without():
        LD.unregister()
        shuffle()

    def with_ours():
        LD.register()
        shuffle()

    LD.unregister()
    want = shuffle()
    LD.register()
    got = shuffle()
    LD.unregister()
    for a, b in zip(got, want):
        pd.testing.assert_frame_equal(a, b)
    res = paired(without, with_ours, runs)
    LD.unregister()
    return row(f"Dask shuffle {n:,} rows on a str key, register()", res, 2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="smoke run: smaller inputs, fewer runs")
    ap.add_argument("--check", action="store_true", help="exit 1 if a target is not met")
    args = ap.parse_args()

    print(f"CPU: {cpu_name()}")
    print(f"Python {platform.python_version()}, libsiphash {L.__version__}, batch path "
          f"{L.batch_impl()}, pandas {pd.__version__}, NumPy {np.__version__}, fast path "
          f"{'on' if LP.FAST_PATH else 'OFF (not the pandas version mirrored)'}")
    print("ratio = pandas' CPU time / libsiphash's: median [quartiles] of adjacent-run pairs;\n"
          "ms = median CPU times; wall = the same ratio in wall-clock time")
    if args.quick:
        print("quick run: smaller inputs, indicative ratios only")
        ok = bench_hash_array(200_000, 5)
        ok &= bench_hash_pandas_object(200_000, 3)
        ok &= bench_dask(120_000, 3)
    else:
        ok = bench_hash_array(1_000_000, 11)
        ok &= bench_hash_pandas_object(1_000_000, 7)
        ok &= bench_dask(600_000, 9)
    print("all targets met" if ok else "some targets NOT met")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
