# SPDX-License-Identifier: MIT
"""NumPy arrays through the buffer protocol (skipped without NumPy; the
package itself does not need it)."""

import pytest

import libsiphash as L

np = pytest.importorskip("numpy")

KEY = bytes(range(16))


def test_records_of_a_2d_uint8_array():
    a = np.random.default_rng(1).integers(0, 256, size=(500, 24), dtype=np.uint8)
    got = L.batch(a, a.shape[1], KEY)
    assert list(got) == [L.siphash(row.tobytes(), KEY) for row in a]
    # the result converts to NumPy without a copy
    assert np.frombuffer(got, dtype=np.uint64).tolist() == list(got)


@pytest.mark.parametrize("dtype", [np.uint64, np.int64])
def test_batch_u64_on_ids(dtype):
    ids = np.random.default_rng(2).integers(0, 2**62, size=1000).astype(dtype)
    want = [L.siphash(int(x).to_bytes(8, "little", signed=True), KEY) for x in ids]
    assert list(L.batch_u64(ids, KEY)) == want
    assert list(L.batch_u64(ids, KEY, rounds="1-3")) == \
        [L.siphash13_64(int(x).to_bytes(8, "little", signed=True), KEY) for x in ids]
    if np.little_endian:  # siphash_1u64 hashes the little-endian bytes
        assert list(L.batch(ids, 8, KEY)) == want


def test_out_into_numpy():
    ids = np.arange(100, dtype=np.uint64)
    out = np.empty(100, dtype=np.uint64)
    assert L.batch_u64(ids, KEY, out=out) is out
    assert out.tolist() == list(L.batch_u64(ids, KEY))


def test_non_contiguous_and_wrong_dtype():
    a = np.arange(64, dtype=np.uint64)
    with pytest.raises((BufferError, ValueError)):
        L.batch_u64(a[::2], KEY)
    with pytest.raises((BufferError, ValueError)):
        L.batch(np.zeros((8, 8), dtype=np.uint8).T, 8, KEY)
    with pytest.raises(TypeError, match="64-bit integers"):
        L.batch_u64(a.astype(np.float64), KEY)
    with pytest.raises(TypeError, match="64-bit integers"):
        L.batch_u64(a.astype(np.uint32), KEY)
    if np.little_endian:
        with pytest.raises(TypeError, match="64-bit integers"):
            L.batch_u64(a.astype(">u8"), KEY)
