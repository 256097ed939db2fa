# SPDX-License-Identifier: MIT
"""Threads: hashing in several threads at once gives the single-thread
answers, a shared object sees whole updates, and long calls run without the
GIL (shown by ordering, not by timing)."""

import os
import sys
import threading

import pytest

import libsiphash as L

KEY = bytes(range(16))


def run_threads(n, target):
    errors = []

    def wrap(i):
        try:
            target(i)
        except BaseException as e:  # reported in the main thread
            errors.append(e)

    ts = [threading.Thread(target=wrap, args=(i,)) for i in range(n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if errors:
        raise errors[0]


def test_parallel_hashing_matches_serial():
    inputs = [os.urandom(300_000 + i) for i in range(6)]
    want = [(L.siphash(b, KEY), list(L.batch(b[:80_000], 16, KEY)),
             L.siphash13(b, key=KEY, digest_size=16).digest()) for b in inputs]
    got = [None] * len(inputs)

    def work(i):
        for _ in range(5):
            b = inputs[i]
            r = (L.siphash(b, KEY), list(L.batch(b[:80_000], 16, KEY)),
                 L.siphash13(b, key=KEY, digest_size=16).digest())
            assert r == want[i]
        got[i] = r

    run_threads(len(inputs), work)
    assert got == want


def test_shared_object_sees_whole_updates():
    chunk = os.urandom(50_000)  # above the GIL threshold
    h = L.siphash24(key=KEY)
    run_threads(8, lambda i: [h.update(chunk) for _ in range(10)])
    # every update appended the same chunk, so any interleaving of whole
    # updates gives this digest; a torn update would not
    assert h.digest() == L.siphash24(chunk * 80, key=KEY).digest()


@pytest.mark.parametrize("call", [
    lambda b: L.batch(b, 64, KEY),
    lambda b: L.siphash(b, KEY),
    lambda b: L.siphash24(key=KEY).update(b),
], ids=["batch", "siphash", "update"])
def test_gil_is_released(call):
    # With a huge switch interval the worker never has to give up the GIL,
    # so the main thread (woken by `started`) only runs before the worker
    # finishes if the call released the GIL.  Holding the GIL gives "done"
    # every time, so a few attempts (for a scheduler that keeps the main
    # thread waiting through a whole call on a busy machine) prove as much.
    data = bytes(256 << 20)  # calloc'ed: zero pages, no real memory
    seen = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        for _ in range(3):
            started = threading.Event()
            state = {"done": False}

            def worker():
                started.set()
                call(data)
                state["done"] = True

            t = threading.Thread(target=worker)
            t.start()
            started.wait()
            seen.append(state["done"])
            t.join()
            assert state["done"]
            if not seen[-1]:
                break
    finally:
        sys.setswitchinterval(old)
    assert not all(seen), "the main thread could not run while the worker hashed"
