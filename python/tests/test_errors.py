# SPDX-License-Identifier: MIT
"""Bad keys, bad data and bad buffers raise errors that say what was
expected; keys come from the OS."""

import array

import pytest

import libsiphash as L

KEY = bytes(16)
HALF = bytes(8)

SIP_CALLS = [
    lambda k: L.siphash(b"x", k),
    lambda k: L.siphash13_64(b"x", k),
    lambda k: L.siphash24(b"x", key=k),
    lambda k: L.siphash13(key=k, digest_size=16),
    lambda k: L.batch(b"xy", 1, k),
    lambda k: L.batch_u64(array.array("Q", [1]), k),
    lambda k: L.batchv([b"x"], k),
]
HALF_CALLS = [
    lambda k: L.halfsiphash24_32(b"x", k),
    lambda k: L.halfsiphash13_32(b"x", k),
    lambda k: L.halfsiphash24(b"x", key=k),
    lambda k: L.halfsiphash13(key=k, digest_size=8),
]


@pytest.mark.parametrize("call", SIP_CALLS)
def test_bad_siphash_keys(call):
    for bad in (bytes(15), bytes(17), b"", bytes(8)):
        with pytest.raises(ValueError, match="key must be 16 bytes"):
            call(bad)
    for bad in ("0123456789abcdef", 12345, None, [0] * 16):
        with pytest.raises(TypeError, match="16 bytes"):
            call(bad)
    call(bytearray(16))
    call(memoryview(bytes(16)))


@pytest.mark.parametrize("call", HALF_CALLS)
def test_bad_halfsiphash_keys(call):
    for bad in (bytes(7), bytes(9), bytes(16)):
        with pytest.raises(ValueError, match="key must be 8 bytes"):
            call(bad)
    for bad in ("01234567", 1.5, None):
        with pytest.raises(TypeError, match="8 bytes"):
            call(bad)


def test_str_data_is_a_type_error():
    for call in (lambda d: L.siphash(d, KEY), lambda d: L.siphash13_64(d, KEY),
                 lambda d: L.halfsiphash13_32(d, HALF), lambda d: L.siphash24(d, key=KEY),
                 lambda d: L.siphash24(key=KEY).update(d), lambda d: L.batch(d, 1, KEY),
                 lambda d: L.batchv([b"ok", d], KEY)):
        with pytest.raises(TypeError, match="encoded"):
            call("text")
    with pytest.raises(TypeError):
        L.siphash(123, KEY)
    with pytest.raises(TypeError):
        L.batchv([b"ok", 5], KEY)
    with pytest.raises(TypeError):
        L.batchv(b"one message", KEY)
    with pytest.raises(TypeError):
        L.batchv(5, KEY)


def test_argument_errors():
    with pytest.raises(TypeError, match="key"):
        L.siphash24(b"x")
    with pytest.raises(TypeError):
        L.siphash(b"x")
    with pytest.raises(TypeError):
        L.siphash(b"x", KEY, KEY)
    with pytest.raises(TypeError):
        L.siphash(b"x", KEY, kee=KEY)
    with pytest.raises(TypeError):
        L.siphash(b"x", KEY, key=KEY)
    with pytest.raises(TypeError):
        L.siphash24(b"x", KEY)  # key is keyword-only, as in hashlib.blake2b
    for size in (0, 4, 12, 32):
        with pytest.raises(ValueError, match="digest_size"):
            L.siphash24(key=KEY, digest_size=size)
    with pytest.raises(ValueError, match="digest_size"):
        L.halfsiphash24(key=HALF, digest_size=16)
    with pytest.raises(TypeError):
        L.SipHash()


def test_bad_buffers():
    with pytest.raises(ValueError, match="multiple of record_size"):
        L.batch(bytes(10), 3, KEY)
    for rs in (0, -8):
        with pytest.raises(ValueError, match="record_size"):
            L.batch(bytes(16), rs, KEY)
    strided = memoryview(bytes(32))[::2]
    with pytest.raises(BufferError):
        L.batch(strided, 4, KEY)
    with pytest.raises(BufferError):
        L.siphash(strided, KEY)
    with pytest.raises(BufferError):
        L.siphash24(key=KEY).update(strided)
    # batchv names the message and says what is wrong with it (as siphash()
    # does), not "not a bytes-like object".
    with pytest.raises(BufferError, match=r"batchv\(\): message 1 \('memoryview'\) is not one "
                       r"contiguous run of bytes: .*contiguous"):
        L.batchv([b"ok", memoryview(b"abcdef")[::2]], KEY)
    with pytest.raises(TypeError, match=r"message 1 is not a bytes-like object \('int'\)"):
        L.batchv([b"ok", 5], KEY)
    with pytest.raises(TypeError, match="64-bit integers"):
        L.batch_u64(bytes(16), KEY)
    with pytest.raises(TypeError, match="64-bit integers"):
        L.batch_u64(array.array("d", [1.0]), KEY)
    with pytest.raises(TypeError, match="64-bit integers"):
        L.batch_u64(array.array("I", [1, 2]), KEY)
    with pytest.raises(ValueError, match="rounds"):
        L.batch(bytes(8), 8, KEY, rounds="2-5")
    with pytest.raises(ValueError, match="rounds"):
        L.batchv([b""], KEY, rounds=24)
    with pytest.raises(ValueError, match=r"batch\(\): out must hold 2 64-bit results \(16 "
                       r"bytes\), got 8 bytes"):
        L.batch(bytes(16), 8, KEY, out=array.array("Q", [0]))
    with pytest.raises(BufferError):
        L.batch(bytes(16), 8, KEY, out=bytes(16))  # read-only
    with pytest.raises(TypeError):
        L.batch(12345, 8, KEY)


def test_generate_keys():
    keys = {L.generate_key() for _ in range(100)}
    assert len(keys) == 100 and all(isinstance(k, bytes) and len(k) == 16 for k in keys)
    half = {L.generate_half_key() for _ in range(100)}
    assert len(half) == 100 and all(len(k) == 8 for k in half)
    assert bytes(16) not in keys
