# SPDX-License-Identifier: MIT
"""Batches against the one-shot functions on random shapes, through every
buffer type, and on every SIMD path this CPU has (each forced in its own
process with SIPHASH_IMPL, which the library reads at its first batch call)."""

import array
import os
import random
import subprocess
import sys

import pytest

import libsiphash as L

SEED = int(os.environ.get("SIPHASH_TEST_SEED", random.randrange(1 << 30)))
print(f"test_batch: SIPHASH_TEST_SEED={SEED}")

ONESHOT = {"2-4": L.siphash, "1-3": L.siphash13_64, "1-2": L.siphash12_64}
ROUNDS = list(ONESHOT)


def check_random_shapes(rng, rounds, cases):
    f = ONESHOT[rounds]
    for _ in range(cases):
        rs = rng.choice([rng.randrange(1, 80), 8, 16, 32])
        n = rng.randrange(0, 70)
        key = rng.randbytes(16)
        off = rng.randrange(0, 8)
        raw = rng.randbytes(off + rs * n)
        buf = memoryview(raw)[off:]  # any alignment
        want = [f(buf[i * rs:(i + 1) * rs], key) for i in range(n)]
        got = L.batch(buf, rs, key, rounds=rounds)
        assert list(got) == want, (rounds, rs, n, off)
        assert list(L.batch(bytearray(buf), rs, key, rounds=rounds)) == want
        msgs = [bytes(buf[i * rs:(i + 1) * rs]) for i in range(n)]
        mixed = [rng.randbytes(rng.randrange(0, 100)) for _ in range(n)]
        assert list(L.batchv(msgs, key, rounds=rounds)) == want
        assert list(L.batchv(iter(mixed), key, rounds=rounds)) == [f(m, key) for m in mixed]
        ints = array.array("Q", [rng.getrandbits(64) for _ in range(n)])
        assert list(L.batch_u64(ints, key, rounds=rounds)) == \
            [f(x.to_bytes(8, "little"), key) for x in ints]


@pytest.mark.parametrize("rounds", ROUNDS)
def test_random_shapes(rounds):
    check_random_shapes(random.Random(SEED), rounds, 150)


def test_buffer_types():
    key = L.generate_key()
    data = bytes(range(256)) * 2
    want = list(L.batch(data, 4, key))
    assert list(L.batch(bytearray(data), 4, key)) == want
    assert list(L.batch(memoryview(data), 4, key)) == want
    assert list(L.batch(array.array("I", data), 4, key)) == want  # record_size in bytes
    assert list(L.batch(memoryview(data).cast("I"), 4, key)) == want
    assert list(L.batch(memoryview(data).cast("B", (128, 4)), 4, key)) == want  # 2-D, C order
    assert list(L.batch(b"", 5, key)) == []
    assert list(L.batchv([], key)) == []
    assert list(L.batchv((m for m in [data, bytearray(b"x"), memoryview(b"yz")]), key)) == \
        [L.siphash(m, key) for m in (data, b"x", b"yz")]


def test_out_parameter():
    key = L.generate_key()
    data = os.urandom(8 * 100)
    out = array.array("Q", bytes(800))
    assert L.batch(data, 8, key, out=out) is out
    assert list(out) == [L.siphash(data[i:i + 8], key) for i in range(0, 800, 8)]
    ints = array.array("Q", range(100))
    out2 = bytearray(800)
    assert L.batch_u64(ints, key, out=out2) is out2
    assert list(memoryview(out2).cast("Q")) == list(L.batch_u64(ints, key))


def test_batch_u64_signed_and_misaligned():
    key = L.generate_key()
    signed = array.array("q", [-1, 0, 1, -(1 << 63)])
    assert list(L.batch_u64(signed, key)) == \
        [L.siphash((x & (2**64 - 1)).to_bytes(8, "little"), key) for x in signed]
    raw = bytearray(8 * 300 + 3)
    raw[3:] = os.urandom(8 * 300)
    view = memoryview(raw)[3:].cast("Q")  # not 8-byte aligned
    assert list(L.batch_u64(view, key)) == [L.siphash(bytes(raw[3 + 8 * i:11 + 8 * i]), key)
                                            for i in range(300)]


@pytest.mark.skipif("1-2" not in ONESHOT, reason="no SipHash-1-2 in the library built in")
def test_batchv_nocase():
    rng = random.Random(SEED)
    key = rng.randbytes(16)
    msgs = [bytes(rng.choice(b"aAzZ@[`{\x80\xc1\xdaxyXY") for _ in range(rng.randrange(0, 40)))
            for _ in range(200)]
    assert list(L.batchv(msgs, key, rounds="1-2", nocase=True)) == \
        [L.siphash12_nocase_64(m, key) for m in msgs]
    with pytest.raises(ValueError, match="nocase"):
        L.batchv(msgs, key, nocase=True)


def test_batch_impl_names_a_path():
    assert L.batch_impl() in ("avx512", "avx2", "neon", "portable")


CHILD = r"""
import random, sys
sys.path[:0] = [sys.argv[1]]
import libsiphash as L
from test_batch import check_random_shapes
from test_batch import ROUNDS
for rounds in ROUNDS:
    check_random_shapes(random.Random(int(sys.argv[2])), rounds, 60)
print("impl=" + L.batch_impl())
"""


@pytest.mark.parametrize("impl", ["portable", "avx2", "avx512", "neon"])
def test_each_simd_path(impl):
    env = dict(os.environ, SIPHASH_IMPL=impl)
    r = subprocess.run([sys.executable, "-c", CHILD, os.path.dirname(__file__), str(SEED)],
                       env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    used = r.stdout.strip().splitlines()[-1].removeprefix("impl=")
    if used != impl:
        # the library ignores a path the CPU or the build lacks
        assert impl != "portable"
        pytest.skip(f"this CPU/build has no {impl} path (used {used})")
