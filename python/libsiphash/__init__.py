# SPDX-License-Identifier: MIT
"""SipHash and HalfSipHash from libsiphash, for Python.

hashlib-style objects::

    h = libsiphash.siphash24(b"data", key=key)      # digest_size 8 or 16
    h.update(b"more"); h.digest(); h.hexdigest(); h.intdigest()

one-shot functions returning ints (the hot path)::

    libsiphash.siphash(data, key)                   # SipHash-2-4, Linux's siphash()
    libsiphash.siphash13_64(data, key)
    libsiphash.halfsiphash13_32(data, half_key)
    libsiphash.siphash12_64(data, key)              # SipHash-1-2, Redis/Valkey's table hash

and batches over buffers, hashed across SIMD lanes with the GIL released::

    libsiphash.batch(buffer, record_size, key)      # -> array('Q')
    libsiphash.batch_u64(uint64_buffer, key)
    libsiphash.batchv([b"a", b"bc", ...], key)

Keys are bytes: 16 for SipHash (generate_key()), 8 for HalfSipHash
(generate_half_key()).  Digests are the reference implementation's bytes;
integers are their little-endian reading, as the C API returns them.
"""

from ._libsiphash import (
    SipHash,
    batch,
    batch_impl,
    batch_u64,
    batchv,
    c_library_version,
    generate_half_key,
    generate_key,
    halfsiphash13,
    halfsiphash13_32,
    halfsiphash24,
    halfsiphash24_32,
    siphash,
    siphash12_64,
    siphash12_nocase_64,
    siphash13,
    siphash13_64,
    siphash24,
)
from ._libsiphash import _c_batch_seconds  # noqa: F401  (for bench.py; not API)


# The C function has two names, as in the C API: siphash() is Linux's name.
siphash24_64 = siphash

# The package is the C library with a binding: one version.
__version__ = c_library_version

__all__ = [
    "SipHash",
    "batch",
    "batch_impl",
    "batch_u64",
    "batchv",
    "c_library_version",
    "generate_half_key",
    "generate_key",
    "halfsiphash13",
    "halfsiphash13_32",
    "halfsiphash24",
    "halfsiphash24_32",
    "siphash",
    "siphash12_64",
    "siphash12_nocase_64",
    "siphash13",
    "siphash13_64",
    "siphash24",
    "siphash24_64",
]
