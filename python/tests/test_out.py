# SPDX-License-Identifier: MIT
"""out= of batch() and batch_u64(): only native 64-bit unsigned integers or
untyped bytes are accepted, and an out that overlaps the input (the C
functions' results would be wrong there) still gets the right values."""

import array
import os

import pytest

import libsiphash as L

KEY = bytes(range(16))
ROUNDS = ["2-4", "1-3", "1-2"]


def u64s(buf):
    """The results in a buffer of native 64-bit integers or bytes."""
    return list(memoryview(buf).cast("B").cast("Q"))


# ---- item formats ----------------------------------------------------------

def test_out_accepts_native_u64_and_bytes():
    data = os.urandom(8 * 10)
    want = list(L.batch(data, 8, KEY))
    for out in (array.array("Q", bytes(80)), bytearray(80), memoryview(bytearray(80)),
                memoryview(bytearray(80)).cast("Q")):
        assert L.batch(data, 8, KEY, out=out) is out
        assert u64s(out) == want
    if array.array("L").itemsize == 8:
        out = array.array("L", bytes(80))
        L.batch(data, 8, KEY, out=out)
        assert list(out) == want


@pytest.mark.parametrize("typecode", ["d", "I", "q", "l", "b", "H", "f"])
def test_out_of_another_item_format_is_a_type_error(typecode):
    item = array.array(typecode).itemsize
    out = array.array(typecode, bytes(8 * 4))
    assert len(out) * item == 32
    for call in (lambda: L.batch(bytes(32), 8, KEY, out=out),
                 lambda: L.batch_u64(array.array("Q", range(4)), KEY, out=out)):
        with pytest.raises(TypeError, match=f"got format '{typecode}' with itemsize {item}"):
            call()
    assert out.tobytes() == bytes(32)  # nothing written


def test_out_numpy_formats():
    np = pytest.importorskip("numpy")
    data = os.urandom(8 * 8)
    want = list(L.batch(data, 8, KEY))
    for dt in ("u8", "=u8", np.uint64, "<u8" if np.little_endian else ">u8"):
        out = np.zeros(8, dt)
        assert L.batch(data, 8, KEY, out=out) is out
        assert [int(x) for x in out] == want
    other = ">u8" if np.little_endian else "<u8"
    for dt, fmt in ((other, other.replace("u8", "Q")), (np.float64, "d"), (np.int64, "l"),
                    (np.uint32, "I"), (np.int8, "b")):
        out = np.zeros(64 // np.dtype(dt).itemsize, dt)
        with pytest.raises(TypeError, match=f"got format '{fmt}'"):
            L.batch(data, 8, KEY, out=out)
        assert not out.any()  # nothing written


def test_out_size_and_alignment():
    data = os.urandom(8 * 8)
    want = list(L.batch(data, 8, KEY))
    with pytest.raises(ValueError, match=r"out must hold 8 64-bit results \(64 bytes\), got 56"):
        L.batch(data, 8, KEY, out=bytearray(56))
    # A misaligned, correctly sized out is filled (through a temporary).
    raw = bytearray(8 * 9)
    for off in range(1, 8):
        view = memoryview(raw)[off:off + 64]
        L.batch(data, 8, KEY, out=view)
        assert u64s(view) == want
        L.batch_u64(array.array("Q", range(8)), KEY, out=view.cast("Q"))
        assert u64s(view) == list(L.batch_u64(array.array("Q", range(8)), KEY))


# ---- overlap ---------------------------------------------------------------

@pytest.mark.parametrize("rounds", ROUNDS)
def test_overlap_issue_examples(rounds):
    np = pytest.importorskip("numpy")
    for n in (1, 2, 7, 8, 9, 31, 100, 257):
        a = np.arange(n + 1, dtype=np.uint64)
        want = list(L.batch_u64(np.arange(n, dtype=np.uint64), KEY, rounds=rounds))
        assert [int(x) for x in L.batch_u64(a[:n], KEY, rounds=rounds, out=a[1:])] == want
        b = np.arange(n + 1, dtype=np.uint64)
        want = list(L.batch_u64(np.arange(1, n + 1, dtype=np.uint64), KEY, rounds=rounds))
        assert [int(x) for x in L.batch_u64(b[1:], KEY, rounds=rounds, out=b[:n])] == want

    for n in (1, 5, 64, 100, 300):
        raw = bytearray(os.urandom(8 * n + 8))
        want = list(L.batch(bytes(raw[:8 * n]), 8, KEY, rounds=rounds))
        mv = memoryview(raw)
        L.batch(mv[:8 * n], 8, KEY, rounds=rounds, out=mv[8:])
        assert u64s(mv[8:]) == want


@pytest.mark.parametrize("rounds", ROUNDS)
@pytest.mark.parametrize("record_size", [1, 3, 8, 16, 24, 100])
def test_overlap_any_offset(rounds, record_size):
    """out at every byte offset over (and around) the input: the results
    equal those computed from an untouched copy of the input."""
    n = 40
    for shift in range(-8 * n - 8, record_size * n + 8, 5):
        base = 8 * n + 16
        raw = bytearray(os.urandom(base + record_size * n + 8 * n + 16))
        inp = memoryview(raw)[base:base + record_size * n]
        want = list(L.batch(bytes(inp), record_size, KEY, rounds=rounds))
        out = memoryview(raw)[base + shift:base + shift + 8 * n]
        assert u64s(L.batch(inp, record_size, KEY, rounds=rounds, out=out)) == want, shift


@pytest.mark.parametrize("rounds", ROUNDS)
def test_in_place(rounds):
    """out equal to the input: each result replaces its own record."""
    for n in (1, 8, 100, 1000):
        ints = array.array("Q", os.urandom(8 * n))
        want = list(L.batch_u64(ints, KEY, rounds=rounds))
        assert L.batch_u64(ints, KEY, rounds=rounds, out=ints) is ints
        assert list(ints) == want
        recs = bytearray(os.urandom(8 * n))
        want = list(L.batch(bytes(recs), 8, KEY, rounds=rounds))
        L.batch(recs, 8, KEY, rounds=rounds, out=recs)
        assert u64s(recs) == want
        # record_size 16 over out at the same address: not in place for
        # the C function (result i would land on record i/2).
        recs = bytearray(os.urandom(16 * n))
        want = list(L.batch(bytes(recs), 16, KEY, rounds=rounds))
        view = memoryview(recs)[:8 * n]
        L.batch(recs, 16, KEY, rounds=rounds, out=view)
        assert u64s(view) == want
