#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""SipHash-1-2 known answers, from a model written from the paper.

Writes (or, with --check, compares against) two files in tests/vectors/:

  siphash-1-2-64.txt         SipHash-1-2, 64-bit output, reference key
                             00..0f, message i = bytes 00..i-1 (i = 0..63),
                             one output byte string per line, like the
                             other files there.
  siphash-1-2-64-nocase.txt  case-folding vectors: "<message hex> <output
                             hex>" per line, output = SipHash-1-2 of the
                             message with only A-Z mapped to a-z.

The model is generic over c and d (and 8/16-byte output) and shares nothing
with the C library: Python integers, the message padded as a whole, one
round function.  Before anything is written or compared it must reproduce
the reference vectors already in tests/vectors/ (SipHash-2-4 and 1-3) and
the paper's worked example, so a broken model cannot produce new answers.

    gen_vectors.py [--check] [--openssl] [VECTOR_DIR]

--check    exit 1 if the committed files differ from the model (a test)
--openssl  also compute every answer with `openssl mac ... SIPHASH`
           (c-rounds=1, d-rounds=2) and require equality
"""
import os
import subprocess
import sys

MASK = (1 << 64) - 1
REF_KEY = bytes(range(16))


def rotl(x, b):
    return ((x << b) | (x >> (64 - b))) & MASK


def sipround(v):
    v0, v1, v2, v3 = v
    v0 = (v0 + v1) & MASK; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32)
    v2 = (v2 + v3) & MASK; v3 = rotl(v3, 16); v3 ^= v2
    v0 = (v0 + v3) & MASK; v3 = rotl(v3, 21); v3 ^= v0
    v2 = (v2 + v1) & MASK; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32)
    return [v0, v1, v2, v3]


def siphash(key, msg, c, d, outlen=8):
    """SipHash-c-d of msg with a 16-byte key: the reference output bytes."""
    k0 = int.from_bytes(key[:8], "little")
    k1 = int.from_bytes(key[8:], "little")
    v = [k0 ^ 0x736F6D6570736575, k1 ^ 0x646F72616E646F6D,
         k0 ^ 0x6C7967656E657261, k1 ^ 0x7465646279746573]
    if outlen == 16:
        v[1] ^= 0xEE
    # Zero-pad to a whole number of 8-byte words minus one byte, then the
    # length mod 256 as the last byte (the paper's padding).
    padded = msg + bytes(7 - len(msg) % 8) + bytes([len(msg) & 0xFF])
    for i in range(0, len(padded), 8):
        m = int.from_bytes(padded[i:i + 8], "little")
        v[3] ^= m
        for _ in range(c):
            v = sipround(v)
        v[0] ^= m
    v[2] ^= 0xEE if outlen == 16 else 0xFF
    out = b""
    for half in range(outlen // 8):
        if half == 1:
            v[1] ^= 0xDD
        for _ in range(d):
            v = sipround(v)
        out += (v[0] ^ v[1] ^ v[2] ^ v[3]).to_bytes(8, "little")
    return out


def lower_ascii(msg):
    """Only the 26 bytes A-Z change; no locale, every other byte kept."""
    return bytes(b + 32 if 0x41 <= b <= 0x5A else b for b in msg)


def nocase_inputs():
    """The case-folding messages: mixed case, the neighbours of both letter
    ranges ('@' '[' '`' '{'), bytes >= 0x80 (including A-Z with the top bit
    set, which must not fold), and lengths around every 8-byte word edge."""
    msgs = [b"A", b"a", b"Z", b"z", b"@", b"[", b"`", b"{",
            b"SET", b"set", b"Set", b"GET", b"get",
            b"Hello", b"HELLO", b"hello",
            b"@AZ[`az{", b"@az[`AZ{", b"{z`[Za@A",
            b"user:1000:Name", b"USER:1000:NAME",
            b"MyKey:{Tag}:Field",
            "Stra\u00dfe-\u00c4\u00d6\u00dc-caf\u00c9".encode("utf-8"),
            bytes([0xC1, 0xDA, 0xE1, 0xFA, 0xC0, 0xDB, 0xE0, 0xFB]),
            bytes([0x80, 0x41, 0xFF, 0x5A, 0x7F, 0x61, 0x00, 0x7A, 0xC1])]
    alphabet = b"@AMZ[`amz{"
    for n in (7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 63, 64, 65):
        msgs.append(bytes(alphabet[(i * 3 + n) % len(alphabet)] for i in range(n)))
    for n in (7, 8, 9, 16, 17):
        msgs.append(bytes(0xC1 + (i % 26) if i % 2 else 0x41 + (i % 26) for i in range(n)))
    # A letter exactly at each side of the first word boundaries.
    for p in (6, 7, 8, 9, 15, 16):
        m = bytearray(b"x" * 18)
        m[p] = ord("Q")
        msgs.append(bytes(m))
    msgs.append(bytes(range(256)))            # every byte value once
    msgs.append(bytes(range(255, -1, -1)))
    return msgs


def make_files():
    plain = "".join(siphash(REF_KEY, bytes(range(i)), 1, 2).hex() + "\n" for i in range(64))
    nocase = "".join("%s %s\n" % (m.hex(), siphash(REF_KEY, lower_ascii(m), 1, 2).hex())
                     for m in nocase_inputs())
    return {"siphash-1-2-64.txt": plain, "siphash-1-2-64-nocase.txt": nocase}


def self_check(vecdir):
    """The model must reproduce published answers before it is trusted."""
    paper = siphash(REF_KEY, bytes(range(15)), 2, 4)
    if int.from_bytes(paper, "little") != 0xA129CA6149BE45E5:
        sys.exit("gen_vectors: model fails the paper's example")
    for name, c, d, outlen in (("siphash-2-4-64.txt", 2, 4, 8), ("siphash-2-4-128.txt", 2, 4, 16),
                               ("siphash-1-3-64.txt", 1, 3, 8), ("siphash-1-3-128.txt", 1, 3, 16)):
        with open(os.path.join(vecdir, name)) as f:
            want = f.read().split()
        got = [siphash(REF_KEY, bytes(range(i)), c, d, outlen).hex() for i in range(64)]
        if got != want:
            sys.exit("gen_vectors: model disagrees with %s" % name)


def openssl_mac(msg):
    r = subprocess.run(["openssl", "mac", "-macopt", "hexkey:" + REF_KEY.hex(),
                        "-macopt", "c-rounds:1", "-macopt", "d-rounds:2",
                        "-macopt", "size:8", "SIPHASH"],
                       input=msg, stdout=subprocess.PIPE, check=True)
    return r.stdout.decode().strip().lower()


def openssl_check(files):
    """Every answer again, from OpenSSL's independent implementation."""
    for i, line in enumerate(files["siphash-1-2-64.txt"].split()):
        if openssl_mac(bytes(range(i))) != line:
            sys.exit("gen_vectors: OpenSSL disagrees on message %d" % i)
    for line in files["siphash-1-2-64-nocase.txt"].splitlines():
        m, want = line.split()
        if openssl_mac(lower_ascii(bytes.fromhex(m))) != want:
            sys.exit("gen_vectors: OpenSSL disagrees on nocase message %s" % m)
    print("gen_vectors: OpenSSL (openssl mac SIPHASH, c-rounds 1, d-rounds 2) agrees")


def main(argv):
    check = "--check" in argv
    use_openssl = "--openssl" in argv
    rest = [a for a in argv if not a.startswith("--")]
    vecdir = rest[0] if rest else os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                               "..", "vectors")
    self_check(vecdir)
    files = make_files()
    if use_openssl:
        openssl_check(files)
    bad = 0
    for name, text in files.items():
        path = os.path.join(vecdir, name)
        if check:
            try:
                with open(path) as f:
                    have = f.read()
            except OSError as e:
                print("gen_vectors: %s" % e)
                bad += 1
                continue
            if have != text:
                print("gen_vectors: %s differs from the model" % path)
                bad += 1
            else:
                print("gen_vectors: %s: %d lines agree with the model" % (name, text.count("\n")))
        else:
            with open(path, "w") as f:
                f.write(text)
            print("gen_vectors: wrote %s" % path)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
