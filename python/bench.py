#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Speed of the libsiphash binding, as ratios to anchors measured in the
same process on the same inputs (alternating runs A B A B ..., medians),
with the CPU named.  Absolute times on shared machines are noisy; ratios
hold.

    python bench.py            # full run (about ten seconds)
    python bench.py --quick    # smoke run: same rows, fewer and smaller runs

Rows and the targets they are judged against:
  siphash() 16 B      vs hashlib.blake2b(data, key=k, digest_size=8).digest()
                      (the standard library's keyed hash): >= 2x faster
  siphash() 16 B      vs hash() of a fresh bytes object of 16 bytes (the
                      cheapest C call Python has for hashing bytes): <= 1.5x
  batch() 1M x 8 B    vs a Python loop calling siphash() per record: >= 20x
  batch() 1M x 8 B    vs the C library's siphash_batch() on the same buffer,
                      timed in C (libsiphash._c_batch_seconds): <= 1.5x
"""

import argparse
import collections
import hashlib
import itertools
import os
import platform
import statistics
import sys
import time

# Run as a script, this directory comes first on sys.path, and its
# libsiphash/ (the sources, without the compiled extension unless built in
# place) would hide the installed package.
_here = os.path.dirname(os.path.abspath(__file__))
if not any(f.startswith("_libsiphash") for f in os.listdir(os.path.join(_here, "libsiphash"))):
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") != _here]

import libsiphash as L  # noqa: E402


def cpu_name():
    """'<model name> (family F model M), AVX2 yes/no, AVX-512 yes/no'."""
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if not line.strip():
                    break  # the first CPU is enough
                k, _, v = line.partition(":")
                info[k.strip()] = v.strip()
    except OSError:
        return platform.processor() or platform.machine()
    flags = info.get("flags", "").split()
    name = info.get("model name", platform.machine())
    fam = f" (family {info['cpu family']} model {info['model']})" if "cpu family" in info else ""
    isa = ""
    if flags:
        isa = ", AVX2 %s, AVX-512 %s" % ("yes" if "avx2" in flags else "no",
                                          "yes" if "avx512f" in flags else "no")
    return name + fam + isa


def alternate(fns, runs):
    """Runs each of fns in turn, runs times; returns each one's median
    time in seconds.  A function may return its own measured time (a
    float) instead of being timed from here."""
    times = [[] for _ in fns]
    for _ in range(runs):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            r = fn()
            t = time.perf_counter() - t0
            times[i].append(r if isinstance(r, float) else t)
    return [statistics.median(t) for t in times]


def fresh(n, size):
    # distinct new objects: hash() caches its result in a bytes object
    return [os.urandom(size) for _ in range(n)]


def row(label, ratio, target, ok, detail):
    verdict = "met" if ok else "NOT met"
    print(f"  {label:<46} {ratio:7.2f}x   target {target:<8} {verdict:<8} {detail}")
    return ok


def bench_oneshot(n, runs):
    """Per-call cost on 16-byte inputs.  Runs are short (n calls, well
    under a scheduler time slice) and many, so the medians shrug off other
    processes on a busy machine."""
    key = L.generate_key()
    sip = L.siphash
    sink = collections.deque(maxlen=0).extend
    keys = [key] * n

    # siphash vs hash(): both through map(), the cheapest loop Python has,
    # each over n fresh 16-byte objects made before the clock starts
    # (hash() caches its result in the object, so every run needs new ones)
    def run_sip():
        b = fresh(n, 16)
        t0 = time.perf_counter()
        sink(map(sip, b, keys))
        return time.perf_counter() - t0

    def run_hash():
        b = fresh(n, 16)
        t0 = time.perf_counter()
        sink(map(hash, b))
        return time.perf_counter() - t0

    t_sip, t_hash = alternate([run_sip, run_hash], runs)

    # siphash vs blake2b: the same Python for-loop around each call
    data = fresh(n, 16)
    blake2b = hashlib.blake2b

    def loop_sip():
        for b in data:
            sip(b, key)

    def loop_blake():
        for b in data:
            blake2b(b, key=key, digest_size=8).digest()

    t_sip_loop, t_blake = alternate([loop_sip, loop_blake], runs)
    ns = 1e9 / n
    ok = row("siphash() 16 B vs hashlib.blake2b keyed, 8 B", t_blake / t_sip_loop, ">= 2",
             t_blake / t_sip_loop >= 2.0,
             f"({t_sip_loop * ns:.0f} vs {t_blake * ns:.0f} ns per call, for-loop)")
    ok &= row("siphash() 16 B / hash() of fresh 16 B bytes", t_sip / t_hash, "<= 1.5",
              t_sip / t_hash <= 1.5, f"({t_sip * ns:.0f} vs {t_hash * ns:.0f} ns per call, map)")
    return ok


def bench_batch(n, runs, loop_runs):
    key = L.generate_key()
    buf = os.urandom(8 * n)
    records = [buf[i:i + 8] for i in range(0, len(buf), 8)]  # sliced before timing
    sip = L.siphash
    assert list(L.batch(buf[:800], 8, key)) == [sip(r, key) for r in records[:100]]

    def py_loop():
        [sip(r, key) for r in records]

    def py_batch():
        L.batch(buf, 8, key)

    def c_batch():
        return L._c_batch_seconds(buf, 8, key, 1)[0]

    t_loop, t_batch1 = alternate([py_loop, py_batch], loop_runs)
    t_batch, t_c = alternate([py_batch, c_batch], runs)
    ns = 1e9 / n
    ok = row(f"batch() {n:,} x 8 B vs Python loop of siphash()", t_loop / t_batch1, ">= 20",
             t_loop / t_batch1 >= 20, f"({t_batch1 * ns:.2f} vs {t_loop * ns:.1f} ns per record)")
    ok &= row(f"batch() {n:,} x 8 B / C siphash_batch()", t_batch / t_c, "<= 1.5",
              t_batch / t_c <= 1.5, f"({t_batch * ns:.2f} vs {t_c * ns:.2f} ns per record)")
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="smoke run: fewer, smaller runs")
    ap.add_argument("--check", action="store_true", help="exit 1 if a target is not met")
    args = ap.parse_args()

    print(f"CPU: {cpu_name()}")
    print(f"Python {platform.python_version()} ({sys.executable}), libsiphash "
          f"{L.__version__} (C library {L.c_library_version}), batch path {L.batch_impl()}")
    if args.quick:
        print("quick run: indicative ratios only")
        ok = bench_oneshot(2_000, 51)
        ok &= bench_batch(1_000_000, 7, 3)
    else:
        ok = bench_oneshot(2_000, 501)
        ok &= bench_batch(1_000_000, 41, 9)
    print("all targets met" if ok else "some targets NOT met")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
