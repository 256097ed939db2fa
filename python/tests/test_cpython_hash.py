# SPDX-License-Identifier: MIT
"""A reference nobody here wrote: with PYTHONHASHSEED=0, CPython's hash() of
a non-empty bytes object is SipHash-1-3 with the all-zero key, read as a
signed 64-bit integer (and -1, reserved for errors, becomes -2)."""

import os
import random
import subprocess
import sys

import pytest

import libsiphash as L

CHILD = r"""
import sys
data = [bytes.fromhex(line) for line in sys.stdin.read().split()]
print(sys.hash_info.algorithm, sys.hash_info.hash_bits, sys.hash_info.cutoff)
for b in data:
    print(hash(b))
"""


def cpython_hash(signed_from_u64):
    v = signed_from_u64 - (1 << 64) if signed_from_u64 >= 1 << 63 else signed_from_u64
    return -2 if v == -1 else v


def test_hash_of_bytes_is_siphash13_zero_key():
    rng = random.Random(int(os.environ.get("SIPHASH_TEST_SEED", "15")))
    msgs = [rng.randbytes(n) for n in range(1, 130)] + \
           [rng.randbytes(rng.randrange(1, 5000)) for _ in range(200)]
    env = dict(os.environ, PYTHONHASHSEED="0")
    r = subprocess.run([sys.executable, "-c", CHILD], input="\n".join(m.hex() for m in msgs),
                       env=env, capture_output=True, text=True, check=True)
    lines = r.stdout.split("\n")
    algorithm, bits, cutoff = lines[0].split()
    if (algorithm, bits, cutoff) != ("siphash13", "64", "0"):
        pytest.skip(f"this CPython hashes bytes with {algorithm}/{bits} bits, cutoff {cutoff}")
    got = [int(x) for x in lines[1:1 + len(msgs)]]
    assert got == [cpython_hash(L.siphash13_64(m, bytes(16))) for m in msgs]


def test_minus_one_rule():
    assert cpython_hash(2**64 - 1) == -2
    assert cpython_hash(2**63) == -(2**63)
    assert cpython_hash(5) == 5
