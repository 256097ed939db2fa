#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the checked-in seed corpus for fuzz_diff (deterministic; rerun
after changing the input layout).  Seeds cover every length class of the
tail handling and every constant length the header inlines (0..65
bytes), then block-boundary lengths up to 257, each
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
for n in range(0, 66):                      # every tail length, every inline constant length
    seed("len%03d-24" % n, 2, 4, n & 1, 1 + n % 16, [n % 9, 1, 7, 3], msg[:n])
for n in (63, 64, 65, 127, 128, 129, 255, 256, 257):  # block boundaries, 1-3 wide
    seed("len%03d-13-wide" % n, 1, 3, 1, 16, [3, 8, 13, 200], msg[:n])
for c in range(1, 5):                        # other round counts (OpenSSL)
    for d in (1, 3, 8):
        seed("cd%d%d" % (c, d), c, d, (c + d) & 1, 9, [5, 11, 2, 0], msg[:37])
seed("allff-key", 2, 4, 0, 8, [255, 255, 255, 255], b"\xff" * 100, key=b"\xff" * 16)
seed("zero-key", 2, 4, 1, 4, [0, 0, 0, 0], bytes(33), key=bytes(16))

# ---- fuzz_cli_key: byte 0 = family (bit 0) | file parser (bit 1) ----------
kdir = os.path.join(os.path.dirname(out), "fuzz_cli_key")
os.makedirs(kdir, exist_ok=True)
HEX32 = b"000102030405060708090a0b0c0d0e0f"
keys = {
    "text-sip-hex": (0, HEX32),
    "text-half-hex": (1, HEX32[:16]),
    "text-upper-ws": (0, b"  " + HEX32.upper() + b"\n"),
    "text-odd": (0, HEX32[:31]),
    "text-short": (0, HEX32[:30]),
    "text-nonhex": (0, HEX32[:10] + b"g" + HEX32[11:]),
    "text-empty": (0, b""),
    "file-sip-hex": (2, HEX32 + b"\n"),
    "file-half-hex-crlf": (3, HEX32[:16] + b"\r\n"),
    "file-sip-raw": (2, bytes(range(0xf0, 0x100))),
    "file-half-raw": (3, b"\x00\xff\x10\x80 \n\t\x7f"),
    "file-raw-allhex-chars": (2, b"0123456789abcdef"),
    "file-ws-only": (2, b" \n\t\r"),
    "file-binary-wrong": (2, bytes(range(40))),
    "file-text-stray": (2, HEX32[:20] + b"z" + HEX32[21:] + b"\n"),
}
for name, (flags, body) in keys.items():
    with open(os.path.join(kdir, name), "wb") as f:
        f.write(bytes([flags]) + body)

# ---- fuzz_cli_check: byte 0 = options, then the check file ---------------
cdir = os.path.join(os.path.dirname(out), "fuzz_cli_check")
os.makedirs(cdir, exist_ok=True)
D64, D128, D32 = "0123456789abcdef", "00112233445566778899aabbccddeeff", "deadbeef"
checks = {
    "gnu": (0, "siphash-2-4-64:%s  file.txt\nsiphash-1-3-128:%s *bin.dat\n" % (D64, D128)),
    "gnu-half": (0, "halfsiphash-2-4-32:%s  a\nhalfsiphash-1-3-64:%s  b c\n" % (D32, D64)),
    "bsd": (0, "SipHash-2-4-64 (file.txt) = %s\nHalfSipHash-2-4-32 (x) = y) = %s\n" % (D64, D32)),
    "escaped": (0, "\\siphash-2-4-64:%s  a\\nb\\\\c\\r\n\\SipHash-2-4-64 (q\\n) = %s\n" % (D64, D64)),
    "crlf-comments": (0, "# comment\r\n\r\nsiphash-2-4-64:%s  crlf.txt\r\n" % D64),
    "plain-with-a": (2, "%s  plain.txt\n%s  wide.txt\n" % (D64, D128)),
    "plain-with-a-l": (2 | 16 | 32, "%s  plain.txt\n%s  wide.txt\n" % (D64, D128)),
    "bad-lines": (0, "siphash-2-4-65:%s  x\nSIPHASH-2-4-064:%s  y\nsiphash-2-4-64:%sz  w\n"
                  "siphash-2-4-64:%s\n \tsiphash-2-4-64:%s  lead\n\\\n" % (D64, D64, D64, D64, D64)),
    "zero-terminated": (1, "siphash-2-4-64:%s  a\nnewline\0SipHash-1-3-128 (b) = %s\0" % (D64, D128)),
}
for name, (flags, body) in checks.items():
    with open(os.path.join(cdir, name), "wb") as f:
        f.write(bytes([flags]) + body.encode())
