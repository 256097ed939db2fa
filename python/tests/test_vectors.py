# SPDX-License-Identifier: MIT
"""Every vector file in tests/vectors/ through every object and function."""

import array

import pytest

import libsiphash as L
from conftest import HALF_KEY, KEY, MESSAGES, VECTORS, le, read_vectors

# (file, constructor, digest_size, key, one-shot function or None, rounds of batch())
BYTE_FILES = [
    ("siphash-2-4-64.txt", L.siphash24, 8, KEY, L.siphash, "2-4"),
    ("siphash-2-4-128.txt", L.siphash24, 16, KEY, None, None),
    ("siphash-1-3-64.txt", L.siphash13, 8, KEY, L.siphash13_64, "1-3"),
    ("siphash-1-3-128.txt", L.siphash13, 16, KEY, None, None),
    ("halfsiphash-2-4-32.txt", L.halfsiphash24, 4, HALF_KEY, L.halfsiphash24_32, None),
    ("halfsiphash-2-4-64.txt", L.halfsiphash24, 8, HALF_KEY, None, None),
    ("halfsiphash-1-3-32.txt", L.halfsiphash13, 4, HALF_KEY, L.halfsiphash13_32, None),
    ("halfsiphash-1-3-64.txt", L.halfsiphash13, 8, HALF_KEY, None, None),
]


@pytest.mark.parametrize("name,new,size,key,oneshot,rounds", BYTE_FILES,
                         ids=[f[0] for f in BYTE_FILES])
def test_objects(name, new, size, key, oneshot, rounds):
    for msg, want in zip(MESSAGES, read_vectors(name)):
        h = new(msg, key=key, digest_size=size)
        assert h.digest() == bytes.fromhex(want)
        assert h.hexdigest() == want
        assert h.intdigest() == le(want)
        assert h.digest_size == size
        # data given later, and as other bytes-like types
        h2 = new(key=bytearray(key), digest_size=size)
        h2.update(memoryview(bytearray(msg)))
        assert h2.hexdigest() == want


@pytest.mark.parametrize("name,new,size,key,oneshot,rounds",
                         [f for f in BYTE_FILES if f[4] is not None],
                         ids=[f[0] for f in BYTE_FILES if f[4] is not None])
def test_oneshot(name, new, size, key, oneshot, rounds):
    for msg, want in zip(MESSAGES, read_vectors(name)):
        assert oneshot(msg, key) == le(want)
        assert oneshot(bytearray(msg), memoryview(key)) == le(want)
        assert oneshot(data=msg, key=key) == le(want)


@pytest.mark.parametrize("name,rounds", [("siphash-2-4-64.txt", "2-4"),
                                         ("siphash-1-3-64.txt", "1-3")])
def test_batches(name, rounds):
    want = [le(v) for v in read_vectors(name)]
    # every message length as its own batch of 3 copies
    for i, msg in enumerate(MESSAGES[1:], 1):
        got = L.batch(msg * 3, i, KEY, rounds=rounds)
        assert isinstance(got, array.array) and got.typecode == "Q"
        assert list(got) == [want[i]] * 3
    assert list(L.batchv(MESSAGES, KEY, rounds=rounds)) == want
    # message 8 is the little-endian integer 0x0706050403020100
    assert list(L.batch_u64(array.array("Q", [0x0706050403020100]), KEY,
                            rounds=rounds)) == [want[8]]


def test_siphash24_64_alias():
    assert L.siphash24_64 is L.siphash


def test_linux_siphash():
    """Linux's self-test values: siphash() returns these integers."""
    for msg, want in zip(MESSAGES, read_vectors("linux-siphash.txt")):
        assert L.siphash(msg, KEY) == int(want, 16)


def test_linux_hsiphash_64bit():
    """64-bit Linux's hsiphash() is SipHash-1-3 truncated to 32 bits."""
    for msg, want in zip(MESSAGES, read_vectors("linux-hsiphash-64bit.txt")):
        assert L.siphash13_64(msg, KEY) & 0xFFFFFFFF == int(want, 16)


def test_linux_hsiphash_32bit():
    """32-bit Linux's hsiphash() is HalfSipHash-1-3."""
    for msg, want in zip(MESSAGES, read_vectors("linux-hsiphash-32bit.txt")):
        assert L.halfsiphash13_32(msg, HALF_KEY) == int(want, 16)


def test_paper_example():
    assert L.siphash(bytes(range(15)), KEY) == 0xA129CA6149BE45E5
    assert L.siphash24(bytes(range(15)), key=KEY).hexdigest() == "e545be4961ca29a1"


def test_siphash12():
    want = [le(v) for v in read_vectors("siphash-1-2-64.txt")]
    assert [L.siphash12_64(m, KEY) for m in MESSAGES] == want
    assert list(L.batchv(MESSAGES, KEY, rounds="1-2")) == want
    for i, msg in enumerate(MESSAGES[1:], 1):
        assert list(L.batch(msg * 2, i, KEY, rounds="1-2")) == [want[i]] * 2
    assert list(L.batch_u64(array.array("Q", [0x0706050403020100]), KEY,
                            rounds="1-2")) == [want[8]]


def test_siphash12_nocase():
    path = VECTORS / "siphash-1-2-64-nocase.txt"
    if not path.exists():
        pytest.skip(f"{path} not present")
    pairs = [ln.split() for ln in path.read_text().splitlines() if ln.strip()]
    assert pairs
    msgs = [bytes.fromhex(m) for m, _ in pairs]
    want = [le(h) for _, h in pairs]
    assert [L.siphash12_nocase_64(m, KEY) for m in msgs] == want
    assert list(L.batchv(msgs, KEY, rounds="1-2", nocase=True)) == want
    # folding is ASCII A-Z only: the plain hash of the lowercased message
    assert [L.siphash12_64(m.translate(FOLD), KEY) for m in msgs] == want


FOLD = bytes.maketrans(bytes(range(65, 91)), bytes(range(97, 123)))
