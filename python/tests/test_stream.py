# SPDX-License-Identifier: MIT
"""Streaming: every split of every vector message, copy(), and the hashlib
object attributes."""

import pytest

import libsiphash as L
from conftest import HALF_KEY, KEY, MESSAGES

VARIANTS = [  # constructor, key, digest sizes, name, block size
    (L.siphash24, KEY, (8, 16), "siphash24", 8),
    (L.siphash13, KEY, (8, 16), "siphash13", 8),
    (L.halfsiphash24, HALF_KEY, (4, 8), "halfsiphash24", 4),
    (L.halfsiphash13, HALF_KEY, (4, 8), "halfsiphash13", 4),
]
IDS = [v[3] for v in VARIANTS]


@pytest.mark.parametrize("new,key,sizes,name,block", VARIANTS, ids=IDS)
def test_every_two_way_split(new, key, sizes, name, block):
    for size in sizes:
        for msg in MESSAGES:
            want = new(msg, key=key, digest_size=size).digest()
            for i in range(len(msg) + 1):
                h = new(msg[:i], key=key, digest_size=size)
                h.update(msg[i:])
                assert h.digest() == want, (size, len(msg), i)


@pytest.mark.parametrize("new,key,sizes,name,block", VARIANTS, ids=IDS)
def test_three_way_splits(new, key, sizes, name, block):
    msg = bytes(range(40))
    want = new(msg, key=key).digest()
    for i in range(len(msg) + 1):
        for j in range(i, len(msg) + 1):
            h = new(key=key)
            h.update(msg[:i])
            h.update(memoryview(msg)[i:j])
            h.update(bytearray(msg[j:]))
            assert h.digest() == want


@pytest.mark.parametrize("new,key,sizes,name,block", VARIANTS, ids=IDS)
def test_copy_and_digest_do_not_finish(new, key, sizes, name, block):
    h = new(b"hello ", key=key)
    c = h.copy()
    first = h.digest()
    assert h.digest() == first  # digest() leaves the object usable
    h.update(b"world")
    c.update(b"there")
    assert h.digest() == new(b"hello world", key=key).digest()
    assert c.digest() == new(b"hello there", key=key).digest()
    assert h.digest() != first


@pytest.mark.parametrize("new,key,sizes,name,block", VARIANTS, ids=IDS)
def test_attributes(new, key, sizes, name, block):
    for size in sizes:
        h = new(key=key, digest_size=size)
        assert h.name == name
        assert h.digest_size == size
        assert h.block_size == block
        assert len(h.digest()) == size
        assert h.hexdigest() == h.digest().hex()
        assert h.intdigest() == int.from_bytes(h.digest(), "little")
        assert isinstance(h, L.SipHash)
    assert new(key=key).digest_size == sizes[0]


def test_large_update_matches_oneshot():
    # large enough that update() and the one-shot run without the GIL
    data = bytes(range(256)) * 4099
    h = L.siphash24(key=KEY)
    h.update(data[:100000])
    h.update(data[100000:])
    assert h.intdigest() == L.siphash(data, KEY)
    assert L.siphash13(data, key=KEY).intdigest() == L.siphash13_64(data, KEY)
    assert L.halfsiphash13(data, key=HALF_KEY).intdigest() == L.halfsiphash13_32(data, HALF_KEY)


def test_oneshot_equals_objects_on_random_data():
    import random
    rng = random.Random(1234)
    for _ in range(300):
        n = rng.randrange(0, 300)
        msg = rng.randbytes(n)
        k, hk = rng.randbytes(16), rng.randbytes(8)
        assert L.siphash(msg, k) == L.siphash24(msg, key=k).intdigest()
        assert L.siphash13_64(msg, k) == L.siphash13(msg, key=k).intdigest()
        assert L.halfsiphash24_32(msg, hk) == L.halfsiphash24(msg, key=hk).intdigest()
        assert L.halfsiphash13_32(msg, hk) == L.halfsiphash13(msg, key=hk).intdigest()
