#!/usr/bin/env python3
"""Writes the checked-in seed corpus for fuzz_diff (deterministic; rerun
after changing the input layout).  Seeds cover every length class of the
tail handling (0..40 bytes, then block-boundary lengths up to 257), each
c/d of interest, both output sizes, batch sizes 1..16 and split points
that land inside and across 8-byte blocks."""
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "corpus", "fuzz_diff")
os.makedirs(out, exist_ok=True)

KEY = bytes(range(16))

def seed(name, c, d, wide, nbatch, splits, msg, key=KEY):
    hdr = key + bytes([c - 1, d - 1, (wide & 1) | ((nbatch - 1) << 1)]) + bytes(splits)
    assert len(hdr) == 23
    with open(os.path.join(out, name), "wb") as f:
        f.write(hdr + msg)

msg = bytes((i * 7 + 3) & 0xff for i in range(300))
for n in range(0, 41):                      # every tail length, fixed sizes
    seed("len%03d-24" % n, 2, 4, n & 1, 1 + n % 16, [n % 9, 1, 7, 3], msg[:n])
for n in (63, 64, 65, 127, 128, 129, 255, 256, 257):
    seed("len%03d-13-wide" % n, 1, 3, 1, 16, [3, 8, 13, 200], msg[:n])
for c in range(1, 5):                        # other round counts (OpenSSL)
    for d in (1, 3, 8):
        seed("cd%d%d" % (c, d), c, d, (c + d) & 1, 9, [5, 11, 2, 0], msg[:37])
seed("allff-key", 2, 4, 0, 8, [255, 255, 255, 255], b"\xff" * 100, key=b"\xff" * 16)
seed("zero-key", 2, 4, 1, 4, [0, 0, 0, 0], bytes(33), key=bytes(16))
